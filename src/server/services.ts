// The services of every slice, made once at start-up and shared by all requests.
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { EventService } from "../events/service.js";
import { ScheduleService } from "../schedules/service.js";

export interface Services {
  db: Database;
  schedules: ScheduleService;
  events: EventService;
}

export function createServices(db: Database, config: Pick<Config, "maxPageSize">): Services {
  return { db, schedules: new ScheduleService(db, config.maxPageSize), events: new EventService(db, config.maxPageSize) };
}
