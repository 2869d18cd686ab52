// The statements of the rights checks (docs/CHECKS.md "Rights and separation"): the channels of an
// organization's schedules, and the runs of some assets on one channel over the organization's
// other schedules. Each is one statement.
import { sql } from "drizzle-orm";
import { eventAssetKey } from "../../assets/index.js";
import { queryRows, type Executor } from "../../db/client.js";

/** Which of `channels` are the channel of some visible schedule of the organization (archived ones included). */
export async function knownChannels(executor: Executor, organization: string, channels: string[]): Promise<Set<string>> {
  if (channels.length === 0) return new Set();
  const rows = await queryRows<{ channel: string }>(
    executor,
    sql`select distinct s.channel from schedules s
      where s.organization = ${organization} and s.visibility = 'VISIBLE' and s.channel in (select jsonb_array_elements_text(${JSON.stringify(channels)}::jsonb))`,
  );
  return new Set(rows.map((r) => r.channel));
}

/** A run of an asset on a channel: an event of another schedule, its absolute start and its asset key. */
export interface ChannelRun {
  id: number;
  scheduleId: number;
  onAirTime: number;
  assetKey: string;
}

/**
 * The events of the organization's other visible schedules on `channel` (not `exceptScheduleId`)
 * whose asset key is one of `keys`, with absolute starts, in air order. The `events` table only:
 * change-set drafts are not runs.
 */
export async function channelRuns(executor: Executor, organization: string, channel: string, exceptScheduleId: number, keys: string[]): Promise<ChannelRun[]> {
  if (keys.length === 0) return [];
  const rows = await queryRows<{ id: number; s: number; t: number; k: string }>(
    executor,
    sql`select e.id, e.schedule_id as s, e.on_air_time + s.time_origin as t, ${eventAssetKey()} as k
      from schedules s join events e on e.schedule_id = s.id
      where s.organization = ${organization} and s.visibility = 'VISIBLE' and s.channel = ${channel} and s.id <> ${exceptScheduleId}
        and ${eventAssetKey()} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
      order by t, e.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), scheduleId: Number(r.s), onAirTime: Number(r.t), assetKey: r.k }));
}
