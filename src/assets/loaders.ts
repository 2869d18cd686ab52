// Per-request DataLoaders of the asset catalog (registered in src/server/graphql/loaders.ts). Event.asset
// and similar nested fields load through these, so that a request asks the catalog once per level
// whatever the number of events.
import DataLoader from "dataloader";
import { sql } from "drizzle-orm";
import { canSee, type Viewer } from "../common/auth.js";
import { forbidden } from "../common/errors.js";
import { queryRows, type Executor } from "../db/client.js";
import type { AssetFile } from "./file-types.js";
import type { StorageType } from "./enums.js";
import { resolveKeys } from "./lookup.js";
import type { Asset, AssetMetadata, AssetQc, AssetSourceData, AssetTag, RightsWindow, SystemFields } from "./types.js";

export interface AssetLoaders {
  /**
   * The loader of one organization's assets by key: an assetId, or else a mediaId (lookup.ts).
   * Answers null for a key that names no asset. One SQL statement per batch.
   */
  byKey(organization: string): DataLoader<string, Asset | null>;
}

/** The columns of an Asset under its property names, its seven documents as JSON text (parsed only when a field reads them). */
const LOADED_COLUMNS = sql.raw(`id::text as id, asset_id as "assetId", organization, media_id as "mediaId", name, asset_size as "assetSize",
  date_applied as "dateApplied", date_created as "dateCreated", date_updated as "dateUpdated", file_count as "fileCount",
  storage_type as "storageType", version, custom_fields::text as "customFields", file_data::text as "fileData", metadata::text as metadata,
  qc_info::text as "qcInfo", source_asset_data::text as "sourceAssetData", system_fields::text as "systemFields", tags::text as tags,
  rights::text as rights, advertiser, product_category as "productCategory"`);

interface LoadedRow {
  id: string;
  assetId: string;
  organization: string;
  mediaId: string | null;
  name: string | null;
  assetSize: number | string | null;
  dateApplied: Date | string | null;
  dateCreated: Date | string;
  dateUpdated: Date | string;
  fileCount: number | null;
  storageType: string | null;
  version: number;
  customFields: string | null;
  fileData: string | null;
  metadata: string | null;
  qcInfo: string | null;
  sourceAssetData: string | null;
  systemFields: string | null;
  tags: string | null;
  rights: string;
  advertiser: string | null;
  productCategory: string | null;
}

const parsed = (text: string | null): any => (text === null ? null : JSON.parse(text));
/** An instant as either driver answers it raw (postgres.js: text, as drizzle configures it; PGlite: a Date). */
const instantOf = (value: Date | string): Date => (typeof value === "string" ? new Date(value) : value);

/**
 * An Asset as toAsset (mapper.ts) answers it; a document is parsed when a field reads it (most
 * queries read one or none of the seven). Getters on a prototype: an object literal with
 * accessors is built by the runtime, slowly, at every row.
 */
class LoadedAsset implements Asset {
  id: string;
  assetId: string;
  organization: string;
  mediaId: string | null;
  name: string | null;
  assetSize: number | null;
  dateApplied: Date | null;
  dateCreated: Date;
  dateUpdated: Date;
  fileCount: number | null;
  storageType: StorageType | null;
  version: number;
  advertiser: string | null;
  productCategory: string | null;
  private readonly documents: LoadedRow;

  constructor(row: LoadedRow) {
    this.id = row.id;
    this.assetId = row.assetId;
    this.organization = row.organization;
    this.mediaId = row.mediaId;
    this.name = row.name;
    this.assetSize = row.assetSize === null ? null : Number(row.assetSize);
    this.dateApplied = row.dateApplied === null ? null : instantOf(row.dateApplied);
    this.dateCreated = instantOf(row.dateCreated);
    this.dateUpdated = instantOf(row.dateUpdated);
    this.fileCount = row.fileCount;
    this.storageType = row.storageType as StorageType | null;
    this.version = row.version;
    this.advertiser = row.advertiser;
    this.productCategory = row.productCategory;
    this.documents = row;
  }

  get customFields(): Asset["customFields"] {
    return parsed(this.documents.customFields);
  }
  get fileData(): AssetFile[] | null {
    return parsed(this.documents.fileData);
  }
  get metadata(): AssetMetadata | null {
    return parsed(this.documents.metadata);
  }
  get qcInfo(): AssetQc | null {
    return parsed(this.documents.qcInfo);
  }
  get sourceAssetData(): AssetSourceData | null {
    return parsed(this.documents.sourceAssetData);
  }
  get systemFields(): SystemFields | null {
    return parsed(this.documents.systemFields);
  }
  get tags(): AssetTag[] | null {
    return parsed(this.documents.tags);
  }
  get rights(): RightsWindow[] {
    return parsed(this.documents.rights) ?? [];
  }
}

/**
 * Assets of `organization` whose assetId or mediaId is one of the keys (lookup.ts's rule picks
 * among them): the keys travel as one jsonb parameter, and `= any` over each key column lets
 * PostgreSQL OR two index scans (a union of two joins planned and ran 5–6× slower). Raw rows in
 * assetId order (resolveKeys' order, so its sort finds them sorted).
 */
async function loadAssets(executor: Executor, organization: string, keys: readonly string[]): Promise<Map<string, LoadedRow>> {
  const wanted = [...new Set(keys)].filter((k) => k !== "");
  if (wanted.length === 0) return new Map();
  const list = sql`array(select jsonb_array_elements_text(${JSON.stringify(wanted)}::jsonb))`;
  const rows = await queryRows<LoadedRow>(
    executor,
    sql`select ${LOADED_COLUMNS} from assets where organization = ${organization} and (asset_id = any(${list}) or media_id = any(${list})) order by asset_id collate "C"`,
  );
  return resolveKeys(rows, wanted);
}

export function createAssetLoaders(executor: Executor, viewer: Viewer | null): AssetLoaders {
  const perOrganization = new Map<string, DataLoader<string, Asset | null>>();
  return {
    byKey(organization) {
      // Callers pass the organization of a record the viewer already read; this is a second lock.
      if (!viewer || !canSee(viewer, organization)) throw forbidden(`No access to organization ${organization}`);
      let loader = perOrganization.get(organization);
      if (!loader) {
        loader = new DataLoader<string, Asset | null>(async (keys) => {
          const found = await loadAssets(executor, organization, keys);
          return keys.map((key) => {
            const row = found.get(key);
            return row ? new LoadedAsset(row) : null;
          });
        });
        perOrganization.set(organization, loader);
      }
      return loader;
    },
  };
}
