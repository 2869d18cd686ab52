// Reading for the checks: the catalog answer for the events' asset keys, the assets a schedule
// uses (S14) and the events of validation's breaks, as GraphQL shapes. Their statements on the
// events are the store's (src/schedules/store/validation.ts, catalog.ts).
import { findAssetsByKeys } from "../assets/index.js";
import { toAsset } from "../assets/index.js";
import type { AssetRow } from "../assets/index.js";
import type { Asset } from "../assets/index.js";
import type { Executor } from "../db/client.js";
import { assetRowsUsed, eventRowOf, eventRowsById } from "../schedules/index.js";
import type { EventStatus, EventType } from "../events/index.js";
import { toEvent } from "../events/index.js";
import type { Event } from "../events/index.js";
import type { CatalogAsset, CheckedEvent } from "./validation-rules.js";

/** The catalog's answer for the keys the events carry (one statement). */
export async function catalogFor(executor: Executor, organization: string, events: CheckedEvent[]): Promise<Map<string, CatalogAsset>> {
  const keys = new Set<string>();
  for (const e of events) if (e.assetKey !== null) keys.add(e.assetKey);
  return findAssetsByKeys(executor, organization, keys);
}

/**
 * S14 for several schedules of one organization at once (the DataLoader's batch): the catalog
 * assets each schedule's events name (each key resolved as lookup.ts does: the asset with that
 * assetId, else the one with that mediaId and the smallest assetId), whose name holds `name`
 * (case-insensitive), ordered by name then assetId. One statement.
 */
export async function schedulesAssets(executor: Executor, scheduleIds: number[], organization: string, name: string): Promise<Map<number, Asset[]>> {
  const rows = await assetRowsUsed(executor, scheduleIds, organization, name);
  const out = new Map<number, Asset[]>(scheduleIds.map((id) => [id, []]));
  for (const r of rows) out.get(Number(r.forSchedule))?.push(toAsset(assetRowOf(r)));
  return out;
}

/** A raw `select a.*` row as AssetRow (snake_case columns). */
function assetRowOf(r: Record<string, unknown>): AssetRow {
  const json = <T>(v: unknown) => (typeof v === "string" ? (JSON.parse(v) as T) : (v as T));
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(r.id),
    organization: r.organization as string,
    assetId: r.asset_id as string,
    mediaId: (r.media_id as string | null) ?? null,
    name: (r.name as string | null) ?? null,
    storageType: (r.storage_type as string | null) ?? null,
    qcStatus: (r.qc_status as string | null) ?? null,
    durationMs: num(r.duration_ms),
    title: (r.title as string | null) ?? null,
    assetSize: num(r.asset_size),
    fileCount: num(r.file_count),
    customFields: json(r.custom_fields),
    fileData: json(r.file_data),
    metadata: json(r.metadata),
    qcInfo: json(r.qc_info),
    sourceAssetData: json(r.source_asset_data),
    systemFields: json(r.system_fields),
    tags: json(r.tags),
    rights: json(r.rights) ?? [],
    advertiser: (r.advertiser as string | null) ?? null,
    productCategory: (r.product_category as string | null) ?? null,
    version: Number(r.version),
    dateApplied: date(r.date_applied),
    dateCreated: date(r.date_created)!,
    dateUpdated: date(r.date_updated)!,
    createdBy: (r.created_by as string | null) ?? null,
  };
}

/** Event fields answered from columns alone: a query asking only these needs no `data` document. */
export const COLUMN_EVENT_FIELDS: ReadonlySet<string> = new Set([
  "__typename", "id", "scheduleId", "onAirTime", "duration", "eventType", "title", "locked", "mediaId", "status", "version", "asset",
]);

/**
 * Events by id (validation's breaks), as Event objects. With `columnsOnly`, the `data` document
 * stays in the database (a break list of a 100,000-event schedule holds most of its events) and
 * the objects carry the column fields only, plus assetData.assetId (from its column) for
 * Event.asset; otherwise they are whole (toEvent).
 */
export async function loadEventsForList(executor: Executor, scheduleId: number, ids: number[], columnsOnly: boolean): Promise<Event[]> {
  if (ids.length === 0) return [];
  const rows = await eventRowsById(executor, scheduleId, ids, columnsOnly);
  if (!columnsOnly) return rows.map((r) => toEvent(eventRowOf(r)));
  return rows.map((r) => ({
    id: String(r.id),
    scheduleId: String(scheduleId),
    organization: r.organization as string,
    onAirTime: new Date(Number(r.onAirTime)),
    duration: Number(r.duration),
    eventType: r.eventType as EventType,
    title: (r.title as string | null) ?? null,
    locked: Boolean(r.locked),
    mediaId: (r.mediaId as string | null) ?? null,
    status: (r.status as EventStatus | null) ?? null,
    version: Number(r.version),
    assetData: r.assetId ? { assetId: r.assetId as string } : null,
  }));
}

