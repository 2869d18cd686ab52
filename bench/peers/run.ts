// Peer benchmark (docs/PERFORMANCE.md): this service (jit and graphql-js executors), PostGraphile 5 and a raw
// SQL floor, each its own process on one seeded database; answers checked equal, then autocannon.
//   npm run bench:peers [-- --quick]        (prerequisites and settings: bench/peers/README.md)
// The last line printed is always `median ratio to PostGraphile: Q1 <x> Q2 <x> Q3 <x> Q4 <x> Q5 <x>`.
import os from "node:os";
import postgres from "postgres";
import { signToken } from "../../src/server/identity/tokens.js";
import { BASE_URL, prepareDatabase } from "./database.js";
import { ensurePeersInstalled, f2, machineLine, median, option, out, SECRET } from "./harness.js";
import { headersOf, measure, type Measured } from "./load.js";
import { startProcess, type ServerProcess } from "./processes.js";
import { ALL_QUERIES, normalize, objectCount, requestOf, USAGE_WINDOW, type Peer, type QueryName } from "./queries.js";
import { datasetSize, ORG } from "./seed.js";

const QUICK = process.argv.includes("--quick");
const ROUNDS = QUICK ? 1 : Math.max(3, Number(process.env.PEERS_ROUNDS ?? 3));
const SECONDS = Number(process.env.PEERS_SECONDS ?? (QUICK ? 3 : 10));
const CONNECTIONS = [2, 10];
// The job poll is the request many browser tabs send at once: measured at more connections.
const POLL_CONNECTIONS = [10, 50];
const connectionsOf = (query: QueryName) => (query === "Q5" ? POLL_CONNECTIONS : CONNECTIONS);
// --queries=Q2 measures only those; --ab adds "rows": this service (jit) with the JSON read of event pages off.
const QUERIES = (option("queries")?.split(",") ?? ALL_QUERIES) as QueryName[];
const AB = process.argv.includes("--ab");
const PEERS: Peer[] = ["jit", "graphql", "postgraphile", "floor", ...(AB ? (["rows"] as const) : [])];
const LABEL: Record<Peer, string> = { jit: "this (jit)", graphql: "this (graphql-js)", postgraphile: "PostGraphile 5", floor: "raw floor", rows: "this (jit, JSON read off)" };
const isService = (peer: Peer) => peer === "jit" || peer === "graphql" || peer === "rows";

async function call(server: ServerProcess, peer: Peer, query: QueryName, target: Target, token: string): Promise<any> {
  const request = requestOf(peer, query, target.scheduleId, target.jobId);
  const response = await fetch(`http://127.0.0.1:${server.port}${request.path}`, { method: request.method, headers: headersOf(request, isService(peer) ? token : undefined), body: request.body });
  const body = (await response.json()) as { data?: unknown; errors?: unknown[] };
  if (!response.ok || body.errors) throw new Error(`${LABEL[peer]} ${query}: HTTP ${response.status} ${JSON.stringify(body.errors ?? body).slice(0, 500)}`);
  return body.data;
}

function firstDifference(a: unknown, b: unknown, path = ""): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as any)[key], (b as any)[key], `${path}.${key}`);
      if (d) return d;
    }
  }
  return `${path || "(root)"}: ${JSON.stringify(a)?.slice(0, 120)} ≠ ${JSON.stringify(b)?.slice(0, 120)}`;
}

/** What Q2 and Q4 read (a schedule) and Q5 polls (a job). */
interface Target {
  scheduleId: string;
  jobId: string;
}

/** The job Q5 polls: an export that SUCCEEDED with a file (so resourceLink is set); added once, also to a kept database. */
async function pollTarget(admin: postgres.Sql): Promise<string> {
  // Once SCHEDULE_EXPORT, which is no JobType: a job of a kept database gets the export type the service has (shapes read `type`).
  await admin`update jobs set type = 'TIMELINE_EPG_XML_EXPORT' where organization = ${ORG} and type = 'SCHEDULE_EXPORT' and user_id = 'peers-bench'`;
  const [found] = await admin`select id::text from jobs where organization = ${ORG} and type = 'TIMELINE_EPG_XML_EXPORT' and user_id = 'peers-bench' order by id limit 1`;
  if (found) return found.id as string;
  const [{ id }] = await admin`insert into jobs (organization, type, status, progress, user_id, file_name, resource_extension, file_size, date_started, date_finished)
    values (${ORG}, 'TIMELINE_EPG_XML_EXPORT', 'SUCCEEDED', 100, 'peers-bench', 'schedule.xml', 'xml', 1234, now(), now()) returning id::text`;
  return id as string;
}

