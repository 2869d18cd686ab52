// History's member of what every resolver receives (src/common/context.ts).
import type { HistoryService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    history: HistoryService;
  }
}
