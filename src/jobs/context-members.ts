// The job engine's members of what every resolver receives (src/common/context.ts).
import type { FileLinks } from "./download-links.js";
import type { JobSignal } from "./queue.js";
import type { JobRegistry } from "./registry.js";
import type { JobService } from "./service.js";

declare module "../common/context.js" {
  interface Services {
    /** Handlers by job type, shared by the services (cancel undoes) and the worker (runs). */
    jobRegistry: JobRegistry;
    /** Wakes this process's worker when a service has enqueued a job. */
    jobSignal: JobSignal;
    jobs: JobService;
    /** Signs the short-lived download links of job files (Job.downloadUrl). */
    fileLinks: FileLinks;
  }
}
