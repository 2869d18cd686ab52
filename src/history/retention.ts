// HISTORY_RETENTION_DAYS: entries older than it are deleted. History is rewound from the current
// state backwards, so dropping the oldest entries only makes the oldest versions unreachable
// (atVersion, scheduleDiff and revertSchedule answer BAD_USER_INPUT for them); nothing else changes.
import { sql } from "drizzle-orm";
import { execute, type Database } from "../db/client.js";
import type { Logger } from "../common/log.js";
import { repeatEvery } from "../common/periodic.js";

/**
 * Deletes entries older than `days` and the event changes of entries gone (expired, or removed
 * with their schedule); answers how many entries it deleted.
 */
export async function pruneHistory(db: Database, days: number): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await execute(tx, sql`delete from schedule_history where date_created < now() - ${days} * interval '1 day'`);
    await execute(tx, sql`delete from schedule_history_changes c where not exists (select 1 from schedule_history h where h.id = c.history_id)`);
    return count;
  });
}

/** Prunes now and every `everyMs` until the returned stop is called (which waits for a prune under way). */
export function pruneHistoryEvery(db: Database, days: number, everyMs: number, log: Logger): () => Promise<void> {
  return repeatEvery("history housekeeping", everyMs, log, async () => {
    const count = await pruneHistory(db, days);
    if (count) log.info("expired history entries deleted", { count });
  });
}
