// EXPLAIN ANALYZE of the main reporting statements on a kept bench database
// (BENCH_KEEP=1 npx tsx bench/reporting.ts first), to see which plans the figures come from.
//   npx tsx bench/explain-reporting.ts
import "reflect-metadata";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../src/db/client.js";
import { playoutBuckets, REGISTRY_COLUMNS, REGISTRY_JOIN } from "../src/reporting/figures.js";
import { parseWindow } from "../src/reporting/window.js";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
url.pathname = "/pgw_bench_reporting";
const END = Date.parse("2026-06-01T00:00:00Z");
const DAY = 86_400_000;

const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "memory://" });
const explain = async (label: string, query: ReturnType<typeof sql>) => {
  const rows = await queryRows<Record<string, string>>(handle.db, sql`explain (analyze, buffers) ${query}`);
  process.stdout.write(`\n=== ${label}\n${rows.map((r) => Object.values(r)[0]).join("\n")}\n`);
};
const tenPlayouts = Array.from({ length: 10 }, (_, i) => `bench-playout-${String(i * 5).padStart(3, "0")}`);
const usage = parseWindow({ from: new Date(END - 30 * DAY), to: new Date(END), period: 1, periodType: "DAYS" });
await explain("playoutUsage 30 days daily", sql`select b.*, ${REGISTRY_COLUMNS} from (${playoutBuckets(usage, { organizations: ["bench-org-1"] })}) as b ${REGISTRY_JOIN} order by b.bucket, b.playout_id`);
const history = parseWindow({ from: new Date(END - 7 * DAY), to: new Date(END), period: 1, periodType: "HOURS", playoutIds: tenPlayouts });
await explain("playoutHistory 10 playouts hourly 7 days", sql`select b.*, ${REGISTRY_COLUMNS} from (${playoutBuckets(history, { organizations: "*" })}) as b ${REGISTRY_JOIN} order by b.bucket, b.playout_id`);
const offHour = parseWindow({ from: new Date(END - 7 * DAY + 30 * 60_000), to: new Date(END), period: 1, periodType: "DAYS" });
await explain("playoutUsage 7 days daily off the hour (hybrid)", sql`select * from (${playoutBuckets(offHour, { organizations: ["bench-org-1"] }, undefined, false)}) as b`);
await handle.close();
