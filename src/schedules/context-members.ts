// The schedule aggregate's members of what every resolver receives (src/common/context.ts).
import type DataLoader from "dataloader";
import type { LocalClock } from "../localtime/index.js";
import type { FrameRate } from "../timecode/index.js";
import type { ArchiveService } from "./archive.js";
import type { ScheduleService } from "./service.js";
import type { ScheduleOpsService } from "./copy-shift-transpose.js";

declare module "../common/context.js" {
  interface Services {
    schedules: ScheduleService;
    /** copySchedule, shiftSchedule, transposeSchedule (src/schedules/copy-shift-transpose.ts). */
    scheduleOps: ScheduleOpsService;
    archive: ArchiveService;
  }
  interface Loaders {
    /** Event.*Timecode: schedule id → its timecode rate (Schedule.events primes it). */
    frameRates: DataLoader<number, FrameRate | null>;
    /** Event.onAirLocal, endLocal, broadcastDate: schedule id → its zone and broadcast day start (Schedule.events primes it). */
    localClocks: DataLoader<number, LocalClock>;
    /** The clocks primed this request, read synchronously by the event fields' fast path (src/server/graphql/schema.ts). */
    primedClocks: Map<number, LocalClock>;
  }
}
