// The services of every slice, made once at start-up and shared by all requests.
import { AssetService } from "../assets/service.js";
import { ChangeSetService } from "../changesets/service.js";
import { CheckService } from "../checks/service.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { EventService } from "../events/service.js";
import { ScheduleService } from "../schedules/service.js";
import { IoService } from "../io/service.js";
import { ArchiveService } from "../schedules/archive.js";
import { createJobRegistry } from "../jobs/handlers.js";
import { JobSignal } from "../jobs/queue.js";
import type { JobRegistry } from "../jobs/registry.js";
import { JobService } from "../jobs/service.js";
import { ReportingService } from "../reporting/service.js";
import { TelemetryService } from "../telemetry/service.js";
import { HistoryService } from "../history/service.js";
import { registerHistoryHook } from "../history/note.js";
import { AsRunService } from "../asrun/service.js";

export interface Services {
  db: Database;
  schedules: ScheduleService;
  assets: AssetService;
  /** Handlers by job type, shared by the services (cancel undoes) and the worker (runs). */
  jobRegistry: JobRegistry;
  /** Wakes this process's worker when a service has enqueued a job. */
  jobSignal: JobSignal;
  jobs: JobService;
  archive: ArchiveService;
  /** Import (S6, S7) and export (S24) of schedules. */
  io: IoService;
  events: EventService;
  changeSets: ChangeSetService;
  checks: CheckService;
  reporting: ReportingService;
  telemetry: TelemetryService;
  history: HistoryService;
  /** As-run ingestion and reconciliation (docs/ASRUN.md). */
  asRun: AsRunService;
}

export function createServices(db: Database, config: Pick<Config, "maxPageSize" | "maxUploadBytes">): Services {
  registerHistoryHook();
  const jobRegistry = createJobRegistry();
  const jobSignal = new JobSignal();
  return {
    db,
    schedules: new ScheduleService(db, config.maxPageSize),
    assets: new AssetService(db, config.maxPageSize),
    jobRegistry,
    jobSignal,
    jobs: new JobService(db, jobRegistry, config.maxPageSize),
    archive: new ArchiveService(db, jobSignal),
    io: new IoService(db, jobSignal, config.maxUploadBytes),
    events: new EventService(db, config.maxPageSize),
    changeSets: new ChangeSetService(db, config.maxPageSize),
    checks: new CheckService(db, config.maxPageSize),
    reporting: new ReportingService(db),
    telemetry: new TelemetryService(db),
    history: new HistoryService(db, config.maxPageSize),
    asRun: new AsRunService(db, jobSignal, config.maxUploadBytes, config.maxPageSize),
  };
}
