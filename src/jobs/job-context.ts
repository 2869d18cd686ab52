// The JobContext a handler receives: every write goes through the lease, so it is fenced.
import { extname } from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "../db/client.js";
import type { FileContent, FileStore } from "./files.js";
import type { JobLease } from "./lease.js";
import { JobStopped, type JobContext, type JobOutcome } from "./registry.js";
import { clampProgress, type JobMessage } from "./states.js";
import { contentTypeOf } from "./mapper.js";
import { jobs, type JobRow } from "./tables.js";

/** How often a checkpoint may read the job row; between reads it trusts what it last saw. */
const CHECK_EVERY_MS = 200;

export class RunContext implements JobContext {
  readonly signal: AbortSignal;
  finished = false;
  private readonly controller = new AbortController();
  private stopReason: JobStopped["reason"] | null = null;
  private lastCheck = 0;

  constructor(
    readonly job: JobRow,
    readonly db: Database,
    private readonly lease: JobLease,
    private readonly files: FileStore,
  ) {
    this.signal = this.controller.signal;
  }

  /** Asks the handler to stop at its next step. */
  stop(reason: JobStopped["reason"]): void {
    if (this.stopReason) return;
    this.stopReason = reason;
    this.controller.abort(new JobStopped(reason));
  }

  get stoppedFor(): JobStopped["reason"] | null {
    return this.stopReason;
  }

  private async guard<T>(step: () => Promise<T>): Promise<T> {
    if (this.stopReason) throw new JobStopped(this.stopReason);
    if (this.finished) throw new Error("The job has already finished");
    try {
      return await step();
    } catch (error) {
      if (error instanceof JobStopped) this.stop(error.reason);
      throw error;
    }
  }

  async checkpoint(): Promise<void> {
    await this.guard(async () => {
      if (Date.now() - this.lastCheck < CHECK_EVERY_MS) return;
      await this.lease.check();
      this.lastCheck = Date.now();
    });
  }

  async progress(percent: number, message?: JobMessage): Promise<void> {
    await this.guard(() => this.lease.update({ progress: clampProgress(percent) }, message));
    this.lastCheck = Date.now();
  }

  async message(type: JobMessage["type"], text: string): Promise<void> {
    await this.guard(() => this.lease.update({}, { type, message: text }));
    this.lastCheck = Date.now();
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.guard(() => this.lease.transaction((tx) => fn(tx)));
  }

  async finish(fn?: (tx: Transaction) => Promise<JobOutcome | void>): Promise<void> {
    const succeeded = (outcome: JobOutcome) => ({ status: "SUCCEEDED", progress: 100, dateFinished: sql`now()`, result: outcome.result ?? null, leaseOwner: null, leaseExpiresAt: null });
    await this.guard(async () => {
      // Without writes of its own, one fenced statement settles the job: no transaction needed.
      if (!fn) return this.lease.update(succeeded({}));
      await this.lease.transaction(async (tx) => {
        const outcome = (await fn(tx)) ?? {};
        await this.lease.settle(tx, succeeded(outcome), outcome.messages);
      });
    });
    this.finished = true;
  }

  async writeFile(fileName: string, content: FileContent): Promise<void> {
    await this.checkpoint();
    const resourceExtension = extname(fileName).slice(1) || null;
    const file = await this.files.write(this.job.id, { name: fileName, contentType: contentTypeOf(resourceExtension) }, content);
    try {
      await this.transaction(async (tx) => {
        await this.files.publish(tx, this.job.id, file.id, file.size);
        await tx.update(jobs).set({ fileName, resourceExtension, fileSize: file.size }).where(eq(jobs.id, this.job.id));
      });
    } catch (error) {
      // Canceled or taken over meanwhile: this attempt's file is nobody's.
      await this.files.remove(file.id).catch(() => {});
      throw error;
    }
  }
}
