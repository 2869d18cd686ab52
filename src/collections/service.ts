// Asset collections: create, change (optimistic version), delete (refused while a template uses
// it), read one and pages. Every write is one transaction; every read filters on the organization.
import { requireRole, scopeForRecord, scopeOrganization, type Viewer } from "../common/auth.js";
import { AppError, badInput, conflict, staleVersion } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { pageMeta, pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { COLLECTION_READS, toAssetCollection } from "./mapper.js";
import type { ReadPlan } from "../common/read-plan.js";
import type { AssetCollectionRow } from "./tables.js";
import { collectionValues, type CollectionInputValues } from "./rules.js";
import { collectionPage, deleteCollectionRow, findCollectionRow, insertCollection, updateCollectionRow } from "./store.js";
import type { AssetCollection, AssetCollectionPage } from "./types.js";

/** The templates that use a collection (given by the templates slice through the composition root). */
export type CollectionUsers = (executor: Executor, organization: string, collectionId: number) => Promise<{ id: string; name: string }[]>;

const ORDER = [{ property: "id", direction: "ASC" as const }];

/** NOT_FOUND for an asset collection, naming it (and the argument that named it). */
export function collectionNotFound(id: string | number, argument = "id"): AppError {
  return new AppError("NOT_FOUND", `Asset collection ${String(id).slice(0, 40)} not found`, { id: String(id).slice(0, 40), argument });
}

/** The collection's id and the organization to look in; NOT_FOUND when the caller may not see that organization. */
function lookup(viewer: Viewer, id: string, organization: string | null | undefined): { collectionId: number; org: string } {
  const collectionId = parseId(id, "id");
  const org = scopeForRecord(viewer, organization);
  if (org === null) throw collectionNotFound(collectionId);
  return { collectionId, org };
}

/** A version as a caller read it: a whole number from 1. */
export function checkVersionArgument(version: number): void {
  if (!Number.isSafeInteger(version) || version < 1) throw badInput(`version must be a whole number from 1 (the version read); got ${String(version).slice(0, 40)}`, { argument: "version" });
}

export class CollectionService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize: number,
    private readonly usersOf: CollectionUsers,
  ) {}

  async get(viewer: Viewer, id: string, organization?: string | null, plan: ReadPlan<AssetCollectionRow> = COLLECTION_READS.everything): Promise<AssetCollection> {
    const { collectionId, org } = lookup(viewer, id, organization);
    const row = await findCollectionRow(this.db, org, collectionId, undefined, plan);
    if (!row) throw collectionNotFound(collectionId);
    return COLLECTION_READS.toOutput(row, plan);
  }

  async list(viewer: Viewer, args: { page?: number | null; size?: number | null; organization?: string | null }, plan: ReadPlan<AssetCollectionRow> = COLLECTION_READS.everything, withTotal = true): Promise<AssetCollectionPage> {
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    const org = scopeOrganization(viewer, args.organization);
    const { rows, total } = await collectionPage(this.db, org, request, plan, withTotal);
    return { content: rows.map((row) => COLLECTION_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, ORDER) };
  }

  async create(viewer: Viewer, input: CollectionInputValues, organization?: string | null): Promise<AssetCollection> {
    requireRole(viewer, "editor");
    const org = scopeOrganization(viewer, organization);
    const values = collectionValues(input);
    return this.db.transaction(async (tx) => toAssetCollection(await insertCollection(tx, org, values, viewer.userId)));
  }

  /** The whole collection replaced; `version` must be the stored one (else CONFLICT with currentVersion). */
  async update(viewer: Viewer, id: string, input: CollectionInputValues, version: number, organization?: string | null): Promise<AssetCollection> {
    requireRole(viewer, "editor");
    const { collectionId, org } = lookup(viewer, id, organization);
    checkVersionArgument(version);
    const values = collectionValues(input);
    return this.db.transaction(async (tx) => {
      const row = await findCollectionRow(tx, org, collectionId, "update");
      if (!row) throw collectionNotFound(collectionId);
      if (version !== row.version) throw staleVersion("Asset collection", version, row.version);
      return toAssetCollection(await updateCollectionRow(tx, row.id, values));
    });
  }

  /** Deletes a collection no template uses; one that is used answers CONFLICT naming the templates. */
  async delete(viewer: Viewer, id: string, organization?: string | null): Promise<AssetCollection> {
    requireRole(viewer, "editor");
    const { collectionId, org } = lookup(viewer, id, organization);
    return this.db.transaction(async (tx) => {
      const row = await findCollectionRow(tx, org, collectionId, "update");
      if (!row) throw collectionNotFound(collectionId);
      const users = await this.usersOf(tx, org, row.id);
      if (users.length) {
        const named = users.slice(0, 10).map((t) => `"${t.name}" (id ${t.id})`).join(", ");
        throw conflict(`Asset collection ${row.id} is used by schedule template ${named}${users.length > 10 ? ` and ${users.length - 10} more` : ""}; remove it from their slots first`, {
          templateIds: users.map((t) => t.id),
        });
      }
      await deleteCollectionRow(tx, row.id);
      return toAssetCollection(row);
    });
  }
}
