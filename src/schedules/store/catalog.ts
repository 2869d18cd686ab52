// replaceAsset (S33) and syncEventTitles (S38): set-based writes of catalog facts into events;
// and the catalog assets schedules' events use (S14).
import { sql } from "drizzle-orm";
import type { AssetSummary } from "../../assets/index.js";
import { queryRows, type Executor } from "../../db/client.js";
import { anyOfIds } from "../../db/any-of.js";
import { eventAssetKey } from "../../assets/index.js";
import type { EventValues } from "./tables.js";
import { originOf } from "./rows.js";

export interface ReplacedEvent {
  id: number;
  onAirTime: number;
  oldDuration: number;
  duration: number;
  /** The event's mediaId before the replacement. */
  oldMediaId: string | null;
}

/** The values of an event that now plays `asset` (bulkEditEvents' replacement): as replaceInEvents writes them. */
export function replacedValues(values: EventValues, asset: AssetSummary): EventValues {
  const old = values.data.assetData;
  const assetData = { ...(old && typeof old === "object" && !Array.isArray(old) ? old : {}), ...assetDataOf(asset) };
  return {
    ...values,
    assetId: asset.assetId,
    mediaId: asset.mediaId ?? asset.assetId,
    duration: asset.durationMs ?? values.duration,
    data: { ...values.data, assetData },
  };
}

/** The assetData members an event takes from its new catalog asset (the others stay). */
function assetDataOf(asset: AssetSummary & { firstFrameTime?: number | null }): Record<string, unknown> {
  const data: Record<string, unknown> = { assetId: asset.assetId, title: asset.title ?? asset.name, assetVersion: asset.version };
  if (asset.durationMs !== null) data.durationInMilliseconds = asset.durationMs;
  if (asset.qcStatus !== null) data.assetQCStatus = asset.qcStatus;
  return data;
}

/**
 * Puts `replacement` into every event of the schedule whose asset key is one of `keys`: asset id,
 * mediaId, assetData (merged) and, when the asset's duration is known, its duration. One statement;
 * answers the replaced events in air order with their old and new durations. The events are
 * found by one pass over the schedule (no index holds their asset); the rewrite then probes them
 * by id (`any(array(…))`: joined, the planner hashed the schedule's events a second time).
 */
export async function replaceInEvents(executor: Executor, scheduleId: number, keys: string[], replacement: AssetSummary): Promise<ReplacedEvent[]> {
  const assetData = assetDataOf(replacement);
  const rows = await queryRows<{ id: number; t: number; old_d: number; d: number; m: string | null }>(
    executor,
    sql`with old as (
        select e.id, e.duration, e.media_id from events e
        where e.schedule_id = ${scheduleId} and ${eventAssetKey()} in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
        for update
      )
      update events e set asset_id = ${replacement.assetId}, media_id = ${replacement.mediaId ?? replacement.assetId},
        duration = coalesce(${replacement.durationMs}::bigint, e.duration),
        data = jsonb_set(e.data, '{assetData}', coalesce(case when jsonb_typeof(e.data->'assetData') = 'object' then e.data->'assetData' end, '{}'::jsonb) || ${JSON.stringify(assetData)}::jsonb),
        version = e.version + 1
      from old where e.id = old.id and e.id = any(array(select id from old))
      returning e.id, e.on_air_time + ${originOf(scheduleId)} as t, old.duration as old_d, e.duration as d, old.media_id as m`,
  );
  return rows
    .map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), oldDuration: Number(r.old_d), duration: Number(r.d), oldMediaId: r.m }))
    .sort((a, b) => a.onAirTime - b.onAirTime || a.id - b.id);
}

/**
 * S38: each named event takes the title (systemFields.title) of the catalog asset its key names
 * (assetId first, else mediaId with the smallest assetId). Events whose asset is missing or has no
 * title keep theirs. One statement; answers how many titles changed.
 */
export async function syncTitles(executor: Executor, scheduleId: number, organization: string, ids: number[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`with wanted as (
        select e.id, a.title from events e
        cross join lateral (
          select a.title from assets a where a.organization = ${organization} and (a.asset_id = ${eventAssetKey()} or a.media_id = ${eventAssetKey()})
          order by (a.asset_id = ${eventAssetKey()}) desc, a.asset_id limit 1) a
        where e.schedule_id = ${scheduleId} and ${anyOfIds(sql`e.id`, ids)}
          and a.title is not null and a.title is distinct from e.title
      ), u as (
        update events e set title = wanted.title, version = e.version + 1 from wanted where e.id = wanted.id returning 1
      )
      select count(*)::int as n from u`,
  );
  return Number(row.n);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The catalog assets the events of several schedules of one organization name (each key resolved
 * as src/assets/lookup.ts does: the asset with that assetId, else the one with that mediaId and
 * the smallest assetId), whose name holds `name` (case-insensitive), ordered by name then
 * assetId: raw `a.*` rows, each with the schedule it answers for (`forSchedule`). One statement.
 */
export function assetRowsUsed(executor: Executor, scheduleIds: number[], organization: string, name: string): Promise<Record<string, unknown>[]> {
  return queryRows<Record<string, unknown>>(
    executor,
    sql`with keys as (
        select distinct e.schedule_id, ${eventAssetKey()} as k from events e
        where e.schedule_id = any(${`{${scheduleIds.join(",")}}`}::bigint[]) and e.organization = ${organization}
      ), named as (
        select distinct keys.schedule_id, coalesce(
          (select a.id from assets a where a.organization = ${organization} and a.asset_id = keys.k),
          (select a.id from assets a where a.organization = ${organization} and a.media_id = keys.k order by a.asset_id limit 1)) as id
        from keys where keys.k is not null
      )
      select named.schedule_id as "forSchedule", a.* from named join assets a on a.id = named.id
      where coalesce(a.name, '') ilike ${`%${escapeLike(name.trim())}%`}
      order by named.schedule_id, lower(a.name), a.asset_id`,
  );
}
