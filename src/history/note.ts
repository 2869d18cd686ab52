// Who changed a schedule and by which operation, for the history triggers
// (drizzle/0014_history_triggers.sql and 0016_history_compact.sql read the transaction-local
// settings playout.actor and playout.operation). Named in one place: history's hook on the
// aggregate's unit of work, which every write of a schedule row or of events runs first
// (src/schedules/edit-schedule.ts, edit-events.ts) with the operation its caller names.
import type { Executor } from "../db/client.js";
import { setLocals } from "../db/local-settings.js";
import { onScheduleChange } from "../schedules/index.js";

export interface ActorAndOperation {
  /** The token sub (or a job's requester); null: nobody named. */
  actor: string | null;
  /** The GraphQL root field, a job kind, or `job:<TYPE>`. */
  operation: string;
}

/** The transaction-local settings that name them. */
function noteSettings(note: ActorAndOperation, into = new Map<string, string>()): Map<string, string> {
  into.set("playout.actor", note.actor ?? "");
  into.set("playout.operation", note.operation);
  return into;
}

/** Names the actor and operation of the open transaction, for the history it writes. */
export async function noteActorAndOperation(tx: Executor, note: ActorAndOperation): Promise<void> {
  await setLocals(tx, noteSettings(note));
}

/**
 * Registered once at start-up (src/server/services.ts): every unit of work names its operation
 * and caller, in the settings the unit sends before it writes (with its first statement where it can).
 */
export function registerHistoryHook(): void {
  if (registered) return;
  registered = true;
  onScheduleChange({ began: (work) => void noteSettings({ actor: work.viewer.userId || null, operation: work.operation }, work.settings) });
}
let registered = false;
