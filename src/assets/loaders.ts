// Per-request DataLoaders of the asset catalog (registered in src/server/loaders.ts). Event.asset
// and similar nested fields load through these, so that a request asks the catalog once per level
// whatever the number of events.
import DataLoader from "dataloader";
import { canSee, type Viewer } from "../common/auth.js";
import { forbidden } from "../common/errors.js";
import type { Executor } from "../db/client.js";
import { findAssetRowsByKeys } from "./lookup.js";
import { toAsset } from "./mapper.js";
import type { Asset } from "./types.js";

export interface AssetLoaders {
  /**
   * The loader of one organization's assets by key: an assetId, or else a mediaId (lookup.ts).
   * Answers null for a key that names no asset. One SQL statement per batch.
   */
  byKey(organization: string): DataLoader<string, Asset | null>;
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
          const found = await findAssetRowsByKeys(executor, organization, keys);
          return keys.map((key) => {
            const row = found.get(key);
            return row ? toAsset(row) : null;
          });
        });
        perOrganization.set(organization, loader);
      }
      return loader;
    },
  };
}
