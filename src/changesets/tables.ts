import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, int64, updatedAt } from "../db/columns.js";
import { eventColumns } from "../events/tables.js";
import { schedules } from "../schedules/tables.js";

/**
 * An open change set: a draft of a schedule's events (change_set_events) taken at baseVersion.
 * Applied or discarded change sets are deleted (their drafts go with them).
 * max_event_duration and event_count play the part of the schedule's columns of the same names
 * for the draft (page queries read them from whichever row holds the events).
 */
export const changeSets = pgTable(
  "change_sets",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    organization: text("organization").notNull(),
    /** 1 at creation, + 1 per draft edit. */
    version: integer("version").notNull().default(1),
    /** The schedule's version when the draft was taken. */
    baseVersion: integer("base_version").notNull(),
    maxEventDuration: int64("max_event_duration").notNull().default(0),
    eventCount: integer("event_count").notNull().default(0),
    createdBy: text("created_by"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
  },
  (t) => [index("change_sets_schedule_idx").on(t.scheduleId, t.id)],
);

/**
 * The draft events of a change set: the columns of `events` (times relative to the schedule's
 * time_origin, like the schedule's own events) keyed by (change_set_id, id), so that copies keep
 * the ids of the events they copy. Events created in the draft take their id from the events
 * identity sequence, so they can never clash with a real event.
 *
 * base_version is the schedule event's version when it was copied (null: created in the draft);
 * every draft write adds 1 to version, so version <> base_version marks the events the draft
 * changed. Events the draft removed are kept in change_set_removals.
 */
export const changeSetEvents = pgTable(
  "change_set_events",
  {
    changeSetId: int64("change_set_id")
      .notNull()
      .references(() => changeSets.id, { onDelete: "cascade" }),
    id: int64("id")
      .notNull()
      .default(sql`nextval(pg_get_serial_sequence('events', 'id'))`),
    scheduleId: int64("schedule_id").notNull(),
    ...eventColumns(),
    baseVersion: integer("base_version"),
  },
  (t) => [
    primaryKey({ columns: [t.changeSetId, t.id] }),
    index("change_set_events_time_idx").on(t.changeSetId, t.onAirTime, t.id),
    // The rows the draft created or changed (few): what diff and apply read, without a pass over every copy.
    index("change_set_events_touched_idx")
      .on(t.changeSetId, t.id)
      .where(sql`${t.version} is distinct from ${t.baseVersion}`),
  ],
);

/** Events of the schedule that the draft removed, with the version they had when copied. */
export const changeSetRemovals = pgTable(
  "change_set_removals",
  {
    changeSetId: int64("change_set_id")
      .notNull()
      .references(() => changeSets.id, { onDelete: "cascade" }),
    id: int64("id").notNull(),
    baseVersion: integer("base_version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeSetId, t.id] })],
);

export type ChangeSetRow = typeof changeSets.$inferSelect;
