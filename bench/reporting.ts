// Reporting speed on PostgreSQL: 10 million samples (200 playouts × 35 days × one a minute) filled
// set-based, the hourly and daily rollups rebuilt from them, then the reporting queries and ingestion timed.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/reporting.ts
// Works in its own database (pgw_bench_reporting), dropped at the end. Env: BENCH_DAYS, BENCH_PLAYOUTS.
// 100 million samples (monthly partitions): BENCH_PLAYOUTS=2000 BENCH_DAYS=35 (about 30 GB of disk).
import "reflect-metadata";
import { sql } from "drizzle-orm";
import type postgres from "postgres";
import type { Viewer } from "../src/common/auth.js";
import { loadConfig } from "../src/config.js";
import { execute, openDatabase, queryRows, type Database } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { startService } from "../src/main.js";
import { ReportingService } from "../src/reporting/service.js";
import { PeriodType } from "../src/reporting/types.js";
import { signToken } from "../src/server/identity/tokens.js";
import { ensureSamplePartitions, partitionName } from "../src/telemetry/partitions.js";
import { addToRollups } from "../src/telemetry/rollup.js";
import { TelemetryService } from "../src/telemetry/service.js";
import type { PlayoutSampleInput } from "../src/telemetry/types.js";
import { withAdminConnection } from "./lib.js";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const NAME = "pgw_bench_reporting";
const DAYS = Number(process.env.BENCH_DAYS ?? 35);
const PLAYOUTS = Number(process.env.BENCH_PLAYOUTS ?? 200);
// 40 playouts an organization whatever the size, so that an organization's report answers the
// same rows at 10M samples as at 100M (BENCH_ORGANIZATIONS overrides).
const ORGS = Number(process.env.BENCH_ORGANIZATIONS ?? Math.max(1, Math.round(PLAYOUTS / 40)));
const DAY = 86_400_000;
const END = Date.parse("2026-06-01T00:00:00Z");
const START = END - DAYS * DAY;
const ADMIN: Viewer = { userId: "bench", orgs: "*", role: "admin" };
const SECRET = "bench-secret-0123456789abcdef0123456789abcdef";

const out = (line: string) => process.stdout.write(line + "\n");
const ms = (n: number) => `${n.toFixed(1)} ms`;

const admin = <T>(fn: (c: postgres.Sql) => Promise<T>): Promise<T> => withAdminConnection(BASE_URL, fn);

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const result = await fn();
  return [performance.now() - t0, result];
}

/** Median and worst of `runs` runs after two warm-ups. */
async function measure(label: string, target: number | null, fn: () => Promise<unknown>, runs = 10): Promise<void> {
  await fn();
  await fn();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs; i++) {
    const [t, result] = await timed(fn);
    times.push(t);
    rows = Array.isArray(result) ? result.length : 1;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const verdict = target === null ? "" : median < target ? `  (target < ${target} ms: met)` : `  (target < ${target} ms: MISSED)`;
  out(`${label.padEnd(62)} median ${ms(median).padStart(10)}  max ${ms(times[times.length - 1]).padStart(10)}  rows ${rows}${verdict}`);
}

