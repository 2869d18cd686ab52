// What the HTTP and GraphQL layers cost per request, apart from any database: `{ __typename }` at
// 10 connections against the whole service (with a bearer token: every limit, the token check,
// the request log), the same schema in Apollo behind express as the service mounts it, behind
// Apollo's own node:http server, and node:http alone. Each server is its own process; rounds
// interleave them; CPU per request from /proc.
//   npx tsx bench/http-layer/run.ts            (HTTP_LAYER_SECONDS, default 5; HTTP_LAYER_ROUNDS, default 3)
// The last line: `http layer: service <r> req/s <c> ms, apollo-express …, apollo-standalone …, node-http …`.
//
// HTTP_LAYER_MODE=trusted: the job poll and Q1 (bench/peers/queries.ts) sent as text and as a
// trusted document (TRUSTED_DOCUMENTS, `documentId`), to one service per executor (jit, graphql)
// holding both in its manifest; the same admin token sends both, so only the form differs.
// The last line: `trusted documents: jit poll text <r> req/s <c> ms, jit poll trusted …, …`.
//
// HTTP_LAYER_MODE=observability: the job poll and Q1 against three services alike but for their
// metrics and traces: both off, metrics on (METRICS_PORT, scraped by nobody: what a request pays),
// and metrics and traces on (every request sampled, spans posted to a receiver in this process that
// answers 200 and keeps nothing). Rounds interleave the three.
// The last line: `observability: off poll <r> req/s <c> ms, metrics poll …, metrics+traces poll …, …`.
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { signToken } from "../../src/server/identity/tokens.js";
import { startProcess, type ServerProcess } from "../peers/processes.js";
import { Q1_EVENTS, Q1_SCHEDULES, SERVICE_QUERIES } from "../peers/queries.js";

const KINDS = ["service", "apollo-express", "apollo-standalone", "node-http"] as const;
const SECONDS = Number(process.env.HTTP_LAYER_SECONDS ?? 5);
const ROUNDS = Number(process.env.HTTP_LAYER_ROUNDS ?? 3);
const CONNECTIONS = 10;
const SECRET = "http-layer-bench-secret-0123456789abcdef";
const BODY = JSON.stringify({ query: "{ __typename }" });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function load(server: ServerProcess, token: string | undefined, seconds: number, body = BODY) {
  const before = server.cpuMs();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/graphql`,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    body,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (result.non2xx || result.errors) throw new Error(`${server.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const requests = result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuMsPerRequest: (server.cpuMs() - before) / requests };
}

