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
        and l.on_air_time between ${lastStart} - (select max(d.duration) from ${table} d where d.${key} = ${id}) and ${lastStart}
      offset 0) x)`;
}
