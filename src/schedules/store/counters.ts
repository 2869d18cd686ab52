// The counters of a target: version, dates, the longest duration and the number of events of a
// schedule (or a change set's draft). editScheduleEvents (../edit-events.ts) touches them once per change.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { schedules, type ScheduleRow } from "./tables.js";
import type { EventTarget } from "../target.js";

/**
 * Records a change of a schedule's events: version + 1, dateUpdated now, startDate/finishDate
 * from the events (first start, last end; the stored dates stay while there are no events) and
 * the longest duration and the number of events (schedules.max_event_duration and event_count,
 * which the page queries rely on).
 * Every successful event mutation ends with this, once.
 */
export async function touchSchedule(executor: Executor, scheduleId: number): Promise<ScheduleRow> {
  const bounds: SQL = sql`(select min(on_air_time) as first_start, max(on_air_time + duration) as last_end, coalesce(max(duration), 0) as longest, count(*) as n
    from events where schedule_id = ${scheduleId})`;
  // first_start and last_end are relative to the origin; to_timestamp takes seconds.
  await executor.execute(sql`
    update schedules s set version = s.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n,
      start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date),
      finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date)
    from ${bounds} b where s.id = ${scheduleId}`);
  const [row] = await executor.select().from(schedules).where(sql`${schedules.id} = ${scheduleId}`);
  return row;
}

/** startDate and finishDate from the events again, nothing else (a copy moved as it is made is not touched). */
export async function refreshDates(executor: Executor, scheduleId: number): Promise<ScheduleRow> {
  await executor.execute(sql`
    update schedules s set start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date),
      finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date)
    from (select min(on_air_time) as first_start, max(on_air_time + duration) as last_end from events where schedule_id = ${scheduleId}) b
    where s.id = ${scheduleId}`);
  const [row] = await executor.select().from(schedules).where(sql`${schedules.id} = ${scheduleId}`);
  return row;
}

/**
 * touchSchedule for the schedule's own events; for a draft, the change set's version + 1 and
 * its counters instead (the schedule stays as it is). Answers the schedule either way.
 */
export async function touchTarget(executor: Executor, target: EventTarget): Promise<ScheduleRow> {
  if (target.changeSetId === null) return touchSchedule(executor, target.scheduleId);
  await executor.execute(sql`
    update change_sets c set version = c.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n
    from (select coalesce(max(duration), 0) as longest, count(*) as n from change_set_events where change_set_id = ${target.changeSetId}) b
    where c.id = ${target.changeSetId}`);
  const [row] = await executor.select().from(schedules).where(sql`${schedules.id} = ${target.scheduleId}`);
  return row;
}

