// The lock horizon's two statements (drizzle/0021_lock_horizon.sql holds the triggers that do the
// checking): an edit arms the check for its target before its work and reads what the triggers
// noted after it (src/schedules/edit-events.ts). Both settings are transaction-local.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../db/client.js";
import type { EventTarget } from "../target.js";

/** From here on in the transaction, the triggers note every event of `target` starting before `limitMs` that a statement touches. */
export async function armLockHorizon(executor: Executor, target: EventTarget, limitMs: number): Promise<void> {
  const armed = `${target.scheduleId}:${target.changeSetId ?? ""}:${limitMs}`;
  await executor.execute(sql`select set_config('playout.lock_horizon', ${armed}, true), set_config('playout.lock_horizon_hits', '', true)`);
}

/** Disarms the check; answers the ids of the events it noted (at most 10, in the order found). */
export async function lockHorizonHits(executor: Executor): Promise<number[]> {
  const [row] = await queryRows<{ hits: string | null }>(
    executor,
    sql`select current_setting('playout.lock_horizon_hits', true) as hits, set_config('playout.lock_horizon', '', true) as disarmed`,
  );
  return row?.hits ? row.hits.split(",").map(Number) : [];
}
