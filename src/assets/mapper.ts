import type { AssetColumns } from "./rules.js";
import type { AssetRow } from "./tables.js";
import type { AssetFile } from "./file-types.js";
import type { Asset, AssetMetadata, RightsWindow, AssetQc, AssetSourceData, AssetTag, SystemFields } from "./types.js";
import type { StorageType } from "./enums.js";

/**
 * The one place an asset row becomes its GraphQL shape. Nested structures are answered as stored
 * (jsonb); their instants are ISO strings, which the DateTime scalar serializes.
 */
export function toAsset(row: AssetRow): Asset {
  return {
    id: String(row.id),
    assetId: row.assetId,
    organization: row.organization,
    mediaId: row.mediaId,
    name: row.name,
    assetSize: row.assetSize,
    customFields: row.customFields,
    dateApplied: row.dateApplied,
    dateCreated: row.dateCreated,
    dateUpdated: row.dateUpdated,
    fileCount: row.fileCount,
    fileData: row.fileData as AssetFile[] | null,
    metadata: row.metadata as AssetMetadata | null,
    qcInfo: row.qcInfo as AssetQc | null,
    sourceAssetData: row.sourceAssetData as AssetSourceData | null,
    storageType: row.storageType as StorageType | null,
    systemFields: row.systemFields as SystemFields | null,
    tags: row.tags as AssetTag[] | null,
    rights: row.rights as RightsWindow[],
    advertiser: row.advertiser,
    productCategory: row.productCategory,
    version: row.version,
  };
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
