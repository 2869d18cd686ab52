// Metrics a real Prometheus scrapes: Debian's `prometheus`, started by the test on a free loopback
// port with a scrape configuration of its own (test/helpers/prometheus.ts), reads the METRICS_PORT
// of two services, one running its job worker and one with RUN_WORKER=false as the deployment's
// servers run, while a few GraphQL requests and jobs run through them; the series come back through
// its HTTP API with the labels the service gives them, and every metric the Grafana dashboard and
// DEPLOY.md's alerts name is there for both. promtool accepts the exposition; a caller sending
// operation names of its own adds no series.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../../../src/jobs/queue.js";
import { jobs } from "../../../src/jobs/tables.js";
import { waitFor, waitForStatus } from "../../helpers/jobs.js";
import { EVENT_METRICS, metricsOf, monitoredMetrics, monitoringExpressions, PROMTOOL, startPrometheus, type Prometheus } from "../../helpers/prometheus.js";
import { orgClient, useOwnTestService, type TestService } from "../../helpers/service.js";

const settings = { metricsPort: 0, jobPollMs: 50, maxQueryBytes: 1024, metricsOperations: ["MakeSchedule", "Poll"] };
/** The service with its worker (role="worker" in Prometheus), and one without (role="server"). */
const t = useOwnTestService({ ...settings, runWorker: true });
const s = useOwnTestService({ ...settings, runWorker: false });
let prometheus: Prometheus | undefined;
let skipped: string | undefined;

const exposition = async () => (await fetch(`http://127.0.0.1:${t.service.observability.metricsPort}/metrics`)).text();

beforeAll(async () => {
  const address = (service: TestService) => `127.0.0.1:${service.service.observability.metricsPort}`;
  const started = await startPrometheus([
    { address: address(t), labels: { role: "worker" } },
    { address: address(s), labels: { role: "server" } },
  ]);
  if ("skipped" in started) skipped = started.skipped;
  else prometheus = started;
});
afterAll(async () => {
  await prometheus?.stop();
});

