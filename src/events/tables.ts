import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { int64 } from "../db/columns.js";
import { schedules } from "../schedules/tables.js";

/**
 * The columns every table of events shares after its key: `events` and the change-set drafts
 * (src/changesets/tables.ts). src/schedules/store/ runs the same SQL on either, so they come from one place.
 */
export function eventColumns() {
  return {
    organization: text("organization").notNull(),
    /** Start, ms after the schedule's time_origin. */
    onAirTime: int64("on_air_time").notNull(),
    /** Length, ms (never negative). */
    duration: int64("duration").notNull().default(0),
    eventType: text("event_type").notNull().default("PRIMARY"),
    title: text("title"),
    locked: boolean("locked").notNull().default(false),
    mediaId: text("media_id"),
    /** assetData.assetId, copied out of `data` so that asset lookups need no JSON. */
    assetId: text("asset_id"),
    status: text("status"),
    /** assetData.assetQCStatus and programme.title, derived by the database from `data` (for summaries without JSON). */
    qcStatus: text("qc_status").generatedAlwaysAs(sql`data->'assetData'->>'assetQCStatus'`),
    programmeTitle: text("programme_title").generatedAlwaysAs(sql`data->'programme'->>'title'`),
    version: integer("version").notNull().default(1),
    /** The nested and rarely searched fields of the event (EventData). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  };
}

/**
 * Timed events of a schedule. The timing and search columns are plain, indexed columns (integer
 * ms as bigint, so that shift, ripple and gap arithmetic are exact); every other field of SPEC
 * "Event" lives in `data` exactly as given.
 *
 * on_air_time counts from the schedule's time_origin (schedules.time_origin + on_air_time = ms
 * since the epoch): shiftSchedule and transposeSchedule move the origin, one row, instead of
 * rewriting every event. Read events through src/schedules/store/, which adds it.
 *
 * Few indexes on purpose: every index is rewritten for every event a ripple moves.
 */
export const events = pgTable(
  "events",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    ...eventColumns(),
  },
  (t) => [
    index("events_schedule_time_idx").on(t.scheduleId, t.onAirTime, t.id),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
