// HISTORY_RETENTION_DAYS: entries older than it are deleted. History is rewound from the current
// state backwards, so dropping the oldest entries only makes the oldest versions unreachable
// (atVersion, scheduleDiff and revertSchedule answer BAD_USER_INPUT for them); nothing else changes.
import { sql } from "drizzle-orm";
import { execute, type Database } from "../db/client.js";
import type { Logger } from "../server/log.js";

/** Deletes entries (and their event changes, by cascade) older than `days`; answers how many. */
export function pruneHistory(db: Database, days: number): Promise<number> {
  return execute(db, sql`delete from schedule_history where date_created < now() - ${days} * interval '1 day'`);
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
