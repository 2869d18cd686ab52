// SQL of the history slice: the reads that rewind needs (each one statement) and the three
// set-based writes of a revert. The history tables themselves are written only by the triggers.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client.js";
import type { Columns, EventChangeRecord } from "./rewind.js";
import type { ScheduleHistoryRow } from "./tables.js";

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const parsed = (value: unknown): any => (typeof value === "string" ? JSON.parse(value) : value);

/** The schedule's row by column names. */
export async function scheduleColumns(executor: Executor, scheduleId: number): Promise<Columns> {
  const [row] = await queryRows<{ row: unknown }>(executor, sql`select to_jsonb(s) as row from schedules s where s.id = ${scheduleId}`);
  return parsed(row.row);
}

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

/** Entries of a schedule, newest first, and how many there are. */
export async function entriesPage(executor: Executor, scheduleId: number, offset: number, limit: number): Promise<{ rows: ScheduleHistoryRow[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<Record<string, unknown>>(
      executor,
      sql`select ${ENTRY_COLUMNS} from schedule_history h where h.schedule_id = ${scheduleId} order by h.version_after desc, h.id desc offset ${offset} limit ${limit}`,
    ),
    queryRows<{ n: number }>(executor, sql`select count(*)::int as n from schedule_history where schedule_id = ${scheduleId}`),
  ]);
  return { rows: rows.map(entryOf), total: Number(count.n) };
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

/** The event changes of some entries, in the order they were made. */
export async function eventChanges(executor: Executor, historyIds: number[]): Promise<EventChangeRecord[]> {
  if (historyIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_events
      where history_id = any(${`{${historyIds.join(",")}}`}::bigint[]) order by id`,
  );
  return rows.map((r) => ({ historyId: Number(r.history_id), eventId: Number(r.event_id), kind: r.kind as "A" | "R" | "C", oldValues: parsed(r.old_values), newValues: parsed(r.new_values) }));
}

/**
 * The event changes of some entries reduced to what places an event in air order: start and
 * duration (of a changed event only where they changed), in the order they were made.
 */
export async function timingChanges(executor: Executor, historyIds: number[]): Promise<EventChangeRecord[]> {
  if (historyIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, jsonb_strip_nulls(jsonb_build_object('on_air_time', old_values->'on_air_time', 'duration', old_values->'duration')) as old_values
      from schedule_history_events where history_id = any(${`{${historyIds.join(",")}}`}::bigint[]) order by id`,
  );
  return rows.map((r) => ({ historyId: Number(r.history_id), eventId: Number(r.event_id), kind: r.kind as "A" | "R" | "C", oldValues: parsed(r.old_values), newValues: null }));
}

/** The full changes of some events within some entries, in the order they were made. */
export async function eventChangesOf(executor: Executor, historyIds: number[], eventIds: number[]): Promise<EventChangeRecord[]> {
  if (historyIds.length === 0 || eventIds.length === 0) return [];
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_events
      where history_id = any(${`{${historyIds.join(",")}}`}::bigint[]) and event_id = any(${`{${eventIds.join(",")}}`}::bigint[]) order by id`,
  );
  return rows.map((r) => ({ historyId: Number(r.history_id), eventId: Number(r.event_id), kind: r.kind as "A" | "R" | "C", oldValues: parsed(r.old_values), newValues: parsed(r.new_values) }));
}

/** Start and duration of some events now (by column names, with id). */
export async function currentTimings(executor: Executor, scheduleId: number, ids: number[]): Promise<Map<number, Columns>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select e.id, e.on_air_time, e.duration from unnest(${`{${ids.join(",")}}`}::bigint[]) as x(id) join events e on e.id = x.id where e.schedule_id = ${scheduleId}`,
  );
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), on_air_time: Number(r.on_air_time), duration: Number(r.duration) }]));
}

