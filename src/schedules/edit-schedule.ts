// The unit of work of every write of the schedule aggregate: a schedule's own row (create, update,
// delete, archive and restore, an import's new row) directly, and every change of its events or
// of a draft through editScheduleEvents (edit-events.ts), which runs inside it. It checks the role,
// opens the transaction (or joins the caller's) and runs the `began` hooks with the operation's
// name and the caller before the work writes anything: history's hook names them for the history
// triggers there (transaction-local settings, set before the work or with its first statement),
// and nowhere else.
import { requireRole, type Role, type Viewer } from "../common/auth.js";
import type { Transaction } from "../db/client.js";
import { setLocals } from "../db/local-settings.js";
import { runBeganHooks, type ScheduleWork } from "./change-hooks.js";

/** Whatever runs transactions: the database, or a job's fenced transactions. */
export interface Transactor {
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
}

export interface ScheduleWorkOptions {
  /** The GraphQL mutation's name, a job kind or `job:<TYPE>`: what history records the writes under. */
  operation: string;
  /** Role the caller needs; "editor" unless said. */
  role?: Role;
}

export type { ScheduleWork };

/** editSchedule in a transaction of its own. */
export function editSchedule<R>(db: Transactor, viewer: Viewer, options: ScheduleWorkOptions, work: (unit: ScheduleWork) => Promise<R>): Promise<R> {
  requireRole(viewer, options.role ?? "editor");
  return db.transaction((tx) => editScheduleIn(tx, viewer, options, work));
}

/**
 * editSchedule inside a transaction the caller already holds (an import batch, a job's undo).
 * `sendsSettings`: the work sends the hooks' settings (unit.settings) in its first statement
 * (editScheduleEvents: the lock of its target); else they are set here, before the work.
 */
export async function editScheduleIn<R>(tx: Transaction, viewer: Viewer, options: ScheduleWorkOptions, work: (unit: ScheduleWork) => Promise<R>, sendsSettings = false): Promise<R> {
  requireRole(viewer, options.role ?? "editor");
  const unit: ScheduleWork = { tx, viewer, operation: options.operation, settings: new Map() };
  await runBeganHooks(unit);
  if (!sendsSettings) await setLocals(tx, unit.settings);
  return work(unit);
}
