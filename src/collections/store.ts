// Every statement on asset_collections. The caller has scoped the organization to the viewer;
// every statement filters on it.
import { and, asc, eq, sql } from "drizzle-orm";
import { anyOfIds } from "../db/any-of.js";
import type { Executor } from "../db/client.js";
import type { PageRequest } from "../common/paging.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, plannedRows, when } from "../db/planned-select.js";
import type { CollectionValues } from "./rules.js";
import { assetCollections, type AssetCollectionRow } from "./tables.js";

export async function insertCollection(executor: Executor, organization: string, values: CollectionValues, userId: string): Promise<AssetCollectionRow> {
  const [row] = await executor
    .insert(assetCollections)
    .values({ organization, name: values.name, kind: values.kind, mediaIds: values.mediaIds, createdBy: userId })
    .returning();
  return row;
}

/** One collection of the organization, or undefined; `lock`: held until the transaction ends; `plan`: only its columns. */
export async function findCollectionRow(executor: Executor, organization: string, id: number, lock?: "update", plan?: ReadPlan<AssetCollectionRow>): Promise<AssetCollectionRow | undefined> {
  if (!lock) return (await plannedRows(executor, assetCollections, plan ?? null, [when("id", id, (p) => eq(assetCollections.id, p)), when("organization", organization, (p) => eq(assetCollections.organization, p))], { byKey: true }))[0];
  const [row] = await executor.select().from(assetCollections).where(and(eq(assetCollections.id, id), eq(assetCollections.organization, organization))).for(lock);
  return row;
}

export async function updateCollectionRow(executor: Executor, id: number, values: CollectionValues): Promise<AssetCollectionRow> {
  const [row] = await executor
    .update(assetCollections)
    .set({ name: values.name, kind: values.kind, mediaIds: values.mediaIds, version: sql`${assetCollections.version} + 1`, dateUpdated: sql`now()` })
    .where(eq(assetCollections.id, id))
    .returning();
  return row;
}

export async function deleteCollectionRow(executor: Executor, id: number): Promise<void> {
  await executor.delete(assetCollections).where(eq(assetCollections.id, id));
}

/** A page of the organization's collections by id (the plan's columns), and how many it has when `withTotal`. */
export function collectionPage(executor: Executor, organization: string, request: PageRequest, plan: ReadPlan<AssetCollectionRow>, withTotal: boolean): Promise<{ rows: AssetCollectionRow[]; total: number }> {
  return plannedPage(executor, assetCollections, plan, [when("organization", organization, (p) => eq(assetCollections.organization, p))], { key: "id", by: () => [asc(assetCollections.id)], indexed: true }, request, withTotal);
}

/** What a template needs to know of the collections its slots name: kind and name, without the items. */
export interface CollectionHeader {
  id: number;
  name: string;
  kind: string;
}

/**
 * The organization's collections among `ids` (name and kind), each held with a share lock until
 * the transaction ends: a template that names them commits before any of them can be deleted
 * (deleteAssetCollection locks the row for update, then looks for templates that use it).
 */
export async function shareCollections(executor: Executor, organization: string, ids: readonly number[]): Promise<CollectionHeader[]> {
  if (ids.length === 0) return [];
  return executor
    .select({ id: assetCollections.id, name: assetCollections.name, kind: assetCollections.kind })
    .from(assetCollections)
    .where(and(eq(assetCollections.organization, organization), anyOfIds(assetCollections.id, ids)))
    .orderBy(asc(assetCollections.id))
    .for("share");
}

/** The organization's collections among `ids`, whole (one statement). */
export async function collectionRows(executor: Executor, organization: string, ids: readonly number[]): Promise<AssetCollectionRow[]> {
  if (ids.length === 0) return [];
  return executor
    .select()
    .from(assetCollections)
    .where(and(eq(assetCollections.organization, organization), anyOfIds(assetCollections.id, ids)))
    .orderBy(asc(assetCollections.id));
}
