// The services of every slice, made once at start-up and shared by all requests.
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { ReportingService } from "../reporting/service.js";
import { ScheduleService } from "../schedules/service.js";
import { TelemetryService } from "../telemetry/service.js";

export interface Services {
  db: Database;
  schedules: ScheduleService;
  reporting: ReportingService;
  telemetry: TelemetryService;
}

export function createServices(db: Database, config: Pick<Config, "maxPageSize">): Services {
  return { db, schedules: new ScheduleService(db, config.maxPageSize), reporting: new ReportingService(db), telemetry: new TelemetryService(db) };
}
