// Reads of the timing of a target's events: what the timeline module works on, and the bounds
// (first start, last end) and gaps before locked events. Each is one statement.
import { sql, type SQL } from "drizzle-orm";
import { notFound } from "../../common/errors.js";
import { queryRows, type Executor } from "../../db/client.js";
import { anyOfIds } from "../../db/any-of.js";
import { plannedStatement } from "../../db/planned-select.js";
import type { EventRow } from "./tables.js";
import type { EventTarget } from "../target.js";
import { sqlOf } from "./target-sql.js";
import { lastEndOf, previousEndJoin } from "./look-back.js";
import { eventColumns, eventRowOf, originOf, storedValuesOf, valueColumns, type StoredValues, type ValuesRead } from "./rows.js";

/** The timing of every event of a target, in air order: what the timeline module works on. */
export interface TimingRow {
  id: number;
  onAirTime: number;
  duration: number;
  locked: boolean;
  eventType: string;
  title: string | null;
}

/** A row of the timing columns (on_air_time absolute) as TimingRow. */
function timingRowOf(r: Record<string, unknown>): TimingRow {
  return {
    id: Number(r.id),
    onAirTime: Number(r.on_air_time),
    duration: Number(r.duration),
    locked: Boolean(r.locked),
    eventType: r.event_type as string,
    title: (r.title as string | null) ?? null,
  };
}

export async function loadTimings(executor: Executor, target: EventTarget): Promise<TimingRow[]> {
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    // Ordered by the stored column (qualified: the output column of the same name is absolute), so the index gives the order.
    sql`select e.id, e.on_air_time + ${originOf(target.scheduleId)} as on_air_time, e.duration, e.locked, e.event_type, e.title
      from ${t.table} e where e.${t.key} = ${t.id} order by e.on_air_time, e.id`,
  );
  return rows.map(timingRowOf);
}

/**
 * The timings a ripple from event `fromId` reads (in the order of loadTimings): that event and
 * those after it, up to the first locked one after it (`untilLocked`; found by its partial index,
 * drizzle/0032) or to the end. Empty when the event is not the target's.
 */
export async function loadTimingsFrom(executor: Executor, target: EventTarget, fromId: number, untilLocked: boolean): Promise<TimingRow[]> {
  const t = sqlOf(target);
  // The range's end is worked out with the event (f.stop), so that the events are one index range.
  const stop = untilLocked ? segmentStop(target) : MAX_BIGINT;
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select e.id, e.on_air_time + ${originOf(target.scheduleId)} as on_air_time, e.duration, e.locked, e.event_type, e.title
      from (select f.on_air_time, f.id, ${stop} as stop from ${t.table} f where f.${t.key} = ${t.id} and f.id = ${fromId}) f, ${t.table} e
      where e.${t.key} = ${t.id} and (e.on_air_time, e.id) >= (f.on_air_time, f.id) and e.on_air_time <= f.stop
      order by e.on_air_time, e.id`,
  );
  return rows.map(timingRowOf);
}

/**
 * The segments ripples from several events read, in one statement: for each event of `fromIds`,
 * that event and those after it up to the first locked one after it (as loadTimingsFrom with
 * `untilLocked`), one segment per locked event that ends them, from the earliest of the events
 * it holds (a ripple from it covers the others). Segments in air order, each in air order; an
 * event that is itself locked starts a segment of its own. Reads the segments, not the schedule.
 */
export async function loadSegmentsFrom(executor: Executor, target: EventTarget, fromIds: number[]): Promise<TimingRow[][]> {
  if (fromIds.length === 0) return [];
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`with f as (
        select f.id, f.on_air_time, ${segmentStop(target)} as stop
        from ${t.table} f where f.${t.key} = ${t.id} and ${anyOfIds(sql`f.id`, fromIds)}
      ), firsts as (
        select distinct on (stop) id, on_air_time, stop from f order by stop, on_air_time, id
      )
      select s.id as segment, e.id, e.on_air_time + ${originOf(target.scheduleId)} as on_air_time, e.duration, e.locked, e.event_type, e.title
      from firsts s cross join lateral (
        select e.id, e.on_air_time, e.duration, e.locked, e.event_type, e.title from ${t.table} e
        where e.${t.key} = ${t.id} and (e.on_air_time, e.id) >= (s.on_air_time, s.id) and e.on_air_time <= s.stop
      ) e
      order by s.on_air_time, s.id, e.on_air_time, e.id`,
  );
  const segments: TimingRow[][] = [];
  let current: { id: unknown; rows: TimingRow[] } | null = null;
  for (const r of rows) {
    if (current === null || current.id !== r.segment) segments.push((current = { id: r.segment, rows: [] }).rows);
    current.rows.push(timingRowOf(r));
  }
  return segments;
}

const MAX_BIGINT = sql.raw("9223372036854775807::bigint");

/** Where the segment of event `f` ends: the start of the first locked event after it (by the locked events' index), else the end of time. */
const segmentStop = (target: EventTarget): SQL => {
  const t = sqlOf(target);
  return sql`coalesce((select min(l.on_air_time) from ${t.table} l where l.${t.key} = ${t.id} and l.locked and (l.on_air_time, l.id) > (f.on_air_time, f.id)), ${MAX_BIGINT})`;
};

/** Events of a target by id, every column (what an answer shows of them). */
export async function loadEventsById(executor: Executor, target: EventTarget, ids: number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select ${eventColumns(originOf(target.scheduleId))} from ${t.table} e where e.${t.key} = ${t.id} and ${anyOfIds(sql`e.id`, ids)}`,
  );
  return rows.map(eventRowOf);
}

