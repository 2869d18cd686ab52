// Reading events: pages (one schedule, or many in one statement for the DataLoader), the page
// holding an instant, and the gap/overlap/programme maps of a page.
import { sql, type SQL } from "drizzle-orm";
import { pageMeta, type PageRequest } from "../common/paging.js";
import { queryRows, type Executor } from "../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";
import { toEvent, toColumnEvent } from "./mapper.js";
import { eventRowOf, originOf } from "../schedules/index.js";
import { FULL_SELECTION, type PageSelection } from "./selection.js";
import type { EventRow } from "./tables.js";
import { scheduleTarget, sqlOf, type EventTarget } from "../schedules/index.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];

/**
 * For each row `e`: the latest end among the events before it in the schedule (the timeline
 * module's reference for gaps and overlaps, docs/EVENTS.md "Gaps and overlaps"). Let `l` be the
 * event just before e: an earlier event ending after l's end started after l's start minus the
 * schedule's longest duration (schedules.max_event_duration), so an index range from there to e
 * finds every candidate. Exact for gaps and overlaps alike (test/events/gaps-agree.test.ts).
 */
function previousEnd(target: EventTarget): SQL {
  const { table, key, holder } = sqlOf(target);
  return sql`left join lateral (
    select ${originOf(sql`e.schedule_id`)} + (select max(p.on_air_time + p.duration) from ${table} p
        where p.${key} = e.${key} and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from ${holder} o where o.id = e.${key})) as prev_end
    from (select q.on_air_time from ${table} q where q.${key} = e.${key} and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true`;
}

export interface PagedRow {
  row: EventRow;
  previousEnd: number | null;
}

/**
 * An EventPage from its rows (in air order) and the total of matching events. Without `data`
 * in the selection the rows carry no document: programmes come from the programme_title column
 * (store.ts keeps it equal to data.programme.title) and each event is the columns alone.
 */
export function buildPage(rows: PagedRow[], total: number, request: PageRequest, selection: PageSelection = FULL_SELECTION): EventPage {
  const gaps: Record<string, number> = {};
  const overlaps: Record<string, number> = {};
  const programmes: Record<string, number> = {};
  for (const { row, previousEnd } of rows) {
    if (previousEnd !== null) {
      const gap = row.onAirTime - previousEnd;
      const shared = Math.min(previousEnd, row.onAirTime + row.duration) - row.onAirTime;
      if (gap > 0) gaps[String(row.id)] = gap;
      else if (shared > 0) overlaps[String(row.id)] = shared;
    }
    if (row.eventType === "PRIMARY") {
      const title = (selection.data ? (row.data.programme as { title?: string } | undefined)?.title : row.programmeTitle) ?? row.title;
      if (title) programmes[title] = (programmes[title] ?? 0) + 1;
    }
  }
  const content = selection.data ? rows.map((r) => toEvent(r.row)) : rows.map((r) => toColumnEvent(r.row));
  return { content, gaps, overlaps, programmes, ...pageMeta(request, total, rows.length, ORDER) };
}

/** A row of pageColumns as PagedRow (no document unless selected). */
function selectedRowOf(raw: Record<string, unknown>): PagedRow {
  return {
    row: eventRowOf(raw),
    previousEnd: raw.prev_end === null || raw.prev_end === undefined ? null : Number(raw.prev_end),
  };
}

/** The columns of `events e` a selection needs, onAirTime absolute with `origin`. */
function pageColumns(selection: PageSelection, origin: SQL): SQL {
  return sql`e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ${origin} as "onAirTime", e.duration, e.event_type as "eventType",
    e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.qc_status as "qcStatus",
    e.programme_title as "programmeTitle"${selection.data ? sql`, e.data` : sql``}`;
}

/**
 * One page of one target (a schedule's events or a draft): two statements whatever the page. The page's ids come from an
 * index-only scan, read from whichever end of the schedule is nearer, so the last page of
 * 100,000 events costs what the first does.
 */
