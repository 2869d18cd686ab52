// What the generation job reads and writes through this slice: a template with its collections
// and their assets as the pure planner takes them (plan-types.ts), and the positions sequential
// slots reached in a schedule. The job brings its own executor (its transaction) and caller.
import { findAssetsByKeys, type AssetSummary } from "../assets/index.js";
import { collectionRows } from "../collections/index.js";
import type { Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import type { Executor } from "../db/client.js";
import { slotId } from "./mapper.js";
import type { CatalogItem, CollectionKind, PlanCollection, PlanSlot, PlanTemplate } from "./plan-types.js";
import type { StoredSlot } from "./rules.js";
import { slotPositionsBefore, upsertSlotPositions, findTemplateRow } from "./store.js";
import { templateLookup, templateNotFound } from "./service.js";

export interface PlanningInputs {
  templateId: string;
  /** The template's version read (the job can tell a template changed since). */
  version: number;
  name: string;
  template: PlanTemplate;
  /** Every collection a slot names (collection, break or filler), by id, items in position order. */
  collections: Map<string, PlanCollection>;
}

/** A catalog item of a media id: its asset's duration (metadata.durationInMilliseconds), title and traffic fields (rights, advertiser, category), or nulls when no asset has it. */
function catalogItem(mediaId: string, asset: AssetSummary | undefined): CatalogItem {
  if (!asset) return { mediaId, durationMs: null, title: null };
  return {
    mediaId,
    durationMs: asset.durationMs ?? null,
    title: asset.title ?? asset.name,
    assetId: asset.assetId,
    rights: asset.rights,
    advertiser: asset.advertiser,
    productCategory: asset.productCategory,
  };
}

function planSlot(slot: StoredSlot, templateId: number, index: number, assets: Map<string, AssetSummary>): PlanSlot {
  return {
    id: slotId(templateId, index),
    days: [...slot.days],
    startMs: slot.startMs,
    anchor: slot.anchor,
    source: slot.source,
    title: slot.title,
    eventType: slot.eventType,
    asset: slot.source === "ASSET" && slot.mediaId !== null && assets.has(slot.mediaId) ? catalogItem(slot.mediaId, assets.get(slot.mediaId)) : null,
    mediaId: slot.mediaId,
    collectionId: slot.collectionId,
    order: slot.order,
    items: slot.items,
    durationMs: slot.durationMs,
    breakCollectionId: slot.breakCollectionId,
    breakMs: slot.breakMs,
    fillerCollectionId: slot.fillerCollectionId,
    overrun: slot.overrun,
  };
}

/**
 * The template `templateId` of the caller's organization (NOT_FOUND otherwise, as every lookup by
 * id) as the planner takes it: slots with startMs, ASSET slots' asset resolved (null when the
 * catalog has none), and every collection its slots name with its items as catalog items, in
 * position order. Three statements: the template, its collections, the assets of them all.
 */
export async function planningInputs(executor: Executor, viewer: Viewer, templateId: string, organization?: string | null): Promise<PlanningInputs> {
  const { templateId: id, org } = templateLookup(viewer, templateId, organization);
  const row = await findTemplateRow(executor, org, id);
  if (!row) throw templateNotFound(id);
  const collectionIds = new Set<number>();
  for (const slot of row.slots) {
    for (const ref of [slot.collectionId, slot.breakCollectionId, slot.fillerCollectionId]) if (ref !== null) collectionIds.add(Number(ref));
  }
  const collections = await collectionRows(executor, org, [...collectionIds]);
  const keys = new Set<string>();
  for (const slot of row.slots) if (slot.source === "ASSET" && slot.mediaId !== null) keys.add(slot.mediaId);
  for (const c of collections) for (const mediaId of c.mediaIds) keys.add(mediaId);
  const assets = await findAssetsByKeys(executor, org, keys);
  return {
    templateId: String(row.id),
    version: row.version,
    name: row.name,
    template: { zone: row.timeZone, dayStartMs: row.broadcastDayStart, slots: row.slots.map((slot, i) => planSlot(slot, row.id, i, assets)) },
    collections: new Map(
      collections.map((c) => [
        String(c.id),
        { id: String(c.id), name: c.name, kind: c.kind as CollectionKind, items: c.mediaIds.map((mediaId) => catalogItem(mediaId, assets.get(mediaId))) },
      ]),
    ),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function checkDate(date: string, argument: string): void {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw badInput(`${argument} must be a date YYYY-MM-DD; got ${JSON.stringify(String(date).slice(0, 40))}`, { argument });
  }
}

/**
 * Per slot key, the position a sequential slot continues from on broadcast date `from`: that of
 * its row with the greatest broadcast date on or before `from`. Keys without one are absent.
 */
export async function readSlotPositions(executor: Executor, scheduleId: number, slotKeys: string[], from: string): Promise<Map<string, number>> {
  checkDate(from, "from");
  return slotPositionsBefore(executor, scheduleId, [...new Set(slotKeys)], from);
}

/** The positions each slot key reached at the end of broadcast date `date` in the schedule, inserted or replaced. */
export async function writeSlotPositions(executor: Executor, organization: string, scheduleId: number, date: string, positions: Map<string, number>): Promise<void> {
  checkDate(date, "date");
  for (const [key, position] of positions) {
    if (!Number.isInteger(position) || position < 0 || position > 2_147_483_647) throw badInput(`the position of ${key} must be a whole number from 0; got ${position}`, { argument: "positions" });
  }
  await upsertSlotPositions(executor, organization, scheduleId, date, positions);
}
