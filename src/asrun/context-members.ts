// As-run's member of what every resolver receives (src/common/context.ts).
import type { AsRunService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** As-run ingestion and reconciliation (docs/ASRUN.md). */
    asRun: AsRunService;
  }
}
