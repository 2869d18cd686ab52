// The public surface of the checks: what other slices may use (lint: eslint.config.js "boundaries").
export { CheckService } from "./service.js";
export type { ScheduleAssetsKey } from "./loaders.js";