async function main(): Promise<void> {
  ensurePeersInstalled();
  const size = datasetSize();
  out(`peers benchmark${QUICK ? " (--quick)" : ""}: ${size.schedules} schedules × ${size.eventsPerSchedule} events, ${size.assets} assets, ` +
    `${(size.playouts * size.days * 1440).toLocaleString("en")} telemetry samples (${size.playouts} playouts × ${size.days} days × 1/min)`);
  out(machineLine());
  const database = await prepareDatabase(size, USAGE_WINDOW, ORG);
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  const servers = new Map<Peer, ServerProcess>();
  try {
    const [{ version }] = await admin`select version()`;
    out(`PostgreSQL: ${String(version).split(" on ")[0]}; database ${database.name}`);
    const [{ id: scheduleId }] = await admin`select id::text from schedules where organization = ${ORG} order by id offset ${Math.floor(size.schedules / 2)} limit 1`;
    const target: Target = { scheduleId, jobId: await pollTarget(admin) };
    const env = { DATABASE_URL: database.url, AUTH_SECRET: SECRET };
    servers.set("jit", await startProcess("this (jit)", "./serve-service.ts", { ...env, GRAPHQL_EXECUTOR: "jit" }));
    servers.set("graphql", await startProcess("this (graphql-js)", "./serve-service.ts", { ...env, GRAPHQL_EXECUTOR: "graphql" }));
    servers.set("postgraphile", await startProcess("PostGraphile 5", "./serve-postgraphile.ts", env));
    servers.set("floor", await startProcess("raw floor", "./serve-floor.ts", env));
    if (AB) servers.set("rows", await startProcess(LABEL.rows, "./serve-service.ts", { ...env, GRAPHQL_EXECUTOR: "jit", PEERS_JSON_READS: "off" }));
    const token = await signToken(SECRET, { sub: "peers-bench", orgs: [ORG], role: "viewer" });

    // Same content from every peer, and the statements each sends per request (counted at its driver).
    out("\nanswers and statements per request (5 sequential requests after 3 warm-ups):");
    const statements = new Map<string, number>();
    for (const query of QUERIES) {
      let reference: unknown;
      const line: string[] = [];
      for (const peer of PEERS) {
        const server = servers.get(peer)!;
        const normalized = normalize(peer, query, await call(server, peer, query, target, token));
        if (peer === "jit") reference = normalized;
        const difference = firstDifference(reference, normalized);
        if (difference) throw new Error(`${query}: ${LABEL[peer]} answers differently from this service: ${difference}`);
        for (let i = 0; i < 2; i++) await call(server, peer, query, target, token);
        const before = await server.statements();
        for (let i = 0; i < 5; i++) await call(server, peer, query, target, token);
        const perRequest = ((await server.statements()) - before) / 5;
        statements.set(`${peer} ${query}`, perRequest);
        line.push(`${LABEL[peer]} ${perRequest}`);
      }
      out(`  ${query}: same content (${objectCount(query, reference)} objects); statements/request: ${line.join(", ")}`);
    }

    const results = new Map<string, Measured[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      out(`\nround ${round} of ${ROUNDS} (${SECONDS} s per run)`);
      out("| query | conns | peer | req/s | p50 ms | p99 ms | server CPU ms/req | PostgreSQL CPU ms/req | statements/req |\n|---|---|---|---|---|---|---|---|---|");
      for (const query of QUERIES) {
        for (const connections of connectionsOf(query)) {
          // Interleaved: each round starts with another peer, so that no peer always runs first.
          const order = PEERS.map((_, i) => PEERS[(i + round - 1) % PEERS.length]);
          const measured = new Map<Peer, Measured>();
          for (const peer of order) {
            const request = requestOf(peer, query, target.scheduleId, target.jobId);
            const m = await measure(servers.get(peer)!, request, connections, SECONDS, admin, database.name, isService(peer) ? token : undefined);
            measured.set(peer, m);
            const key = `${query} ${connections} ${peer}`;
            results.set(key, [...(results.get(key) ?? []), m]);
          }
          for (const peer of PEERS) {
            const m = measured.get(peer)!;
            const failed = m.failures ? ` (${m.failures} failed)` : "";
            out(`| ${query} | ${connections} | ${LABEL[peer]} | ${m.requestsPerSecond.toFixed(1)}${failed} | ${m.p50} | ${m.p99} | ${f2(m.serverCpuMs)} | ${m.databaseCpuMs === null ? "n/a" : f2(m.databaseCpuMs)} | ${statements.get(`${peer} ${query}`)} |`);
          }
          const rps = (p: Peer) => measured.get(p)!.requestsPerSecond;
          if (AB) out(`|  |  | A/B | jit/rows ${f2(rps("jit") / rps("rows"))} | | | | | |`);
          out(`|  |  | ratios | jit/PostGraphile ${f2(rps("jit") / rps("postgraphile"))}, jit/floor ${f2(rps("jit") / rps("floor"))}, graphql-js/PostGraphile ${f2(rps("graphql") / rps("postgraphile"))}, graphql-js/floor ${f2(rps("graphql") / rps("floor"))} | | | | | |`);
        }
      }
    }

    out(`\nmedians over ${ROUNDS} round(s)`);
    out("| query | conns | jit req/s | graphql-js req/s | PostGraphile req/s | floor req/s | jit/PostGraphile | jit/floor | graphql-js/PostGraphile | jit p99 / PostGraphile p99 ms |\n|---|---|---|---|---|---|---|---|---|---|");
    // The headline takes, per query, the lower of its two connection counts' median ratios.
    const headline = new Map<QueryName, number>();
    for (const query of QUERIES) {
      for (const connections of connectionsOf(query)) {
        const runs = (p: Peer) => results.get(`${query} ${connections} ${p}`)!;
        const rps = (p: Peer) => runs(p).map((m) => m.requestsPerSecond);
        const ratio = (a: Peer, b: Peer) => median(rps(a).map((x, i) => x / rps(b)[i]));
        const p99 = (p: Peer) => median(runs(p).map((m) => m.p99));
        if (AB) out(`|  |  | A/B | rows req/s ${median(rps("rows")).toFixed(1)}, jit/rows ${f2(ratio("jit", "rows"))}, p99 jit / rows ${p99("jit")} / ${p99("rows")} ms | | | | | | |`);
        out(`| ${query} | ${connections} | ${median(rps("jit")).toFixed(1)} | ${median(rps("graphql")).toFixed(1)} | ${median(rps("postgraphile")).toFixed(1)} | ${median(rps("floor")).toFixed(1)} | ${f2(ratio("jit", "postgraphile"))} | ${f2(ratio("jit", "floor"))} | ${f2(ratio("graphql", "postgraphile"))} | ${p99("jit")} / ${p99("postgraphile")} |`);
        headline.set(query, Math.min(headline.get(query) ?? Infinity, ratio("jit", "postgraphile")));
      }
    }
    out(`\nconnections: ${CONNECTIONS.join(" and ")} (Q5: ${POLL_CONNECTIONS.join(" and ")}); load average now ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}; database ${BASE_URL.replace(/\/[^/]*$/, "")}/${database.name}`);
    // Whatever the flags, the headline names all five queries (n/a: not measured in this run).
    out(`median ratio to PostGraphile: ${ALL_QUERIES.map((q) => `${q} ${headline.has(q) ? f2(headline.get(q)!) : "n/a"}`).join(" ")}`);
  } finally {
    for (const server of servers.values()) server.stop();
    await admin.end();
    await database.drop();
  }
}

// --shapes N: generated shapes, --named: the named reads (shapes-run.ts); --writes: the write path (writes.ts); else Q1–Q5.
const MODE = process.argv.some((a) => a === "--shapes" || a.startsWith("--shapes=")) ? "shapes" : process.argv.includes("--named") ? "named" : process.argv.includes("--writes") ? "writes" : "queries";
// The contract of the script: the last line is the mode's headline, even when there are no figures.
const FAILED_HEADLINE = {
  queries: "median ratio to PostGraphile: Q1 n/a Q2 n/a Q3 n/a Q4 n/a Q5 n/a",
  shapes: `shapes: ${option("shapes") ?? 50}, median ratio n/a, min ratio n/a`,
  named: "named: n/a, min ratio n/a, p99 at or below PostGraphile's in n/a",
  writes: "writes: single update n/a, bulk edit n/a",
};
const run = MODE === "shapes" || MODE === "named" ? async () => (await import("./shapes-run.js")).runShapes() : MODE === "writes" ? async () => (await import("./writes.js")).runWrites() : main;
run().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.stdout.write(FAILED_HEADLINE[MODE] + "\n");
  process.exit(1);
});
