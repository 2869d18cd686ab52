// The benchmark's own database on DATABASE_URL's server: created, migrated, seeded, tagged for
// PostGraphile; kept for the next run with PEERS_KEEP_DB=1 (then reused when its sizes match).
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, queryRows } from "../../src/db/client.js";
import { runMigrations } from "../../src/db/migrate.js";
import { seed, type DatasetSize } from "./seed.js";
import { SMART_TAGS_SQL, usageFunctionSql } from "./usage-sql.js";
import { withAdminConnection } from "../lib.js";

export const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const KEEP = ["1", "true", "yes"].includes((process.env.PEERS_KEEP_DB ?? "").toLowerCase());

const admin = <T>(fn: (c: postgres.Sql) => Promise<T>): Promise<T> => withAdminConnection(BASE_URL, fn);

const nameOf = (size: DatasetSize) => `pgw_peers_${size.schedules}_${size.eventsPerSchedule}_${size.assets}_${size.playouts}`;

export function urlOf(name: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Answers the database's URL and a function that drops it (a no-op with PEERS_KEEP_DB). */
export async function prepareDatabase(size: DatasetSize, usageWindow: { from: Date; to: Date }, organization: string) {
  const name = nameOf(size);
  const exists = await admin(async (c) => (await c`select 1 from pg_database where datname = ${name}`).length > 0);
  const url = urlOf(name);
  if (!exists) await admin((c) => c.unsafe(`create database ${name}`));
  const handle = await openDatabase({ databaseUrl: url, dataDir: "memory://" });
  try {
    await runMigrations(handle);
    const [{ seeded }] = await queryRows<{ seeded: boolean }>(handle.db, sql`select exists (select 1 from playout_hourly) as seeded`);
    if (seeded) process.stderr.write(`  reusing the kept database ${name}\n`);
    else await seed(handle.db, size);
  } finally {
    await handle.close();
  }
  await admin(async () => {
    const c = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await c.unsafe(SMART_TAGS_SQL + usageFunctionSql(organization, usageWindow.from, usageWindow.to));
    } finally {
      await c.end();
    }
  });
  return {
    name,
    url,
    async drop() {
      if (!KEEP) await admin((c) => c.unsafe(`drop database if exists ${name} with (force)`));
    },
  };
}
