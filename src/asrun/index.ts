// The public surface of as-run: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { AsRunService } from "./service.js";
export { MAX_AS_RUN_ENTRIES } from "./rules.js";
