// HISTORY_RETENTION_DAYS: entries older than it are deleted. History is rewound from the current
// state backwards, so dropping the oldest entries only makes the oldest versions unreachable
// (atVersion, scheduleDiff and revertSchedule answer BAD_USER_INPUT for them); nothing else changes.
import { sql } from "drizzle-orm";
import { execute, type Database } from "../db/client.js";
import type { Logger } from "../common/log.js";

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
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= pruneHistory(db, days)
      .then((count) => count && log.info("expired history entries deleted", { count }))
      .catch((error) => log.warn("history housekeeping failed", { error: String((error as Error)?.message ?? error) }))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
