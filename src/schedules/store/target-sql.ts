// The tables of a target in SQL: the one place that names them for the store's statements.
import { sql, type SQL } from "drizzle-orm";
import type { EventTarget } from "../target.js";

export interface TargetSql {
  /** The events table of the target. */
  table: SQL;
  /** Its column that names the target, and the value. */
  key: SQL;
  id: number;
  /** The row keeping max_event_duration and event_count of the target: schedules or change_sets. */
  holder: SQL;
  /** Extra leading columns and values of an insert (the change set of a draft row). */
  insertColumns: SQL;
  insertValues: SQL;
}

export function sqlOf(target: EventTarget): TargetSql {
  if (target.changeSetId === null) {
    return { table: sql.raw("events"), key: sql.raw("schedule_id"), id: target.scheduleId, holder: sql.raw("schedules"), insertColumns: sql.empty(), insertValues: sql.empty() };
  }
  return {
    table: sql.raw("change_set_events"),
    key: sql.raw("change_set_id"),
    id: target.changeSetId,
    holder: sql.raw("change_sets"),
    insertColumns: sql.raw("change_set_id, "),
    insertValues: sql`${target.changeSetId}, `,
  };
}
