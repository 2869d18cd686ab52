// The public surface of the job engine: what other slices may use, by name (lint:
// eslint.config.js "boundaries"). Everything else of src/jobs/ is its own.
// Nothing here may import a slice that registers handlers (io, schedules): that would be a cycle.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";

// The service (wired by the composition root), the worker command, a job's download links.
export { JobService } from "./service.js";
export { runWorkerCommand } from "./cli.js";
export { FileLinks } from "./download-links.js";

// A job as GraphQL answers it, and its row.
export { Job } from "./types.js";
export { toJob } from "./mapper.js";
export type { JobRow } from "./tables.js";
export type { JobMessage } from "./states.js";

// Handlers: the slices that run jobs register one per job type and report through its context.
export { JobRegistry, JobStopped, type JobContext, type JobHandler, type JobOutcome } from "./registry.js";

// The queue: a job enqueued in the caller's transaction, held until its upload is in, its entity set.
export { enqueueJob, jobRowById, releaseHeldJob, setJobEntity, withdrawHeldJob, JobSignal, type NewJob } from "./queue.js";

// What the service's metrics and traces watch: the unfinished jobs (read when scraped), a worker's claims and runs, a worker process's observability.
export { queueStats, type QueueStats } from "./queue.js";
export type { JobObserver, JobRunOutcome } from "./observer.js";
export type { WorkerObservability } from "./cli.js";
