// The public surface of the schedule aggregate: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
export { ScheduleService } from "./service.js";
export { ArchiveService } from "./archive.js";
export { ScheduleOpsService } from "./timeline-ops.js";
export * from "./edit-timeline.js";
export * from "./frame-rate.js";
export * from "./local-clock.js";
export * from "./mapper.js";
export * from "./mark-rules.js";
export * from "./rules.js";
export * from "./store/index.js";
export * from "./target.js";
export * from "./timeline-hooks.js";
export * from "./types.js";
export type { ChangeSetRow, EventRow, EventValues, ScheduleRow } from "./store/tables.js";
export { andAll, filterKey, type EventFilter } from "./store/criteria.js";
export * from "./archive.js";
export * from "./service.js";
