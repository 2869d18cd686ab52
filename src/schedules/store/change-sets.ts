// The rows of change_sets (the drafts' heads): created, read, listed and deleted here for the
// change-set slice (src/changesets/), which keeps the rules and the GraphQL of change sets.
import { and, asc, count, eq, sql, type SQL } from "drizzle-orm";
import { badInput } from "../../common/errors.js";
import type { PageRequest } from "../../common/paging.js";
import type { ReadPlan } from "../../common/read-plan.js";
import { plannedPage, plannedRows, when } from "../../db/planned-select.js";
import type { Executor } from "../../db/client.js";
import { changeSets, schedules, type ChangeSetRow, type ScheduleRow } from "./tables.js";

/**
 * A new change set of the schedule, born with the schedule's version and counters, unless the
 * schedule already has `maxOpen` open ones (BAD_USER_INPUT, nothing written): each is a whole draft
 * of its events. The caller holds the schedule's lock, so the count cannot move before the insert.
 */
export async function insertChangeSet(executor: Executor, schedule: ScheduleRow, createdBy: string, maxOpen: number): Promise<ChangeSetRow> {
  const [{ open }] = await executor.select({ open: count() }).from(changeSets).where(eq(changeSets.scheduleId, schedule.id));
  if (open >= maxOpen) throw badInput(`schedule ${schedule.id} already has ${open} open change sets, at most ${maxOpen} (MAX_OPEN_CHANGE_SETS): apply or discard one first`, { limit: "MAX_OPEN_CHANGE_SETS", max: maxOpen });
  const [row] = await executor
    .insert(changeSets)
    .values({
      scheduleId: schedule.id,
      organization: schedule.organization,
      baseVersion: schedule.version,
      maxEventDuration: schedule.maxEventDuration,
      eventCount: schedule.eventCount,
      createdBy,
    })
    .returning();
  return row;
}

/**
 * The change set with this id in the organization, or undefined: row-locked with `lock` (in the
 * caller's transaction, every column), else a planned key read of the plan's columns (null: every
 * column; one kept statement, planned-select.ts).
 */
export async function changeSetRow(executor: Executor, id: number, organization: string, lock = false, plan: ReadPlan<ChangeSetRow> | null = null): Promise<ChangeSetRow | undefined> {
  if (lock) {
    const [locked] = await executor.select().from(changeSets).where(and(eq(changeSets.id, id), eq(changeSets.organization, organization))).for("update");
    return locked;
  }
  const conditions = [when("id", id, (p) => eq(changeSets.id, p)), when("organization", organization, (p) => eq(changeSets.organization, p))];
  const [row] = await plannedRows<ChangeSetRow>(executor, changeSets, plan, conditions, { byKey: true });
  return row;
}

/**
 * The change sets of a schedule, oldest first, a page of them (the plan's columns; null: every
 * column), and how many there are when `withTotal`: one statement that also checks the schedule
 * is one of `organization`'s that reads see (null when it is not, as for a missing schedule).
 */
export async function visibleChangeSetRows(executor: Executor, scheduleId: number, organization: string, page: PageRequest, withTotal: boolean, plan: ReadPlan<ChangeSetRow> | null = null): Promise<{ rows: ChangeSetRow[]; total: number } | null> {
  const scheduleVisible = {
    key: "visible schedule",
    conditions: [when("schedule", scheduleId, (p) => eq(schedules.id, p)), when("organization", organization, (p) => eq(schedules.organization, p))],
    exists: (where: SQL | undefined) => sql`select 1 from ${schedules} where ${where} and ${schedules.visibility} = 'VISIBLE'`,
  };
  const conditions = [when("schedule", scheduleId, (p) => eq(changeSets.scheduleId, p))];
  const { rows, total, visible } = await plannedPage<ChangeSetRow>(executor, changeSets, plan, conditions, OLDEST_FIRST, page, withTotal, scheduleVisible);
  return visible ? { rows, total } : null;
}

const OLDEST_FIRST = { key: "id", by: () => [asc(changeSets.id)], indexed: true };

/** Deletes a change set (its draft goes with it). */
export async function deleteChangeSet(executor: Executor, id: number): Promise<void> {
  await executor.delete(changeSets).where(eq(changeSets.id, id));
}

/** Records that a change set was applied onto the schedule (dateApplied now); answers the schedule row. */
export async function markApplied(executor: Executor, scheduleId: number): Promise<ScheduleRow> {
  const [applied] = await executor.update(schedules).set({ dateApplied: sql`now()` }).where(eq(schedules.id, scheduleId)).returning();
  return applied;
}
