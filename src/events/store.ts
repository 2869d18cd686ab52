// Set-based SQL of the events slice: every write here is one statement whatever the number of
// events (rows travel as one JSON parameter and are unpacked with jsonb_to_recordset).
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../db/client.js";
import { schedules, type ScheduleRow } from "../schedules/tables.js";
import type { EventValues } from "./rules.js";
import { events, type EventRow } from "./tables.js";
import { sqlOf, type EventTarget } from "../schedules/target.js";

/** The time origin of a schedule (ms since the epoch), as a scalar SQL expression. */
export const originOf = (scheduleId: number | SQL): SQL => sql`(select o.time_origin from schedules o where o.id = ${scheduleId})`;

/**
 * Columns of `events` under the property names of EventRow, for raw selects of `events e`;
 * onAirTime is absolute (ms since the epoch).
 */
export const EVENT_COLUMNS = sql`e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ${originOf(sql`e.schedule_id`)} as "onAirTime", e.duration,
  e.event_type as "eventType", e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, e.data,
  e.qc_status as "qcStatus", e.programme_title as "programmeTitle"`;

/** What `data` reads as when a statement did not fetch the document (the selection needs none of it). */
const NO_DATA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/**
 * A raw row as EventRow, one fixed literal (the JSON `data` arrives parsed from postgres.js and
 * PGlite, as text from reads that fetch it as text; numbers are numbers).
 */
export function eventRowOf(raw: Record<string, unknown>): EventRow {
  const data = raw.data;
  return {
    id: Number(raw.id),
    scheduleId: Number(raw.scheduleId),
    organization: raw.organization as string,
    onAirTime: Number(raw.onAirTime),
    duration: Number(raw.duration),
    eventType: raw.eventType as string,
    title: (raw.title as string | null) ?? null,
    locked: Boolean(raw.locked),
    mediaId: (raw.mediaId as string | null) ?? null,
    assetId: (raw.assetId as string | null) ?? null,
    status: (raw.status as string | null) ?? null,
    version: Number(raw.version),
    data: data === undefined || data === null ? NO_DATA : ((typeof data === "string" ? JSON.parse(data) : data) as Record<string, unknown>),
    qcStatus: (raw.qcStatus as string | null) ?? null,
    programmeTitle: (raw.programmeTitle as string | null) ?? null,
  };
}

/** The timing of every event of a target, in air order: what the timeline module works on. */
export interface TimingRow {
  id: number;
  onAirTime: number;
  duration: number;
  locked: boolean;
  eventType: string;
  title: string | null;
}

export async function loadTimings(executor: Executor, target: EventTarget): Promise<TimingRow[]> {
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    // Ordered by the stored column (qualified: the output column of the same name is absolute), so the index gives the order.
    sql`select e.id, e.on_air_time + ${originOf(target.scheduleId)} as on_air_time, e.duration, e.locked, e.event_type, e.title
      from ${t.table} e where e.${t.key} = ${t.id} order by e.on_air_time, e.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    onAirTime: Number(r.on_air_time),
    duration: Number(r.duration),
    locked: Boolean(r.locked),
    eventType: r.event_type as string,
    title: (r.title as string | null) ?? null,
  }));
}

export async function loadEventsById(executor: Executor, target: EventTarget, ids: number[]): Promise<EventRow[]> {
  if (ids.length === 0) return [];
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select ${EVENT_COLUMNS} from ${t.table} e where e.${t.key} = ${t.id} and e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`,
  );
  return rows.map(eventRowOf);
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

function valueRecord(v: EventValues) {
  return {
    on_air_time: v.onAirTime,
    duration: v.duration,
    event_type: v.eventType,
    title: v.title,
    locked: v.locked,
    media_id: v.mediaId,
    asset_id: v.assetId,
    status: v.status,
    data: v.data,
  };
}

/** The columns derived from `data` (for summaries without JSON), from an input row's data. */
const DERIVED = sql.raw(`data->'assetData'->>'assetQCStatus', data->'programme'->>'title'`);

