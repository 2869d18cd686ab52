// The public surface of as-run: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
export { AsRunService } from "./service.js";
export * from "./cli.js";
