// SQL of the history slice: the reads of the history tables that rewind needs (each one
// statement). The current schedule and events it rewinds from are read, and a revert's writes
// made, by the schedule aggregate (src/schedules/store/history.ts, revert.ts); the history tables themselves
// are written only by the triggers. Event changes are stored per statement, as arrays
// (schedule_history_changes); the view schedule_history_event_changes gives one row per event
// change (drizzle/0016_history_compact.sql), in the order (seq, ord) they were made.
import { desc, eq, sql, type SQL } from "drizzle-orm";
import type { PageRequest } from "../common/paging.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, when, type Order } from "../db/planned-select.js";
import { jsonPageColumn, type PageColumn } from "../db/json-page-column.js";
import { queryRows, type Executor } from "../db/client.js";
import { liveEventIds } from "../schedules/index.js";
import { numberOrNull } from "./mapper.js";
import type { EventChangeRecord } from "./rewind.js";
import { scheduleHistory, type ScheduleHistoryRow } from "./tables.js";

const parsed = (value: unknown): any => (typeof value === "string" ? JSON.parse(value) : value);

const ENTRY_COLUMNS = sql`h.id, h.schedule_id as "scheduleId", h.organization, h.txid, h.version_before as "versionBefore", h.version_after as "versionAfter",
  h.actor, h.operation, h.schedule_changes as "scheduleChanges", h.events_added as "eventsAdded", h.events_removed as "eventsRemoved",
  h.events_changed as "eventsChanged", h.date_created as "dateCreated"`;

export function entryOf(raw: Record<string, unknown>): ScheduleHistoryRow {
  return {
    id: Number(raw.id),
    scheduleId: Number(raw.scheduleId),
    organization: raw.organization as string,
    txid: Number(raw.txid),
    versionBefore: raw.versionBefore === null ? null : Number(raw.versionBefore),
    versionAfter: Number(raw.versionAfter),
    actor: (raw.actor as string | null) ?? null,
    operation: (raw.operation as string | null) ?? null,
    scheduleChanges: parsed(raw.scheduleChanges) ?? {},
    eventsAdded: Number(raw.eventsAdded),
    eventsRemoved: Number(raw.eventsRemoved),
    eventsChanged: Number(raw.eventsChanged),
    dateCreated: new Date(raw.dateCreated as string),
  };
}

/** A schedule's entries, newest first. */
const NEWEST: Order = { key: "newest", by: () => [desc(scheduleHistory.versionAfter), desc(scheduleHistory.id)], indexed: true };

/** Entries of a schedule, newest first (the plan's columns), and when `withTotal` how many there are: one statement. */
export function entriesPage(executor: Executor, scheduleId: number, plan: ReadPlan<ScheduleHistoryRow>, request: PageRequest, withTotal: boolean): Promise<{ rows: ScheduleHistoryRow[]; total: number }> {
  return plannedPage<ScheduleHistoryRow>(executor, scheduleHistory, plan, [when("schedule", scheduleId, (p) => eq(scheduleHistory.scheduleId, p))], NEWEST, request, withTotal);
}

/** entriesPage as a column of another statement, for the schedule whose id is `scheduleId` there (readJsonPage reads it; entryOf makes its rows). */
export function entriesPageColumn(scheduleId: SQL, plan: ReadPlan<ScheduleHistoryRow>, request: PageRequest, withTotal: boolean): PageColumn {
  return jsonPageColumn(scheduleHistory, plan, scheduleHistory.scheduleId, scheduleId, NEWEST, request, withTotal, "history");
}

/** The entries after version k, oldest first. */
export async function entriesAfter(executor: Executor, scheduleId: number, version: number): Promise<ScheduleHistoryRow[]> {
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select ${ENTRY_COLUMNS} from schedule_history h where h.schedule_id = ${scheduleId} and h.version_after > ${version} order by h.version_after, h.id`,
  );
  return rows.map(entryOf);
}

/** The oldest version the kept history reaches back to (null: nothing kept). */
export async function oldestReachable(executor: Executor, scheduleId: number): Promise<number | null> {
  const [row] = await queryRows<{ v: number | null }>(
    executor,
    sql`select coalesce(h.version_before, h.version_after) as v from schedule_history h where h.schedule_id = ${scheduleId} order by h.version_after, h.id limit 1`,
  );
  return row ? Number(row.v) : null;
}

const idArray = (ids: number[]) => `{${ids.join(",")}}`;

const changeOf = (r: Record<string, unknown>): EventChangeRecord => ({
  historyId: Number(r.history_id),
  eventId: Number(r.event_id),
  kind: r.kind as "A" | "R" | "C",
  oldValues: parsed(r.old_values),
  newValues: parsed(r.new_values),
});

/** The event changes of some entries, in the order they were made. */
export async function eventChanges(executor: Executor, historyIds: number[]): Promise<EventChangeRecord[]> {
  if (historyIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_event_changes
      where history_id = any(${idArray(historyIds)}::bigint[]) order by seq, ord`,
  );
  return rows.map(changeOf);
}

/** What the changes after a version did to one event's place in air order (timingsBefore). */
export interface TimingBefore {
  id: number;
  /** It existed before the first of the changes (it was not added by them). */
  existed: boolean;
  /** It exists after the last of them (it was not removed by the last one touching it). */
  existsNow: boolean;
  /** Its start and duration before them, where one of them changed it (null: as now). */
  onAirTime: number | null;
  duration: number | null;
}

