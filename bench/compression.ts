// What response compression (COMPRESS_RESPONSES) costs: this service twice, compression on and off,
// each its own process on the peer benchmark's seeded database (bench/peers), asked Q1 and a
// 1,000-event page at 10 connections by a client that accepts brotli (as browsers do) or only gzip.
// Prints requests/s, p99, server CPU per request and bytes per answer, round by round (interleaved),
// then the median on/off ratio of requests/s for each request.
//   npm run bench:compression [-- --quick]     (database and dataset settings: bench/peers/README.md)
import { request } from "node:http";
import os from "node:os";
import autocannon from "autocannon";
import postgres from "postgres";
import { signToken } from "../src/server/identity/tokens.js";
import { prepareDatabase } from "./peers/database.js";
import { startProcess, type ServerProcess } from "./peers/processes.js";
import { requestOf, USAGE_WINDOW } from "./peers/queries.js";
import { datasetSize, ORG } from "./peers/seed.js";

const QUICK = process.argv.includes("--quick");
const ROUNDS = QUICK ? 1 : Math.max(3, Number(process.env.PEERS_ROUNDS ?? 3));
const SECONDS = Number(process.env.PEERS_SECONDS ?? (QUICK ? 3 : 10));
const CONNECTIONS = 10;
const SECRET = "compression-bench-secret-0123456789abcdef01";
/** A browser's Accept-Encoding (the service answers brotli), and a client that knows only gzip. */
const ENCODINGS = { br: "gzip, deflate, br", gzip: "gzip" } as const;
const PAGE_SIZE = 1000;

const out = (line = "") => process.stdout.write(line + "\n");
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Probe {
  name: string;
  body: string;
}

/** Bytes of one answer as sent (compressed or not), checking it is a GraphQL success. */
async function answerBytes(server: ServerProcess, probe: Probe, token: string, acceptEncoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: "127.0.0.1", port: server.port, path: "/graphql", method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": acceptEncoding } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => (res.statusCode === 200 ? resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "none") }) : reject(new Error(`${probe.name}: HTTP ${res.statusCode}`))));
      },
    );
    req.on("error", reject);
    req.end(probe.body);
  });
}

async function load(server: ServerProcess, probe: Probe, token: string, acceptEncoding: string): Promise<{ rps: number; p99: number; cpuMs: number; failures: number }> {
  const cpuBefore = server.cpuMs();
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}/graphql`,
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-encoding": acceptEncoding },
    body: probe.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const requests = result.requests.total || 1;
  return { rps: result.requests.total / SECONDS, p99: result.latency.p99, cpuMs: (server.cpuMs() - cpuBefore) / requests, failures: result.non2xx + result.errors };
}

async function main(): Promise<void> {
  const size = datasetSize();
  out(`compression benchmark${QUICK ? " (--quick)" : ""}: ${size.schedules} schedules × ${size.eventsPerSchedule} events; c=${CONNECTIONS}, ${SECONDS} s per run, ${ROUNDS} round(s)`);
  out(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}, Node ${process.version}`);
  const database = await prepareDatabase(size, USAGE_WINDOW, ORG);
  const admin = postgres(database.url, { max: 1, onnotice: () => {} });
  const servers: Record<"on" | "off", ServerProcess | undefined> = { on: undefined, off: undefined };
  try {
    const [{ id: scheduleId }] = await admin`select id::text from schedules where organization = ${ORG} order by id limit 1`;
    const env = { DATABASE_URL: database.url, AUTH_SECRET: SECRET, GRAPHQL_EXECUTOR: "jit" };
    servers.on = await startProcess("compression on", "./serve-service.ts", { ...env, COMPRESS_RESPONSES: "true" });
    servers.off = await startProcess("compression off", "./serve-service.ts", { ...env, COMPRESS_RESPONSES: "false" });
    const token = await signToken(SECRET, { sub: "compression-bench", orgs: [ORG], role: "viewer" });
    const page = `query Page($id: ID!, $size: Int) { schedule(id: $id) { id name events(size: $size) { content { id scheduleId onAirTime duration eventType title locked mediaId status version houseId som } } } }`;
    const probes: Probe[] = [
      { name: "Q1", body: requestOf("jit", "Q1", scheduleId).body! },
      { name: `${PAGE_SIZE}-event page`, body: JSON.stringify({ query: page, variables: { id: scheduleId, size: PAGE_SIZE } }) },
    ];
    out("\nbytes per answer:");
    for (const probe of probes) {
      const sizes = [];
      for (const [name, accept] of [["identity", "identity"], ...Object.entries(ENCODINGS)]) {
        const { bytes, encoding } = await answerBytes(servers.on, probe, token, accept);
        sizes.push(`${name} ${bytes.toLocaleString("en")} (${encoding})`);
      }
      out(`  ${probe.name}: ${sizes.join(", ")}`);
    }
    const rps = new Map<string, number[]>();
    for (let round = 1; round <= ROUNDS; round++) {
      out(`\nround ${round} of ${ROUNDS}`);
      out("| request | Accept-Encoding | compression | req/s | p99 ms | server CPU ms/req | failures |\n|---|---|---|---|---|---|---|");
      for (const probe of probes) {
        for (const [encodingName, accept] of Object.entries(ENCODINGS)) {
          // Alternate which server goes first, so neither always runs on the warmer machine.
          const order = round % 2 ? (["on", "off"] as const) : (["off", "on"] as const);
          for (const which of order) {
            const m = await load(servers[which]!, probe, token, accept);
            const key = `${probe.name} ${encodingName} ${which}`;
            rps.set(key, [...(rps.get(key) ?? []), m.rps]);
            out(`| ${probe.name} | ${encodingName} | ${which} | ${m.rps.toFixed(1)} | ${m.p99} | ${m.cpuMs.toFixed(2)} | ${m.failures} |`);
          }
        }
      }
    }
    out("\nmedian requests/s, compression on / off:");
    for (const probe of probes) {
      const ratios = Object.keys(ENCODINGS).map((encodingName) => {
        const on = median(rps.get(`${probe.name} ${encodingName} on`)!);
        const off = median(rps.get(`${probe.name} ${encodingName} off`)!);
        return `${encodingName} ${on.toFixed(1)} / ${off.toFixed(1)} = ${(on / off).toFixed(2)}`;
      });
      out(`  ${probe.name}: ${ratios.join("; ")}`);
    }
  } finally {
    servers.on?.stop();
    servers.off?.stop();
    await admin.end();
    await database.drop();
  }
}

await main();
