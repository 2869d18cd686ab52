// Every table of every slice, for drizzle-kit and the query builder. Each slice owns its tables.
export * from "../schedules/tables.js";
export * from "../telemetry/tables.js";