const RECORD_COLUMNS = sql.raw(
  `on_air_time bigint, duration bigint, event_type text, title text, locked boolean, media_id text, asset_id text, status text, data jsonb`,
);

/**
 * Inserts events in one statement; answers the new rows in input order. New ids come from the
 * events identity sequence, in a draft too (change_set_events.id defaults to it).
 */
export async function insertEvents(executor: Executor, target: EventTarget, values: EventValues[]): Promise<EventRow[]> {
  if (values.length === 0) return [];
  const t = sqlOf(target);
  const records = values.map((v, ord) => ({ ord, ...valueRecord(v) }));
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`with input as (select * from jsonb_to_recordset(${json(records)}) as x(ord int, ${RECORD_COLUMNS})),
      inserted as (
        insert into ${t.table} (${t.insertColumns}schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data, qc_status, programme_title)
        select ${t.insertValues}${target.scheduleId}, (select s.organization from schedules s where s.id = ${target.scheduleId}), on_air_time - ${originOf(target.scheduleId)}, duration, event_type, title, coalesce(locked, false), media_id, asset_id, status,
          coalesce(data, '{}'::jsonb), ${DERIVED}
        from input order by ord
        returning *
      )
      select ${EVENT_COLUMNS} from inserted e order by e.id`,
  );
  // Identity values follow the insert order, which follows `ord`.
  return rows.map(eventRowOf);
}

/** Writes whole new values into existing events (version + 1) in one statement. */
export async function updateEvents(executor: Executor, target: EventTarget, updates: { id: number; values: EventValues }[]): Promise<void> {
  if (updates.length === 0) return;
  const t = sqlOf(target);
  const records = updates.map((u) => ({ id: u.id, ...valueRecord(u.values) }));
  await executor.execute(sql`
    update ${t.table} e set on_air_time = x.on_air_time - ${originOf(target.scheduleId)}, duration = x.duration, event_type = x.event_type, title = x.title,
      locked = x.locked, media_id = x.media_id, asset_id = x.asset_id, status = x.status, data = x.data, version = e.version + 1,
      qc_status = x.data->'assetData'->>'assetQCStatus', programme_title = x.data->'programme'->>'title'
    from jsonb_to_recordset(${json(records)}) as x(id bigint, ${RECORD_COLUMNS})
    where e.id = x.id and e.${t.key} = ${t.id}`);
}

/** New starts for existing events (ripple, shift): ids and times as two arrays, one statement. */
export async function moveEvents(executor: Executor, target: EventTarget, moves: { id: number; onAirTime: number }[]): Promise<void> {
  if (moves.length === 0) return;
  const t = sqlOf(target);
  const ids = `{${moves.map((m) => m.id).join(",")}}`;
  const times = `{${moves.map((m) => m.onAirTime).join(",")}}`;
  await executor.execute(sql`
    update ${t.table} e set on_air_time = x.t - ${originOf(target.scheduleId)}, version = e.version + 1
    from unnest(${ids}::bigint[], ${times}::bigint[]) as x(id, t)
    where e.id = x.id and e.${t.key} = ${t.id}`);
}

/** New starts (and optionally durations and a later media start) for existing events, one statement. */
export async function retimeEvents(
  executor: Executor,
  target: EventTarget,
  changes: { id: number; onAirTime: number; duration?: number; somDelta?: number }[],
): Promise<void> {
  if (changes.length === 0) return;
  if (changes.every((c) => c.duration === undefined && !c.somDelta)) return moveEvents(executor, target, changes);
  const t = sqlOf(target);
  const records = changes.map((c) => ({ id: c.id, t: c.onAirTime, d: c.duration ?? null, s: c.somDelta ?? 0 }));
  await executor.execute(sql`
    update ${t.table} e set on_air_time = x.t - ${originOf(target.scheduleId)}, duration = coalesce(x.d, e.duration), version = e.version + 1,
      data = case when x.s = 0 then e.data else jsonb_set(e.data, '{som}', to_jsonb(coalesce((e.data->>'som')::bigint, 0) + x.s)) end
    from jsonb_to_recordset(${json(records)}) as x(id bigint, t bigint, d bigint, s bigint)
    where e.id = x.id and e.${t.key} = ${t.id}`);
}

