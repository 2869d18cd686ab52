// The public surface of change sets: what other slices may use (lint: eslint.config.js "boundaries").
export { ChangeSetService } from "./service.js";
export type { DraftPageKey } from "./loader.js";
