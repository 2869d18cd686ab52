// The public surface of change sets: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { ChangeSetService } from "./service.js";
export type { DraftPageKey } from "./loader.js";
export * from "./rules.js";
export * from "./types.js";