async function layers() {
  const servers: ServerProcess[] = [];
  try {
    for (const kind of KINDS) servers.push(await startProcess(kind, "../http-layer/serve.ts", { HTTP_LAYER_KIND: kind, AUTH_SECRET: SECRET }));
    const token = await signToken(SECRET, { sub: "bench", orgs: ["bench-org"], role: "viewer" });
    const answer = await (await fetch(`http://127.0.0.1:${servers[0].port}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: BODY })).text();
    if (answer !== `{"data":{"__typename":"Query"}}`) throw new Error(`the service answered ${answer}`);
    for (const server of servers) await load(server, server.name === "service" ? token : undefined, 1); // warm-up
    const figures = new Map<string, { rps: number[]; p99: number[]; cpu: number[] }>(KINDS.map((k) => [k, { rps: [], p99: [], cpu: [] }]));
    console.log(`http layer: { __typename }, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
    console.log("| round | server | req/s | p99 ms | server CPU ms/req |\n|---|---|---|---|---|");
    for (let round = 1; round <= ROUNDS; round++) {
      for (const server of servers) {
        const m = await load(server, server.name === "service" ? token : undefined, SECONDS);
        const f = figures.get(server.name)!;
        f.rps.push(m.rps);
        f.p99.push(m.p99);
        f.cpu.push(m.cpuMsPerRequest);
        console.log(`| ${round} | ${server.name} | ${m.rps.toFixed(0)} | ${m.p99} | ${m.cpuMsPerRequest.toFixed(3)} |`);
      }
    }
    const parts = KINDS.map((k) => `${k} ${median(figures.get(k)!.rps).toFixed(0)} req/s ${median(figures.get(k)!.cpu).toFixed(3)} ms`);
    console.log(`http layer: ${parts.join(", ")}`);
  } finally {
    for (const server of servers) server.stop();
  }
}

/** The job poll of docs/CLIENTS.md "Polling jobs", and Q1 as the peer benchmark sends it. */
const TRUSTED_QUERIES = { poll: "query Poll($id: ID!) { job(id: $id) { id status progress } }", Q1: SERVICE_QUERIES.Q1 };

/** Q1's data (Q1_SCHEDULES schedules of Q1_EVENTS / 5 events each, one bulk edit each) and a job to poll; the variables of each request. */
async function seedPollAndQ1(server: ServerProcess, token: string) {
  const data = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`http://127.0.0.1:${server.port}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
    const answer = (await response.json()) as { data?: any; errors?: unknown[] };
    if (answer.errors) throw new Error(`${server.name}: ${JSON.stringify(answer.errors)}`);
    return answer.data;
  };
  let scheduleId = "";
  for (let i = 0; i < Q1_SCHEDULES; i++) {
    const { createSchedule } = await data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, { input: { name: `Day ${i}` } });
    const created = Array.from({ length: Q1_EVENTS / 5 }, (_, n) => ({ onAirTime: new Date(Date.UTC(2026, 0, 1, 6) + n * 1_800_000).toISOString(), duration: 1_800_000, title: `Programme ${n}` }));
    await data(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`, { s: createSchedule.id, v: createSchedule.version, input: { created } });
    scheduleId = createSchedule.id;
  }
  const { exportSchedule } = await data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "polled.xml") { id } }`, { id: scheduleId });
  return { poll: { id: exportSchedule.id }, Q1: { s: Q1_SCHEDULES, e: Q1_EVENTS } };
}

async function observability() {
  // The collector's stand-in: takes each export and answers as a Collector does.
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const settings: Record<string, Record<string, string>> = {
    off: {},
    metrics: { METRICS_PORT: "0" },
    "metrics+traces": { METRICS_PORT: "0", OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
  };
  const servers: ServerProcess[] = [];
  try {
    for (const [name, env] of Object.entries(settings)) servers.push(await startProcess(name, "../http-layer/serve.ts", { HTTP_LAYER_KIND: "service", AUTH_SECRET: SECRET, GRAPHQL_EXECUTOR: "jit", ...env }));
    const token = await signToken(SECRET, { sub: "bench", orgs: ["bench-org"], role: "admin" });
    const bodies = new Map<ServerProcess, Record<string, string>>();
    for (const server of servers) {
      const variables = await seedPollAndQ1(server, token);
      const forms = { poll: JSON.stringify({ query: TRUSTED_QUERIES.poll, variables: variables.poll }), Q1: JSON.stringify({ query: TRUSTED_QUERIES.Q1, variables: variables.Q1 }) };
      bodies.set(server, forms);
      for (const body of Object.values(forms)) await load(server, token, 1, body); // warm-up
    }
    const figures = new Map<string, { rps: number[]; cpu: number[] }>();
    console.log(`observability: job poll and Q1 (${Q1_SCHEDULES} schedules × ${Q1_EVENTS / 5} events), jit, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
    console.log("| round | service | request | req/s | p99 ms | server CPU ms/req |\n|---|---|---|---|---|---|");
    for (let round = 1; round <= ROUNDS; round++) {
      // Each round in another order, so that no service always runs first (or last) on a machine whose load drifts.
      const order = round % 2 ? servers : [...servers].reverse();
      for (const request of ["poll", "Q1"]) {
        for (const server of order) {
          const m = await load(server, token, SECONDS, bodies.get(server)![request]);
          const key = `${server.name} ${request}`;
          if (!figures.has(key)) figures.set(key, { rps: [], cpu: [] });
          figures.get(key)!.rps.push(m.rps);
          figures.get(key)!.cpu.push(m.cpuMsPerRequest);
          console.log(`| ${round} | ${server.name} | ${request} | ${m.rps.toFixed(0)} | ${m.p99} | ${m.cpuMsPerRequest.toFixed(3)} |`);
        }
      }
    }
    const parts = [...figures].map(([key, f]) => `${key} ${median(f.rps).toFixed(0)} req/s ${median(f.cpu).toFixed(3)} ms`);
    console.log(`observability: ${parts.join(", ")}`);
  } finally {
    for (const server of servers) server.stop();
    receiver.close();
  }
}

