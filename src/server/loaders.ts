// DataLoaders are made anew for each request (their cache must not outlive it). Each slice adds
// its loaders here.
import { createAssetLoaders, type AssetLoaders } from "../assets/loaders.js";
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";

export interface Loaders {
  assets: AssetLoaders;
}

export function createLoaders(db: Database, viewer: Viewer | null): Loaders {
  return { assets: createAssetLoaders(db, viewer) };
}
