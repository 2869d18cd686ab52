// The asset catalog: the service owns the transactions and the organization checks of this slice.
import { and, asc, eq, ilike, sql } from "drizzle-orm";
import { badInput } from "../common/errors.js";
import { requireRole, scopeForRecord, scopeOrganization, type Viewer } from "../common/auth.js";
import { pageMeta, pageRequest, type SortSpec } from "../common/paging.js";
import { type Database } from "../db/client.js";
import { ASSET_READS, columnsOf, toAsset } from "./mapper.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, plannedRows, when, whenPattern } from "../db/planned-select.js";

const BY_ASSET_ID = { key: "assetId", by: () => [asc(assets.assetId)], indexed: true };
import { checkAssetInputs, mergeAssetColumns, sameColumns, windowChannels } from "./rules.js";
import { assets, type AssetRow, type NewAssetRow } from "./tables.js";
import type { Asset, AssetInput, AssetPage } from "./types.js";
import { anyOfTexts } from "../db/any-of.js";

const ORDER: SortSpec[] = [{ property: "assetId", direction: "ASC" }];

export interface ListAssetsArgs {
  organization?: string | null;
  name?: string | null;
  page?: number | null;
  size?: number | null;
}

/** Columns an upsert of an existing asset overwrites (organization, assetId, creation stay). */
const UPDATED_COLUMNS = [
  "mediaId", "name", "storageType", "qcStatus", "durationMs", "title", "assetSize", "fileCount",
  "customFields", "fileData", "metadata", "qcInfo", "sourceAssetData", "systemFields", "tags", "dateApplied",
  "rights", "advertiser", "productCategory",
] as const;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Which of `channels` are known channels of the organization (docs/DECISIONS.md 62: the channel of
 * some schedule of the organization); given by the composition root, since schedules stand above
 * the catalog.
 */
export type KnownChannels = (organization: string, channels: string[]) => Promise<Set<string>>;

export class AssetService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
    /** Absent (seeding, some tests): a rights window naming a channel is refused. */
    private readonly knownChannels?: KnownChannels,
  ) {}

  /** Assets of an organization by assetId; `name` keeps those whose name holds it, case-insensitively. */
  async list(viewer: Viewer, args: ListAssetsArgs, plan: ReadPlan<AssetRow> = ASSET_READS.everything, withTotal = true): Promise<AssetPage> {
    const organization = scopeOrganization(viewer, args.organization);
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    const term = args.name?.trim();
    const conditions = [when("organization", organization, (p) => eq(assets.organization, p)), whenPattern("name", term ? `%${escapeLike(term)}%` : null, (p) => ilike(assets.name, p as never))];
    const { rows, total } = await plannedPage(this.db, assets, plan, conditions, BY_ASSET_ID, request, withTotal);
    return { content: rows.map((row) => ASSET_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, ORDER) };
  }

  /** One asset by assetId; null when the organization has none (or the caller may not see it). The columns of the selected fields. */
  async get(viewer: Viewer, assetId: string, organization?: string | null, plan: ReadPlan<AssetRow> = ASSET_READS.everything): Promise<Asset | null> {
    const org = scopeForRecord(viewer, organization);
    if (org === null) return null;
    const conditions = [when("organization", org, (p) => eq(assets.organization, p)), when("assetId", assetId.trim(), (p) => eq(assets.assetId, p))];
    const [row] = await plannedRows(this.db, assets, plan, conditions, { byKey: true });
    return row ? ASSET_READS.toOutput(row, plan) : null;
  }

  /**
   * Creates or changes assets by assetId, all or nothing, in three statements whatever their
   * number: lock the stored ones, write the changed ones, read them all back. An upsert that
   * changes nothing keeps the record, its version and dateUpdated.
   */
  async upsert(viewer: Viewer, inputs: AssetInput[], organization?: string | null): Promise<Asset[]> {
    requireRole(viewer, "editor");
    const org = scopeOrganization(viewer, organization);
    checkAssetInputs(inputs);
    if (inputs.length === 0) return [];
    const channels = windowChannels(inputs);
    if (channels.size) {
      const known = this.knownChannels ? await this.knownChannels(org, [...channels.keys()]) : new Set<string>();
      for (const [channel, path] of channels) {
        if (!known.has(channel)) throw badInput(`${path} names "${channel}", which is no channel of the organization (the channel of none of its schedules)`, { argument: path, field: path });
      }
    }
    const assetIds = inputs.map((input) => input.assetId.trim());
    return this.db.transaction(async (tx) => {
      // Rows are locked and written in assetId order, so that concurrent upserts of overlapping
      // assets queue behind each other instead of deadlocking.
      const stored = await tx
        .select()
        .from(assets)
        .where(and(eq(assets.organization, org), anyOfTexts(assets.assetId, assetIds)))
        .orderBy(asc(assets.assetId))
        .for("update");
      const storedById = new Map(stored.map((row) => [row.assetId, row]));
      const writes: NewAssetRow[] = [];
      inputs.forEach((input, i) => {
        const existing = storedById.get(assetIds[i]);
        const before = existing ? columnsOf(existing) : undefined;
        const after = mergeAssetColumns(input, before);
        if (before && sameColumns(before, after)) return;
        writes.push({ ...after, organization: org, assetId: assetIds[i], createdBy: viewer.userId });
      });
      if (writes.length) {
        writes.sort((a, b) => (a.assetId < b.assetId ? -1 : 1));
        await tx
          .insert(assets)
          .values(writes)
          .onConflictDoUpdate({
            target: [assets.organization, assets.assetId],
            set: {
              ...Object.fromEntries(UPDATED_COLUMNS.map((column) => [column, sql.raw(`excluded.${assets[column].name}`)])),
              version: sql`${assets.version} + 1`,
              dateUpdated: sql`now()`,
            },
          });
      }
      const rows = await tx.select().from(assets).where(and(eq(assets.organization, org), anyOfTexts(assets.assetId, assetIds)));
      const byId = new Map(rows.map((row) => [row.assetId, row]));
      return assetIds.map((id) => toAsset(byId.get(id)!));
    });
  }
}
