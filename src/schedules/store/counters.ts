// The counters of a target: version, dates, the longest duration and the number of events of a
// schedule (or a change set's draft). editScheduleEvents (../edit-events.ts) touches them once per change.
// Each extreme is read by index (docs/DECISIONS.md 65 and 86): the first start is one probe of
// events_schedule_time_idx, the longest event (a minute at least: look-back.ts longestOf) one of
// the partial events_schedule_long_idx, the last end a short range of the first
// from the last start back by the longest duration (look-back.ts lastEndOf); the number of events
// moves by what the edit reports it changed, and is counted only when the edit does not know.
import { eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { plannedStatement } from "../../db/planned-select.js";
import { queryRows, type Executor } from "../../db/client.js";
import { schedules, type ScheduleRow } from "./tables.js";
import type { EventTarget } from "../target.js";
import { SCHEDULE_COLUMN_LIST, scheduleRowOf } from "./rows.js";
import { lastEndOf, longestOf } from "./look-back.js";

/** The first start and the last end of a schedule's events (relative to its origin; null without events), each by index. */
const firstStart = (scheduleId: number | SQLWrapper): SQL => sql`(select min(on_air_time) from events where schedule_id = ${scheduleId})`;
const lastEnd = (scheduleId: number | SQLWrapper): SQL => lastEndOf(sql.raw("events"), sql.raw("schedule_id"), scheduleId);

/** The stored dates from the events (to_timestamp takes seconds); the stored ones stay while there are no events. */
const dates = (scheduleId: number | SQLWrapper) => ({
  startDate: sql`coalesce(to_timestamp((${firstStart(scheduleId)} + ${schedules.timeOrigin}) / 1000.0), ${schedules.startDate})`,
  finishDate: sql`coalesce(to_timestamp((${lastEnd(scheduleId)} + ${schedules.timeOrigin}) / 1000.0), ${schedules.finishDate})`,
});

/** The new event_count of a target's row: the stored one moved by `counted` when the edit knows it, else a count of its events. */
const eventCount = (stored: SQL, table: string, key: string, id: number | SQLWrapper, counted: number | SQLWrapper | undefined): SQL =>
  counted === undefined ? sql`(select count(*) from ${sql.raw(table)} where ${sql.raw(key)} = ${id})` : sql`${stored} + ${counted}`;

/**
 * Records a change of a schedule's events: version + 1, dateUpdated now, startDate/finishDate
 * from the events (first start, last end; the stored dates stay while there are no events) and
 * the longest duration and the number of events (schedules.max_event_duration and event_count,
 * which the page queries rely on). `counted`: by how many the number of events changed, when the
 * edit knows it exactly (an edit that does not say is counted). One statement, answering the
 * row, its text written once per shape and kept (plannedStatement: building it took a tenth of the
 * server's CPU of a single-event update). Every successful event mutation ends with this, once.
 * `extremesKept`: the edit moved no start or duration and added or removed no event, so the
 * longest duration and the dates stay as stored (edit-events.ts Outcome.extremesKept).
 */
export async function touchSchedule(executor: Executor, scheduleId: number, counted?: number, extremesKept = false): Promise<ScheduleRow> {
  const id = sql.placeholder("id");
  const moved = sql.placeholder("counted");
  const { startDate, finishDate } = dates(id);
  // Extremes kept (the edit moved no start or duration, added or removed nothing): stored as they are.
  const extremes = extremesKept
    ? sql``
    : sql`, max_event_duration = ${longestOf(sql.raw("events"), sql.raw("schedule_id"), id)}, start_date = ${startDate}, finish_date = ${finishDate}`;
  const [row] = await plannedStatement<Record<string, unknown>>(
    executor,
    `touch:schedule:${counted === undefined ? "counting" : "moved"}${extremesKept ? ":extremes-kept" : ""}`,
    () => sql`update schedules set version = version + 1, date_updated = now(),
        event_count = ${eventCount(sql`event_count`, "events", "schedule_id", id, counted === undefined ? undefined : moved)}${extremes}
      where id = ${id} returning ${SCHEDULE_COLUMN_LIST}`,
    { id: scheduleId, counted },
  );
  return scheduleRowOf(row);
}

/** startDate and finishDate from the events again, nothing else (a copy moved as it is made is not touched). */
export async function refreshDates(executor: Executor, scheduleId: number): Promise<ScheduleRow> {
  const [row] = await executor.update(schedules).set(dates(scheduleId)).where(eq(schedules.id, scheduleId)).returning();
  return row;
}

/**
 * touchSchedule for the schedule's own events; for a draft, the change set's version + 1 and
 * its counters instead (the schedule stays as it is). Answers the schedule either way.
 */
export async function touchTarget(executor: Executor, target: EventTarget, counted?: number, extremesKept = false): Promise<ScheduleRow> {
  if (target.changeSetId === null) return touchSchedule(executor, target.scheduleId, counted, extremesKept);
  const id = target.changeSetId;
  const longest = extremesKept ? sql`` : sql`max_event_duration = ${longestOf(sql.raw("change_set_events"), sql.raw("change_set_id"), id)},`;
  const [row] = await queryRows<Record<string, unknown>>(
    executor,
    sql`with touched as (
        update change_sets c set version = c.version + 1, date_updated = now(),
          ${longest}
          event_count = ${eventCount(sql`c.event_count`, "change_set_events", "change_set_id", id, counted)}
        where c.id = ${id} returning 1)
      select s.* from schedules s where s.id = ${target.scheduleId}`,
  );
  return scheduleRowOf(row);
}
