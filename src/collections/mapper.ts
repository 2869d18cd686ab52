// Rows → GraphQL shapes (the only place that maps).
import type { AssetCollectionRow } from "./tables.js";
import type { AssetCollection, CollectionKind } from "./types.js";

export function toAssetCollection(row: AssetCollectionRow): AssetCollection {
  return {
    id: String(row.id),
    name: row.name,
    kind: row.kind as CollectionKind,
    items: row.mediaIds.map((mediaId, position) => ({ position, mediaId, organization: row.organization })),
    version: row.version,
    organization: row.organization,
  };
}
