// Schedule templates (weekly rules of slots from which schedules are generated) and the positions
// sequential slots reached in each schedule (so that a series continues from one generation to
// the next). docs/OPERATIONS.md "Asset collections and schedule templates".
import { date, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, int64, updatedAt } from "../db/columns.js";
import { schedules } from "../schedules/store/tables.js";
import type { StoredSlot } from "./stored-slot.js";

export const scheduleTemplates = pgTable(
  "schedule_templates",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    name: text("name").notNull(),
    /** Canonical IANA zone (src/localtime canonicalZone). */
    timeZone: text("time_zone").notNull(),
    /** ms after local midnight at which each broadcast day starts (0 to 23:59). */
    broadcastDayStart: integer("broadcast_day_start").notNull(),
    /**
     * The slots in order, each checked on write (rules.ts templateValues) and stored in that
     * checked form (StoredSlot): a template is read and written whole, and a slot's id is its
     * template's id and its index.
     */
    slots: jsonb("slots").$type<StoredSlot[]>().notNull(),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
  },
  (t) => [index("schedule_templates_org_id_idx").on(t.organization, t.id)],
);

export type ScheduleTemplateRow = typeof scheduleTemplates.$inferSelect;

/**
 * Where each sequential slot of a generated schedule stopped, per broadcast date: the generation
 * job (src/templates/generate*.ts) reads the last position on or before the first day it plans and
 * writes the position each day ends at (planning.ts readSlotPositions, writeSlotPositions). Keyed
 * by schedule: regenerating a day starts from the days before it. Goes with its schedule.
 */
export const templateSlotPositions = pgTable(
  "template_slot_positions",
  {
    organization: text("organization").notNull(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    /** A slot's id ("<templateId>.<index>"), or any key the generation job continues by. */
    slotKey: text("slot_key").notNull(),
    broadcastDate: date("broadcast_date", { mode: "string" }).notNull(),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.slotKey, t.broadcastDate] })],
);
