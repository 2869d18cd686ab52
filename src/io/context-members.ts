// Import and export's member of what every resolver receives (src/common/context.ts).
import type { IoService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** Import (S6, S7) and export (S24) of schedules. */
    io: IoService;
  }
}
