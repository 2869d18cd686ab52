import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, int64, updatedAt } from "../db/columns.js";

/**
 * The asset catalog. The columns that lookups and schedule checks filter on are plain indexed
 * columns (copied from the nested structures at write time, in rules.ts); the nested structures
 * themselves are jsonb, answered as they were given.
 */
export const assets = pgTable(
  "assets",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    assetId: text("asset_id").notNull(),
    mediaId: text("media_id"),
    name: text("name"),
    storageType: text("storage_type"),
    /** qcInfo.qcStatus */
    qcStatus: text("qc_status"),
    /** metadata.durationInMilliseconds */
    durationMs: int64("duration_ms"),
    /** systemFields.title */
    title: text("title"),
    assetSize: int64("asset_size"),
    fileCount: integer("file_count"),
    customFields: jsonb("custom_fields").$type<Record<string, unknown>>(),
    fileData: jsonb("file_data").$type<unknown[]>(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    qcInfo: jsonb("qc_info").$type<Record<string, unknown>>(),
    sourceAssetData: jsonb("source_asset_data").$type<Record<string, unknown>>(),
    systemFields: jsonb("system_fields").$type<Record<string, unknown>>(),
    tags: jsonb("tags").$type<unknown[]>(),
    /** Rights windows as checked by rules.ts (RightsWindow, instants as ISO strings); [] = no restriction. */
    rights: jsonb("rights").$type<StoredRightsWindow[]>().notNull().default([]),
    /** Who the asset advertises (separation rules of schedules). */
    advertiser: text("advertiser"),
    /** What kind of product it advertises (separation rules of schedules). */
    productCategory: text("product_category"),
    version: integer("version").notNull().default(1),
    dateApplied: instant("date_applied"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
    createdBy: text("created_by"),
  },
  (t) => [
    uniqueIndex("assets_org_asset_id_idx").on(t.organization, t.assetId),
    index("assets_org_media_id_idx").on(t.organization, t.mediaId),
    index("assets_org_name_idx").on(t.organization, sql`lower(${t.name})`),
    index("assets_org_storage_type_idx").on(t.organization, t.storageType),
    index("assets_org_qc_status_idx").on(t.organization, t.qcStatus),
    index("assets_org_duration_idx").on(t.organization, t.durationMs),
    index("assets_org_title_idx").on(t.organization, t.title),
  ],
);

/** One rights window as stored: instants as ISO strings (null: open on that side), channels [] = any. */
export interface StoredRightsWindow {
  start: string | null;
  end: string | null;
  channels: string[];
  maxRuns: number | null;
  maxRunsPerDay: number | null;
}

export type AssetRow = typeof assets.$inferSelect;
export type NewAssetRow = typeof assets.$inferInsert;
