// TEST_RECORDED: a test-only job type that records each run in a table, so that a test can count
// handler executions across processes. Used by test/jobs/lease.test.ts and its child worker.
import { sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.js";
import { JobRegistry } from "../../src/jobs/registry.js";
import { JobWorker } from "../../src/jobs/worker.js";
import { FileStore } from "../../src/jobs/files.js";
import { createLogger } from "../../src/common/log.js";

export const RUNS_TABLE = sql`create table if not exists test_job_runs (
  job_id bigint not null, worker text not null, phase text not null, at timestamptz not null default clock_timestamp())`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `hang`: the handler never finishes (the process running it gets killed). */
export function recordingWorker(db: Database, id: string, leaseMs: number, options: { hang?: (jobId: number) => void } = {}): JobWorker {
  const registry = new JobRegistry().register("TEST_RECORDED", {
    async run(ctx) {
      await ctx.transaction((tx) => tx.execute(sql`insert into test_job_runs (job_id, worker, phase) values (${ctx.job.id}, ${id}, 'start')`));
      if (options.hang) {
        options.hang(ctx.job.id);
        for (;;) {
          await ctx.checkpoint();
          await sleep(20);
        }
      }
      for (let step = 0; step < 3; step++) {
        await ctx.checkpoint();
        await sleep(5);
      }
      await ctx.finish(async (tx) => {
        await tx.execute(sql`insert into test_job_runs (job_id, worker, phase) values (${ctx.job.id}, ${id}, 'done')`);
      });
    },
  });
  return new JobWorker(db, registry, {
    id,
    pollMs: 20,
    leaseMs,
    maxAttempts: 3,
    retryBaseMs: 20,
    shutdownGraceMs: 1000,
    log: createLogger("silent"),
    files: new FileStore(db, 168),
  });
}