export async function deleteEventIds(executor: Executor, target: EventTarget, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await deleteWhere(executor, target, sql`id in (select jsonb_array_elements_text(${json(ids)})::bigint)`);
}

export async function deleteAllEvents(executor: Executor, target: EventTarget): Promise<void> {
  await deleteWhere(executor, target, sql`true`);
}

/** Deletes events of a target; a draft remembers the schedule's events it removed (for apply and diff). */
async function deleteWhere(executor: Executor, target: EventTarget, condition: SQL): Promise<void> {
  const t = sqlOf(target);
  if (target.changeSetId === null) {
    await executor.execute(sql`delete from ${t.table} where ${t.key} = ${t.id} and ${condition}`);
    return;
  }
  await executor.execute(sql`
    with removed as (delete from change_set_events where change_set_id = ${target.changeSetId} and ${condition} returning id, base_version)
    insert into change_set_removals (change_set_id, id, base_version)
    select ${target.changeSetId}, id, base_version from removed where base_version is not null`);
}

/**
 * Moves every event of the schedule by `ms` (locked ones too): one row, the schedule's time
 * origin, whatever the number of events. The events' own versions stay (their fields did not
 * change; the schedule version records the move).
 */
export async function shiftAll(executor: Executor, scheduleId: number, ms: number): Promise<void> {
  if (ms === 0) return;
  await executor.execute(sql`update schedules set time_origin = time_origin + ${ms} where id = ${scheduleId}`);
}

