// Shared bench harness: a real service on a dedicated database, GraphQL over HTTP, timings printed.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { loadConfig, type Config } from "../src/config.js";
import { startService } from "../src/main.js";
import { signToken } from "../src/server/identity/tokens.js";
import type { Role } from "../src/common/auth.js";
import { touchSchedule } from "../src/schedules/store/index.js";

const SECRET = "bench-secret-0123456789abcdef0123456789";

export interface Measurement {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
}

/** Runs `fn` on a one-connection client of the server `baseUrl` names (creating and dropping databases), then closes it. */
export async function withAdminConnection<T>(baseUrl: string, fn: (c: postgres.Sql) => Promise<T>): Promise<T> {
  const c = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Starts the service on a fresh database (a new one on DATABASE_URL's server, or PGlite in memory). */
export async function benchService(overrides: Partial<Config> = {}) {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `pgw_bench_${randomBytes(4).toString("hex")}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const conn = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await conn.unsafe(`drop database if exists ${name} with (force)`);
      await conn.end();
    };
  }
  const service = await startService(
    { ...loadConfig({}), port: 0, host: "127.0.0.1", databaseUrl, dataDir: "memory://", authSecret: SECRET, logLevel: "silent", seedDemo: false, runWorker: false, ...overrides },
    { quiet: true },
  );
  const url = `http://127.0.0.1:${service.port}/graphql`;
  return {
    db: service.database.db,
    driver: service.database.driver,
    /** The GraphQL endpoint (for requests the JSON client does not make, such as uploads). */
    url,
    /** A function that runs one GraphQL request and fails on errors. */
    async client(org: string, role: Role = "editor") {
      const token = await signToken(SECRET, { sub: "bench", orgs: [org], role });
      return async (query: string, variables?: Record<string, unknown>) => {
        const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
        const body = (await response.json()) as { data?: any; errors?: unknown[] };
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return body.data;
      };
    },
    async stop() {
      await service.stop();
      await drop();
    },
  };
}

/** Runs `fn` a few times after a warm-up and keeps the median and 95th percentile. */
export async function measure(name: string, fn: () => Promise<unknown>, runs = Number(process.env.RUNS ?? 15)): Promise<Measurement> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { name, runs, medianMs: round(times[Math.floor(runs / 2)]), p95Ms: round(times[Math.min(runs - 1, Math.floor(runs * 0.95))]), minMs: round(times[0]), maxMs: round(times[runs - 1]) };
}

export function printTable(title: string, rows: Measurement[]): void {
  console.log(`\n${title}`);
  console.log("| operation | median ms | p95 ms | min ms | runs |\n|---|---|---|---|---|");
  for (const r of rows) console.log(`| ${r.name} | ${r.medianMs} | ${r.p95Ms} | ${r.minMs} | ${r.runs} |`);
}

/** The history triggers of drizzle/0014 and 0016, which `history(on)` turns on and off. */
const HISTORY_TRIGGERS = [
  ["events", "events_history_insert"],
  ["events", "events_history_update"],
  ["events", "events_history_delete"],
  ["schedules", "schedules_history_insert"],
  ["schedules", "schedules_history_update"],
];

/**
 * The setup the large benches share: a fresh database on the server of DATABASE_URL (default the
 * machine's PostgreSQL), the real service on it, a direct connection for bulk loading with SQL,
 * a GraphQL function acting as an editor of `org`, and `history(on)`. `stop()` drops the database.
 */
export async function largeBench(org: string) {
  const baseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `pgw_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const service = await startService(
    // No rate limits: these benches time the work, one request after another (a validation of 100,000
    // events costs more than the per-second burst); bench/rate-limits.ts measures the budgets.
    { ...loadConfig({}), port: 0, host: "127.0.0.1", databaseUrl: url.toString(), authSecret: SECRET, logLevel: "silent", seedDemo: false, runWorker: false, rateLimitSubjectPoints: 0, rateLimitOrganizationPoints: 0 },
    { quiet: true },
  );
  const direct = postgres(url.toString(), { max: 1, onnotice: () => {} });
  /** Turns the history triggers of this bench's database on or off. */
  async function history(on: boolean) {
    for (const [table, trigger] of HISTORY_TRIGGERS) await direct.unsafe(`alter table ${table} ${on ? "enable" : "disable"} trigger ${trigger}`);
  }
  // BENCH_HISTORY=off: the same figures without the history, to tell its share on this machine.
  if (process.env.BENCH_HISTORY === "off") await history(false);
  // BENCH_DROP_INDEXES=a,b: the same figures without those indexes, to tell what keeping them costs.
  for (const index of (process.env.BENCH_DROP_INDEXES ?? "").split(",").filter(Boolean)) await direct.unsafe(`drop index ${index}`);
  const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "editor" });
  async function gql(query: string, variables: Record<string, unknown> = {}): Promise<any> {
    const response = await fetch(`http://127.0.0.1:${service.port}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  }
  return {
    service,
    direct,
    url: url.toString(),
    gql,
    history,
    /** Brings a schedule's counters (count, longest event, dates; version + 1) to events written with `direct`: counted once, as an edit that does not know its count would. */
    recount: (scheduleId: number | string) => touchSchedule(service.database.db, Number(scheduleId)),
    async stop() {
      await service.stop();
      await direct.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
