// The public surface of the checks: what other slices may use (lint: eslint.config.js "boundaries").
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { CheckService } from "./service.js";
export type { ScheduleAssetsKey } from "./loaders.js";
