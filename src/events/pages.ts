// Reading events: pages (one schedule, or many in one statement for the DataLoader), the page
// holding an instant, and the gap/overlap/programme maps of a page.
import { sql } from "drizzle-orm";
import { pageMeta, type PageRequest } from "../common/paging.js";
import { queryRows, type Executor } from "../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";
import { toEvent } from "./mapper.js";
import { EVENT_COLUMNS, eventRowOf, originOf } from "./store.js";
import type { EventRow } from "./tables.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];

/**
 * For each row `e`: the latest end among the events before it in the schedule (the timeline
 * module's reference for gaps and overlaps). Any event still on air at e's start began at most
 * the schedule's longest duration (schedules.max_event_duration) earlier, so an index range over
 * that span finds it; the event just before e covers the case where none is. Exact for overlaps; for gaps it can only differ when an earlier
 * event wholly contains the one just before e and ends before e starts.
 */
const PREVIOUS_END = sql`left join lateral (
    select ${originOf(sql`e.schedule_id`)} + greatest(
      (select p.on_air_time + p.duration from events p
        where p.schedule_id = e.schedule_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
        order by p.on_air_time desc, p.id desc limit 1),
      (select max(p.on_air_time + p.duration) from events p
        where p.schedule_id = e.schedule_id and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= e.on_air_time - (select o.max_event_duration from schedules o where o.id = e.schedule_id))
    ) as prev_end) prev on true`;

export interface PagedRow {
  row: EventRow;
  previousEnd: number | null;
}

/** An EventPage from its rows (in air order) and the total of matching events. */
export function buildPage(rows: PagedRow[], total: number, request: PageRequest): EventPage {
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
      const title = (row.data.programme as { title?: string } | undefined)?.title ?? row.title;
      if (title) programmes[title] = (programmes[title] ?? 0) + 1;
    }
  }
  return { content: rows.map((r) => toEvent(r.row)), gaps, overlaps, programmes, ...pageMeta(request, total, rows.length, ORDER) };
}

const pagedRowOf = (raw: Record<string, unknown>): PagedRow => ({
  row: eventRowOf(raw),
  previousEnd: raw.prev_end === null || raw.prev_end === undefined ? null : Number(raw.prev_end),
});

/**
 * One page of one schedule: two statements whatever the page. The page's ids come from an
 * index-only scan, read from whichever end of the schedule is nearer, so the last page of
 * 100,000 events costs what the first does.
 */
export async function schedulePage(executor: Executor, scheduleId: number, request: PageRequest, filter?: EventFilter | null): Promise<EventPage> {
  const conditions = filterConditions(filter, originOf(scheduleId));
  const where = andAll([sql`e.schedule_id = ${scheduleId}`, ...conditions]);
  // Unfiltered, the schedule row knows the count (touchSchedule keeps it).
  const counted = conditions.length
    ? sql`select count(*)::int as total from events e where ${where}`
    : sql`select event_count as total from schedules where id = ${scheduleId}`;
  const [{ total }] = await queryRows<{ total: number }>(executor, counted);
  const offset = request.page * request.size;
  if (offset >= total) return buildPage([], Number(total), request);
  const count = Math.min(request.size, total - offset);
  const fromEnd = offset + count > total / 2;
  const ids = fromEnd
    ? sql`select e.id from events e where ${where} order by e.on_air_time desc, e.id desc offset ${total - offset - count} limit ${count}`
    : sql`select e.id from events e where ${where} order by e.on_air_time, e.id offset ${offset} limit ${count}`;
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with page_ids as (${ids}) select ${EVENT_COLUMNS}, prev.prev_end from page_ids join events e on e.id = page_ids.id ${PREVIOUS_END} order by e.on_air_time, e.id`,
  );
  return buildPage(raw.map(pagedRowOf), Number(total), request);
}

/** The same page of several schedules in one statement (for Schedule.events over a list). */
export async function schedulesPages(executor: Executor, scheduleIds: number[], request: PageRequest, filter?: EventFilter | null): Promise<Map<number, EventPage>> {
  const result = new Map<number, EventPage>();
  if (scheduleIds.length === 1) {
    result.set(scheduleIds[0], await schedulePage(executor, scheduleIds[0], request, filter));
    return result;
  }
  const where = andAll([
    sql`e.schedule_id in (select jsonb_array_elements_text(${JSON.stringify(scheduleIds)}::jsonb)::bigint)`,
    ...filterConditions(filter, originOf(sql`e.schedule_id`)),
  ]);
  const offset = request.page * request.size;
  const raw = await queryRows<Record<string, unknown>>(
    executor,
    sql`with ranked as (
        select e.id, e.schedule_id, row_number() over w - 1 as position, count(*) over (partition by e.schedule_id) as total
        from events e where ${where}
        window w as (partition by e.schedule_id order by e.on_air_time, e.id)
      ), wanted as (
        select * from ranked where position >= ${offset} and position < ${offset + request.size}
        union all
        -- one row per schedule whose page is past its end, so that its total is still known
        select distinct on (schedule_id) null, schedule_id, null, total from ranked where total <= ${offset}
      )
      select w.schedule_id as "pageScheduleId", w.total, ${EVENT_COLUMNS}, prev.prev_end
      from wanted w left join events e on e.id = w.id ${PREVIOUS_END}
      order by w.schedule_id, e.on_air_time, e.id`,
  );
  const rowsBySchedule = new Map<number, { total: number; rows: PagedRow[] }>();
  for (const r of raw) {
    const id = Number(r.pageScheduleId);
    let entry = rowsBySchedule.get(id);
    if (!entry) rowsBySchedule.set(id, (entry = { total: Number(r.total), rows: [] }));
    if (r.id !== null && r.id !== undefined) entry.rows.push(pagedRowOf(r));
  }
  for (const id of scheduleIds) {
    const entry = rowsBySchedule.get(id);
    result.set(id, buildPage(entry?.rows ?? [], entry?.total ?? 0, request));
  }
  return result;
}

/**
 * 0-based page (of `pageSize` matching events) holding the event on air at `time`: the last
 * matching event starting at or before it. 0 when none starts that early.
 */
export async function pageAt(executor: Executor, scheduleId: number, time: number, pageSize: number, filter?: EventFilter | null): Promise<number> {
  const origin = originOf(scheduleId);
  const where = andAll([sql`e.schedule_id = ${scheduleId}`, ...filterConditions(filter, origin)]);
  const [{ position }] = await queryRows<{ position: number }>(
    executor,
    sql`select count(*)::int as position from events e where ${where} and (e.on_air_time, e.id) < (
      select e.on_air_time, e.id from events e where ${where} and e.on_air_time <= ${time} - ${origin} order by e.on_air_time desc, e.id desc limit 1)`,
  );
  return Math.floor(Number(position) / pageSize);
}
