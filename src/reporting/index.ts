// The public surface of reporting: what other slices may use (lint: eslint.config.js "boundaries").
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { ReportingService } from "./service.js";
