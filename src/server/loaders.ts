// DataLoaders are made anew for each request (their cache must not outlive it). Each slice adds
// its loaders here.
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";

export type Loaders = Record<string, never>;

export function createLoaders(_db: Database, _viewer: Viewer | null): Loaders {
  return {};
}