/** One page of an entry's event changes, in the order they were made. */
export async function entryEventChanges(executor: Executor, historyId: number, offset: number, limit: number): Promise<EventChangeRecord[]> {
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select history_id, event_id, kind, old_values, new_values from schedule_history_events where history_id = ${historyId} order by id offset ${offset} limit ${limit}`,
  );
  return rows.map((r) => ({ historyId: Number(r.history_id), eventId: Number(r.event_id), kind: r.kind as "A" | "R" | "C", oldValues: parsed(r.old_values), newValues: parsed(r.new_values) }));
}

const EVENT_JSON = sql`to_jsonb(e) - 'schedule_id' - 'organization'`;

/** Current rows of some events of the schedule (by column names, with id). */
export async function currentEvents(executor: Executor, scheduleId: number, ids: number[] | "all"): Promise<Map<number, Columns>> {
  if (ids !== "all" && ids.length === 0) return new Map();
  // By primary key, one look-up per id (an `= any(array)` filter can make the planner scan the schedule).
  const rows = await queryRows<{ row: unknown }>(
    executor,
    ids === "all"
      ? sql`select ${EVENT_JSON} as row from events e where e.schedule_id = ${scheduleId}`
      : sql`select ${EVENT_JSON} as row from unnest(${`{${ids.join(",")}}`}::bigint[]) as x(id) join events e on e.id = x.id where e.schedule_id = ${scheduleId}`,
  );
  const out = new Map<number, Columns>();
  for (const r of rows) {
    const row = parsed(r.row) as Columns;
    out.set(Number(row.id), row);
  }
  return out;
}

/** The first `limit` events of the schedule in air order that are not among `excluded` (an index scan). */
export async function untouchedEvents(executor: Executor, scheduleId: number, excluded: number[], limit: number): Promise<Columns[]> {
  const rows = await queryRows<{ row: unknown }>(
    executor,
    sql`select ${EVENT_JSON} as row from events e where e.schedule_id = ${scheduleId}
      and e.id <> all(${`{${excluded.join(",")}}`}::bigint[]) order by e.on_air_time, e.id limit ${limit}`,
  );
  return rows.map((r) => parsed(r.row) as Columns);
}

/** Locked events on air now (absolute times with the current origin), among `ids` or all. */
export async function lockedOnAir(executor: Executor, scheduleId: number, ids: number[] | "all", now: number): Promise<number[]> {
  if (ids !== "all" && ids.length === 0) return [];
  const where = ids === "all" ? sql`true` : sql`e.id in (select unnest(${`{${ids.join(",")}}`}::bigint[]))`;
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`select e.id from events e join schedules s on s.id = e.schedule_id where e.schedule_id = ${scheduleId} and e.locked and ${where}
      and s.time_origin + e.on_air_time <= ${now} and s.time_origin + e.on_air_time + e.duration > ${now} order by e.id`,
  );
  return rows.map((r) => Number(r.id));
}

const RECORD = sql.raw(`id bigint, on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text,
  status text, qc_status text, programme_title text, version int, data jsonb`);

/** A revert's writes (qc_status and programme_title are generated from data): removes, rewrites (version + 1) and re-creates (under their old ids) events; three statements. */
export async function writeEvents(executor: Executor, scheduleId: number, removed: number[], changed: Columns[], restored: Columns[]): Promise<void> {
  if (removed.length) {
    await executor.execute(sql`delete from events where schedule_id = ${scheduleId} and id in (select unnest(${`{${removed.join(",")}}`}::bigint[]))`);
  }
  if (changed.length) {
    await executor.execute(sql`
      update events e set on_air_time = x.on_air_time, duration = x.duration, event_type = x.event_type, title = x.title, locked = x.locked,
        media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data, version = e.version + 1
      from jsonb_to_recordset(${json(changed)}) as x(${RECORD})
      where e.id = x.id and e.schedule_id = ${scheduleId}`);
  }
  if (restored.length) {
    await executor.execute(sql`
      insert into events (id, schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, version, data)
      overriding system value
      select x.id, ${scheduleId}, (select s.organization from schedules s where s.id = ${scheduleId}), x.on_air_time, x.duration, x.event_type, x.title,
        x.locked, x.media_id, x.asset_id, x.status, x.version + 1, x.data
      from jsonb_to_recordset(${json(restored)}) as x(${RECORD}) order by x.on_air_time, x.id`);
  }
}

/** The schedule columns a revert puts back (the rest the server keeps: version, counters, dates, archive state, visibility). */
export const REVERTED_SCHEDULE_COLUMNS = [
  "name", "channel", "channel_id", "playlist_type", "status", "txdate", "fps", "graphics_project", "graphics_project_v2", "break_min", "break_max", "time_origin",
] as const;

export async function writeScheduleColumns(executor: Executor, scheduleId: number, values: Columns): Promise<void> {
  const sets = REVERTED_SCHEDULE_COLUMNS.map((c) => sql`${sql.raw(c)} = x.${sql.raw(c)}`);
  await executor.execute(sql`
    update schedules s set ${sql.join(sets, sql`, `)}
    from jsonb_populate_record(null::schedules, ${json(values)}) x where s.id = ${scheduleId}`);
}