export async function schedulePage(
  executor: Executor,
  target: EventTarget,
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<EventPage> {
  const { table, key, id, holder } = sqlOf(target);
  const conditions = filterConditions(filter, originOf(target.scheduleId));
  const where = andAll([sql`e.${key} = ${id}`, ...conditions]);
  // Unfiltered, the schedule (change set) row knows the count (touchTarget keeps it).
  const counted = conditions.length
    ? sql`select count(*)::int as total from ${table} e where ${where}`
    : sql`select event_count as total from ${holder} where id = ${id}`;
  const [{ total }] = await queryRows<{ total: number }>(executor, counted);
  const offset = request.page * request.size;
  if (offset >= total) return buildPage([], Number(total), request, selection);
  const count = Math.min(request.size, total - offset);
  const fromEnd = offset + count > total / 2;
  const ids = fromEnd
    ? sql`select e.id from ${table} e where ${where} order by e.on_air_time desc, e.id desc offset ${total - offset - count} limit ${count}`
    : sql`select e.id from ${table} e where ${where} order by e.on_air_time, e.id offset ${offset} limit ${count}`;
  const lookBack = selection.lookBack ? sql`, prev.prev_end` : sql``;
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with page_ids as (${ids}) select ${pageColumns(selection, originOf(target.scheduleId))}${lookBack}
      from page_ids join ${table} e on e.${key} = ${id} and e.id = page_ids.id ${selection.lookBack ? previousEnd(target) : sql``}
      order by e.on_air_time, e.id`,
  );
  return buildPage(raw.map(selectedRowOf), Number(total), request, selection);
}

/**
 * The same page of several schedules in one statement (for Schedule.events over a list): each
 * schedule reads its own index range, so the cost follows the page size, not the schedules' sizes.
 */
export function schedulesPages(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<Map<number, EventPage>> {
  return targetsPages(executor, scheduleIds.map((id) => scheduleTarget(id)), request, filter, selection);
}

/**
 * As schedulesPages for targets of one kind (schedules, or drafts); keyed by schedule or change set id.
 * One statement, also for one target's first page; a later page of one target goes to schedulePage,
 * which reads from the nearer end.
 */
export async function targetsPages(
  executor: Executor,
  targets: EventTarget[],
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<Map<number, EventPage>> {
  const result = new Map<number, EventPage>();
  if (targets.length === 0) return result;
  if (targets.length === 1 && request.page > 0) {
    result.set(sqlOf(targets[0]).id, await schedulePage(executor, targets[0], request, filter, selection));
    return result;
  }
  const { table, key, holder } = sqlOf(targets[0]);
  const keys = targets.map((t) => sqlOf(t).id);
  const conditions = filterConditions(filter, originOf(sql`e.schedule_id`));
  const where = andAll([sql`e.${key} = ids.sid`, ...conditions]);
  const total = conditions.length
    ? sql`(select count(*)::int from ${table} e where ${where})`
    : sql`(select event_count from ${holder} where id = ids.sid)`;
  const lookBack = selection.lookBack ? sql`, prev.prev_end` : sql``;
  // Per key once: the schedule's time origin and the total. Per schedule: its own index range
  // (offset/limit), then (when asked) the look-back of the page's rows only.
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with ids as materialized (
        select ids.sid, (select o.time_origin from schedules o where o.id = ids.schedule_id) as origin, ${total} as total
        from unnest(${`{${keys.join(",")}}`}::bigint[], ${`{${targets.map((t) => t.scheduleId).join(",")}}`}::bigint[]) as ids(sid, schedule_id))
      select ids.sid as "pageScheduleId", ids.total, p.*
      from ids left join lateral (
        select ${pageColumns(selection, sql`ids.origin`)}${lookBack}
        from (select * from ${table} e where ${where} order by e.on_air_time, e.id offset ${request.page * request.size} limit ${request.size}) e
        ${selection.lookBack ? previousEnd(targets[0]) : sql``}
      ) p on true`,
  );
  const rowsBySchedule = new Map<number, { total: number; rows: PagedRow[] }>();
  for (const r of raw) {
    const id = Number(r.pageScheduleId);
    let entry = rowsBySchedule.get(id);
    if (!entry) rowsBySchedule.set(id, (entry = { total: Number(r.total), rows: [] }));
    if (r.id !== null && r.id !== undefined) entry.rows.push(selectedRowOf(r));
  }
  for (const id of keys) {
    const entry = rowsBySchedule.get(id);
    // A lateral join's rows come in order in practice; sorting makes it a rule.
    entry?.rows.sort((a, b) => a.row.onAirTime - b.row.onAirTime || a.row.id - b.row.id);
    result.set(id, buildPage(entry?.rows ?? [], entry?.total ?? 0, request, selection));
  }
  return result;
}

/**
 * 0-based page (of `pageSize` matching events) holding the event on air at `time`: the last
 * matching event starting at or before it. 0 when none starts that early.
 */
export async function pageAt(executor: Executor, target: EventTarget, time: number, pageSize: number, filter?: EventFilter | null): Promise<number> {
  const { table, key, id } = sqlOf(target);
  const origin = originOf(target.scheduleId);
  const where = andAll([sql`e.${key} = ${id}`, ...filterConditions(filter, origin)]);
  const [{ position }] = await queryRows<{ position: number }>(
    executor,
    sql`select count(*)::int as position from ${table} e where ${where} and (e.on_air_time, e.id) < (
      select e.on_air_time, e.id from ${table} e where ${where} and e.on_air_time <= ${time} - ${origin} order by e.on_air_time desc, e.id desc limit 1)`,
  );
  return Math.floor(Number(position) / pageSize);
}