async function fill(db: Database): Promise<void> {
  const telemetry = new TelemetryService(db);
  const orgs = Array.from({ length: ORGS }, (_, i) => `bench-org-${i + 1}`);
  await telemetry.ingest(ADMIN, {
    organizations: orgs.map((o) => ({ organizationId: o, name: o })),
    providers: [{ providerId: "bench-provider", providerName: "Bench provider" }],
    playouts: Array.from({ length: PLAYOUTS }, (_, i) => ({
      playoutId: `bench-playout-${String(i).padStart(3, "0")}`, playoutName: `Playout ${i}`, organization: orgs[i % ORGS], providerId: "bench-provider",
      channelId: `bench-channel-${String(i).padStart(3, "0")}`, playoutMode: i % 2 ? "BACKUP" : "MAIN", ip: `10.0.${i >> 8}.${i & 255}`, port: "8080", instanceType: "c5.large",
    })),
  });
  const [t, rows] = await timed(async () => {
    let total = 0;
    for (let chunk = 0; chunk < 10; chunk++) {
      // One sample a minute per playout: a daily cpu wave, about 1 % of hours down (outages).
      total += await execute(
        db,
        sql`insert into playout_samples (playout_id, organization, time, interval_seconds, avmon, cache, connection, cpu, file_descriptors, free_memory, playback, storage)
          select p.playout_id, p.organization, t, 60,
            1, 90 + random() * 9, 40 + random() * 20,
            25 + 15 * sin(extract(epoch from t) / 86400 * 2 * pi()) + random() * 5,
            200 + random() * 20, 4096 + random() * 1024,
            case when (extract(epoch from t)::int8 / 3600 + hashtext(p.playout_id)) % 97 = 0 then 0 else 1 end,
            50 + random()
          from (select * from playouts order by playout_id offset ${(chunk * PLAYOUTS) / 10} limit ${PLAYOUTS / 10}) p
          cross join generate_series(${new Date(START).toISOString()}::timestamptz, ${new Date(END - 60_000).toISOString()}::timestamptz, interval '1 minute') as t`,
      );
      process.stderr.write(`  filled ${total.toLocaleString("en")} samples\n`);
    }
    return total;
  });
  out(`fill: ${rows.toLocaleString("en")} samples with generate_series in ${(t / 1000).toFixed(1)} s`);
  const [tr, days] = await timed(() => execute(db, addToRollups(sql`playout_samples`)));
  const [{ hours }] = await queryRows<{ hours: number }>(db, sql`select count(*)::int as hours from playout_hourly`);
  out(`rollup rebuild: ${hours.toLocaleString("en")} playout-hours and ${days.toLocaleString("en")} playout-days in ${(tr / 1000).toFixed(1)} s`);
  await execute(db, sql`vacuum analyze`);
}

/** BENCH_KEEP=1 keeps the database (and its samples) for the next run, for investigating plans. */
const KEEP = process.env.BENCH_KEEP === "1";

