// Look-ups of single events by time (each one statement, an index scan): the event on air at an
// instant and its neighbours, for evaluateParameters (S35, src/checks/).
import { sql } from "drizzle-orm";
import { eventAssetKey } from "../../assets/index.js";
import { queryRows, type Executor } from "../../db/client.js";
import { originOf } from "./rows.js";

/** A raw row: id, t (absolute start), d, y (type), title, m (mediaId), h (houseId), k (asset key), r (stored start). */
export type AroundRow = Record<string, unknown>;

/**
 * The event on air at `at` (the latest-starting one), and the events just before and after it
 * (without one on air: the last starting at or before `at`, the first after it). Three statements.
 */
export async function eventRowsAround(executor: Executor, scheduleId: number, at: number): Promise<{ current: AroundRow | null; previous: AroundRow | null; next: AroundRow | null }> {
  const columns = sql`e.id, e.on_air_time + ${originOf(scheduleId)} as t, e.duration as d, e.event_type as y, e.title, e.media_id as m, e.data->>'houseId' as h, ${eventAssetKey()} as k, e.on_air_time as r`;
  const rel = sql`(${at}::bigint - ${originOf(scheduleId)})`;
  const one = async (condition: ReturnType<typeof sql>, order: ReturnType<typeof sql>) => {
    const [row] = await queryRows<Record<string, unknown>>(executor, sql`select ${columns} from events e where e.schedule_id = ${scheduleId} and ${condition} order by ${order} limit 1`);
    return row ?? null;
  };
  const current = await one(
    sql`e.on_air_time <= ${rel} and e.on_air_time + e.duration > ${rel} and e.on_air_time >= ${rel} - (select max_event_duration from schedules where id = ${scheduleId})`,
    sql`e.on_air_time desc, e.id desc`,
  );
  const previous = current
    ? await one(sql`(e.on_air_time, e.id) < (${Number(current.r)}::bigint, ${Number(current.id)}::bigint)`, sql`e.on_air_time desc, e.id desc`)
    : await one(sql`e.on_air_time <= ${rel}`, sql`e.on_air_time desc, e.id desc`);
  const next = current
    ? await one(sql`(e.on_air_time, e.id) > (${Number(current.r)}::bigint, ${Number(current.id)}::bigint)`, sql`e.on_air_time, e.id`)
    : await one(sql`e.on_air_time > ${rel}`, sql`e.on_air_time, e.id`);
  return { current, previous, next };
}
