import { bigint, boolean, char, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, int64 } from "../db/columns.js";
import { schedules } from "../schedules/store/tables.js";

/**
 * One committed change of a schedule or its events: written by the database triggers of
 * drizzle/*_history_triggers.sql (statement-level, in the writer's own transaction), one row per
 * schedule and transaction whatever the number of statements. Nothing in the application writes
 * it, so no writer can forget to.
 */
export const scheduleHistory = pgTable(
  "schedule_history",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    organization: text("organization").notNull(),
    /** txid_current() of the writing transaction: the statements of one transaction share the entry. */
    txid: bigint("txid", { mode: "number" }).notNull(),
    /** The schedule's version when the transaction first touched it (null: it created the schedule). */
    versionBefore: integer("version_before"),
    versionAfter: integer("version_after").notNull(),
    /** Token sub and GraphQL root field (or job type) of the transaction (set_config playout.actor / playout.operation). */
    actor: text("actor"),
    operation: text("operation"),
    /** Changed schedule columns: { column: [old, new] } (snake_case column names). */
    scheduleChanges: jsonb("schedule_changes").$type<Record<string, [unknown, unknown]>>().notNull().default({}),
    eventsAdded: integer("events_added").notNull().default(0),
    eventsRemoved: integer("events_removed").notNull().default(0),
    eventsChanged: integer("events_changed").notNull().default(0),
    dateCreated: createdAt(),
  },
  (t) => [
    uniqueIndex("schedule_history_tx_idx").on(t.scheduleId, t.txid),
    index("schedule_history_schedule_idx").on(t.scheduleId, t.versionAfter, t.id),
    index("schedule_history_created_idx").on(t.dateCreated),
  ],
);

/**
 * What one statement did to one schedule's events (drizzle/0016_history_compact.sql): the ids of
 * the events it added (A), removed (R) or rewrote (C), and per column of `events` the old and new
 * values as arrays in the order of the ids, kept only for the columns it changed (A: the new
 * ones, R: the old ones, C: both; an event changed a column where old[i] and new[i] differ).
 * Read through the view schedule_history_event_changes, one row per event change.
 */
export const scheduleHistoryChanges = pgTable(
  "schedule_history_changes",
  {
    /** Its entry (no foreign key: the check costs what the history may not; retention.ts removes orphans). */
    historyId: int64("history_id").notNull(),
    /** Order of the statements (within one entry too: events inserted, then changed, then removed in one transaction). */
    seq: int64("seq").notNull().generatedAlwaysAsIdentity(),
    kind: char("kind", { length: 1 }).$type<"A" | "R" | "C">().notNull(),
    eventIds: int64("event_ids").array().notNull(),
    onAirTimeOld: int64("on_air_time_old").array(),
    onAirTimeNew: int64("on_air_time_new").array(),
    durationOld: int64("duration_old").array(),
    durationNew: int64("duration_new").array(),
    eventTypeOld: text("event_type_old").array(),
    eventTypeNew: text("event_type_new").array(),
    titleOld: text("title_old").array(),
    titleNew: text("title_new").array(),
    lockedOld: boolean("locked_old").array(),
    lockedNew: boolean("locked_new").array(),
    mediaIdOld: text("media_id_old").array(),
    mediaIdNew: text("media_id_new").array(),
    assetIdOld: text("asset_id_old").array(),
    assetIdNew: text("asset_id_new").array(),
    statusOld: text("status_old").array(),
    statusNew: text("status_new").array(),
    versionOld: integer("version_old").array(),
    versionNew: integer("version_new").array(),
    dataOld: jsonb("data_old").array(),
    dataNew: jsonb("data_new").array(),
    qcStatusOld: text("qc_status_old").array(),
    qcStatusNew: text("qc_status_new").array(),
    programmeTitleOld: text("programme_title_old").array(),
    programmeTitleNew: text("programme_title_new").array(),
  },
  // One index: every read goes by entry, in the order the statements were made.
  (t) => [primaryKey({ columns: [t.historyId, t.seq] })],
);

export type ScheduleHistoryRow = typeof scheduleHistory.$inferSelect;
export type ScheduleHistoryChangesRow = typeof scheduleHistoryChanges.$inferSelect;
