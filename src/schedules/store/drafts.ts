// Set-based SQL of change sets: the copy that makes a draft, the conflict check and the merge of
// apply, and the reads of the diff. Each is one statement whatever the number of events.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.js";
import type { EventRow } from "./tables.js";
import { columnList, eventColumns, eventRowOf, originOf, setList, STORED_COLUMN_NAMES, VALUE_COLUMN_NAMES } from "./rows.js";

/** Copies every event of the schedule into the draft, keeping ids and remembering each version. */
export async function copyIntoDraft(executor: Executor, changeSetId: number, scheduleId: number): Promise<void> {
  await executor.execute(sql`
    insert into change_set_events (change_set_id, ${columnList(STORED_COLUMN_NAMES)}, base_version)
    select ${changeSetId}, ${columnList(STORED_COLUMN_NAMES)}, version
    from events where schedule_id = ${scheduleId}`);
  // A new change set id is outside the table's statistics, so the planner would take its
  // 100,000 rows for one and nest loops over them (seconds per draft edit). ANALYZE samples a
  // bounded number of rows, whatever the table's size.
  await executor.execute(sql`analyze change_set_events (change_set_id, touched)`);
}

/**
 * Draft rows the draft created or changed (every draft write adds 1 to version): the stored
 * column `touched` (version is distinct from base_version, drizzle/0033), the predicate of
 * change_set_events_touched_idx, which ANALYZE counts so that the planner takes the index for a
 * draft's few changes rather than a pass over every draft's copies (decision 90).
 */
const TOUCHED = (changeSetId: number, alias = "d"): SQL => sql`${sql.raw(alias)}.change_set_id = ${changeSetId} and ${sql.raw(alias)}.touched`;
const CHANGED = (changeSetId: number, alias = "d"): SQL => sql`${TOUCHED(changeSetId, alias)} and ${sql.raw(alias)}.base_version is not null`;

// The schedule's side of a draft's changes is read by `id = any(array(…))`: one probe of its
// primary key per changed row, whatever the planner thinks of their number. Joined, it hashed the
// schedule's events when it took the changes for many rows: before `touched` had statistics, and
// still possible now, since those statistics are the whole table's (every draft's), not this one's.

/**
 * The events the draft changed or removed that the schedule changed (or deleted) since the draft
 * was taken: their version on the schedule is no longer the one the draft copied. Ascending ids.
 */
export async function conflictingEvents(executor: Executor, changeSetId: number, scheduleId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`with touched as materialized (
        select d.id, d.base_version from change_set_events d where ${CHANGED(changeSetId)}
        union all
        select r.id, r.base_version from change_set_removals r where r.change_set_id = ${changeSetId}
      ), on_schedule as (
        select e.id, e.version from events e where e.id = any(array(select id from touched)) and e.schedule_id = ${scheduleId}
      )
      select t.id from touched t left join on_schedule e on e.id = t.id
      where e.id is null or e.version <> t.base_version
      order by t.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Writes the draft's changes onto the schedule: removes what it removed, rewrites what it
 * changed (version + 1), inserts what it added under the ids it gave them. Events the draft did
 * not touch stay as the schedule has them. Three statements; answers by how many the schedule's
 * number of events moved (added less removed), so that its touch need not count them.
 */
export async function mergeDraft(executor: Executor, changeSetId: number, scheduleId: number): Promise<number> {
  const [removed] = await queryRows<{ n: number }>(
    executor,
    sql`with removed as (delete from events e using change_set_removals r
      where r.change_set_id = ${changeSetId} and e.id = r.id and e.schedule_id = ${scheduleId} returning 1)
      select count(*)::int as n from removed`,
  );
  await executor.execute(sql`
    update events e set ${setList(VALUE_COLUMN_NAMES, "d")}, version = e.version + 1
    from change_set_events d
    where ${CHANGED(changeSetId)} and e.id = d.id and e.schedule_id = ${scheduleId}
      and e.id = any(array(select c.id from change_set_events c where ${CHANGED(changeSetId, "c")}))`);
  const [added] = await queryRows<{ n: number }>(
    executor,
    sql`with added as (insert into events (id, schedule_id, organization, ${columnList(VALUE_COLUMN_NAMES)}, version)
      overriding system value
      select d.id, d.schedule_id, d.organization, ${columnList(VALUE_COLUMN_NAMES, "d")}, 1
      from change_set_events d where ${TOUCHED(changeSetId)} and d.base_version is null
      order by d.on_air_time, d.id returning 1)
      select count(*)::int as n from added`,
  );
  return Number(added.n) - Number(removed.n);
}

const rowsOf = async (executor: Executor, query: SQL): Promise<EventRow[]> => (await queryRows<Record<string, unknown>>(executor, query)).map(eventRowOf);

/** The draft's events created in it, in air order. */
export const addedEvents = (executor: Executor, changeSetId: number, scheduleId: number) =>
  rowsOf(executor, sql`select ${eventColumns(originOf(scheduleId))} from change_set_events e where ${TOUCHED(changeSetId, "e")} and e.base_version is null order by e.on_air_time, e.id`);

/** The schedule's events the draft removed (as the schedule has them now), in air order. */
export const removedEvents = (executor: Executor, changeSetId: number, scheduleId: number) =>
  rowsOf(
    executor,
    sql`select ${eventColumns(originOf(scheduleId))} from events e join change_set_removals r on r.id = e.id and r.change_set_id = ${changeSetId}
      where e.schedule_id = ${scheduleId} order by e.on_air_time, e.id`,
  );

/** The draft's versions of the existing events it changed, in the draft's air order. */
export const changedDraftEvents = (executor: Executor, changeSetId: number, scheduleId: number) =>
  rowsOf(executor, sql`select ${eventColumns(originOf(scheduleId))} from change_set_events e where ${CHANGED(changeSetId, "e")} order by e.on_air_time, e.id`);

/** The schedule's versions of the events the draft changed. */
export const scheduleVersionsOfChanged = (executor: Executor, changeSetId: number, scheduleId: number) =>
  rowsOf(
    executor,
    sql`select ${eventColumns(originOf(scheduleId))} from events e
      where e.schedule_id = ${scheduleId} and e.id = any(array(select d.id from change_set_events d where ${CHANGED(changeSetId)}))`,
  );
