// DataLoaders are made anew for each request (their cache must not outlive it). Each slice adds
// its loaders here.
import { createAssetLoaders, type AssetLoaders } from "../assets/loaders.js";
import type { Asset } from "../assets/types.js";
import { createScheduleAssetsLoader, type ScheduleAssetsKey } from "../checks/loaders.js";
import type DataLoader from "dataloader";
import { createDraftPageLoader, type DraftPageKey } from "../changesets/loader.js";
import type { Viewer } from "../common/auth.js";
import type { Database } from "../db/client.js";
import { createEventsPageLoader, type EventsPageKey } from "../events/loader.js";
import type { EventPage } from "../events/types.js";
import type { Services } from "./services.js";
import { createFrameRateLoader } from "../schedules/frame-rate.js";
import type { FrameRate } from "../timecode/index.js";

export interface Loaders {
  assets: AssetLoaders;
  /** Schedule.events: one statement for every schedule of the request asking the same page. */
  eventsPage: DataLoader<EventsPageKey, EventPage, string>;
  /** ChangeSet.events: one statement for every change set of the request asking the same page. */
  draftEventsPage: DataLoader<DraftPageKey, EventPage, string>;
  /** Schedule.assets: one statement for every schedule of the request asking the same name. */
  scheduleAssets: DataLoader<ScheduleAssetsKey, Asset[], string>;
  /** Event.*Timecode: schedule id → its timecode rate (Schedule.events primes it). */
  frameRates: DataLoader<number, FrameRate | null>;
}

export function createLoaders(db: Database, viewer: Viewer | null, services: Services): Loaders {
  return {
    assets: createAssetLoaders(db, viewer),
    eventsPage: createEventsPageLoader(services.events),
    draftEventsPage: createDraftPageLoader(services.changeSets),
    scheduleAssets: createScheduleAssetsLoader(db),
    frameRates: createFrameRateLoader(db),
  };
}
