// The monthly partitions of playout_samples (drizzle/0018_telemetry_partitions.sql): made three
// months ahead, and dropped whole once older than TELEMETRY_RETENTION_DAYS. A month that already
// has samples in the default partition (ingested before its partition existed) gets them moved in
// the transaction that attaches it.
import { sql } from "drizzle-orm";
import type { Logger } from "../common/log.js";
import { repeatEvery } from "../common/periodic.js";
import { execute, queryRows, type Database, type Executor } from "../db/client.js";

export const MONTHS_AHEAD = 3;
const DAY_MS = 86_400_000;

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (month: Date) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 1));
export const partitionName = (month: Date) => `playout_samples_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, "0")}`;

/** The monthly partitions there are, oldest first. */
export async function samplePartitions(db: Executor): Promise<{ name: string; month: Date }[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'playout_samples'::regclass and c.relname ~ '^playout_samples_p[0-9]{6}$' order by c.relname`,
  );
  return rows.map(({ name }) => ({ name, month: new Date(Date.UTC(Number(name.slice(-6, -2)), Number(name.slice(-2)) - 1, 1)) }));
}

/** Makes the partition of every month from `from` to `to` (inclusive) that is missing. */
export async function ensureSamplePartitions(db: Database, from: Date, to: Date): Promise<number> {
  const have = new Set((await samplePartitions(db)).map((p) => p.name));
  let made = 0;
  for (let month = monthStart(from); month <= to; month = nextMonth(month)) {
    const name = partitionName(month);
    if (have.has(name)) continue;
    const [lower, upper] = [month.toISOString(), nextMonth(month).toISOString()];
    await db.transaction(async (tx) => {
      // With the parent's CHECK constraints (drizzle/0019_checks.sql): a table is attached only when it carries them.
      await tx.execute(sql.raw(`create table "${name}" (like playout_samples including defaults including constraints)`));
      await tx.execute(sql.raw(`insert into "${name}" select * from playout_samples_default where time >= '${lower}' and time < '${upper}'`));
      await tx.execute(sql.raw(`delete from playout_samples_default where time >= '${lower}' and time < '${upper}'`));
      await tx.execute(sql.raw(`alter table playout_samples attach partition "${name}" for values from ('${lower}') to ('${upper}')`));
    });
    made++;
  }
  return made;
}

/**
 * Drops every month that ended more than retentionDays ago (one DROP TABLE each), and the default
 * partition's samples older than that. Answers the partitions dropped.
 */
export async function dropExpiredSamples(db: Database, retentionDays: number, now = new Date()): Promise<string[]> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS);
  const dropped: string[] = [];
  for (const { name, month } of await samplePartitions(db)) {
    if (nextMonth(month) > cutoff) continue;
    await db.execute(sql.raw(`drop table "${name}"`));
    dropped.push(name);
  }
  await execute(db, sql`delete from playout_samples_default where time < ${cutoff.toISOString()}::timestamptz`);
  return dropped;
}

/** Makes partitions ahead and drops expired ones now and every everyMs (retentionDays 0: keeps all). */
export function maintainSamplePartitionsEvery(db: Database, retentionDays: number, everyMs: number, log: Logger): () => Promise<void> {
  return repeatEvery("telemetry partition housekeeping", everyMs, log, async () => {
    const now = new Date();
    const made = await ensureSamplePartitions(db, now, new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + MONTHS_AHEAD, 1)));
    if (made) log.info("telemetry partitions made", { made });
    if (retentionDays > 0) {
      const dropped = await dropExpiredSamples(db, retentionDays, now);
      if (dropped.length) log.info("expired telemetry partitions dropped", { dropped });
    }
  });
}
