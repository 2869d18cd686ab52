// What the HTTP and GraphQL layers cost per request, apart from any database: `{ __typename }` at
// 10 connections against the whole service (with a bearer token: every limit, the token check,
// the request log), the same schema in Apollo behind express as the service mounts it, behind
// Apollo's own node:http server, and node:http alone. Each server is its own process; rounds
// interleave them; CPU per request from /proc.
//   npx tsx bench/http-layer/run.ts            (HTTP_LAYER_SECONDS, default 5; HTTP_LAYER_ROUNDS, default 3)
// The last line: `http layer: service <r> req/s <c> ms, apollo-express …, apollo-standalone …, node-http …`.
import autocannon from "autocannon";
import { signToken } from "../../src/server/identity/tokens.js";
import { startProcess, type ServerProcess } from "../peers/processes.js";

const KINDS = ["service", "apollo-express", "apollo-standalone", "node-http"] as const;
const SECONDS = Number(process.env.HTTP_LAYER_SECONDS ?? 5);
const ROUNDS = Number(process.env.HTTP_LAYER_ROUNDS ?? 3);
const CONNECTIONS = 10;
const SECRET = "http-layer-bench-secret-0123456789abcdef";
const BODY = JSON.stringify({ query: "{ __typename }" });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function load(server: ServerProcess, token: string | undefined, seconds: number) {
  const before = server.cpuMs();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/graphql`,
    method: "POST",
    connections: CONNECTIONS,
    duration: seconds,
    body: BODY,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (result.non2xx || result.errors) throw new Error(`${server.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  const requests = result.requests.total;
  return { rps: result.requests.average, p99: result.latency.p99, cpuMsPerRequest: (server.cpuMs() - before) / requests };
}

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
