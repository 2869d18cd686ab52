// The latest end before an event: the timeline module's reference for gaps and overlaps
// (docs/EVENTS.md "Gaps and overlaps"), read in SQL for pages and for the events an edit left.
import { sql, type SQL } from "drizzle-orm";
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
 * The candidates are fenced (`offset 0`) before the max: a bare `max(on_air_time + duration)` lets
 * the planner read the index of ends from the target's last end down, testing each against the
 * range, which is the whole schedule per row at its start (test/schedules/look-back-work.test.ts).
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
