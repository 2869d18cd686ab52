// The job worker: claims runnable jobs with FOR UPDATE SKIP LOCKED, holds a lease it renews while
// the handler runs, retries transient database errors with backoff, and settles every job in a
// fenced transaction. Several workers (in one process or many) share one database safely.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, getTableColumns, gt, inArray, lt, lte, or, sql } from "drizzle-orm";
import { AppError } from "../common/errors.js";
import { classifyDatabaseError } from "../db/driver-errors.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "../common/log.js";
import { RunContext } from "./job-context.js";
import type { FileStore } from "./files.js";
import { JobLease } from "./lease.js";
import type { JobObserver, JobRunOutcome } from "./observer.js";
import { JobStopped, type JobHandler, type JobRegistry } from "./registry.js";
import { failureReason, isTransientError, retryDelayMs, type JobMessage } from "./states.js";
import { jobs, type JobRow } from "./tables.js";

export interface WorkerSettings {
  /** Wait between claims when the queue is empty. */
  pollMs: number;
  /** How long a claim holds without renewal; renewed every third of it. */
  leaseMs: number;
  /** Claims of one job before it FAILS (transient errors and take-overs both count). */
  maxAttempts: number;
  /** First retry delay; doubles with each attempt. */
  retryBaseMs: number;
  /** On stop, how long a running handler may take before it is asked to stop. */
  shutdownGraceMs: number;
  /** statement_timeout of job transactions (SET LOCAL), ms; undefined: the connection's own. */
  jobStatementTimeoutMs?: number;
}

export function workerSettings(config: Config): WorkerSettings {
  return {
    pollMs: config.jobPollMs,
    leaseMs: config.jobLeaseMs,
    maxAttempts: config.jobMaxAttempts,
    retryBaseMs: config.jobRetryBaseMs,
    shutdownGraceMs: config.jobShutdownGraceMs,
    jobStatementTimeoutMs: config.jobStatementTimeoutMs,
  };
}

export interface WorkerOptions extends WorkerSettings {
  log: Logger;
  files: FileStore;
  /** Lease owner name; default host:pid:random. */
  id?: string;
  /**
   * No other worker can use this database (embedded PGlite belongs to one process): jobs a previous
   * run left PROCESSING are taken up at start instead of after their lease.
   */
  soleWorker?: boolean;
  /** Told of each claim and run (metrics, traces); unset: nothing is told. */
  observer?: JobObserver;
}

interface Running {
  context: RunContext;
  lease: JobLease;
  done: Promise<void>;
}

