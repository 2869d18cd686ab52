// What a rate-limit check costs (src/server/limits/rate-limits.ts): a request's spend from its
// subject's and organization's budgets at the default budgets, through leases (a statement per
// lease on the counters' own client, rate-limit-leases.ts), timed one after another and 32 at a
// time; then a payer known to be over (refused from memory); then the embedded database's memory
// counters. Prints p50/p99 per case and, on PostgreSQL, the statements the checks sent.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/rate-limits.ts
// Env: RATE_BENCH_CHECKS (5000), RATE_BENCH_POOL_MODE (session | transaction, when the URL names PgBouncer).
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { createLogger } from "../src/common/log.js";
import { loadConfig } from "../src/config.js";
import { openDatabase } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { memoryCounters, postgresCounters, type CounterStore } from "../src/server/limits/rate-limit-store.js";
import { payersOf, rateLimits } from "../src/server/limits/rate-limits.js";

const out = (line: string) => process.stdout.write(line + "\n");
const checks = Number(process.env.RATE_BENCH_CHECKS ?? 5000);
const baseUrl = process.env.BENCH_DATABASE_URL;
const poolMode = (process.env.RATE_BENCH_POOL_MODE ?? "session") as "session" | "transaction";

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const summary = (name: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  out(`${name.padEnd(58)} p50 ${quantile(sorted, 0.5).toFixed(3)} ms   p99 ${quantile(sorted, 0.99).toFixed(3)} ms   (${times.length} checks)`);
};

async function measure(store: CounterStore, label: string): Promise<void> {
  const settings = loadConfig({ AUTH_SECRET: "x".repeat(32) });
  const limits = rateLimits(settings, store, createLogger("silent"));
  const payers = (i: number) => payersOf({ userId: `user-${i % 50}`, orgs: [`org-${i % 10}`], role: "editor" }, "10.0.0.1", [], settings);
  for (let i = 0; i < 200; i++) await limits.spend(payers(i), 21); // warm-up: connections, prepared statements
  const sequential: number[] = [];
  for (let i = 0; i < checks; i++) {
    const started = performance.now();
    await limits.spend(payers(i), 21);
    sequential.push(performance.now() - started);
  }
  summary(`${label}: subject + organization, one at a time`, sequential);
  const parallel: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < checks) {
        const i = next++;
        const began = performance.now();
        await limits.spend(payers(i), 21);
        parallel.push(performance.now() - began);
      }
    }),
  );
  summary(`${label}: subject + organization, 32 at a time`, parallel);
  out(`${label}: ${Math.round(checks / ((performance.now() - started) / 1000))} checks/s with 32 at a time`);
  // A payer over its budget: refused from memory.
  const small = rateLimits({ ...settings, rateLimitSubjectPoints: 100 }, store, createLogger("silent"));
  const over = payersOf({ userId: `over-${randomBytes(4).toString("hex")}`, orgs: ["org-over"], role: "editor" }, "10.0.0.1", [], settings);
  while (!(await small.spend(over, 50)));
  const refused: number[] = [];
  for (let i = 0; i < checks; i++) {
    const began = performance.now();
    if (!(await small.spend(over, 50))) throw new Error("admitted past the budget");
    refused.push(performance.now() - began);
  }
  summary(`${label}: a payer over its budget (refused)`, refused);
}

await measure(memoryCounters(), "memory");
if (baseUrl) {
  const name = `pgw_rate_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused", maxConnections: 1 });
    await runMigrations(handle);
    await handle.close();
    const store = postgresCounters({ databaseUrl: url.toString(), dbPoolMode: poolMode, dbPreparedStatements: poolMode === "session", dbConnectTimeoutMs: 5000 });
    await measure(store, `PostgreSQL (${poolMode})`);
    await store.close();
    const check = postgres(url.toString(), { max: 1, onnotice: () => {} });
    const [{ sent }] = await check`select n_tup_ins + n_tup_upd as sent from pg_stat_user_tables where relname = 'rate_limit_counters'`;
    await check.end();
    out(`PostgreSQL (${poolMode}): ${sent} counter statements for ${3 * checks + 200} checks`);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else out("BENCH_DATABASE_URL unset: PostgreSQL not measured");
