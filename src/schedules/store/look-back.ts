// The latest end before an event: the timeline module's reference for gaps and overlaps
// (docs/EVENTS.md "Gaps and overlaps"), read in SQL for pages and for the events an edit left.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { EventTarget } from "../target.js";
import { sqlOf } from "./target-sql.js";

/**
 * `left join lateral (…) prev on true`, giving `prev.prev_end` for each row `e` of the target's
 * events table: the latest end (relative to the time origin, as on_air_time) among the events
 * before e in air order, null for the first. Let `l` be the event just before e: an earlier event
 * ending after l's end started after l's start minus the target's longest duration
 * (max_event_duration), so an index range from there to e finds every candidate. Exact for gaps
 * and overlaps alike (test/events/gaps-agree.test.ts).
 *
 * The candidates are fenced (`offset 0`) before the max: given an index of ends (drizzle/0026 had
 * one; 0030 dropped it), a bare `max(on_air_time + duration)` let the planner read it from the
 * target's last end down, testing each entry against the range: the whole schedule per row at its
 * start (test/schedules/look-back-work.test.ts).
 */
export function previousEndJoin(target: EventTarget): SQL {
  const { table, key, holder } = sqlOf(target);
  return sql`left join lateral (
    select (select max(c.finish) from (select p.on_air_time + p.duration as finish from ${table} p
        where p.${key} = e.${key} and (p.on_air_time, p.id) < (e.on_air_time, e.id)
          and p.on_air_time >= l.on_air_time - (select o.max_event_duration from ${holder} o where o.id = e.${key})
        offset 0) c) as prev_end
    from (select q.on_air_time from ${table} q where q.${key} = e.${key} and (q.on_air_time, q.id) < (e.on_air_time, e.id)
      order by q.on_air_time desc, q.id desc limit 1) l) prev on true`;
}

/**
 * The latest end among the events of `table` where `key` = `id` (relative to the time origin; null
 * without events). It belongs to an event starting at or after the last start minus the longest
 * duration, so it is read from that range of the index of starts (the last start and the longest
 * duration one index probe each) rather than kept in an index of ends, which every rewrite of an
 * event would pay for (docs/DECISIONS.md 86).
 */
export function lastEndOf(table: SQL, key: SQL, id: number | SQLWrapper): SQL {
  const lastStart = sql`(select max(f.on_air_time) from ${table} f where f.${key} = ${id})`;
  // A range (`between`, its upper end always true) rather than `>=`: the planner reckons a range of
  // unknown ends a small share of the rows, a lone `>=` a third, and so chose a sequential scan of
  // a table a mass rewrite had left full of dead rows (test/schedules/look-back-work.test.ts).
  return sql`(select max(x.finish) from (select l.on_air_time + l.duration as finish from ${table} l
      where l.${key} = ${id}
        and l.on_air_time between ${lastStart} - ${longestOf(table, key, id)} and ${lastStart}
      offset 0) x)`;
}

/**
 * Events longer than this are indexed by duration (drizzle/0031's partial indexes); shorter ones,
 * the spots and breaks that make most of a schedule, are not, so that rewriting them (a ripple, a
 * mark of every event) writes no entry there (docs/DECISIONS.md 86).
 */
export const INDEXED_DURATION_MS = 60_000;

/**
 * What a target keeps as max_event_duration: an upper bound of its events' durations that the
 * look-backs rely on. The longest duration when an event is longer than INDEXED_DURATION_MS (one
 * probe of the partial index), else INDEXED_DURATION_MS while the target has events, else 0.
 */
export function longestOf(table: SQL, key: SQL, id: number | SQLWrapper): SQL {
  const floor = sql.raw(String(INDEXED_DURATION_MS)); // a literal: the partial index's predicate must be provable from it
  // Whether the target has events by its first start (min over the index of starts, one probe): a
  // `limit 1` there may be planned as a scan of the table until a row of the target turns up.
  return sql`coalesce((select max(d.duration) from ${table} d where d.${key} = ${id} and d.duration > ${floor}),
      (select ${floor}::bigint where (select min(a.on_air_time) from ${table} a where a.${key} = ${id}) is not null), 0)`;
}
