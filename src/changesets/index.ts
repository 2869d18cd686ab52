// The public surface of change sets: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
export { ChangeSetService } from "./service.js";
export type { DraftPageKey } from "./loader.js";
export * from "./rules.js";
export * from "./types.js";
