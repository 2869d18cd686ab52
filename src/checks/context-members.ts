// The checks' members of what every resolver receives (src/common/context.ts).
import type DataLoader from "dataloader";
import type { Asset } from "../assets/index.js";
import type { ScheduleAssetsKey } from "./loaders.js";
import type { CheckService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    checks: CheckService;
  }
  interface Loaders {
    /** Schedule.assets: one statement for every schedule of the request asking the same name. */
    scheduleAssets: DataLoader<ScheduleAssetsKey, Asset[], string>;
  }
}
