// Enqueuing: other slices call enqueueJob inside their own transaction, so that the job exists
// exactly when the change that asked for it was committed.
import type { Executor } from "../db/client.js";
import type { JobMessage } from "./states.js";
import { jobs, type JobDetailsValue, type JobRow } from "./tables.js";

export interface NewJob {
  type: string;
  organization: string;
  userId?: string | null;
  entityId?: number | null;
  providerId?: string | null;
  payload?: Record<string, unknown>;
  details?: JobDetailsValue | null;
  /** Name of the output file, when the job will produce one. */
  fileName?: string | null;
  resourceExtension?: string | null;
  messages?: JobMessage[];
  /** Not before this instant (default: now). */
  runAfter?: Date;
}

export async function enqueueJob(executor: Executor, job: NewJob): Promise<JobRow> {
  const [row] = await executor
    .insert(jobs)
    .values({
      type: job.type,
      organization: job.organization,
      userId: job.userId ?? null,
      accountUserId: job.userId ?? null,
      entityId: job.entityId ?? null,
      providerId: job.providerId ?? null,
      payload: job.payload ?? {},
      details: job.details ?? null,
      fileName: job.fileName ?? null,
      resourceExtension: job.resourceExtension ?? null,
      messages: job.messages ?? [],
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
    })
    .returning();
  return row;
}

/**
 * Tells this process's worker that a job was committed, so that it claims it now instead of at
 * its next poll. Call `enqueued()` after the transaction that enqueued has committed.
 */
export class JobSignal {
  private readonly listeners = new Set<() => void>();

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  enqueued(): void {
    for (const listener of this.listeners) listener();
  }
}
