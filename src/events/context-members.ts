// The events' members of what every resolver receives (src/common/context.ts).
import type DataLoader from "dataloader";
import type { EventCatalogService } from "./catalog-service.js";
import type { EventsPageKey } from "./loader.js";
import type { MarkService } from "./marks-service.js";
import type { EventService } from "./service.js";
import type { EventPage } from "./types.js";

declare module "../common/context.js" {
  interface Services {
    events: EventService;
    /** Marks and updates by criteria (S15, S16, S18; src/events/marks-service.ts). */
    marks: MarkService;
    /** replaceAsset, syncEventTitles (S33, S38; src/events/catalog-service.ts). */
    eventCatalog: EventCatalogService;
  }
  interface Loaders {
    /** Schedule.events: one statement for every schedule of the request asking the same page. */
    eventsPage: DataLoader<EventsPageKey, EventPage, string>;
  }
}