async function trusted() {
  const dir = mkdtempSync(join(tmpdir(), "http-layer-trusted-"));
  const hashOf = (text: string) => createHash("sha256").update(text).digest("hex");
  // graphql-codegen's client preset's manifest format.
  writeFileSync(join(dir, "web.json"), JSON.stringify(Object.fromEntries(Object.values(TRUSTED_QUERIES).map((text) => [`sha256:${hashOf(text)}`, text]))));
  const servers: ServerProcess[] = [];
  try {
    for (const executor of ["jit", "graphql"]) {
      servers.push(await startProcess(executor, "../http-layer/serve.ts", { HTTP_LAYER_KIND: "service", AUTH_SECRET: SECRET, GRAPHQL_EXECUTOR: executor, TRUSTED_DOCUMENTS: dir }));
    }
    const token = await signToken(SECRET, { sub: "bench", orgs: ["bench-org"], role: "admin" });
    const bodies = new Map<ServerProcess, Record<string, string>>();
    for (const server of servers) {
      const variables = await seedPollAndQ1(server, token);
      const forms: Record<string, string> = {};
      for (const [name, text] of Object.entries(TRUSTED_QUERIES) as [keyof typeof TRUSTED_QUERIES, string][]) {
        forms[`${name} text`] = JSON.stringify({ query: text, variables: variables[name] });
        forms[`${name} trusted`] = JSON.stringify({ documentId: `sha256:${hashOf(text)}`, variables: variables[name] });
        // Both forms answer the same, without errors.
        const answers = await Promise.all([forms[`${name} text`], forms[`${name} trusted`]].map(async (body) => (await fetch(`http://127.0.0.1:${server.port}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body })).text()));
        if (answers[0] !== answers[1] || answers[0].includes('"errors"')) throw new Error(`${server.name} ${name}: the forms answer ${answers[0].slice(0, 200)} and ${answers[1].slice(0, 200)}`);
      }
      bodies.set(server, forms);
      for (const body of Object.values(forms)) await load(server, token, 1, body); // warm-up
    }
    const figures = new Map<string, { rps: number[]; cpu: number[] }>();
    console.log(`trusted documents: job poll and Q1 (${Q1_SCHEDULES} schedules × ${Q1_EVENTS / 5} events), as text and by documentId, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
    console.log("| round | executor | request | req/s | p99 ms | server CPU ms/req |\n|---|---|---|---|---|---|");
    for (let round = 1; round <= ROUNDS; round++) {
      for (const server of servers) {
        for (const [form, body] of Object.entries(bodies.get(server)!)) {
          const m = await load(server, token, SECONDS, body);
          const key = `${server.name} ${form}`;
          if (!figures.has(key)) figures.set(key, { rps: [], cpu: [] });
          figures.get(key)!.rps.push(m.rps);
          figures.get(key)!.cpu.push(m.cpuMsPerRequest);
          console.log(`| ${round} | ${server.name} | ${form} | ${m.rps.toFixed(0)} | ${m.p99} | ${m.cpuMsPerRequest.toFixed(3)} |`);
        }
      }
    }
    const parts = [...figures].map(([key, f]) => `${key} ${median(f.rps).toFixed(0)} req/s ${median(f.cpu).toFixed(3)} ms`);
    console.log(`trusted documents: ${parts.join(", ")}`);
  } finally {
    for (const server of servers) server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const MODES: Record<string, () => Promise<void>> = { trusted, observability };
await (MODES[process.env.HTTP_LAYER_MODE ?? ""] ?? layers)();
