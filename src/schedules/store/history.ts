// The current schedule row and events that history rewinds from (src/history/: atVersion, scheduleDiff,
// revertSchedule), as rows by column names (to_jsonb of the row). Each is one statement.
import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.js";

/** A row of `events` by SQL column names (src/history/rewind.ts's Columns). */
type Columns = Record<string, unknown>;

const parsed = (value: unknown): any => (typeof value === "string" ? JSON.parse(value) : value);

/** The schedule's row now, by column names. */
export async function scheduleColumns(executor: Executor, scheduleId: number): Promise<Columns> {
  const [row] = await queryRows<{ row: unknown }>(executor, sql`select to_jsonb(s) as row from schedules s where s.id = ${scheduleId}`);
  return parsed(row.row);
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

/** The ids of a schedule's live events, as a subquery (history's changedEvents names them all after a change every event is read through). */
export const liveEventIds = (scheduleId: number): SQL => sql`select e.id from events e where e.schedule_id = ${scheduleId}`;
