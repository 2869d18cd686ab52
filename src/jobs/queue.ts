// Enqueuing: other slices call enqueueJob inside their own transaction, so that the job exists
// exactly when the change that asked for it was committed.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { currentTraceparent } from "../common/trace-context.js";
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
      traceParent: currentTraceparent(),
      ...(job.runAfter ? { runAfter: job.runAfter } : {}),
    })
    .returning();
  return row;
}

/**
 * Held jobs: enqueued with a payload flag (`uploading`) and a late runAfter while what they need
 * arrives (an upload's pieces), then released to run now, or withdrawn when it never arrives.
 * Answers the released row, or null when the job is no longer PENDING (canceled meanwhile).
 */
export async function releaseHeldJob(executor: Executor, jobId: number, flag: string): Promise<JobRow | null> {
  const [ready] = await executor
    .update(jobs)
    .set({ runAfter: sql`now()`, payload: sql`${jobs.payload} - ${flag}::text` })
    .where(and(eq(jobs.id, jobId), eq(jobs.status, "PENDING")))
    .returning();
  return ready ?? null;
}

/** Withdraws a held job that will never run (what it was waiting for failed); its pieces go with it (cascade). */
export async function withdrawHeldJob(executor: Executor, jobId: number): Promise<void> {
  await executor.delete(jobs).where(eq(jobs.id, jobId));
}

/** A job's row as it is now, or null. */
export async function jobRowById(executor: Executor, jobId: number): Promise<JobRow | null> {
  const [row] = await executor.select().from(jobs).where(eq(jobs.id, jobId));
  return row ?? null;
}

/** Records the record a job made (an import's new schedule), inside the job's finishing transaction. */
export async function setJobEntity(executor: Executor, jobId: number, entityId: number): Promise<void> {
  await executor.update(jobs).set({ entityId }).where(eq(jobs.id, jobId));
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

/** Unfinished jobs of one type and state, as the metrics show them (queueStats). */
export interface QueueStats {
  type: string;
  status: "PENDING" | "PROCESSING";
  count: number;
  /** PENDING: how many may run now (runAfter passed). */
  runnable: number;
  /** PENDING: how long the oldest runnable one has waited since it could run, seconds (0: none). */
  oldestSeconds: number;
  /** PROCESSING: how many have a lease that ran out (their worker stopped answering) and wait to be taken over. */
  leaseExpired: number;
}

/** The unfinished jobs in one statement, read through the partial index of runnable jobs (cheap at any history size). */
export async function queueStats(executor: Executor): Promise<QueueStats[]> {
  const rows = await executor
    .select({
      type: jobs.type,
      status: jobs.status,
      count: sql<number>`count(*)::int`,
      runnable: sql<number>`(count(*) filter (where ${jobs.runAfter} <= now()))::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${jobs.runAfter}) filter (where ${jobs.runAfter} <= now())), 0)::float8`,
      leaseExpired: sql<number>`(count(*) filter (where ${jobs.leaseExpiresAt} < now()))::int`,
    })
    .from(jobs)
    .where(sql`${jobs.status} in ('PENDING', 'PROCESSING')`)
    .groupBy(jobs.type, jobs.status);
  return rows.map((row) => ({ ...row, status: row.status as QueueStats["status"], count: Number(row.count), runnable: Number(row.runnable), oldestSeconds: Number(row.oldestSeconds), leaseExpired: Number(row.leaseExpired) }));
}