const HANDED_BACK: JobMessage = { type: "INFO", message: "The worker stopped; the job went back to the queue" };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class JobWorker {
  readonly id: string;
  private state: "idle" | "running" | "stopping" | "stopped" = "idle";
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wokenMeanwhile = false;
  private current: Running | null = null;
  private readonly log: Logger;

  constructor(
    private readonly db: Database,
    private readonly registry: JobRegistry,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
    this.log = options.log.child({ worker: this.id });
  }

  start(): void {
    if (this.state !== "idle") throw new Error(`worker ${this.id} was already started`);
    this.state = "running";
    this.loopDone = this.loop();
  }

  /** Ends the wait between polls: a job was just enqueued in this process. */
  wake(): void {
    // Remembered when it comes during a claim, which may have looked before the job was committed.
    this.wokenMeanwhile = true;
    this.wakeUp?.();
  }

  /**
   * Graceful stop: no new claims; the running handler gets shutdownGraceMs to finish, then is asked
   * to stop at its next step and its job goes back to the queue for another worker. A handler that
   * does not stop within another shutdownGraceMs has its job handed back anyway (attempt not
   * counted): its later writes are fenced out.
   */
  async stop(): Promise<void> {
    if (this.state === "stopped" || this.state === "idle") {
      this.state = "stopped";
      return;
    }
    this.state = "stopping";
    this.wakeUp?.();
    // The loop ends once the job it is running (claimed before or during this call) is settled.
    const loopDone = this.loopDone ?? Promise.resolve();
    const grace = this.options.shutdownGraceMs;
    if (!(await settlesWithin(loopDone, grace))) {
      this.current?.context.stop("shutdown");
      if (!(await settlesWithin(loopDone, grace)) && this.current) {
        const { lease } = this.current;
        try {
          if (await lease.handBack(HANDED_BACK)) this.log.warn("job handed back to the queue; its handler did not stop in time", { jobId: lease.jobId });
        } catch (error) {
          this.log.error("job could not be handed back; its lease will expire", { jobId: lease.jobId, error: failureReason(error) });
        }
      }
    }
    this.state = "stopped";
    this.log.info("job worker stopped");
  }

  private async loop(): Promise<void> {
    this.log.info("job worker started", { types: this.registry.types(), pollMs: this.options.pollMs, leaseMs: this.options.leaseMs });
    let failures = 0;
    if (this.options.soleWorker) {
      try {
        const orphans = await this.db
          .update(jobs)
          .set({ leaseExpiresAt: sql`now() - interval '1 millisecond'` })
          .where(and(eq(jobs.status, "PROCESSING"), gt(jobs.leaseExpiresAt, sql`now()`)))
          .returning({ id: jobs.id });
        if (orphans.length) this.log.info("jobs of a previous run taken up", { jobIds: orphans.map((o) => o.id) });
      } catch (error) {
        this.log.warn("could not take up jobs of a previous run; their leases will expire", { error: failureReason(error) });
      }
    }
    while (this.state === "running") {
      try {
        const ran = await this.runOnce();
        failures = 0;
        if (!ran) await this.idle(this.options.pollMs);
      } catch (error) {
        failures++;
        const delay = Math.min(retryDelayMs(failures, this.options.pollMs), 30_000);
        this.log.warn("job worker cannot claim; retrying", { error: failureReason(error), retryInMs: delay });
        await this.idle(delay);
      }
    }
  }

  private idle(ms: number): Promise<void> {
    if (this.state !== "running" || this.wokenMeanwhile) {
      this.wokenMeanwhile = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.wakeUp?.(), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        this.wokenMeanwhile = false;
        resolve();
      };
    });
  }

  /** Claims one runnable job and runs it to a settled state; false when there was none. */
  async runOnce(): Promise<boolean> {
    this.wokenMeanwhile = false;
    const { observer } = this.options;
    let claimed: { job: JobRow; tookOver: boolean } | null;
    try {
      claimed = await this.claim();
    } catch (error) {
      observer?.claimed(null, false, true);
      throw error;
    }
    observer?.claimed(claimed?.job ?? null, claimed?.tookOver ?? false);
    if (!claimed) return false;
    const { job } = claimed;
    const lease = new JobLease(this.db, job.id, this.id, this.options.leaseMs, this.options.jobStatementTimeoutMs);
    const context = new RunContext(job, this.db, lease, this.options.files);
    const done = observer ? observer.run(job, () => this.execute(job, context, lease)) : this.execute(job, context, lease);
    this.current = { context, lease, done };
    try {
      await done;
    } finally {
      this.current = null;
    }
    return true;
  }

  /** One runnable job, now ours; tookOver: it was PROCESSING under a lease that had run out. */
  private async claim(): Promise<{ job: JobRow; tookOver: boolean } | null> {
    const types = this.registry.types();
    if (types.length === 0) return null;
    const next = this.db
      .select({ id: jobs.id, tookOver: sql<boolean>`${jobs.status} = 'PROCESSING'`.as("took_over") })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, types),
          or(and(eq(jobs.status, "PENDING"), lte(jobs.runAfter, sql`now()`)), and(eq(jobs.status, "PROCESSING"), lt(jobs.leaseExpiresAt, sql`now()`))),
        ),
      )
      .orderBy(asc(jobs.id))
      .limit(1)
      .for("update", { skipLocked: true })
      .as("next");
    const [row] = await this.db
      .update(jobs)
      .set({
        status: "PROCESSING",
        leaseOwner: this.id,
        leaseExpiresAt: sql`now() + ${this.options.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${jobs.attempts} + 1`,
        dateStarted: sql`coalesce(${jobs.dateStarted}, now())`,
      })
      .from(next)
      .where(eq(jobs.id, next.id))
      .returning({ ...getTableColumns(jobs), tookOver: next.tookOver });
    if (!row) return null;
    const { tookOver, ...job } = row;
    return { job, tookOver };
  }

  private async execute(job: JobRow, context: RunContext, lease: JobLease): Promise<void> {
    const started = performance.now();
    const outcome = await this.runToEnd(job, context, lease);
    this.options.observer?.ended(job, outcome, (performance.now() - started) / 1000);
  }

  /** Runs the handler and settles the job; answers how the run ended. */
  private async runToEnd(job: JobRow, context: RunContext, lease: JobLease): Promise<JobRunOutcome> {
    const handler = this.registry.get(job.type)!;
    const log = this.log.child({ jobId: job.id, type: job.type, attempt: job.attempts });
    let renewing = false; // one renewal at a time, even when the database is slow to answer
    const renewal = setInterval(() => {
      if (renewing) return;
      renewing = true;
      lease
        .renew()
        .then(async (ours) => {
          if (!ours) context.stop(await lease.whyNotOurs());
        })
        .catch((error) => log.warn("lease renewal failed", { error: failureReason(error) }))
        .finally(() => (renewing = false));
    }, Math.max(50, Math.floor(this.options.leaseMs / 3)));
    try {
      if (job.attempts > this.options.maxAttempts) {
        // Only a take-over gets here: retries of failed attempts stop at maxAttempts.
        await this.fail(lease, handler, job, `Gave up after ${job.attempts - 1} attempts: the worker running the job stopped answering`);
        return "failed";
      }
      log.debug("job started");
      await handler.run(context);
      if (!context.finished) await context.finish();
      log.info("job succeeded");
      return "succeeded";
    } catch (error) {
      return await this.afterError(lease, handler, job, context, error, log);
    } finally {
      clearInterval(renewal);
    }
  }

  private async afterError(lease: JobLease, handler: JobHandler, job: JobRow, context: RunContext, error: unknown, log: Logger): Promise<JobRunOutcome> {
    const stopped = error instanceof JobStopped ? error.reason : context.stoppedFor;
    try {
      if (stopped === "shutdown") {
        await this.settle(lease, { status: "PENDING", attempts: sql`${jobs.attempts} - 1`, runAfter: sql`now()` }, [HANDED_BACK]);
        log.info("job returned to the queue (worker stopping)");
        return "handed_back";
      } else if (stopped === "canceled") {
        log.info("job stopped after cancel");
        return "canceled";
      } else if (stopped === "lost") {
        log.warn("job lease lost; another worker has taken it over");
        return "lost";
      } else if (isTransientError(error) && job.attempts < this.options.maxAttempts) {
        const delay = retryDelayMs(job.attempts, this.options.retryBaseMs);
        await this.settle(lease, { status: "PENDING", runAfter: sql`now() + ${delay} * interval '1 millisecond'` }, [
          { type: "WARNING", message: `Attempt ${job.attempts} failed (${failureReason(error)}); retrying in ${(delay / 1000).toFixed(1)} s` },
        ]);
        log.warn("job attempt failed; will retry", { error: failureReason(error), retryInMs: delay });
        return "retried";
      } else {
        const known = error instanceof AppError ? error : classifyDatabaseError(error, { job: true });
        const reason = known ? known.message : failureReason(error);
        const text = isTransientError(error) ? `Gave up after ${job.attempts} attempts: ${reason}` : reason;
        await this.fail(lease, handler, job, text);
        log.warn("job failed", { reason: text, ...(known ? {} : { stack: String((error as Error)?.stack ?? error) }) });
        return "failed";
      }
    } catch (settleError) {
      if (settleError instanceof JobStopped) return settleError.reason === "canceled" ? "canceled" : "lost"; // nothing of ours to write
      // The database is gone: the lease expires and another claim settles the job.
      log.error("job could not be settled", { error: failureReason(settleError) });
      return "lost";
    }
  }

  private fail(lease: JobLease, handler: JobHandler, job: JobRow, reason: string): Promise<void> {
    return withRetries(() =>
      lease.transaction(async (tx) => {
        // History names the job and who asked for it as the undo's operation and actor.
        await handler.abandon?.(tx, job, { actor: job.userId, operation: `job:${job.type}` });
        await lease.settle(tx, { status: "FAILED", dateFinished: sql`now()` }, [{ type: "ERROR", message: reason }]);
      }),
    );
  }

  private settle(lease: JobLease, changes: Parameters<JobLease["settle"]>[1], messages: JobMessage[]): Promise<void> {
    return withRetries(() => lease.transaction((tx) => lease.settle(tx, changes, messages)));
  }
}

/** A few quick tries for the worker's own bookkeeping writes when the database hiccups. */
async function withRetries<T>(fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= tries || !isTransientError(error)) throw error;
      await sleep(retryDelayMs(attempt, 200));
    }
  }
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true, () => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
