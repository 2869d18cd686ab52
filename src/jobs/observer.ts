// What a worker tells whoever watches it (the service's metrics and traces: src/server/observability):
// each claim, each run, and how each run ended. A worker without an observer calls nothing.
import type { JobRow } from "./tables.js";

/** How a run ended: the job's new state, or why the worker let go of it. */
export type JobRunOutcome = "succeeded" | "failed" | "retried" | "handed_back" | "canceled" | "lost";

export interface JobObserver {
  /** A claim found this job (tookOver: its lease had run out under another worker), found none (null), or failed. */
  claimed(job: JobRow | null, tookOver: boolean, failed?: boolean): void;
  /** Runs one claimed job (handler and settling) inside what the observer needs, e.g. a span linked to the request that enqueued it. */
  run<T>(job: JobRow, work: () => Promise<T>): Promise<T>;
  /** A run ended so. */
  ended(job: JobRow, outcome: JobRunOutcome, seconds: number): void;
}
