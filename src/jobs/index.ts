// The public surface of the job engine: what other slices may use (lint: eslint.config.js "boundaries").
// Nothing here may import a slice that registers handlers (io, schedules): that would be a cycle.
// type-graphql's decorators need the metadata polyfill before the first decorated class loads.
import "reflect-metadata";
// Its members of Context (ctx.services, ctx.loaders): types only, erased at run time.
export type {} from "./context-members.js";
export { JobService } from "./service.js";
export { JobRegistry, JobStopped, type JobContext, type JobOutcome } from "./registry.js";
export { enqueueJob, JobSignal } from "./queue.js";
export { toJob } from "./mapper.js";
export { FileLinks } from "./download-links.js";
export { Job } from "./types.js";
export type { JobRow } from "./tables.js";
export { runWorkerCommand } from "./cli.js";
export * from "./states.js";
export * from "./mapper.js";
export * from "./queue.js";
export * from "./registry.js";
export * from "./types.js";
