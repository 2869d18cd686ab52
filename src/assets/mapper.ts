import { asStored, ReadMap } from "../common/read-plan.js";
import type { AssetColumns } from "./rules.js";
import type { AssetRow } from "./tables.js";
import type { Asset } from "./types.js";

/**
 * The one place an asset row becomes its GraphQL shape, field by field with the columns each
 * reads (a page or lookup reads the columns of the fields selected: src/common/read-plan.ts).
 * Nested structures are answered as stored (jsonb); their instants are ISO strings, which the
 * DateTime scalar serializes.
 */
export const ASSET_READS = new ReadMap<AssetRow, Asset>(
  {
    id: { columns: ["id"], value: (row) => String(row.id) },
    assetId: asStored("assetId"),
    organization: asStored("organization"),
    mediaId: asStored("mediaId"),
    name: asStored("name"),
    assetSize: asStored("assetSize"),
    customFields: asStored("customFields"),
    dateApplied: asStored("dateApplied"),
    dateCreated: asStored("dateCreated"),
    dateUpdated: asStored("dateUpdated"),
    fileCount: asStored("fileCount"),
    fileData: asStored("fileData"),
    metadata: asStored("metadata"),
    qcInfo: asStored("qcInfo"),
    sourceAssetData: asStored("sourceAssetData"),
    storageType: asStored("storageType"),
    systemFields: asStored("systemFields"),
    tags: asStored("tags"),
    rights: asStored("rights"),
    advertiser: asStored("advertiser"),
    productCategory: asStored("productCategory"),
    version: asStored("version"),
  },
  ["id", "organization", "assetId"],
);

/** Every field of an asset (mutations answering what they wrote, loaders). */
export function toAsset(row: AssetRow): Asset {
  return ASSET_READS.toOutput(row, ASSET_READS.everything);
}

/** The writable columns of a stored row, to merge an input into (rules.ts). */
export function columnsOf(row: AssetRow): AssetColumns {
  return {
    mediaId: row.mediaId,
    name: row.name,
    storageType: row.storageType,
    qcStatus: row.qcStatus,
    durationMs: row.durationMs,
    title: row.title,
    assetSize: row.assetSize,
    fileCount: row.fileCount,
    customFields: row.customFields,
    fileData: row.fileData,
    metadata: row.metadata,
    qcInfo: row.qcInfo,
    sourceAssetData: row.sourceAssetData,
    systemFields: row.systemFields,
    tags: row.tags,
    dateApplied: row.dateApplied,
    rights: row.rights,
    advertiser: row.advertiser,
    productCategory: row.productCategory,
  };
}
