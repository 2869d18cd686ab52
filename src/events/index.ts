// The public surface of events: what other slices may use (lint: eslint.config.js "boundaries").
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
export { EventService, type EventsPageArgs } from "./service.js";
export type { EventsPageKey } from "./loader.js";
export { Event, EventPage } from "./types.js";
