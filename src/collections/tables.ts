// Asset collections: named, ordered lists of media ids that schedule templates draw from
// (docs/OPERATIONS.md "Asset collections and schedule templates"). The items are one text[] column rather than a table of items: a collection
// is always read and written whole (one row, one version, one statement), its order is the array's
// order, an item has no identity or data of its own to keep, and 10,000 ids fit one row easily.
// Items name catalog assets by mediaId without a foreign key: a collection may be filled before
// the catalog is, and an asset removed later leaves an item without an asset (answered null).
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, int64, updatedAt } from "../db/columns.js";

export const assetCollections = pgTable(
  "asset_collections",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    name: text("name").notNull(),
    /** PROGRAMMES, FILLER, PROMOS or ADVERTISEMENTS (CHECK in drizzle/0022_templates.sql). */
    kind: text("kind").notNull(),
    /** The items' media ids in position order (position = index from 0). */
    mediaIds: text("media_ids").array().notNull(),
    version: integer("version").notNull().default(1),
    createdBy: text("created_by"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
  },
  (t) => [index("asset_collections_org_id_idx").on(t.organization, t.id)],
);

export type AssetCollectionRow = typeof assetCollections.$inferSelect;
