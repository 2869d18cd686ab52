// Telemetry's member of what every resolver receives (src/common/context.ts).
import type { TelemetryService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    telemetry: TelemetryService;
  }
}