/**
 * The values of a target's events by id, what an edit rewrites them from: the id and the value
 * columns, not the key, version or derived columns; only the values `read` names when it names
 * some (an edit of columns only: a document is most of a row's bytes and of its parsing, and each
 * column is bytes to send and parse 1,000 times).
 */
export async function loadEventValuesById(executor: Executor, target: EventTarget, ids: number[], read: ValuesRead = "all"): Promise<StoredValues[]> {
  if (ids.length === 0) return [];
  const t = sqlOf(target);
  // Its text is kept per kind of target and values read: all, or the rules' four with any of title, mediaId and status (nine).
  const rows = await plannedStatement<Record<string, unknown>>(
    executor,
    `events:values-by-id:${target.changeSetId === null ? "schedule" : "draft"}:${read === "all" ? "all" : read.join(",")}`,
    () =>
      sql`select ${valueColumns(originOf(sql`${sql.placeholder("schedule")}`), read)} from ${t.table} e where e.${t.key} = ${sql.placeholder("target")} and ${anyOfIds(sql`e.id`, sql.placeholder("ids"))}`,
    { schedule: target.scheduleId, target: t.id, ids },
  );
  return rows.map(storedValuesOf);
}

export async function firstStart(executor: Executor, scheduleId: number): Promise<number | null> {
  const [row] = await queryRows<{ t: number | null }>(executor, sql`select min(on_air_time) + ${originOf(scheduleId)} as t from events where schedule_id = ${scheduleId}`);
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

/** The distinct starts of a schedule's events (absolute ms), earliest first. */
export async function eventStarts(executor: Executor, scheduleId: number): Promise<number[]> {
  const rows = await queryRows<{ t: number }>(executor, sql`select distinct on_air_time + ${originOf(scheduleId)} as t from events where schedule_id = ${scheduleId} order by 1`);
  return rows.map((r) => Number(r.t));
}

/** The end of the last event (the latest end, which the last-starting event may not hold). */
export async function lastEnd(executor: Executor, target: EventTarget): Promise<number | null> {
  const t = sqlOf(target);
  const [row] = await queryRows<{ t: number | null }>(
    executor,
    sql`select ${lastEndOf(t.table, t.key, t.id)} + ${originOf(target.scheduleId)} as t`,
  );
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

/** Timing of some events of a target (absolute times), by id. */
export async function loadTimingsById(executor: Executor, target: EventTarget, ids: number[]): Promise<TimingRow[]> {
  if (ids.length === 0) return [];
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select id, on_air_time + ${originOf(target.scheduleId)} as on_air_time, duration, locked, event_type, title from ${t.table}
      where ${t.key} = ${t.id} and ${anyOfIds(sql`id`, ids)}`,
  );
  return rows.map(timingRowOf);
}

export async function countEvents(executor: Executor, target: EventTarget): Promise<number> {
  const t = sqlOf(target);
  const [row] = await queryRows<{ n: number }>(executor, sql`select count(*)::int as n from ${t.table} where ${t.key} = ${t.id}`);
  return Number(row.n);
}

/**
 * Gaps (> 0) and overlaps (< 0, ms shared) just before the locked events from `from` up to the
 * first locked event at or after `to` (absolute ms): what a change of that span left before
 * the events it could not move. Needs schedules.max_event_duration up to date (touchSchedule).
 * The locked events come from their partial index (drizzle/0032): the span's end is found by one
 * probe, not by reading on to the next locked event, which may be the schedule's end.
 */
export async function lockedGaps(executor: Executor, target: EventTarget, from: number, to: number): Promise<{ id: number; gapMs: number }[]> {
  const origin = originOf(target.scheduleId);
  const { table, key, id: keyId } = sqlOf(target);
  const rows = await queryRows<{ id: number; start: number; finish: number; prev_end: number | null }>(
    executor,
    sql`with bounds as (
        select ${from} - ${origin} as lo,
          coalesce((select min(on_air_time) from ${table} where ${key} = ${keyId} and locked and on_air_time >= ${to} - ${origin}), ${to} - ${origin}) as hi
      )
      select e.id, e.on_air_time as start, e.on_air_time + e.duration as finish, prev.prev_end
      from bounds, ${table} e
      ${previousEndJoin(target)}
      where e.${key} = ${keyId} and e.locked and e.on_air_time between bounds.lo and bounds.hi
      order by e.on_air_time, e.id`,
  );
  const out: { id: number; gapMs: number }[] = [];
  for (const r of rows) {
    if (r.prev_end === null || r.prev_end === undefined) continue;
    const prevEnd = Number(r.prev_end);
    const start = Number(r.start);
    const shared = Math.min(prevEnd, Number(r.finish)) - start;
    if (start > prevEnd) out.push({ id: Number(r.id), gapMs: start - prevEnd });
    else if (shared > 0) out.push({ id: Number(r.id), gapMs: -shared });
  }
  return out;
}

/** Answers NOT_FOUND naming the ids that are not events of the target (other schedules' included). */
export async function requireEventIds(executor: Executor, target: EventTarget, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const { table, key, id } = sqlOf(target);
  const rows = await queryRows<{ id: number }>(executor, sql`select id from ${table} where ${key} = ${id} and ${anyOfIds(sql`id`, ids)}`);
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = [...new Set(ids)].filter((id) => !found.has(id));
  if (missing.length) throw notFound(missing.length === 1 ? "Event" : "Events", missing.join(", "));
}

