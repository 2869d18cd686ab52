// DataLoaders are made anew for each request (their cache must not outlive it). Each slice adds
// its loaders here; their types are its own, added to Loaders (src/common/context.ts) by the
// slice's context-members.ts: this object literal must name every one of them and no other.
import { createAssetLoaders } from "../../assets/loaders.js";
import { createScheduleAssetsLoader } from "../../checks/loaders.js";
import { createDraftPageLoader } from "../../changesets/loader.js";
import type { Viewer } from "../../common/auth.js";
import type { Loaders, Services } from "../../common/context.js";
import type { Database } from "../../db/client.js";
import { createEventsPageLoader } from "../../events/loader.js";
import { createFrameRateLoader } from "../../schedules/frame-rate.js";
import { createLocalClockLoader } from "../../schedules/local-clock.js";

export function createLoaders(db: Database, viewer: Viewer | null, services: Services): Loaders {
  return {
    assets: createAssetLoaders(db, viewer),
    eventsPage: createEventsPageLoader(services.events),
    draftEventsPage: createDraftPageLoader(services.changeSets),
    scheduleAssets: createScheduleAssetsLoader(db),
    frameRates: createFrameRateLoader(db),
    localClocks: createLocalClockLoader(db),
    primedClocks: new Map(),
  };
}
