// The public surface of events: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { EventService } from "./service.js";
export { MarkService } from "./marks-service.js";
export { EventCatalogService } from "./catalog-service.js";
export type { EventsPageKey } from "./loader.js";
export { Event, EventPage } from "./types.js";
export * from "./copies.js";
export * from "./enums.js";
export * from "./json-plan.js";
export { LOCAL_TIME_FIELDS } from "./local-time-resolver.js";
export * from "./mapper.js";
export * from "./nested.js";
export * from "./page-args.js";
export * from "./pages.js";
export * from "./rules.js";
export * from "./timeline-errors.js";
export * from "./service.js";
export * from "./types.js";
export type { EventRow } from "../schedules/index.js";
export { filterKey, type EventFilter } from "../schedules/index.js";