/**
 * Per event touched by some entries, its presence and place before them: the first old start
 * and duration after the version are its values at the version (rewind.ts's rule, for two
 * columns). Reduced by PostgreSQL from the arrays, one row per event rather than one per change:
 * `min(array[seq, ord, value])` keeps the value of the earliest change without a sort.
 */
export async function timingsBefore(executor: Executor, historyIds: number[]): Promise<TimingBefore[]> {
  if (historyIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select u.event_id as id,
        (min(array[c.seq, u.ord, ascii(c.kind)]))[3] <> ascii('A') as existed,
        (max(array[c.seq, u.ord, ascii(c.kind)]))[3] <> ascii('R') as exists_now,
        (min(array[c.seq, u.ord, u.t_old]) filter (where c.kind = 'R' or u.t_old is distinct from u.t_new))[3] as on_air_time,
        (min(array[c.seq, u.ord, u.d_old]) filter (where c.kind = 'R' or u.d_old is distinct from u.d_new))[3] as duration
      from schedule_history_changes c
      cross join lateral unnest(c.event_ids, c.on_air_time_old, c.on_air_time_new, c.duration_old, c.duration_new) with ordinality as u(event_id, t_old, t_new, d_old, d_new, ord)
      where c.history_id = any(${idArray(historyIds)}::bigint[])
      group by u.event_id`,
  );
  return rows.map((r) => ({ id: Number(r.id), existed: Boolean(r.existed), existsNow: Boolean(r.exists_now), onAirTime: numberOrNull(r.on_air_time), duration: numberOrNull(r.duration) }));
}

/** The full changes of some events within some entries, in the order they were made. */
export async function eventChangesOf(executor: Executor, historyIds: number[], eventIds: number[]): Promise<EventChangeRecord[]> {
  if (historyIds.length === 0 || eventIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_event_changes
      where history_id = any(${idArray(historyIds)}::bigint[]) and event_id = any(${idArray(eventIds)}::bigint[]) order by seq, ord`,
  );
  return rows.map(changeOf);
}

/** One page of an entry's event changes, in the order they were made. */
export async function entryEventChanges(executor: Executor, historyId: number, offset: number, limit: number): Promise<EventChangeRecord[]> {
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_event_changes where history_id = ${historyId} order by seq, ord offset ${offset} limit ${limit}`,
  );
  return rows.map(changeOf);
}

/**
 * The events the change that made `version` changed, one page by event id, each with whether that
 * change removed it (its last change in the entry was a removal), and how many there are (with
 * `withTotal`; else what the page shows past its offset, as pages not asked their count answer). A change
 * of a column every event is read through (`derivingColumns`: the origin, zone, rate …) changed
 * every event the schedule has, besides those it touched.
 */
export async function versionEventIds(
  executor: Executor,
  scheduleId: number,
  version: number,
  derivingColumns: readonly string[],
  offset: number,
  limit: number,
  withTotal = true,
): Promise<{ events: { id: number; removed: boolean }[]; total: number }> {
  const changed = versionChanges(scheduleId, version, derivingColumns);
  const counted = withTotal ? sql`, count(*) over () as total` : sql``;
  const rows = await queryRows<Record<string, unknown>>(executor, sql`${changed} select event_id, removed${counted} from changed order by event_id offset ${offset} limit ${limit}`);
  const total = !withTotal ? offset + rows.length : rows.length ? Number(rows[0].total) : offset > 0 ? await versionEventCount(executor, changed) : 0;
  return { events: rows.map((r) => ({ id: Number(r.event_id), removed: Boolean(r.removed) })), total };
}

/** `with … changed(event_id, removed)`: what the change that made `version` did to events. */
function versionChanges(scheduleId: number, version: number, derivingColumns: readonly string[]): SQL {
  const deriving = sql.join(derivingColumns.map((column) => sql`${column}`), sql`, `);
  return sql`with entry as (
      select h.id, exists (select 1 from jsonb_object_keys(h.schedule_changes) as k(name) where k.name in (${deriving})) as every_event
      from schedule_history h where h.schedule_id = ${scheduleId} and h.version_after = ${version} order by h.id desc limit 1),
    touched as (
      select u.event_id, (max(array[c.seq, u.ord, ascii(c.kind)]))[3] = ascii('R') as removed
      from schedule_history_changes c cross join lateral unnest(c.event_ids) with ordinality as u(event_id, ord)
      where c.history_id = (select id from entry)
      group by u.event_id),
    changed as (
      select event_id, removed from touched
      union all
      select e.id, false from (${liveEventIds(scheduleId)}) as e(id)
      where (select every_event from entry) and not exists (select 1 from touched t where t.event_id = e.id))`;
}

async function versionEventCount(executor: Executor, changed: SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(executor, sql`${changed} select count(*)::int as n from changed`);
  return Number(row?.n ?? 0);
}

/** How many event changes an entry holds. */
export async function entryEventChangeCount(executor: Executor, historyId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`select coalesce(sum(cardinality(event_ids)), 0)::int as n from schedule_history_changes where history_id = ${historyId}`,
  );
  return Number(row?.n ?? 0);
}
