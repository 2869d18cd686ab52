// Reads of the checks before air (src/checks/): the compact timing and asset key of every event
// (validation) and the events of its breaks by id. Each is one statement.
import { sql } from "drizzle-orm";
import { eventAssetKey } from "../../assets/index.js";
import { queryRows, type Executor } from "../../db/client.js";
import type { EventTarget } from "../target.js";
import { originOf } from "./rows.js";
import { sqlOf } from "./target-sql.js";

/** What validation knows of an event: its timing, type, lock and asset key. */
export interface CheckedEventRow {
  id: number;
  onAirTime: number;
  duration: number;
  locked: boolean;
  eventType: string;
  /** assetData.assetId, else mediaId; null when the event names no asset. */
  assetKey: string | null;
}

/** Every event's timing, type and asset key, in air order (absolute times): the schedule's, or a draft's. */
export async function loadCheckedEvents(executor: Executor, target: EventTarget): Promise<CheckedEventRow[]> {
  const t = sqlOf(target);
  const rows = await queryRows<{ id: number; t: number; d: number; l: boolean; y: string; k: string | null }>(
    executor,
    sql`select e.id, e.on_air_time + ${originOf(target.scheduleId)} as t, e.duration as d, e.locked as l, e.event_type as y, ${eventAssetKey()} as k
      from ${t.table} e where e.${t.key} = ${t.id} order by e.on_air_time, e.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), duration: Number(r.d), locked: Boolean(r.l), eventType: r.y, assetKey: r.k ?? null }));
}

/**
 * Events by id, as raw rows under EventRow's property names with an absolute onAirTime; with
 * `columnsOnly` the `data` document stays in the database (null).
 */
export function eventRowsById(executor: Executor, scheduleId: number, ids: number[], columnsOnly: boolean): Promise<Record<string, unknown>[]> {
  return queryRows<Record<string, unknown>>(
    executor,
    sql`select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ${originOf(scheduleId)} as "onAirTime", e.duration, e.event_type as "eventType",
        e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, ${columnsOnly ? sql`null` : sql`e.data`} as data,
        e.qc_status as "qcStatus", e.programme_title as "programmeTitle"
      from events e where e.schedule_id = ${scheduleId} and e.id = any(${`{${ids.join(",")}}`}::bigint[])`,
  );
}
