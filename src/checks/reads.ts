// Reading for the checks: the compact timing and asset key of every event (validation), the
// assets a schedule uses (S14) and its programmes (S32). Each is one statement.
import { sql } from "drizzle-orm";
import { findAssetsByKeys } from "../assets/index.js";
import { toAsset } from "../assets/index.js";
import type { AssetRow } from "../assets/tables.js";
import type { Asset } from "../assets/index.js";
import type { PageRequest } from "../common/paging.js";
import { queryRows, type Executor } from "../db/client.js";
import { eventRowOf, originOf } from "../schedules/index.js";
import type { EventStatus, EventType } from "../events/index.js";
import { toEvent } from "../events/index.js";
import type { Event } from "../events/index.js";
import { eventAssetKey, missingAssetCondition } from "../assets/index.js";
import type { ProgrammeEntry } from "./types.js";
import type { CatalogAsset, CheckedEvent } from "./validation-rules.js";

/** Every event's timing, type and asset key, in air order (absolute times). */
export async function loadCheckedEvents(executor: Executor, scheduleId: number): Promise<CheckedEvent[]> {
  const rows = await queryRows<{ id: number; t: number; d: number; l: boolean; y: string; k: string | null }>(
    executor,
    sql`select e.id, e.on_air_time + ${originOf(scheduleId)} as t, e.duration as d, e.locked as l, e.event_type as y, ${eventAssetKey()} as k
      from events e where e.schedule_id = ${scheduleId} order by e.on_air_time, e.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), duration: Number(r.d), locked: Boolean(r.l), eventType: r.y, assetKey: r.k ?? null }));
}

/** The catalog's answer for the keys the events carry (one statement). */
export async function catalogFor(executor: Executor, organization: string, events: CheckedEvent[]): Promise<Map<string, CatalogAsset>> {
  const keys = new Set<string>();
  for (const e of events) if (e.assetKey !== null) keys.add(e.assetKey);
  return findAssetsByKeys(executor, organization, keys);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * S14 for several schedules of one organization at once (the DataLoader's batch): the catalog
 * assets each schedule's events name (each key resolved as lookup.ts does: the asset with that
 * assetId, else the one with that mediaId and the smallest assetId), whose name holds `name`
 * (case-insensitive), ordered by name then assetId. One statement.
 */
export async function schedulesAssets(executor: Executor, scheduleIds: number[], organization: string, name: string): Promise<Map<number, Asset[]>> {
  const rows = await queryRows<Record<string, unknown>>(
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
    version: Number(r.version),
    dateApplied: date(r.date_applied),
    dateCreated: date(r.date_created)!,
    dateUpdated: date(r.date_updated)!,
    createdBy: (r.created_by as string | null) ?? null,
  };
}

/**
 * S32: PRIMARY events grouped into programmes as the XMLTV export does (API.md): consecutive
 * PRIMARY events (non-PRIMARY ones between them do not count) sharing a programme title, else a
 * mediaId, else a title, are the parts of one programme. Grouped in SQL so that only the
 * programmes travel; the first part gives title, description and startTime.
 */
export async function programmes(executor: Executor, scheduleId: number, page: PageRequest): Promise<{ entries: ProgrammeEntry[]; total: number }> {
  const grouped = sql`with p as (
        select e.id, e.on_air_time, e.duration, coalesce(e.programme_title, e.media_id, e.title) as k,
          lag(coalesce(e.programme_title, e.media_id, e.title)) over w as prev_k, row_number() over w as n
        from events e where e.schedule_id = ${scheduleId} and e.event_type = 'PRIMARY'
        window w as (order by e.on_air_time, e.id)
      ), g as (
        select id, on_air_time, duration, sum(case when n = 1 or k is null or prev_k is null or k <> prev_k then 1 else 0 end) over (order by on_air_time, id) as grp from p
      ), programmes as (
        select grp, array_agg(id order by on_air_time, id) as ids, min(on_air_time) as start, max(on_air_time + duration) as finish from g group by grp
      )`;
  // count(*) over () is taken before the limit: the page and the total in one statement.
  const rows = await queryRows<{ ids: number[] | string; start: number; finish: number; title: string | null; description: string | null; start_time: string | null; total: number | string }>(
    executor,
    sql`${grouped}
      select pr.ids, pr.start + ${originOf(scheduleId)} as start, pr.finish + ${originOf(scheduleId)} as finish,
        coalesce(f.data->'programme'->>'title', f.title) as title, f.data->'programme'->>'description' as description, f.data->'programme'->>'startTime' as start_time,
        count(*) over () as total
      from programmes pr join events f on f.id = pr.ids[1]
      order by pr.grp limit ${page.size} offset ${page.page * page.size}`,
  );
  // A page past the end has no row to carry the total.
  const total = rows.length
    ? Number(rows[0].total)
    : page.page === 0
      ? 0
      : Number((await queryRows<{ n: number | string }>(executor, sql`${grouped} select count(*) as n from programmes`))[0]?.n ?? 0);
  const entries = rows.map((r) => {
    const ids = Array.isArray(r.ids) ? r.ids.map(String) : String(r.ids).replace(/[{}]/g, "").split(",").filter(Boolean);
    const start = Number(r.start);
    const given = r.start_time ? new Date(r.start_time) : null;
    return {
      title: r.title,
      description: r.description,
      duration: Number(r.finish) - start,
      eventOnAirTime: new Date(start),
      startTime: given && Number.isFinite(given.getTime()) ? given : new Date(start),
      eventIds: ids,
    };
  });
  return { entries, total };
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
  const rows = await queryRows<Record<string, unknown>>(
    executor,
    sql`select e.id, e.schedule_id as "scheduleId", e.organization, e.on_air_time + ${originOf(scheduleId)} as "onAirTime", e.duration, e.event_type as "eventType",
        e.title, e.locked, e.media_id as "mediaId", e.asset_id as "assetId", e.status, e.version, ${columnsOnly ? sql`null` : sql`e.data`} as data,
        e.qc_status as "qcStatus", e.programme_title as "programmeTitle"
      from events e where e.schedule_id = ${scheduleId} and e.id = any(${`{${ids.join(",")}}`}::bigint[])`,
  );
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

/** EventsSummary.missingAssetsEvents: how many events name a missing asset, and on which pages of `size`. */
export async function missingAssetPages(executor: Executor, scheduleId: number, size: number): Promise<{ total: number; pages: number[] }> {
  const [row] = await queryRows<{ total: number; pages: number[] | string | null }>(
    executor,
    sql`select count(*)::int as total, array_agg(distinct page) as pages from (
        select (row_number() over (order by e.on_air_time, e.id) - 1) / ${size} as page, ${missingAssetCondition()} as missing
        from events e where e.schedule_id = ${scheduleId}) t
      where missing`,
  );
  const pages = row.pages === null ? [] : Array.isArray(row.pages) ? row.pages.map(Number) : row.pages.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return { total: Number(row.total), pages: pages.sort((a, b) => a - b) };
}
