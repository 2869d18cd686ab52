// The public surface of the asset catalog: what other slices may use, by name (lint:
// eslint.config.js "boundaries"). Everything else of src/assets/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root), its loaders, and the GraphQL shapes of an asset.
export { AssetService, type KnownChannels } from "./service.js";
export type { AssetLoaders } from "./loaders.js";
export { Asset, AssetInput } from "./types.js";
export { AssetFileStatus, MediaType, OriginType, QcStatus, StorageStatus, StorageType } from "./enums.js";
export { toAsset } from "./mapper.js";
export type { AssetRow, StoredRightsWindow } from "./tables.js";
export { MAX_ASSETS_PER_CALL } from "./rules.js";

// Assets by the keys events name them with (an event's assetId, else its mediaId): checks, events.
export { findAssetRowsByKeys, findAssetsByKeys, type AssetSummary } from "./lookup.js";
// The same key in SQL over the events table, for the schedule aggregate's reads.
export { assetCriteria, assetKeyOf, eventAssetKey, missingAssetCondition } from "./event-keys.js";
