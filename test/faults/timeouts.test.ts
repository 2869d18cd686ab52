// Time limits: a statement or a wait on a lock that runs past its limit answers TIMEOUT and frees
// its connection; the health probes have a connection of their own, so they answer while every
// pool connection waits; job transactions run under their own, larger statement limit.
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { JobRegistry } from "../../src/jobs/registry.js";
import { JobWorker } from "../../src/jobs/worker.js";
import { createLogger } from "../../src/common/log.js";
import { waitFor } from "../helpers/jobs.js";
import { orgClient, uniqueOrg, useTestService, type GraphQLClient, type TestService } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
const CREATE = `mutation($input: ScheduleInput!) { createSchedule(input: $input) { id } }`;
const UPDATE = `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id name } }`;

/** A schedule of a fresh organization, and a connection of the test holding its row locked. */
async function lockedSchedule(t: TestService): Promise<{ gql: GraphQLClient; id: string; release(): Promise<void> }> {
  const { gql } = await orgClient(t);
  const { createSchedule } = await gql.data(CREATE, { input: { name: "Locked" } });
  const holder = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const lockTaken = new Promise<void>((resolve) => (locked = resolve));
  const transaction = holder.begin(async (tx) => {
    await tx`select id from schedules where id = ${createSchedule.id} for update`;
    locked();
    await released;
  });
  await lockTaken;
  return {
    gql,
    id: createSchedule.id,
    release: async () => {
      release();
      await transaction;
      await holder.end();
    },
  };
}

describe.skipIf(!onPostgres)("a wait on a lock past DB_LOCK_TIMEOUT_MS", () => {
  const t = useTestService({ dbLockTimeoutMs: 300, dbStatementTimeoutMs: 0 });

  it("answers TIMEOUT naming the limit, and writes nothing", async () => {
    const locked = await lockedSchedule(t);
    try {
      const error = await locked.gql.error(UPDATE, { id: locked.id, input: { name: "Changed" } });
      expect(error.extensions.code).toBe("TIMEOUT");
      expect(error.message).toContain("DB_LOCK_TIMEOUT_MS=300 ms");
      expect(error.extensions.requestId).toBeTruthy();
    } finally {
      await locked.release();
    }
    const { schedule } = await locked.gql.data(`query($id: ID!) { schedule(id: $id) { name } }`, { id: locked.id });
    expect(schedule.name).toBe("Locked");
  });
});

describe.skipIf(!onPostgres)("a statement past DB_STATEMENT_TIMEOUT_MS", () => {
  const t = useTestService({ dbLockTimeoutMs: 0, dbStatementTimeoutMs: 300 });

  it("answers TIMEOUT naming the limit", async () => {
    const locked = await lockedSchedule(t); // without a lock limit, the statement limit ends the wait
    try {
      const error = await locked.gql.error(UPDATE, { id: locked.id, input: { name: "Changed" } });
      expect(error.extensions.code).toBe("TIMEOUT");
      expect(error.message).toContain("DB_STATEMENT_TIMEOUT_MS=300 ms");
    } finally {
      await locked.release();
    }
  });
});

describe.skipIf(!onPostgres)("health probes while every pool connection waits", () => {
  const t = useTestService({ dbPoolSize: 2, dbLockTimeoutMs: 60_000, dbStatementTimeoutMs: 0 });

  it("/healthz and /readyz answer while the queued updates are still waiting", async () => {
    const locked = await lockedSchedule(t);
    let settled = 0;
    const updates = Array.from({ length: 4 }, (_, i) =>
      locked.gql.request(UPDATE, { id: locked.id, input: { name: `Queued ${i}` } }).finally(() => settled++),
    );
    try {
      // Both pool connections wait on the lock, the other updates wait for a connection.
      const observer = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
      try {
        await waitFor("the pool to wait on the lock", async () => {
          const [{ waiting }] = await observer`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and application_name = 'playout-gateway' and wait_event_type = 'Lock'`;
          return waiting >= 2;
        });
      } finally {
        await observer.end();
      }
      const health = await fetch(t.url + "/healthz");
      const ready = await fetch(t.url + "/readyz");
      expect(health.status).toBe(200);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready" });
      expect(settled).toBe(0);
    } finally {
      await locked.release();
    }
    const results = await Promise.all(updates);
    expect(results.every((r) => !r.errors)).toBe(true);
  });
});

describe("job transactions", () => {
  const t = useTestService({ dbStatementTimeoutMs: 30_000 });
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops) await stop();
  });

  it("run under JOB_STATEMENT_TIMEOUT_MS (SET LOCAL), their reads under the connection's limit", async () => {
    const seen: Record<string, string> = {};
    const registry = new JobRegistry().register("TEST_FAULTS_LIMITS", {
      async run(ctx) {
        await ctx.transaction(async (tx) => {
          seen.inTransaction = (await queryRows<{ statement_timeout: string }>(tx, sql`show statement_timeout`))[0].statement_timeout;
        });
        seen.outside = (await queryRows<{ statement_timeout: string }>(ctx.db, sql`show statement_timeout`))[0].statement_timeout;
        await ctx.finish();
      },
    });
    const worker = new JobWorker(t.service.database.db, registry, {
      pollMs: 20, leaseMs: 2000, maxAttempts: 1, retryBaseMs: 20, shutdownGraceMs: 100, jobStatementTimeoutMs: 123_000,
      log: createLogger("silent"), files: t.service.jobs.files,
    });
    worker.start();
    stops.push(() => worker.stop());
    await enqueueJob(t.service.database.db, { type: "TEST_FAULTS_LIMITS", organization: uniqueOrg() });
    await waitFor("the job to run", async () => seen.outside);
    expect(seen.inTransaction).toBe("123s");
    // PGlite has no server-side time limits at all (docs/SECURITY.md "How timeouts and faults are handled"): its connection answers 0.
    expect(seen.outside).toBe(onPostgres ? "30s" : "0");
  });
});