export async function firstStart(executor: Executor, scheduleId: number): Promise<number | null> {
  const [row] = await queryRows<{ t: number | null }>(executor, sql`select min(on_air_time) + ${originOf(scheduleId)} as t from events where schedule_id = ${scheduleId}`);
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

/** The end of the last event (the latest end, which the last-starting event may not hold). */
export async function lastEnd(executor: Executor, target: EventTarget): Promise<number | null> {
  const t = sqlOf(target);
  const [row] = await queryRows<{ t: number | null }>(
    executor,
    sql`select max(on_air_time + duration) + ${originOf(target.scheduleId)} as t from ${t.table} where ${t.key} = ${t.id}`,
  );
  return row?.t === null || row?.t === undefined ? null : Number(row.t);
}

/** Copies every event of one schedule into another (which has the same time origin), one statement. */
export async function copyEvents(executor: Executor, fromScheduleId: number, to: Pick<ScheduleRow, "id" | "organization">): Promise<void> {
  await executor.execute(sql`
    insert into events (schedule_id, organization, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data, qc_status, programme_title)
    select ${to.id}, ${to.organization}, on_air_time, duration, event_type, title, locked, media_id, asset_id, status, data, qc_status, programme_title
    from events where schedule_id = ${fromScheduleId} order by on_air_time, id`);
}

/**
 * Records a change of a schedule's events: version + 1, dateUpdated now, startDate/finishDate
 * from the events (first start, last end; the stored dates stay while there are no events) and
 * the longest duration and the number of events (schedules.max_event_duration and event_count,
 * which the page queries rely on).
 * Every successful event mutation ends with this, once.
 */
export async function touchSchedule(executor: Executor, scheduleId: number): Promise<ScheduleRow> {
  const bounds: SQL = sql`(select min(on_air_time) as first_start, max(on_air_time + duration) as last_end, coalesce(max(duration), 0) as longest, count(*) as n
    from events where schedule_id = ${scheduleId})`;
  // first_start and last_end are relative to the origin; to_timestamp takes seconds.
  await executor.execute(sql`
    update schedules s set version = s.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n,
      start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date),
      finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date)
    from ${bounds} b where s.id = ${scheduleId}`);
  const [row] = await executor.select().from(schedules).where(sql`${schedules.id} = ${scheduleId}`);
  return row;
}

/**
 * touchSchedule for the schedule's own events; for a draft, the change set's version + 1 and
 * its counters instead (the schedule stays as it is). Answers the schedule either way.
 */
export async function touchTarget(executor: Executor, target: EventTarget): Promise<ScheduleRow> {
  if (target.changeSetId === null) return touchSchedule(executor, target.scheduleId);
  await executor.execute(sql`
    update change_sets c set version = c.version + 1, date_updated = now(), max_event_duration = b.longest, event_count = b.n
    from (select coalesce(max(duration), 0) as longest, count(*) as n from change_set_events where change_set_id = ${target.changeSetId}) b
    where c.id = ${target.changeSetId}`);
  const [row] = await executor.select().from(schedules).where(sql`${schedules.id} = ${target.scheduleId}`);
  return row;
}

export { events };

/** Timing of some events of a target (absolute times), by id. */
export async function loadTimingsById(executor: Executor, target: EventTarget, ids: number[]): Promise<TimingRow[]> {
  if (ids.length === 0) return [];
  const t = sqlOf(target);
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select id, on_air_time + ${originOf(target.scheduleId)} as on_air_time, duration, locked, event_type, title from ${t.table}
      where ${t.key} = ${t.id} and id in (select jsonb_array_elements_text(${json(ids)})::bigint)`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    onAirTime: Number(r.on_air_time),
    duration: Number(r.duration),
    locked: Boolean(r.locked),
    eventType: r.event_type as string,
    title: (r.title as string | null) ?? null,
  }));
}

export async function countEvents(executor: Executor, target: EventTarget): Promise<number> {
  const t = sqlOf(target);
  const [row] = await queryRows<{ n: number }>(executor, sql`select count(*)::int as n from ${t.table} where ${t.key} = ${t.id}`);
  return Number(row.n);
}

/**
 * Gaps (> 0) and overlaps (< 0, ms shared) just before the locked events from `from` up to the
 * first locked event at or after `to` (absolute ms): what a change of that span left before
 * the events it could not move. Needs schedules.max_event_duration up to date (touchSchedule).
 */
export async function lockedGaps(executor: Executor, target: EventTarget, from: number, to: number): Promise<{ id: number; gapMs: number }[]> {
  const origin = originOf(target.scheduleId);
  const { table, key, id: keyId, holder } = sqlOf(target);
  const rows = await queryRows<{ id: number; start: number; finish: number; prev_end: number | null }>(
    executor,
    sql`with bounds as (
        select ${from} - ${origin} as lo,
          coalesce((select min(on_air_time) from ${table} where ${key} = ${keyId} and locked and on_air_time >= ${to} - ${origin}), ${to} - ${origin}) as hi
      )
      select e.id, e.on_air_time as start, e.on_air_time + e.duration as finish, prev.prev_end
      from bounds, ${table} e
      left join lateral (
        select greatest(
          (select p.on_air_time + p.duration from ${table} p
            where p.${key} = e.${key} and (p.on_air_time, p.id) < (e.on_air_time, e.id)
            order by p.on_air_time desc, p.id desc limit 1),
          (select max(p.on_air_time + p.duration) from ${table} p
            where p.${key} = e.${key} and (p.on_air_time, p.id) < (e.on_air_time, e.id)
              and p.on_air_time >= e.on_air_time - (select o.max_event_duration from ${holder} o where o.id = e.${key}))
        ) as prev_end) prev on true
      where e.${key} = ${keyId} and e.locked and e.on_air_time between bounds.lo and bounds.hi
      order by e.on_air_time, e.id`,
  );
  const out: { id: number; gapMs: number }[] = [];
  for (const r of rows) {
    if (r.prev_end === null || r.prev_end === undefined) continue;
    const prevEnd = Number(r.prev_end);
    const start = Number(r.start);
    const shared = Math.min(prevEnd, Number(r.finish)) - start;
    if (start > prevEnd) out.push({ id: Number(r.id), gapMs: start - prevEnd });
    else if (shared > 0) out.push({ id: Number(r.id), gapMs: -shared });
  }
  return out;
}
