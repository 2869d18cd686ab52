// replaceAsset (S33) and syncEventTitles (S38): set-based writes of catalog facts into events.
import { sql } from "drizzle-orm";
import type { AssetSummary } from "../assets/lookup.js";
import { queryRows, type Executor } from "../db/client.js";
import { scheduleTarget } from "../schedules/target.js";
import { loadTimings, originOf, retimeEvents, type TimingRow } from "../events/store.js";
import { rippleAfter, type Move } from "../schedules/timeline/index.js";
import { timeline } from "../events/timeline-errors.js";
import { eventAssetKey } from "./asset-keys.js";

export interface ReplacedEvent {
  id: number;
  onAirTime: number;
  oldDuration: number;
  duration: number;
  /** The event's mediaId before the replacement. */
  oldMediaId: string | null;
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
 * answers the replaced events in air order with their old and new durations.
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
        qc_status = coalesce(${replacement.qcStatus}, e.qc_status), version = e.version + 1
      from old where e.id = old.id
      returning e.id, e.on_air_time + ${originOf(scheduleId)} as t, old.duration as old_d, e.duration as d, old.media_id as m`,
  );
  return rows
    .map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), oldDuration: Number(r.old_d), duration: Number(r.d), oldMediaId: r.m }))
    .sort((a, b) => a.onAirTime - b.onAirTime || a.id - b.id);
}

/**
 * fillGaps: what follows each event that got shorter ripples up to the next locked event. One
 * ripple per segment between locked events (from its first shortened event, which covers the
 * others); the moves are written in one statement. Answers how many events moved.
 */
export async function fillGaps(executor: Executor, scheduleId: number, replaced: ReplacedEvent[]): Promise<number> {
  const shortened = replaced.filter((r) => r.duration < r.oldDuration);
  if (shortened.length === 0) return 0;
  // In air order (onAirTime, id), as the timeline module orders events.
  const timings: TimingRow[] = await loadTimings(executor, scheduleTarget(scheduleId));
  const index = new Map(timings.map((t, i) => [t.id, i]));
  // Each event's segment is named by the next locked event after it (-1: none, the end).
  const segmentById = new Map<number, number>();
  let nextLocked = -1;
  for (let i = timings.length - 1; i >= 0; i--) {
    segmentById.set(timings[i].id, nextLocked);
    if (timings[i].locked) nextLocked = timings[i].id;
  }
  const starts = new Map<number, number>();
  for (const s of shortened) {
    const segment = segmentById.get(s.id) ?? -1;
    if (!starts.has(segment)) starts.set(segment, s.id);
  }
  // Segments are independent (a ripple stops at its locked event), so each reads the loaded timeline.
  const moves: Move[] = [];
  for (const fromId of starts.values()) {
    const i = index.get(fromId)!;
    moves.push(...timeline(() => rippleAfter(timings, i + 1, timings[i].onAirTime + timings[i].duration, false)).moves);
  }
  await retimeEvents(executor, scheduleTarget(scheduleId), moves);
  return moves.length;
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
        where e.schedule_id = ${scheduleId} and e.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
          and a.title is not null and a.title is distinct from e.title
      ), u as (
        update events e set title = wanted.title, version = e.version + 1 from wanted where e.id = wanted.id returning 1
      )
      select count(*)::int as n from u`,
  );
  return Number(row.n);
}
