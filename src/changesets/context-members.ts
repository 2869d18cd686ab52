// The change sets' members of what every resolver receives (src/common/context.ts).
import type DataLoader from "dataloader";
import type { EventPage } from "../events/index.js";
import type { DraftPageKey } from "./loader.js";
import type { ChangeSetService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    changeSets: ChangeSetService;
  }
  interface Loaders {
    /** ChangeSet.events: one statement for every change set of the request asking the same page. */
    draftEventsPage: DataLoader<DraftPageKey, EventPage, string>;
  }
}
