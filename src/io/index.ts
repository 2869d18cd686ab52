// The public surface of import/export: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { IoService } from "./service.js";
export * from "./formats/csv.js";
export * from "./formats/source.js";
export * from "./formats/times.js";
export * from "./service.js";
export * from "./uploads.js";
// BXF time and ids for the as-run reader (src/asrun/bxf.ts): one set of rules for both directions.
export { broadcastClockOf, broadcastDateText, bxfInstant, frameRateText, parseFrameRate, timecodeMs, utcDateTimeMs, utcDurationMs } from "./formats/bxf-time.js";
export { xmlEscape } from "./formats/exports.js";
export { dateTimeXml, durationXml, eventUuid, messageStart, scheduleStart, BXF_VERSIONS, DEFAULT_BXF_VERSION, type BxfVersion } from "./formats/bxf.js";
