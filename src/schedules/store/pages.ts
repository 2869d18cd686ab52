// Rows of pages of events: one target's page, the same page of several targets in one statement,
// and the position of an instant. events/pages.ts builds the GraphQL pages from them.
import { sql, type SQL } from "drizzle-orm";
import type { PageRequest } from "../../common/paging.js";
import { queryRows, type Executor } from "../../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";
import type { EventRow } from "./tables.js";
import { scheduleTarget, type EventTarget } from "../target.js";
import { sqlOf } from "./target-sql.js";
import { eventRowOf, originOf } from "./rows.js";
import { previousEndJoin } from "./look-back.js";

/** What a page reads besides the columns: the `data` document, and the look-back of gaps and overlaps. */
export interface PageRowsSelection {
  data: boolean;
  lookBack: boolean;
}

export interface PagedRow {
  row: EventRow;
  /** The latest end among the events before it (null: none, or not asked). */
  previousEnd: number | null;
}

export interface PageRows {
  /** Matching events of the target, all pages. */
  total: number;
  /** The page's rows in air order. */
  rows: PagedRow[];
}

/** A row of pageColumns as PagedRow (no document unless selected). */
function selectedRowOf(raw: Record<string, unknown>): PagedRow {
  return {
    row: eventRowOf(raw),
    previousEnd: raw.prev_end === null || raw.prev_end === undefined ? null : Number(raw.prev_end),
  };
}

/** The columns of `events e` a selection needs, onAirTime absolute with `origin`. */
function pageColumns(selection: PageRowsSelection, origin: SQL): SQL {
  return sql`e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ${origin} as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle"${selection.data ? sql`, e.data` : sql``}`;
}

/**
 * One page of one target (a schedule's events or a draft): two statements whatever the page. The page's ids come from an
 * index-only scan, read from whichever end of the schedule is nearer, so the last page of
 * 100,000 events costs what the first does.
 */
export async function targetPageRows(
  executor: Executor,
  target: EventTarget,
  request: PageRequest,
  filter: EventFilter | null | undefined,
  selection: PageRowsSelection,
): Promise<PageRows> {
  const { table, key, id, holder } = sqlOf(target);
  const conditions = filterConditions(filter, originOf(target.scheduleId));
  const where = andAll([sql`e.${key} = ${id}`, ...conditions]);
  // Unfiltered, the schedule (change set) row knows the count (touchTarget keeps it).
  const counted = conditions.length
    ? sql`select count(*)::int as total from ${table} e where ${where}`
    : sql`select event_count as total from ${holder} where id = ${id}`;
  const [{ total: counts }] = await queryRows<{ total: number }>(executor, counted);
  const total = Number(counts);
  const offset = request.page * request.size;
  if (offset >= total) return { total, rows: [] };
  const count = Math.min(request.size, total - offset);
  const fromEnd = offset + count > total / 2;
  const ids = fromEnd
    ? sql`select e.id from ${table} e where ${where} order by e.on_air_time desc, e.id desc offset ${total - offset - count} limit ${count}`
    : sql`select e.id from ${table} e where ${where} order by e.on_air_time, e.id offset ${offset} limit ${count}`;
  const origin = originOf(target.scheduleId);
  const lookBack = selection.lookBack ? sql`, ${origin} + prev.prev_end as prev_end` : sql``;
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with page_ids as (${ids}) select ${pageColumns(selection, origin)}${lookBack}
      from page_ids join ${table} e on e.${key} = ${id} and e.id = page_ids.id ${selection.lookBack ? previousEndJoin(target) : sql``}
      order by e.on_air_time, e.id`,
  );
  return { total, rows: raw.map(selectedRowOf) };
}

/**
 * The same page of several targets of one kind (schedules, or drafts), keyed by schedule or change
 * set id, in one statement: each reads its own index range, so the cost follows the page size,
 * not the schedules' sizes.
 */
export async function targetsPageRows(
  executor: Executor,
  targets: EventTarget[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
  selection: PageRowsSelection,
): Promise<Map<number, PageRows>> {
  const result = new Map<number, PageRows>();
  if (targets.length === 0) return result;
  const { table, key, holder } = sqlOf(targets[0]);
  const keys = targets.map((t) => sqlOf(t).id);
  const conditions = filterConditions(filter, sql`ids.origin`);
  const where = andAll([sql`e.${key} = ids.sid`, ...conditions]);
  const total = conditions.length
    ? sql`(select count(*)::int from ${table} e where ${where})`
    : sql`(select event_count from ${holder} where id = ids.sid)`;
  const lookBack = selection.lookBack ? sql`, ids.origin + prev.prev_end as prev_end` : sql``;
  // Per key once: the schedule's time origin and the total. Per schedule: its own index range
  // (offset/limit), then (when asked) the look-back of the page's rows only.
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with ids as materialized (
        select ids.sid, ids.origin, ${total} as total
        from (select ids.sid, (select o.time_origin from schedules o where o.id = ids.schedule_id) as origin
          from unnest(${`{${keys.join(",")}}`}::bigint[], ${`{${targets.map((t) => t.scheduleId).join(",")}}`}::bigint[]) as ids(sid, schedule_id)) ids)
      select ids.sid as "pageScheduleId", ids.total, p.*
      from ids left join lateral (
        select ${pageColumns(selection, sql`ids.origin`)}${lookBack}
        from (select * from ${table} e where ${where} order by e.on_air_time, e.id offset ${request.page * request.size} limit ${request.size}) e
        ${selection.lookBack ? previousEndJoin(targets[0]) : sql``}
      ) p on true`,
  );
  for (const r of raw) {
    const id = Number(r.pageScheduleId);
    let entry = result.get(id);
    if (!entry) result.set(id, (entry = { total: Number(r.total), rows: [] }));
    if (r.id !== null && r.id !== undefined) entry.rows.push(selectedRowOf(r));
  }
  // A lateral join's rows come in order in practice; sorting makes it a rule.
  for (const entry of result.values()) entry.rows.sort((a, b) => a.row.onAirTime - b.row.onAirTime || a.row.id - b.row.id);
  return result;
}

/** As targetsPageRows for schedules by id. */
export function schedulesPageRows(executor: Executor, scheduleIds: number[], request: PageRequest, filter: EventFilter | null | undefined, selection: PageRowsSelection) {
  return targetsPageRows(executor, scheduleIds.map((id) => scheduleTarget(id)), request, filter, selection);
}

/** How many matching events of the target come before the last one starting at or before `time` (0 when none starts that early). */
export async function positionAt(executor: Executor, target: EventTarget, time: number, filter?: EventFilter | null): Promise<number> {
  const { table, key, id } = sqlOf(target);
  const origin = originOf(target.scheduleId);
  const where = andAll([sql`e.${key} = ${id}`, ...filterConditions(filter, origin)]);
  const [{ position }] = await queryRows<{ position: number }>(
    executor,
    sql`select count(*)::int as position from ${table} e where ${where} and (e.on_air_time, e.id) < (
      select e.on_air_time, e.id from ${table} e where ${where} and e.on_air_time <= ${time} - ${origin} order by e.on_air_time desc, e.id desc limit 1)`,
  );
  return Number(position);
}
