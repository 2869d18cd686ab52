// The public surface of events: what other slices may use, by name (lint: eslint.config.js
// "boundaries"). Everything else of src/events/ is its own.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// Services (wired by the composition root) and the key of the events-page loader.
export { EventService } from "./service.js";
export { MarkService } from "./marks-service.js";
export { EventCatalogService } from "./catalog-service.js";
export type { EventsPageKey } from "./loader.js";

// The GraphQL shapes of an event, its pages and its nested objects, and the enums they use.
export { Event, EventCriteriaInput, EventPage, EventsSummary, PageList, type EventInput, type EventsPageArgs } from "./types.js";
export { SCTE35Signal, SecondaryEvent } from "./nested.js";
export { Command, EventType, Origin, type EventStatus } from "./enums.js";
export { EventPageArgs } from "./page-args.js";
export { LOCAL_TIME_FIELDS } from "./local-time-resolver.js";
export { PRELOADED_ASSET } from "./json-plan.js";

// An event row as GraphQL answers it, pages of them, and copies with ids of their own (a version
// or a draft of the live record): history and change sets answer events the same way.
export { toEvent } from "./mapper.js";
export { buildPage, pageAt, targetsPages } from "./pages.js";
export { draftCopyId, relabelEvent, relabelPage, versionCopyId } from "./copies.js";

// An EventInput checked into a row's values (imports), and the event filter's check.
export { checkFilter, eventValues, type EventValues } from "./rules.js";
export type { EventRow } from "../schedules/index.js";
export { filterKey, type EventFilter } from "../schedules/index.js";
