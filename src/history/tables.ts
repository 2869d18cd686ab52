import { bigint, char, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, int64 } from "../db/columns.js";
import { schedules } from "../schedules/tables.js";

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
 * What one entry did to one event: A added (new_values: the row), R removed (old_values: the
 * row), C changed (only the columns that differ, old and new). Rows are `events` columns by
 * their SQL names, without id, schedule_id and organization.
 */
export const scheduleHistoryEvents = pgTable(
  "schedule_history_events",
  {
    /** Order of the changes (within one entry too: an event inserted, then changed, then removed in one transaction). */
    id: int64("id").notNull().generatedAlwaysAsIdentity(),
    /** Its entry (no foreign key: a check per recorded event costs what the history may not; retention.ts removes orphans). */
    historyId: int64("history_id").notNull(),
    eventId: int64("event_id").notNull(),
    kind: char("kind", { length: 1 }).$type<"A" | "R" | "C">().notNull(),
    oldValues: jsonb("old_values").$type<Record<string, unknown>>(),
    newValues: jsonb("new_values").$type<Record<string, unknown>>(),
  },
  // One index: every read goes by entry, in the order the changes were made.
  (t) => [primaryKey({ columns: [t.historyId, t.id] })],
);

export type ScheduleHistoryRow = typeof scheduleHistory.$inferSelect;
export type ScheduleHistoryEventRow = typeof scheduleHistoryEvents.$inferSelect;
