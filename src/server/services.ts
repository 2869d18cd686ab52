// The services of every slice, made once at start-up and shared by all requests.
import { AssetService } from "../assets/service.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { ScheduleService } from "../schedules/service.js";

export interface Services {
  db: Database;
  schedules: ScheduleService;
  assets: AssetService;
}

export function createServices(db: Database, config: Pick<Config, "maxPageSize">): Services {
  return { db, schedules: new ScheduleService(db, config.maxPageSize), assets: new AssetService(db, config.maxPageSize) };
}
