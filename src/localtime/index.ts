// Local broadcast time: a schedule's zone, its broadcast days and wall-clock moves. Pure: no
// database or GraphQL imports. Rules in docs/EVENTS.md "Local time".
export * from "./zone.js";
export * from "./broadcast-day.js";
export * from "./wall-clock.js";
export * from "./buckets.js";
