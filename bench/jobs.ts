// Job runner throughput: enqueue N no-op jobs, drain them with K workers, print jobs per second.
//   npx tsx bench/jobs.ts                 (embedded PGlite, in memory, one worker)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/jobs.ts   (fresh database; 1, 2, 4 workers)
// JOBS=2000 sets the number of jobs per run.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, queryRows, type DatabaseHandle } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { FileStore } from "../src/jobs/files.js";
import { JobRegistry } from "../src/jobs/registry.js";
import { JobWorker } from "../src/jobs/worker.js";
import { createLogger } from "../src/common/log.js";

const JOBS = Number(process.env.JOBS ?? 2000);
const baseUrl = process.env.DATABASE_URL;

async function freshDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  if (!baseUrl) return { url: undefined, drop: async () => {} };
  const name = `pgw_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const conn = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await conn.unsafe(`drop database if exists ${name} with (force)`);
      await conn.end();
    },
  };
}

async function run(main: DatabaseHandle, url: string | undefined, workers: number): Promise<void> {
  const org = `bench-${workers}`;
  await main.db.execute(sql`insert into jobs (type, organization) select 'BENCH_NOOP', ${org} from generate_series(1, ${JOBS})`);
  const registry = new JobRegistry().register("BENCH_NOOP", { run: (ctx) => ctx.finish() });
  const handles = url ? await Promise.all(Array.from({ length: workers }, () => openDatabase({ databaseUrl: url, dataDir: "memory://", maxConnections: 2 }))) : [main];
  const settings = { pollMs: 10, leaseMs: 30_000, maxAttempts: 3, retryBaseMs: 100, shutdownGraceMs: 1000, log: createLogger("silent"), files: new FileStore(main.db, 168) };
  const started = performance.now();
  const pool = handles.map((h, i) => new JobWorker(h.db, registry, { ...settings, id: `bench-${i}` }));
  pool.forEach((w) => w.start());
  for (;;) {
    const [{ open }] = await queryRows<{ open: number }>(main.db, sql`select count(*)::int as open from jobs where organization = ${org} and status <> 'SUCCEEDED'`);
    if (open === 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(pool.map((w) => w.stop()));
  if (url) await Promise.all(handles.map((h) => h.close()));
  const [{ n }] = await queryRows<{ n: number }>(main.db, sql`select count(*)::int as n from jobs where organization = ${org} and attempts = 1`);
  console.log(`${url ? "postgres" : "pglite"}  workers=${workers}  jobs=${JOBS}  ${seconds.toFixed(2)} s  ${Math.round(JOBS / seconds)} jobs/s  (claimed once: ${n})`);
}

const database = await freshDatabase();
const main = await openDatabase({ databaseUrl: database.url, dataDir: "memory://", maxConnections: 2 });
try {
  await runMigrations(main);
  for (const workers of database.url ? [1, 2, 4] : [1]) await run(main, database.url, workers);
} finally {
  await main.close();
  await database.drop();
}