async function main(): Promise<void> {
  const exists = await admin(async (c) => (await c`select 1 from pg_database where datname = ${NAME}`).length > 0);
  if (!KEEP || !exists) {
    await admin((c) => c.unsafe(`drop database if exists ${NAME} with (force)`));
    await admin((c) => c.unsafe(`create database ${NAME}`));
  }
  const url = new URL(BASE_URL);
  url.pathname = `/${NAME}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
  try {
    await runMigrations(handle);
    const db = handle.db;
    // Monthly partitions of the generated window and of the ingestion after it (drizzle/0018).
    await ensureSamplePartitions(db, new Date(START), new Date(END + 60 * DAY));
    const [{ version }] = await queryRows<{ version: string }>(db, sql`select version()`);
    out(`PostgreSQL: ${version.split(",")[0]}; ${PLAYOUTS} playouts × ${DAYS} days × 1 sample a minute, ${ORGS} organizations`);
    const [{ filled }] = await queryRows<{ filled: boolean }>(db, sql`select exists (select 1 from playout_samples) as filled`);
    if (filled) out("reusing the samples of a kept database (BENCH_KEEP=1)");
    else await fill(db);
    const [{ n }] = await queryRows<{ n: number }>(db, sql`select count(*)::int8 as n from playout_samples`);
    out(`samples in the table: ${Number(n).toLocaleString("en")}`);

    const reporting = new ReportingService(db);
    const org = "bench-org-1";
    const viewer: Viewer = { userId: "bench", orgs: [org], role: "viewer" };
    const last = (days: number) => ({ from: new Date(END - days * DAY), to: new Date(END) });
    const tenPlayouts = Array.from({ length: 10 }, (_, i) => `bench-playout-${String(i * ORGS).padStart(3, "0")}`);
    out("");
    out("Service calls (ReportingService, postgres.js):");
    await measure(`playoutUsage, 1 organization (${Math.ceil(PLAYOUTS / ORGS)} playouts), 30 days, daily`, 300, () => reporting.playoutUsage(viewer, org, { ...last(30), period: 1, periodType: PeriodType.DAYS }));
    await measure("playoutHistory hourly, 10 playouts, 7 days", 200, () => reporting.playoutHistory(viewer, { window: { ...last(7), period: 1, periodType: PeriodType.HOURS, playoutIds: tenPlayouts } }));
    await measure("uptimeTotals, 1 organization, 30 days", 300, () => reporting.uptimeTotals(viewer, org, last(30)));
    await measure("channelUptime, 1 organization, 30 days, daily", null, () => reporting.channelUptime(viewer, { window: { ...last(30), period: 1, periodType: PeriodType.DAYS } }));
    await measure(`playoutUptime, all ${PLAYOUTS} playouts, 30 days, daily`, null, () => reporting.playoutUptime(ADMIN, null, { ...last(30), period: 1, periodType: PeriodType.DAYS }));
    // Local days (window.timeZone): London's are whole UTC hours (rollup only); Kolkata (+05:30) and
    // Kathmandu (+05:45) cut an hour at every day edge, read from raw samples (docs/REPORTING.md).
    const localDays = (zone: string, offset: string) => ({
      from: new Date(`2026-05-01T00:00:00${offset}`), to: new Date(`2026-05-31T00:00:00${offset}`), period: 1, periodType: PeriodType.DAYS, timeZone: zone,
    });
    await measure("local days: playoutUsage, 1 org, 30 days, daily, Europe/London", 50, () => reporting.playoutUsage(viewer, org, localDays("Europe/London", "+01:00")));
    await measure("local days: playoutUsage, 1 org, 30 days, daily, UTC (same span)", null, () => reporting.playoutUsage(viewer, org, { ...localDays("UTC", "Z"), timeZone: null }));
    await measure("local days: playoutUsage, 1 org, 30 days, daily, Asia/Kolkata", null, () => reporting.playoutUsage(viewer, org, localDays("Asia/Kolkata", "+05:30")));
    await measure("local days: playoutUsage, 1 org, 30 days, daily, Asia/Kathmandu", null, () => reporting.playoutUsage(viewer, org, localDays("Asia/Kathmandu", "+05:45")));
    const unaligned = { from: new Date(END - 7 * DAY + 30 * 60_000), to: new Date(END), period: 1, periodType: PeriodType.DAYS };
    await measure("off the hour (hybrid): playoutUsage, 1 org, 7 days, daily", null, () => reporting.playoutUsage(viewer, org, unaligned));
    await measure("off the hour (hybrid): playoutHistory, 10 playouts, 7 days", null, () => reporting.playoutHistory(viewer, { window: { ...unaligned, playoutIds: tenPlayouts } }));
    await measure("off the hour (hybrid): uptimeTotals, 1 org, 30 days", null, () => reporting.uptimeTotals(viewer, org, { from: new Date(END - 30 * DAY + 1_234_567), to: new Date(END - 60_000) }));
    await measure("forced raw samples: playoutUsage, 1 org, 7 days, daily", null, () => reporting.playoutUsage(viewer, org, unaligned, "raw"), 5);
    await measure("raw (20-minute buckets): playoutHistory, 10 playouts, 1 day", null, () =>
      reporting.playoutHistory(viewer, { window: { from: new Date(END - DAY), to: new Date(END), period: 20, periodType: PeriodType.MINUTES, playoutIds: tenPlayouts } }),
    );

    // Through HTTP and GraphQL, as a client sees it.
    const service = await startService({ ...loadConfig({}), port: 0, host: "127.0.0.1", databaseUrl: url.toString(), dataDir: "memory://", authSecret: SECRET, logLevel: "silent", seedDemo: false, runWorker: false }, { quiet: true });
    try {
      const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "admin" });
      const gql = async (query: string, variables: Record<string, unknown>) => {
        const response = await fetch(`http://127.0.0.1:${service.port}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ query, variables }),
        });
        const body = (await response.json()) as { data?: any; errors?: unknown[] };
        if (body.errors) throw new Error(JSON.stringify(body.errors));
        return Object.values(body.data)[0];
      };
      const window = (days: number, extra: Record<string, unknown> = {}) => ({ from: new Date(END - days * DAY).toISOString(), to: new Date(END).toISOString(), ...extra });
      out("");
      out("Through GraphQL over HTTP (same queries):");
      await measure("playoutUsage, 1 organization, 30 days, daily", 300, () =>
        gql(`query($w: TimeWindowInput!) { playoutUsage(organization: "${org}", window: $w) { playoutId playoutName ip port instanceType templateType uptime downtime timeStamp } }`, { w: window(30, { period: 1, periodType: "DAYS" }) }),
      );
      await measure("playoutHistory hourly, 10 playouts, 7 days", 200, () =>
        gql(`query($w: TimeWindowInput!) { playoutHistory(window: $w) { playoutId playoutName time avmon cache connection cpu fileDescriptors freeMemory playback storage } }`, { w: window(7, { period: 1, periodType: "HOURS", playoutIds: tenPlayouts }) }),
      );
      await measure("uptimeTotals, 1 organization, 30 days", 300, () =>
        gql(`query($w: TimeWindowInput!) { uptimeTotals(organization: "${org}", window: $w) { totalUptime totalDowntime activeOnPeriodStart activeOnPeriodEnd } }`, { w: window(30) }),
      );

      // Ingestion: batches of 5,000 samples (after the generated month, so the rollup gains rows).
      const telemetry = new TelemetryService(db);
      const orgPlayouts = (await queryRows<{ playout_id: string }>(db, sql`select playout_id from playouts where organization = ${org} order by 1`)).map((r) => r.playout_id);
      let minute = 0;
      const batch = (): PlayoutSampleInput[] =>
        Array.from({ length: 5000 }, (_, i) => {
          const playoutId = orgPlayouts[i % orgPlayouts.length];
          if (i % orgPlayouts.length === orgPlayouts.length - 1) minute++;
          return { playoutId, time: new Date(END + minute * 60_000), intervalSeconds: 60, playback: 1, avmon: 1, cache: 95, connection: 50, cpu: 30, fileDescriptors: 210, freeMemory: 4000, storage: 50 };
        });
      out("");
      for (const [label, send] of [
        ["ingest through TelemetryService.ingest", (samples: PlayoutSampleInput[]) => telemetry.ingest(ADMIN, { playoutSamples: samples })],
        ["ingest through GraphQL ingestTelemetry", (samples: PlayoutSampleInput[]) => gql(`mutation($b: TelemetryBatchInput!) { ingestTelemetry(batch: $b) { playoutSamples } }`, { b: { playoutSamples: samples } })],
      ] as const) {
        const batches = Array.from({ length: 20 }, batch);
        await send(batch()); // warm-up
        const [t] = await timed(async () => {
          for (const b of batches) await send(b);
        });
        out(`${label.padEnd(42)} 20 batches × 5,000 samples in ${ms(t)}: ${Math.round(100_000 / (t / 1000)).toLocaleString("en")} samples/s (target ≥ 50,000)`);
      }
      // Retention: the oldest month goes in one statement, whatever its size.
      const oldest = partitionName(new Date(START));
      const [td] = await timed(() => db.execute(sql.raw(`drop table "${oldest}"`)));
      out(`drop the oldest month (${oldest}) in one statement: ${ms(td)} (target < 1 s)`);
    } finally {
      await service.stop();
    }
  } finally {
    await handle.close();
    if (!KEEP) await admin((c) => c.unsafe(`drop database if exists ${NAME} with (force)`));
  }
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
