// A value PostgreSQL cannot store (class 22, here a NUL character) answers BAD_USER_INPUT with a
// fixed message that does not repeat the value, on both drivers; a job that runs past its
// statement limit fails with a message naming JOB_STATEMENT_TIMEOUT_MS.
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../../src/jobs/queue.js";
import { JobRegistry } from "../../src/jobs/registry.js";
import { jobs } from "../../src/jobs/tables.js";
import { JobWorker } from "../../src/jobs/worker.js";
import { createLogger } from "../../src/common/log.js";
import { waitFor } from "../helpers/jobs.js";
import { orgClient, uniqueOrg, useOwnTestService } from "../helpers/service.js";

const t = useOwnTestService(); // its own service: this file reaches into its database

describe("values the database cannot store", () => {
  it("answers BAD_USER_INPUT without echoing the value", async () => {
    const { gql } = await orgClient(t);
    const secret = "value-\u0000-9f3c2";
    const result = await gql.request(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`, { input: { name: "ok", graphicsProject: secret } });
    expect(result.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(result.errors)).not.toContain("9f3c2");
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a job past JOB_STATEMENT_TIMEOUT_MS", () => {
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("fails at once with a message naming the limit", async () => {
    const registry = new JobRegistry().register("TEST_FAULTS_SLOW_STATEMENT", {
      async run(ctx) {
        await ctx.transaction((tx) => tx.execute(sql`select pg_sleep(2)`));
      },
    });
    const worker = new JobWorker(t.service.database.db, registry, {
      pollMs: 20, leaseMs: 5000, maxAttempts: 3, retryBaseMs: 20, shutdownGraceMs: 100, jobStatementTimeoutMs: 200,
      log: createLogger("silent"), files: t.service.jobs.files,
    });
    worker.start();
    stops.push(() => worker.stop());
    const job = await enqueueJob(t.service.database.db, { type: "TEST_FAULTS_SLOW_STATEMENT", organization: uniqueOrg() });
    const row = await waitFor("the job to fail", async () => {
      const [current] = await t.service.database.db.select().from(jobs).where(eq(jobs.id, job.id));
      return current.status === "FAILED" ? current : null;
    });
    expect(row.attempts).toBe(1);
    expect(row.messages).toContainEqual({ type: "ERROR", message: expect.stringContaining("JOB_STATEMENT_TIMEOUT_MS") });
  });
});
