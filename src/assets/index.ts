// The public surface of the asset catalog: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { AssetService } from "./service.js";
export { MAX_ASSETS_PER_CALL } from "./rules.js";
export type { AssetLoaders } from "./loaders.js";
export { findAssetRowsByKeys, findAssetsByKeys } from "./lookup.js";
export { toAsset } from "./mapper.js";
export type { AssetRow } from "./tables.js";
export * from "./enums.js";
export { Asset, AssetInput } from "./types.js";
export * from "./event-keys.js";
export * from "./lookup.js";
export * from "./mapper.js";
export * from "./types.js";
