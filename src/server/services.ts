// The services of every slice, made once at start-up and shared by all requests. Their types are
// each slice's, added to Services (src/common/context.ts) by the slice's context-members.ts: the
// object createServices returns must name every one of them and no other (tsc checks both).
// Before any decorated class is loaded (this module loads the schema, and with it type-graphql).
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import { AssetService } from "../assets/service.js";
import { ChangeSetService } from "../changesets/service.js";
import { CheckService } from "../checks/service.js";
import type { Services } from "../common/context.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { EventService } from "../events/service.js";
import { MarkService } from "../events/marks-service.js";
import { EventCatalogService } from "../events/catalog-service.js";
import { ScheduleService } from "../schedules/service.js";
import { knownChannels } from "../schedules/index.js";
import { ScheduleOpsService } from "../schedules/copy-shift-transpose.js";
import { IoService } from "../io/service.js";
import { ArchiveService } from "../schedules/archive.js";
import { JobSignal } from "../jobs/queue.js";
import { JobService } from "../jobs/service.js";
import { FileLinks } from "../jobs/download-links.js";
import { ReportingService } from "../reporting/service.js";
import { TelemetryService } from "../telemetry/service.js";
import { HistoryService } from "../history/service.js";
import { registerHistoryHook } from "../history/note.js";
import { AsRunService } from "../asrun/service.js";
import { CollectionService } from "../collections/service.js";
import { GenerationService, TemplateService, planningInputs, readSlotPositions, templatesUsingCollection, writeSlotPositions } from "../templates/index.js";
import { createJobRegistry } from "./job-handlers.js";
import { schemaEventCoercer } from "./graphql/index.js";

export type { Services } from "../common/context.js";

/**
 * `authSecret`: the token secret, from which the key of signed download links is derived unless
 * FILE_LINK_SECRET names one. With neither (tokens from an identity provider only), the key is
 * this process's own: its links work on this server only, so several servers need FILE_LINK_SECRET.
 * `routes.reports` serves reporting, `routes.reads` every other slice but jobs: the primary, or a
 * database that sends a query operation's reads to a replica (src/db/replicas.ts). Jobs and
 * every transaction stay on the primary.
 */
export function createServices(
  primary: Database,
  config: Pick<Config, "maxPageSize" | "maxOpenChangeSets" | "maxUploadBytes" | "fileLinkTtlSeconds" | "fileLinkSecret">,
  authSecret: string | undefined,
  routes: { reports?: Database; reads?: Database } = {},
): Services {
  const db = routes.reads ?? primary;
  registerHistoryHook();
  const jobRegistry = createJobRegistry();
  const jobSignal = new JobSignal();
  return {
    schedules: new ScheduleService(db, config.maxPageSize),
    scheduleOps: new ScheduleOpsService(db),
    assets: new AssetService(db, config.maxPageSize, (organization, channels) => knownChannels(db, organization, channels)),
    jobRegistry,
    jobSignal,
    jobs: new JobService(primary, jobRegistry, config.maxPageSize),
    fileLinks: new FileLinks(config.fileLinkSecret ?? authSecret ?? randomBytes(32).toString("hex"), config.fileLinkTtlSeconds),
    archive: new ArchiveService(db, jobSignal),
    io: new IoService(db, jobSignal, config.maxUploadBytes, schemaEventCoercer),
    events: new EventService(db, config.maxPageSize),
    changeSets: new ChangeSetService(db, config.maxPageSize, config.maxOpenChangeSets),
    checks: new CheckService(db, config.maxPageSize),
    marks: new MarkService(db, config.maxPageSize),
    eventCatalog: new EventCatalogService(db),
    reporting: new ReportingService(routes.reports ?? db, config.maxPageSize),
    telemetry: new TelemetryService(db),
    history: new HistoryService(db, config.maxPageSize),
    asRun: new AsRunService(db, jobSignal, config.maxUploadBytes, config.maxPageSize),
    collections: new CollectionService(db, config.maxPageSize, templatesUsingCollection),
    templates: new TemplateService(db, config.maxPageSize),
    // Writes a change set and a job: on the primary, as jobs are.
    generation: new GenerationService(primary, jobSignal, { planningInputs, readSlotPositions, writeSlotPositions }, config.maxOpenChangeSets),
  };
}
