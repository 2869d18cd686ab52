// Every table of every slice, for drizzle-kit and the query builder. Each slice owns its tables.
export * from "../schedules/store/tables.js";
export * from "../assets/tables.js";
export * from "../jobs/tables.js";
export * from "../telemetry/tables.js";
export * from "../io/tables.js";
export * from "../history/tables.js";
export * from "../asrun/tables.js";
export * from "../collections/tables.js";
export * from "../templates/tables.js";
export * from "./rate-limit-counters.js";
