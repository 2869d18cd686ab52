// DataLoaders are made anew for each request (their cache must not outlive it), each on its first
// use: a job poll or a list of jobs uses none of them, and making all of them was a tenth of the
// CPU of a `{ __typename }` request. Each slice adds its loaders here; their types are its own,
// added to Loaders (src/common/context.ts) by the slice's context-members.ts: this class must name
// every one of them (tsc checks `implements Loaders`).
import { createAssetLoaders } from "../../assets/loaders.js";
import { createScheduleAssetsLoader } from "../../checks/loaders.js";
import { createDraftPageLoader } from "../../changesets/loader.js";
import type { Viewer } from "../../common/auth.js";
import type { Loaders, Services } from "../../common/context.js";
import type { Database } from "../../db/client.js";
import { createEventsPageLoader } from "../../events/loader.js";
import { createFrameRateLoader } from "../../schedules/frame-rate.js";
import { createLocalClockLoader } from "../../schedules/local-clock.js";

class RequestLoaders implements Loaders {
  #assets?: Loaders["assets"];
  #eventsPage?: Loaders["eventsPage"];
  #draftEventsPage?: Loaders["draftEventsPage"];
  #scheduleAssets?: Loaders["scheduleAssets"];
  #frameRates?: Loaders["frameRates"];
  #localClocks?: Loaders["localClocks"];
  #primedClocks?: Loaders["primedClocks"];

  constructor(
    private readonly db: Database,
    private readonly viewer: Viewer | null,
    private readonly services: Services,
  ) {}

  get assets() {
    return (this.#assets ??= createAssetLoaders(this.db, this.viewer));
  }
  get eventsPage() {
    return (this.#eventsPage ??= createEventsPageLoader(this.services.events));
  }
  get draftEventsPage() {
    return (this.#draftEventsPage ??= createDraftPageLoader(this.services.changeSets));
  }
  get scheduleAssets() {
    return (this.#scheduleAssets ??= createScheduleAssetsLoader(this.db));
  }
  get frameRates() {
    return (this.#frameRates ??= createFrameRateLoader(this.db));
  }
  get localClocks() {
    return (this.#localClocks ??= createLocalClockLoader(this.db));
  }
  get primedClocks() {
    return (this.#primedClocks ??= new Map());
  }
}

export function createLoaders(db: Database, viewer: Viewer | null, services: Services): Loaders {
  return new RequestLoaders(db, viewer, services);
}
