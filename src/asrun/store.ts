// Set-based SQL of as-run: a batch of entries is one insert whatever its size, and a
// reconciliation reads its window in a few statements. What they need of the schedule's events
// they ask the aggregate's named reads for (src/schedules/: plannedEvents, unnamedReferences,
// eventIdsOfSchedule): the statements here are on as_run_entries alone.
import { asc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type { PageRequest } from "../common/paging.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, when, whenAnyOf, type Condition } from "../db/planned-select.js";
import { queryRows, type Executor } from "../db/client.js";
import { eventIdsOfSchedule, scheduleRowById, unnamedReferences } from "../schedules/index.js";
import type { AiredEntry, AsRunStatusValue } from "./reconcile.js";
import type { AsRunRecord } from "./rules.js";
import { asRunEntries, type AsRunEntryRow } from "./tables.js";

const RECORD_COLUMNS = sql.raw(
  `entry_id text, event_id bigint, media_id text, actual_start bigint, actual_duration bigint, status text, device_id text, reason text, scte35_cues int`,
);
const andAll = (conditions: SQL[]): SQL => sql.join(conditions.map((c) => sql`(${c})`), sql` and `);
const input = (records: AsRunRecord[]) => sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${RECORD_COLUMNS})`;

/**
 * Entries of the batch already stored under the same entry id with other content; run before the
 * insert, so a conflict writes nothing. Answers their entry ids.
 */
export async function conflictingEntries(executor: Executor, scheduleId: number, records: AsRunRecord[]): Promise<string[]> {
  const rows = await queryRows<{ entry_id: string }>(
    executor,
    sql`select x.entry_id from ${input(records)} join as_run_entries a on a.schedule_id = ${scheduleId} and a.entry_id = x.entry_id
      where (a.event_id, a.media_id, a.actual_start, a.actual_duration, a.status, a.device_id, a.reason, a.scte35_cues)
        is distinct from (x.event_id, x.media_id, x.actual_start, x.actual_duration, x.status, x.device_id, x.reason, x.scte35_cues)
      order by x.entry_id limit 100`,
  );
  return rows.map((r) => r.entry_id);
}

/**
 * Inserts the entries not stored yet (insert … on conflict do nothing), one statement; answers
 * how many it stored and how many of the batch neither name an event of the schedule nor carry a
 * mediaId of one.
 */
export async function insertEntries(
  executor: Executor,
  schedule: { id: number; organization: string },
  records: AsRunRecord[],
  userId: string,
): Promise<{ inserted: number; unmatched: number }> {
  const [row] = await queryRows<{ inserted: number }>(
    executor,
    sql`with inserted as (
        insert into as_run_entries (organization, schedule_id, entry_id, event_id, media_id, actual_start, actual_duration, status, device_id, reason, scte35_cues, ingested_by)
        select ${schedule.organization}, ${schedule.id}, entry_id, event_id, media_id, actual_start, actual_duration, status, device_id, reason, scte35_cues, ${userId}
        from ${input(records)} order by actual_start
        on conflict (schedule_id, entry_id) do nothing
        returning 1)
      select count(*)::int as inserted from inserted`,
  );
  const unmatched = await unnamedReferences(executor, schedule.id, records.map((r) => ({ eventId: r.event_id, mediaId: r.media_id })));
  return { inserted: Number(row.inserted), unmatched };
}

export interface EntryFilter {
  from?: number | null;
  to?: number | null;
  statuses?: readonly string[] | null;
}

function entryConditions(scheduleId: number, f: EntryFilter): (Condition | null)[] {
  return [
    when("schedule", scheduleId, (p) => eq(asRunEntries.scheduleId, p)),
    when("from", f.from, (p) => gte(asRunEntries.actualStart, p)),
    when("to", f.to, (p) => lt(asRunEntries.actualStart, p)),
    whenAnyOf("statuses", asRunEntries.status, f.statuses?.length ? f.statuses : null),
  ];
}

/** One page of a schedule's entries in actualStart order (the plan's columns), and when `withTotal` how many match: one statement. */
export function entryPage(executor: Executor, scheduleId: number, filter: EntryFilter, plan: ReadPlan<AsRunEntryRow>, request: PageRequest, withTotal: boolean): Promise<{ rows: AsRunEntryRow[]; total: number }> {
  const order = { key: "actualStart", by: () => [asc(asRunEntries.actualStart), asc(asRunEntries.id)] };
  return plannedPage<AsRunEntryRow>(executor, asRunEntries, plan, entryConditions(scheduleId, filter), order, request, withTotal);
}

/**
 * The entries a window reconciles, sorted by (start, id): those naming an event planned in the
 * window (whenever they aired), and those aired in the window that name no event of the schedule
 * planned elsewhere (an entry naming an event outside the window belongs to that event's window).
 * `plannedIds`: the ids of the events planned in the window (plannedEvents), when a bound is given.
 */
export async function airedEntries(executor: Executor, scheduleId: number, from: number | null, to: number | null, plannedIds: readonly number[] = []): Promise<AiredEntry[]> {
  const aired: SQL[] = [sql`a.schedule_id = ${scheduleId}`];
  if (from !== null) aired.push(sql`a.actual_start >= ${from}`);
  if (to !== null) aired.push(sql`a.actual_start < ${to}`);
  const selected = sql`json_build_array(a.id, a.entry_id, a.event_id, a.media_id, a.actual_start, a.actual_duration, a.status, a.device_id, a.reason, a.scte35_cues)`;
  const where =
    from === null && to === null
      ? sql`a.schedule_id = ${scheduleId}`
      : sql`a.schedule_id = ${scheduleId} and (
          a.event_id in (select unnest(${`{${plannedIds.join(",")}}`}::bigint[])) or (${andAll(aired)}))`;
  const [row] = await queryRows<{ list: string | null }>(
    executor,
    sql`select json_agg(${selected} order by a.actual_start, a.id)::text as list from as_run_entries a where ${where}`,
  );
  type Raw = [number, string, number | null, string | null, number, number, AsRunStatusValue, string, string | null, number | null];
  const list = JSON.parse(row?.list ?? "null") as Raw[] | null;
  const entries: AiredEntry[] = (list ?? []).map(([id, entryId, eventId, mediaId, start, duration, status, deviceId, reason, scte35Cues]) => ({
    id, entryId, eventId, mediaId, start, duration, status, deviceId, reason, scte35Cues,
  }));
  if (from === null && to === null) return entries;
  // An entry aired in the window that names an event of the schedule planned elsewhere belongs to that event's window.
  const planned = new Set(plannedIds);
  const named = [...new Set(entries.flatMap((e) => (e.eventId !== null && !planned.has(e.eventId) ? [e.eventId] : [])))];
  const elsewhere = await eventIdsOfSchedule(executor, scheduleId, named);
  return elsewhere.size ? entries.filter((e) => e.eventId === null || !elsewhere.has(e.eventId)) : entries;
}

/** The visible schedule of an organization (a job re-reads the one it was given), or null. */
export async function scheduleOf(executor: Executor, scheduleId: number, organization: string): Promise<{ id: number; organization: string } | null> {
  const row = await scheduleRowById(executor, scheduleId);
  return row && row.organization === organization && row.visibility === "VISIBLE" ? { id: row.id, organization: row.organization } : null;
}

/** What a BXF as-run message says of its schedule: name, channel, rate and span. */
export interface AsRunScheduleHead {
  id: number;
  name: string;
  channel: string | null;
  fps: number;
  dropFrame: boolean | null;
  startDate: Date | null;
  finishDate: Date | null;
  /** Its zone and broadcast day start (ms after local midnight): BXF times are local broadcast time (absent: UTC, 00:00). */
  timeZone?: string;
  broadcastDayStart?: number;
}

export async function scheduleHeadOf(executor: Executor, scheduleId: number): Promise<AsRunScheduleHead | null> {
  const row = await scheduleRowById(executor, scheduleId);
  if (!row) return null;
  return { id: row.id, name: row.name, channel: row.channel, fps: row.fps, dropFrame: row.dropFrame, startDate: row.startDate, finishDate: row.finishDate, timeZone: row.timeZone, broadcastDayStart: row.broadcastDayStart };
}
