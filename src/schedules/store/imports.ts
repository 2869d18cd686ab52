// The writes of an import on its schedule row (src/io/importer.ts): created hidden (visibility
// IMPORTING), kept alive batch by batch, made visible at the end, or deleted while still hidden.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { schedules, type NewScheduleRow } from "./tables.js";

/** What an import's new schedule starts with. */
export type HiddenScheduleValues = Pick<NewScheduleRow, "name" | "organization" | "createdBy" | "fps" | "channel" | "importJobId">;

/** A new schedule that no read or look-up sees until revealImported; answers its id. */
export async function createHiddenSchedule(executor: Executor, values: HiddenScheduleValues): Promise<number> {
  const [row] = await executor.insert(schedules).values({ ...values, visibility: "IMPORTING" }).returning({ id: schedules.id });
  return row.id;
}

/** date_updated now: tells a later import's clean-up that this import is alive. */
export async function markImportAlive(executor: Executor, scheduleId: number): Promise<void> {
  await executor.update(schedules).set({ dateUpdated: sql`now()` }).where(eq(schedules.id, scheduleId));
}

/** The schedule's own fields, visible; version 0 so that the edit's one touch makes it 1. */
export async function revealImported(executor: Executor, scheduleId: number, fields: Partial<NewScheduleRow>): Promise<void> {
  await executor.update(schedules).set({ ...fields, version: 0, visibility: "VISIBLE", importJobId: null }).where(eq(schedules.id, scheduleId));
}

/** Deletes the schedule row when it is still hidden (its events must be gone already, or go with it). */
export async function deleteHiddenSchedule(executor: Executor, scheduleId: number): Promise<void> {
  await executor.delete(schedules).where(and(eq(schedules.id, scheduleId), eq(schedules.visibility, "IMPORTING")));
}
