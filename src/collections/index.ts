// The public surface of asset collections: what other slices may use, by name (lint:
// eslint.config.js "boundaries"). Everything else of src/collections/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root, which hands it the templates that use a collection).
export { CollectionService, type CollectionUsers } from "./service.js";
export { CollectionKind } from "./types.js";

// For schedule templates: the collections a template's slots name, held while it is written (their
// kinds checked), and the collections with their items for planning (src/templates/planning.ts).
export { collectionRows, shareCollections, type CollectionHeader } from "./store.js";
export type { AssetCollectionRow } from "./tables.js";

// The kinds and the limit of a collection's items.
export { COLLECTION_KINDS, MAX_COLLECTION_ITEMS, type CollectionKindValue } from "./rules.js";
