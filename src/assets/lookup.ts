// Finding catalog assets by the keys events carry: an assetId, or else a mediaId. For other slices
// (Event.asset, schedule validation): one SQL statement whatever the number of keys. The caller
// has already scoped `organization` to the viewer.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { assets, type AssetRow, type StoredRightsWindow } from "./tables.js";

/** What set-based schedule checks need of an asset (missing, archived, failed QC, duration). */
export interface AssetSummary {
  assetId: string;
  mediaId: string | null;
  name: string | null;
  title: string | null;
  storageType: string | null;
  qcStatus: string | null;
  durationMs: number | null;
  version: number;
  rights: StoredRightsWindow[];
  advertiser: string | null;
  productCategory: string | null;
}

const SUMMARY_COLUMNS = {
  assetId: assets.assetId,
  mediaId: assets.mediaId,
  name: assets.name,
  title: assets.title,
  storageType: assets.storageType,
  qcStatus: assets.qcStatus,
  durationMs: assets.durationMs,
  version: assets.version,
  rights: assets.rights,
  advertiser: assets.advertiser,
  productCategory: assets.productCategory,
};

/**
 * Assets of `organization` named by `keys`, as a map from each key that names one to its asset.
 * A key that is some asset's assetId names that asset; otherwise it names the asset with that
 * mediaId (the smallest assetId when several share it). Keys naming nothing are absent.
 */
export async function findAssetsByKeys(executor: Executor, organization: string, keys: Iterable<string>): Promise<Map<string, AssetSummary>> {
  const wanted = [...new Set(keys)].filter((k) => k !== "");
  if (wanted.length === 0) return new Map();
  const rows = await executor.select(SUMMARY_COLUMNS).from(assets).where(matchingKeys(organization, wanted));
  return resolveKeys(rows, wanted);
}

/** As findAssetsByKeys, with whole rows (for answering Asset). */
export async function findAssetRowsByKeys(executor: Executor, organization: string, keys: Iterable<string>): Promise<Map<string, AssetRow>> {
  const wanted = [...new Set(keys)].filter((k) => k !== "");
  if (wanted.length === 0) return new Map();
  const rows = await executor.select().from(assets).where(matchingKeys(organization, wanted));
  return resolveKeys(rows, wanted);
}

/**
 * Rows whose assetId or mediaId is one of the keys. The keys travel as one jsonb parameter, so
 * the statement and its parameter count stay the same whatever their number; each side of the
 * union uses its (organization, key) index.
 */
function matchingKeys(organization: string, keys: string[]) {
  const list = JSON.stringify(keys);
  return and(
    eq(assets.organization, organization),
    sql`${assets.id} in (
      select a.id from assets a join jsonb_array_elements_text(${list}::jsonb) as k(key) on a.asset_id = k.key where a.organization = ${organization}
      union
      select a.id from assets a join jsonb_array_elements_text(${list}::jsonb) as k(key) on a.media_id = k.key where a.organization = ${organization})`,
  );
}

/** Pure: which row each key names (assetId first, else mediaId, smallest assetId on ties). */
export function resolveKeys<T extends { assetId: string; mediaId: string | null }>(rows: T[], keys: string[]): Map<string, T> {
  const byAssetId = new Map<string, T>();
  const byMediaId = new Map<string, T>();
  for (const row of [...rows].sort((a, b) => (a.assetId < b.assetId ? -1 : a.assetId > b.assetId ? 1 : 0))) {
    byAssetId.set(row.assetId, row);
    if (row.mediaId !== null && !byMediaId.has(row.mediaId)) byMediaId.set(row.mediaId, row);
  }
  const found = new Map<string, T>();
  for (const key of keys) {
    const row = byAssetId.get(key) ?? byMediaId.get(key);
    if (row) found.set(key, row);
  }
  return found;
}