describe("metrics", () => {
  it("count the rate limits' refusals from 0, by every budget's name, before the first refusal", async () => {
    const text = await exposition();
    for (const limit of ["subject", "organization", "ip"]) expect(text).toMatch(new RegExp(`^playout_limit_refusals_total\\{limit="${limit}"\\} \\d+$`, "m"));
  });

  it("are never served on the public port", async () => {
    const response = await fetch(`${t.url}/metrics`);
    expect(response.status).toBe(404);
    expect(t.service.observability.metricsPort).not.toBe(t.service.port);
  });

  it("reach a real Prometheus: requests, errors, refusals, statements, pools, a job and the queue, with their labels", async (context) => {
    if (skipped) return context.skip(skipped);
    const { org, gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation MakeSchedule { createSchedule(input: { name: "Metrics" }) { id } }`);
    const { exportSchedule } = await gql.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "m.xml") { id } }`, { id: createSchedule.id });
    await waitForStatus(gql, exportSchedule.id, ["SUCCEEDED"]);
    for (let i = 0; i < 3; i++) await gql.data(`query Poll($id: ID!) { job(id: $id) { id status } }`, { id: exportSchedule.id });
    expect((await gql.error(`{ noSuchField }`)).extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect((await gql.error(`{ __typename ${" ".repeat(1100)}}`)).extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit: "bytes" });
    // A job no worker of this service runs: it waits in the queue.
    await enqueueJob(t.service.database.db, { type: "TEST_NEVER_CLAIMED", organization: org });

    const value = async (expression: string) =>
      waitFor(`Prometheus to hold ${expression}`, async () => {
        const result = await prometheus!.query(expression);
        return result.length ? result : null;
      }, 60_000);
    await waitFor("both targets up", async () => (await prometheus!.query(`up{job="playout-gateway"} == 1`)).length === 2, 60_000);
    const [made] = await value(`playout_graphql_requests_total{role="worker", operation="MakeSchedule"}`);
    expect(made.metric).toMatchObject({ operation_type: "mutation", path: "apollo", code: "OK" });
    expect(made.value[1]).toBe("1");
    // The poll's text is compiled after Apollo's first run: later polls take the known path.
    const polls = await value(`playout_graphql_requests_total{role="worker", operation="Poll", operation_type="query", code="OK"}`);
    expect(polls.map((series) => series.metric.path).sort()).toContain("known");
    expect(await value(`playout_graphql_requests_total{role="worker", operation="other", operation_type="mutation", path="apollo", code="OK"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_request_duration_seconds_count{role="worker", operation="MakeSchedule"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_requests_total{role="worker", code="GRAPHQL_VALIDATION_FAILED", operation_type="none"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_errors_total{role="worker", code="GRAPHQL_VALIDATION_FAILED"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_requests_total{role="worker", path="refused:bytes", code="QUERY_TOO_COMPLEX"}`)).toHaveLength(1);
    expect(await value(`playout_limit_refusals_total{role="worker", limit="bytes"}`)).toHaveLength(1);
    // Statements by the function that sent them, never their text.
    expect(await value(`playout_db_statement_duration_seconds_count{role="worker", statement="jobs/service.findJob"}`)).toHaveLength(1);
    expect(await value(`playout_db_statement_duration_seconds_count{role="worker", statement="jobs/worker.JobWorker.claim"}`)).toHaveLength(1);
    expect(await value(`playout_db_statement_duration_seconds_count{role="worker", statement="jobs/queue.enqueueJob"}`)).toHaveLength(1);
    const [connections] = await value(`playout_db_pool_connections{role="worker", pool="primary"}`);
    expect(Number(connections.value[1])).toBeGreaterThan(0);
    expect(await value(`playout_db_pool_in_use{role="worker", pool="primary"}`)).toHaveLength(1);
    expect(await value(`playout_db_pool_waiting{role="worker", pool="primary"}`)).toHaveLength(1);
    expect(await value(`playout_db_pool_wait_seconds_count{role="worker", pool="primary"} > 0`)).toHaveLength(1);
    // The job: claimed, run, succeeded; the queue as the database holds it at each scrape.
    expect(await value(`playout_job_runs_total{role="worker", type="TIMELINE_EPG_XML_EXPORT", outcome="succeeded"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_attempts_total{role="worker", type="TIMELINE_EPG_XML_EXPORT"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_run_duration_seconds_count{role="worker", type="TIMELINE_EPG_XML_EXPORT"}`)).toHaveLength(1);
    expect(await value(`playout_worker_claims_total{role="worker", result="job"} >= 1`)).toHaveLength(1);
    expect(await value(`playout_job_queue_depth{role="worker", type="TEST_NEVER_CLAIMED"} == 1`)).toHaveLength(1);
    expect(await value(`playout_jobs{role="worker", type="TEST_NEVER_CLAIMED", state="PENDING"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_queue_oldest_age_seconds{role="worker", type="TEST_NEVER_CLAIMED"} >= 0`)).toHaveLength(1);
    expect(await value(`playout_job_queue_depth{role="worker", type="TIMELINE_EPG_XML_EXPORT"} == 0`)).toHaveLength(1);
    expect(await value(`playout_job_lease_expired{role="worker", type="TIMELINE_EPG_XML_EXPORT"} == 0`)).toHaveLength(1);
    expect(await value(`playout_job_queue_scrape_ok{role="worker"} == 1`)).toHaveLength(1);
    // The process.
    expect(await value(`nodejs_eventloop_lag_seconds{role="worker"}`)).toHaveLength(1);
    expect(await value(`process_cpu_seconds_total{role="worker"}`)).toHaveLength(1);
  });

  it("hold every metric the Grafana dashboard and DEPLOY.md's alerts name, for both services (a server without its worker has none of the worker's)", async (context) => {
    if (skipped) return context.skip(skipped);
    // What the counters of rare events wait for: an error, a refusal and a failed statement on both…
    for (const service of [t, s]) {
      const { gql } = await orgClient(service);
      await gql.data(`query Poll { __typename }`);
      expect((await gql.error(`{ noSuchField }`)).extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
      expect((await gql.error(`{ __typename ${" ".repeat(1100)}}`)).extensions).toMatchObject({ limit: "bytes" });
      await expect(service.service.database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    }
    // …and a take-over on the worker: a copy of a finished export, left PROCESSING by a worker whose lease ran out.
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Taken over" }) { id } }`);
    const { exportSchedule } = await gql.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "t.xml") { id } }`, { id: createSchedule.id });
    await waitForStatus(gql, exportSchedule.id, ["SUCCEEDED"]);
    const db = t.service.database.db;
    const [done] = await db.select().from(jobs).where(eq(jobs.id, Number(exportSchedule.id)));
    const orphan = await enqueueJob(db, { ...done, runAfter: new Date(Date.now() + 3_600_000) });
    await db.update(jobs).set({ status: "PROCESSING", leaseOwner: "gone", leaseExpiresAt: new Date(Date.now() - 1000), attempts: 1, runAfter: new Date() }).where(eq(jobs.id, orphan.id));
    await waitForStatus(gql, String(orphan.id), ["SUCCEEDED"]);

    const expected = { worker: metricsOf({ server: true, worker: true }), server: metricsOf({ server: true, worker: false }) };
    expect(expected.worker.filter((name) => EVENT_METRICS.has(name)).sort()).toEqual([...EVENT_METRICS].sort());
    expect(expected.server.length).toBeLessThan(expected.worker.length);
    const missing = async () => {
      const series = await prometheus!.series(expected.worker.map((name) => `{__name__="${name}"}`), 600);
      const held = new Set(series.map((labels) => `${labels.role} ${labels.__name__}`));
      return Object.entries(expected).flatMap(([role, names]) => names.filter((name) => !held.has(`${role} ${name}`)).map((name) => `${role} ${name}`));
    };
    await waitFor("every monitored metric on both targets", async () => (await missing()).length === 0, 30_000).catch(() => undefined);
    expect(await missing()).toEqual([]);
  });

  it("pass promtool check metrics", async (context) => {
    if (!existsSync(PROMTOOL)) return context.skip("promtool is not installed (apt-get install -y prometheus)");
    const { gql } = await orgClient(t);
    await gql.data(`{ __typename }`);
    const checked = spawnSync(PROMTOOL, ["check", "metrics"], { input: await exposition(), encoding: "utf8" });
    expect({ status: checked.status, problems: `${checked.stdout}${checked.stderr}` }).toEqual({ status: 0, problems: "" });
  });

  it("keep one series for every operation a caller names that was not named at start-up", async () => {
    const { gql } = await orgClient(t);
    await gql.data(`query Warm { __typename }`);
    const seriesOf = (text: string) => text.split("\n").filter((line) => line.startsWith("playout_graphql_requests_total{"));
    const before = seriesOf(await exposition());
    const names = Array.from({ length: 300 }, () => `Op_${randomBytes(6).toString("hex")}`);
    for (const name of names) await gql.data(`query ${name} { __typename }`);
    const text = await exposition();
    const after = seriesOf(text);
    expect(after.length).toBe(before.length);
    expect(names.filter((name) => text.includes(name))).toEqual([]);
    const other = after.filter((line) => line.includes('operation="other",operation_type="query"') && line.includes('code="OK"'));
    expect(other.reduce((sum, line) => sum + Number(line.split(" ").pop()), 0)).toBeGreaterThanOrEqual(names.length + 1);
  });

  it("are the ones the Grafana dashboard and the alerts of docs/DEPLOY.md use", async () => {
    const text = await exposition();
    const exported = new Set([...text.matchAll(/^# TYPE (\S+) (\S+)/gm)].flatMap(([, name, type]) => (type === "histogram" ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name])));
    exported.add("up"); // Prometheus's own, per target
    expect(monitoringExpressions().length).toBeGreaterThan(10);
    const used = monitoredMetrics();
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });
});
