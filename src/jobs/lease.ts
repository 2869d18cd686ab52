// A worker's hold on one running job. Every write the worker or its handler makes about that job is
// fenced: it happens only while this worker still owns the job and the job is PROCESSING, so a
// worker that lost its lease (or whose job was canceled) can never overwrite a final state.
import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.js";
import { JobStopped } from "./registry.js";
import type { JobMessage } from "./states.js";
import { jobs, type JobRow } from "./tables.js";

type JobChanges = Partial<Record<keyof JobRow, unknown>>;

export class JobLease {
  constructor(
    private readonly db: Database,
    readonly jobId: number,
    readonly owner: string,
    private readonly leaseMs: number,
    /** statement_timeout of the job's transactions (SET LOCAL), ms; undefined: the connection's. */
    private readonly statementTimeoutMs?: number,
  ) {}

  private ours() {
    return and(eq(jobs.id, this.jobId), eq(jobs.leaseOwner, this.owner), eq(jobs.status, "PROCESSING"));
  }

  private expiry() {
    return sql`now() + ${this.leaseMs} * interval '1 millisecond'`;
  }

  /** Pushes the lease expiry forward; false when the job is no longer ours. */
  async renew(): Promise<boolean> {
    const rows = await this.db.update(jobs).set({ leaseExpiresAt: this.expiry() }).where(this.ours()).returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** Why the job is not ours any more: canceled by a user, or taken over by another worker. */
  async whyNotOurs(executor: Database | Transaction = this.db): Promise<"canceled" | "lost"> {
    const [row] = await executor.select({ status: jobs.status, cancelRequested: jobs.cancelRequested }).from(jobs).where(eq(jobs.id, this.jobId));
    return row && (row.status === "CANCELED" || row.cancelRequested) ? "canceled" : "lost";
  }

  /** Throws JobStopped unless the job is still ours. */
  async check(): Promise<void> {
    const [row] = await this.db.select({ id: jobs.id }).from(jobs).where(this.ours());
    if (!row) throw new JobStopped(await this.whyNotOurs());
  }

  /** One fenced update of the job row (progress, messages, file); throws JobStopped when not ours. */
  async update(changes: JobChanges, message?: JobMessage): Promise<void> {
    const set: Record<string, unknown> = { ...changes };
    if (message) set.messages = appendMessages([message]);
    const rows = await this.db.update(jobs).set(set).where(this.ours()).returning({ id: jobs.id });
    if (rows.length !== 1) throw new JobStopped(await this.whyNotOurs());
  }

  /**
   * Runs fn in a transaction holding the job row lock, after checking the job is still ours.
   * cancelJob locks the same row first, so a step and a cancel are serialized.
   */
  async transaction<T>(fn: (tx: Transaction, job: JobRow) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      if (this.statementTimeoutMs !== undefined) await tx.execute(sql`select set_config('statement_timeout', ${String(this.statementTimeoutMs)}, true)`);
      const [row] = await tx.select().from(jobs).where(this.ours()).for("update");
      if (!row) throw new JobStopped(await this.whyNotOurs(tx));
      return fn(tx, row);
    });
  }

  /**
   * Shutdown: the job goes back to the queue, the attempt not counted, whatever its handler is
   * still doing (its later writes are fenced out). False when the job was not ours any more.
   */
  async handBack(message: JobMessage): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ status: "PENDING", attempts: sql`greatest(${jobs.attempts} - 1, 0)`, runAfter: sql`now()`, leaseOwner: null, leaseExpiresAt: null, messages: appendMessages([message]) })
      .where(this.ours())
      .returning({ id: jobs.id });
    return rows.length === 1;
  }

  /** Inside `transaction`: the job's final or next state. */
  async settle(tx: Transaction, changes: JobChanges, messages: JobMessage[] = []): Promise<void> {
    const set: Record<string, unknown> = { leaseOwner: null, leaseExpiresAt: null, ...changes };
    if (messages.length) set.messages = appendMessages(messages);
    await tx.update(jobs).set(set).where(eq(jobs.id, this.jobId));
  }
}

export function appendMessages(messages: JobMessage[]) {
  return sql`${jobs.messages} || ${JSON.stringify(messages)}::jsonb`;
}
