// Every statement on schedule_templates and template_slot_positions. The caller has scoped the
// organization to the viewer; every statement on templates filters on it.
import { and, asc, eq, sql } from "drizzle-orm";
import type { PageRequest } from "../common/paging.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, plannedRows, when } from "../db/planned-select.js";
import { queryRows, type Executor } from "../db/client.js";
import type { StoredSlot } from "./rules.js";
import { scheduleTemplates, type ScheduleTemplateRow } from "./tables.js";

export interface TemplateRowValues {
  name: string;
  timeZone: string;
  dayStartMs: number;
  slots: StoredSlot[];
}

export async function insertTemplate(executor: Executor, organization: string, values: TemplateRowValues, userId: string): Promise<ScheduleTemplateRow> {
  const [row] = await executor
    .insert(scheduleTemplates)
    .values({ organization, name: values.name, timeZone: values.timeZone, broadcastDayStart: values.dayStartMs, slots: values.slots, createdBy: userId })
    .returning();
  return row;
}

/** One template of the organization, or undefined; `lock`: held until the transaction ends; `plan`: only its columns. */
export async function findTemplateRow(executor: Executor, organization: string, id: number, lock?: "update", plan?: ReadPlan<ScheduleTemplateRow>): Promise<ScheduleTemplateRow | undefined> {
  if (!lock) return (await plannedRows(executor, scheduleTemplates, plan ?? null, [when("id", id, (p) => eq(scheduleTemplates.id, p)), when("organization", organization, (p) => eq(scheduleTemplates.organization, p))], { byKey: true }))[0];
  const [row] = await executor.select().from(scheduleTemplates).where(and(eq(scheduleTemplates.id, id), eq(scheduleTemplates.organization, organization))).for(lock);
  return row;
}

export async function updateTemplateRow(executor: Executor, id: number, values: TemplateRowValues): Promise<ScheduleTemplateRow> {
  const [row] = await executor
    .update(scheduleTemplates)
    .set({ name: values.name, timeZone: values.timeZone, broadcastDayStart: values.dayStartMs, slots: values.slots, version: sql`${scheduleTemplates.version} + 1`, dateUpdated: sql`now()` })
    .where(eq(scheduleTemplates.id, id))
    .returning();
  return row;
}

export async function deleteTemplateRow(executor: Executor, id: number): Promise<void> {
  await executor.delete(scheduleTemplates).where(eq(scheduleTemplates.id, id));
}

/** A page of the organization's templates by id (the plan's columns), and how many it has when `withTotal`. */
export function templatePage(executor: Executor, organization: string, request: PageRequest, plan: ReadPlan<ScheduleTemplateRow>, withTotal: boolean): Promise<{ rows: ScheduleTemplateRow[]; total: number }> {
  return plannedPage(executor, scheduleTemplates, plan, [when("organization", organization, (p) => eq(scheduleTemplates.organization, p))], { key: "id", by: () => [asc(scheduleTemplates.id)], indexed: true }, request, withTotal);
}

/** The organization's templates with a slot that names the collection (as its collection, break or filler), by id. */
export async function templatesUsingCollection(executor: Executor, organization: string, collectionId: number): Promise<{ id: string; name: string }[]> {
  const id = String(collectionId);
  const rows = await queryRows<{ id: string | number; name: string }>(
    executor,
    sql`select t.id, t.name from schedule_templates t where t.organization = ${organization} and exists (
      select 1 from jsonb_array_elements(t.slots) s
      where s->>'collectionId' = ${id} or s->>'breakCollectionId' = ${id} or s->>'fillerCollectionId' = ${id}) order by t.id`,
  );
  return rows.map((r) => ({ id: String(r.id), name: r.name }));
}

/** Per slot key, the position of its row with the greatest broadcast date on or before `from`. */
export async function slotPositionsBefore(executor: Executor, scheduleId: number, slotKeys: readonly string[], from: string): Promise<Map<string, number>> {
  if (slotKeys.length === 0) return new Map();
  const rows = await queryRows<{ slot_key: string; position: number }>(
    executor,
    sql`select distinct on (slot_key) slot_key, position from template_slot_positions
      where schedule_id = ${scheduleId}::bigint and slot_key = any(${sql.param([...slotKeys])}::text[]) and broadcast_date <= ${from}::date
      order by slot_key, broadcast_date desc`,
  );
  return new Map(rows.map((r) => [r.slot_key, Number(r.position)]));
}

/** The positions of one broadcast date, inserted or replaced (one statement). */
export async function upsertSlotPositions(executor: Executor, organization: string, scheduleId: number, date: string, positions: ReadonlyMap<string, number>): Promise<void> {
  if (positions.size === 0) return;
  const keys = [...positions.keys()];
  const values = keys.map((k) => positions.get(k)!);
  await executor.execute(
    sql`insert into template_slot_positions (organization, schedule_id, slot_key, broadcast_date, position)
      select ${organization}::text, ${scheduleId}::bigint, k, ${date}::date, p from unnest(${sql.param(keys)}::text[], ${sql.param(values)}::int[]) as u(k, p)
      on conflict (schedule_id, slot_key, broadcast_date) do update set position = excluded.position, organization = excluded.organization`,
  );
}
