// While PostgreSQL restarts, requests answer SERVICE_UNAVAILABLE at once, /readyz answers 503 and
// /healthz 200; once it is back the service recovers by itself. The test stops and starts a
// throwaway server of its own (skipped, with the reason, where none can be started). The figures
// printed are how long each answer took; the only bound asserted is "answers at all" (no hang).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { startService, type Service } from "../../src/main.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { waitFor } from "../helpers/jobs.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/faults-postgres.js";
import { makeClient, TEST_SECRET, uniqueOrg, type GraphQLClient } from "../helpers/service.js";

const started = await startThrowawayPostgres();
const skipReason = "skipped" in started ? started.skipped : null;
if (skipReason) process.stderr.write(`test/faults/restart.test.ts skipped: cannot start a throwaway PostgreSQL (${skipReason})\n`);
const HANG_MS = 10_000; // an answer later than this counts as a hang

describe.skipIf(skipReason !== null)("a PostgreSQL restart", () => {
  const pg = started as ThrowawayPostgres;
  let service: Service;
  let url: string;
  let gql: GraphQLClient;
  const figures: Record<string, number> = {};

  beforeAll(async () => {
    service = await startService({ ...loadConfig({}), port: 0, host: "127.0.0.1", databaseUrl: pg.url, authSecret: TEST_SECRET, logLevel: "silent", seedDemo: false, runWorker: true, jobPollMs: 100 }, { quiet: true });
    url = `http://127.0.0.1:${service.port}`;
    gql = makeClient(url, await signToken(TEST_SECRET, { sub: "u", orgs: [uniqueOrg()], role: "editor" }));
  });
  afterAll(async () => {
    process.stderr.write(`faults-restart figures (ms): ${JSON.stringify(figures)}\n`);
    await service?.stop();
    pg.destroy();
  });

  async function timed<T>(name: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await call(AbortSignal.timeout(HANG_MS));
    } finally {
      figures[name] = Math.round(performance.now() - start);
    }
  }

  const SCHEDULES = `{ schedules(size: 5) { content { id name } } }`;
  const get = (path: string, signal: AbortSignal) => fetch(url + path, { signal });

  it("answers SERVICE_UNAVAILABLE and /readyz 503 while the server is down, and recovers when it is back", async () => {
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Before" }) { id } }`);
    expect((await get("/readyz", AbortSignal.timeout(HANG_MS))).status).toBe(200);

    pg.stop();
    const read = await timed("read while down", () => gql.request(SCHEDULES));
    expect(read.errors).toHaveLength(1);
    expect(read.errors?.[0]?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    expect(read.errors?.[0]?.message).toMatch(/database is unavailable/);
    const write = await timed("write while down", () => gql.request(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "During" }) { id } }`, { id: createSchedule.id }));
    expect(write.errors?.[0]?.extensions.code).toBe("SERVICE_UNAVAILABLE");
    const ready = await timed("/readyz while down", (signal) => get("/readyz", signal));
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: "unavailable", reason: "database does not answer" });
    const health = await timed("/healthz while down", (signal) => get("/healthz", signal));
    expect(health.status).toBe(200);

    pg.start();
    const back = performance.now();
    await waitFor("/readyz to answer 200", async () => (await get("/readyz", AbortSignal.timeout(HANG_MS))).status === 200, 30_000);
    figures["/readyz 200 after the server is back"] = Math.round(performance.now() - back);
    await waitFor("a read to succeed", async () => !(await gql.request(SCHEDULES)).errors, 30_000);
    figures["reads after the server is back"] = Math.round(performance.now() - back);
    const after = await gql.data(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "After" }) { name } }`, { id: createSchedule.id });
    expect(after.updateSchedule.name).toBe("After");
  });
});
