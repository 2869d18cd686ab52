// Metrics a real Prometheus scrapes: Debian's `prometheus`, started by the test on a free loopback
// port with a scrape configuration of its own, reads the service's METRICS_PORT while a few GraphQL
// requests and a job run through the real service; the series come back through its HTTP API with
// the labels the service gives them. promtool accepts the exposition; a caller sending operation
// names of its own adds no series; the Grafana dashboard and DEPLOY.md's alerts name only metrics
// the service exports.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueJob } from "../../../src/jobs/queue.js";
import { waitFor, waitForStatus } from "../../helpers/jobs.js";
import { PROMTOOL, startPrometheus, type Prometheus } from "../../helpers/prometheus.js";
import { orgClient, useOwnTestService } from "../../helpers/service.js";

const t = useOwnTestService({ metricsPort: 0, runWorker: true, jobPollMs: 50, maxQueryBytes: 1024, metricsOperations: ["MakeSchedule", "Poll"] });
let prometheus: Prometheus | undefined;
let skipped: string | undefined;

const exposition = async () => (await fetch(`http://127.0.0.1:${t.service.observability.metricsPort}/metrics`)).text();

beforeAll(async () => {
  const started = await startPrometheus(`127.0.0.1:${t.service.observability.metricsPort}`);
  if ("skipped" in started) skipped = started.skipped;
  else prometheus = started;
});
afterAll(async () => {
  await prometheus?.stop();
});

describe("metrics", () => {
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
    expect(await value(`up{job="playout-gateway"} == 1`)).toHaveLength(1);
    const [made] = await value(`playout_graphql_requests_total{operation="MakeSchedule"}`);
    expect(made.metric).toMatchObject({ operation_type: "mutation", path: "apollo", code: "OK" });
    expect(made.value[1]).toBe("1");
    // The poll's text is compiled after Apollo's first run: later polls take the known path.
    const polls = await value(`playout_graphql_requests_total{operation="Poll", operation_type="query", code="OK"}`);
    expect(polls.map((series) => series.metric.path).sort()).toContain("known");
    expect(await value(`playout_graphql_requests_total{operation="other", operation_type="mutation", path="apollo", code="OK"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_request_duration_seconds_count{operation="MakeSchedule"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_requests_total{code="GRAPHQL_VALIDATION_FAILED", operation_type="none"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_errors_total{code="GRAPHQL_VALIDATION_FAILED"}`)).toHaveLength(1);
    expect(await value(`playout_graphql_requests_total{path="refused:bytes", code="QUERY_TOO_COMPLEX"}`)).toHaveLength(1);
    expect(await value(`playout_limit_refusals_total{limit="bytes"}`)).toHaveLength(1);
    // Statements by the function that sent them, never their text.
    expect(await value(`playout_db_statement_duration_seconds_count{statement="jobs/service.findJob"}`)).toHaveLength(1);
    expect(await value(`playout_db_statement_duration_seconds_count{statement="jobs/worker.JobWorker.claim"}`)).toHaveLength(1);
    expect(await value(`playout_db_statement_duration_seconds_count{statement="jobs/queue.enqueueJob"}`)).toHaveLength(1);
    const [connections] = await value(`playout_db_pool_connections{pool="primary"}`);
    expect(Number(connections.value[1])).toBeGreaterThan(0);
    expect(await value(`playout_db_pool_in_use{pool="primary"}`)).toHaveLength(1);
    expect(await value(`playout_db_pool_waiting{pool="primary"}`)).toHaveLength(1);
    expect(await value(`playout_db_pool_wait_seconds_count{pool="primary"} > 0`)).toHaveLength(1);
    // The job: claimed, run, succeeded; the queue as the database holds it at each scrape.
    expect(await value(`playout_job_runs_total{type="TIMELINE_EPG_XML_EXPORT", outcome="succeeded"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_attempts_total{type="TIMELINE_EPG_XML_EXPORT"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_run_duration_seconds_count{type="TIMELINE_EPG_XML_EXPORT"}`)).toHaveLength(1);
    expect(await value(`playout_worker_claims_total{result="job"} >= 1`)).toHaveLength(1);
    expect(await value(`playout_job_queue_depth{type="TEST_NEVER_CLAIMED"} == 1`)).toHaveLength(1);
    expect(await value(`playout_jobs{type="TEST_NEVER_CLAIMED", state="PENDING"} == 1`)).toHaveLength(1);
    expect(await value(`playout_job_queue_oldest_age_seconds{type="TEST_NEVER_CLAIMED"} >= 0`)).toHaveLength(1);
    expect(await value(`playout_job_queue_depth{type="TIMELINE_EPG_XML_EXPORT"} == 0`)).toHaveLength(1);
    expect(await value(`playout_job_lease_expired{type="TIMELINE_EPG_XML_EXPORT"} == 0`)).toHaveLength(1);
    expect(await value(`playout_job_queue_scrape_ok == 1`)).toHaveLength(1);
    // The process.
    expect(await value(`nodejs_eventloop_lag_seconds`)).toHaveLength(1);
    expect(await value(`process_cpu_seconds_total`)).toHaveLength(1);
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
    const dashboard = JSON.parse(readFileSync(new URL("../../../deploy/grafana/playout-gateway.json", import.meta.url), "utf8")) as { panels: { targets?: { expr: string }[] }[] };
    const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
    const deploy = readFileSync(new URL("../../../docs/DEPLOY.md", import.meta.url), "utf8");
    expressions.push(...[...deploy.matchAll(/```promql\n([\s\S]*?)```/g)].map((m) => m[1]));
    expect(expressions.length).toBeGreaterThan(10);
    const used = new Set(expressions.flatMap((expr) => [...expr.matchAll(/\b((?:playout|nodejs|process)_[a-z0-9_]+|up)\b/g)].map((m) => m[1])));
    expect([...used].filter((name) => !exported.has(name))).toEqual([]);
  });
});
