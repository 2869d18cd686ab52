// Reporting's member of what every resolver receives (src/common/context.ts).
import type { ReportingService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    reporting: ReportingService;
  }
}
