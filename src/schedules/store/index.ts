// The event SQL of the schedule aggregate: the one folder whose statements read or write the
// event tables (events, change_set_events, change_set_removals), split by purpose.
export * from "./rows.js";
export * from "./target-sql.js";
export * from "./timings.js";
export * from "./counters.js";
export * from "./writes.js";
export * from "./drafts.js";
export * from "./change-sets.js";
export * from "./imports.js";
export * from "./marks.js";
export * from "./archive.js";
export * from "./catalog.js";
export * from "./revert.js";
export * from "./pages.js";
export * from "./json-pages.js";
export * from "./exports.js";
export * from "./history.js";
export * from "./lookups.js";
export * from "./reconciliation.js";
export * from "./summaries.js";
export * from "./validation.js";
export * from "./lock-horizon.js";
export * from "./rights.js";
