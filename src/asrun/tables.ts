// As-run entries: what the playout chain reports went to air (docs/ASRUN.md). Kept apart from
// the events they name (no foreign key on event_id): the evidence stays when the plan changes.
import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, int64 } from "../db/columns.js";
import { schedules } from "../schedules/store/tables.js";

export const asRunEntries = pgTable(
  "as_run_entries",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    /** The sender's id of the entry: a resent entry is recognized by it (unique per schedule). */
    entryId: text("entry_id").notNull(),
    /** The planned event the entry names (not checked: it may have been deleted since). */
    eventId: int64("event_id"),
    /** Media id or house number. */
    mediaId: text("media_id"),
    /** ms since the epoch (integer, so that deviations are exact arithmetic). */
    actualStart: int64("actual_start").notNull(),
    actualDuration: int64("actual_duration").notNull(),
    status: text("status").notNull(),
    deviceId: text("device_id").notNull(),
    reason: text("reason"),
    scte35Cues: integer("scte35_cues"),
    /** The token sub that sent it. */
    ingestedBy: text("ingested_by"),
    dateCreated: createdAt(),
  },
  (t) => [
    uniqueIndex("as_run_entries_schedule_entry_idx").on(t.scheduleId, t.entryId),
    index("as_run_entries_schedule_start_idx").on(t.scheduleId, t.actualStart),
    index("as_run_entries_schedule_event_idx").on(t.scheduleId, t.eventId),
  ],
);

export type AsRunEntryRow = typeof asRunEntries.$inferSelect;
