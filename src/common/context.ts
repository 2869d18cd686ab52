// What every resolver receives. It lives here, not in src/server/ (the composition root), so that
// slices never import the root; the root builds it (src/server/context.ts). The slice types below
// are type-only imports through each slice's public surface: they vanish at run time.
import type DataLoader from "dataloader";
import type { AssetLoaders, AssetService, Asset } from "../assets/index.js";
import type { AsRunService } from "../asrun/index.js";
import type { ChangeSetService, DraftPageKey } from "../changesets/index.js";
import type { CheckService, ScheduleAssetsKey } from "../checks/index.js";
import type { EventCatalogService, EventPage, EventService, EventsPageKey, MarkService } from "../events/index.js";
import type { HistoryService } from "../history/index.js";
import type { IoService } from "../io/index.js";
import type { FileLinks, JobRegistry, JobService, JobSignal } from "../jobs/index.js";
import type { ReportingService } from "../reporting/index.js";
import type { ArchiveService, ScheduleOpsService, ScheduleService } from "../schedules/index.js";
import type { TelemetryService } from "../telemetry/index.js";
import type { FrameRate } from "../timecode/index.js";
import type { LocalClock } from "../localtime/index.js";
import type { Viewer } from "./auth.js";
import { AppError } from "./errors.js";
import type { Logger } from "./log.js";

/** The services of every slice, made once at start-up (src/server/services.ts) and shared by all requests. */
export interface Services {
  schedules: ScheduleService;
  /** copySchedule, shiftSchedule, transposeSchedule (src/schedules/timeline-ops.ts). */
  scheduleOps: ScheduleOpsService;
  assets: AssetService;
  /** Handlers by job type, shared by the services (cancel undoes) and the worker (runs). */
  jobRegistry: JobRegistry;
  /** Wakes this process's worker when a service has enqueued a job. */
  jobSignal: JobSignal;
  jobs: JobService;
  /** Signs the short-lived download links of job files (Job.downloadUrl). */
  fileLinks: FileLinks;
  archive: ArchiveService;
  /** Import (S6, S7) and export (S24) of schedules. */
  io: IoService;
  events: EventService;
  changeSets: ChangeSetService;
  checks: CheckService;
  /** Marks and updates by criteria (S15, S16, S18; src/events/marks-service.ts). */
  marks: MarkService;
  /** replaceAsset, syncEventTitles (S33, S38; src/events/catalog-service.ts). */
  eventCatalog: EventCatalogService;
  reporting: ReportingService;
  telemetry: TelemetryService;
  history: HistoryService;
  /** As-run ingestion and reconciliation (docs/ASRUN.md). */
  asRun: AsRunService;
}

/** DataLoaders, made anew for each request (src/server/loaders.ts): their cache must not outlive it. */
export interface Loaders {
  assets: AssetLoaders;
  /** Schedule.events: one statement for every schedule of the request asking the same page. */
  eventsPage: DataLoader<EventsPageKey, EventPage, string>;
  /** ChangeSet.events: one statement for every change set of the request asking the same page. */
  draftEventsPage: DataLoader<DraftPageKey, EventPage, string>;
  /** Schedule.assets: one statement for every schedule of the request asking the same name. */
  scheduleAssets: DataLoader<ScheduleAssetsKey, Asset[], string>;
  /** Event.*Timecode: schedule id → its timecode rate (Schedule.events primes it). */
  frameRates: DataLoader<number, FrameRate | null>;
  /** Event.onAirLocal, endLocal, broadcastDate: schedule id → its zone and broadcast day start (Schedule.events primes it). */
  localClocks: DataLoader<number, LocalClock>;
  /** The clocks primed this request, read synchronously by the event fields' fast path (src/server/schema.ts). */
  primedClocks: Map<number, LocalClock>;
}

/** What every resolver receives: who calls, the services, and this request's DataLoaders. */
export interface Context {
  requestId: string;
  viewer: Viewer | null;
  /** Set when a token was sent but rejected; surfaced by the first field that needs a viewer. */
  authError: Error | null;
  services: Services;
  loaders: Loaders;
  log: Logger;
  /** Where this request reached the service (`https://host[/prefix]`), for absolute links; "" when unknown. */
  baseUrl: string;
}

/** The caller, or the reason there is none (UNAUTHENTICATED). */
export function callerOf(ctx: Context): Viewer {
  if (ctx.viewer) return ctx.viewer;
  throw ctx.authError ?? new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
}
