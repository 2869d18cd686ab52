// The public surface of change sets: what other slices may use, by name (lint: eslint.config.js
// "boundaries"). Everything else of src/changesets/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root) and the key of its draft-page loader.
export { ChangeSetService } from "./service.js";
export { ChangeSet } from "./types.js";
export type { DraftPageKey } from "./loader.js";

// The diff of two versions of events, shared with history (a schedule's versions compared).
export { ChangeSetDiff, type ChangeList } from "./types.js";
export { changedFields } from "./rules.js";
