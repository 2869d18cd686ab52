// Rows → GraphQL shapes (the only place that maps).
import { asStored, ReadMap } from "../common/read-plan.js";
import type { AssetCollectionRow } from "./tables.js";
import type { AssetCollection, CollectionKind } from "./types.js";

/** Each field with the columns it reads: a page or lookup reads the selected ones (src/common/read-plan.ts). */
export const COLLECTION_READS = new ReadMap<AssetCollectionRow, AssetCollection>(
  {
    id: { columns: ["id"], value: (row) => String(row.id) },
    name: asStored("name"),
    kind: { columns: ["kind"], value: (row) => row.kind as CollectionKind },
    items: { columns: ["mediaIds", "organization"], value: (row) => row.mediaIds.map((mediaId, position) => ({ position, mediaId, organization: row.organization })) },
    version: asStored("version"),
    organization: asStored("organization"),
  },
  ["id", "organization"],
);

export function toAssetCollection(row: AssetCollectionRow): AssetCollection {
  return COLLECTION_READS.toOutput(row, COLLECTION_READS.everything);
}
