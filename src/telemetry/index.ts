// The public surface of telemetry: what other slices may use (lint: eslint.config.js "boundaries").
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { TelemetryService } from "./service.js";
export { MAX_BATCH_RECORDS } from "./service.js";
export { HEALTH_FIGURES, HEALTH_FIGURE_NAMES, rawFigureRows, rollupFigureRows } from "./rollup.js";
export { textArray } from "./pg-array.js";
export type { PlayoutInput, PlayoutSampleInput, TelemetryBatchInput } from "./types.js";
