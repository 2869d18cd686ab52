// Who changes a schedule's timeline and by which operation, for the history triggers
// (drizzle/*_history_triggers.sql read the transaction-local settings playout.actor and
// playout.operation). Set in one place: noteTimelineChange, which every transaction of the
// process runs first when a note is in scope (a GraphQL root mutation field, a job).
import { AsyncLocalStorage } from "node:async_hooks";
import { sql, type SQL } from "drizzle-orm";

/** What the note needs of a transaction: to run one statement (client.ts's Executor has it; named here so the two modules do not import each other). */
interface StatementRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

export interface TimelineNote {
  /** The token sub (or a job's requester). */
  actor: string | null;
  /** The GraphQL root field, or `job:<TYPE>`. */
  operation: string;
}

const scope = new AsyncLocalStorage<TimelineNote>();

/** Runs fn with a note that every transaction it opens records (until fn's promise settles). */
export function withTimelineNote<T>(note: TimelineNote, fn: () => T): T {
  return scope.run(note, fn);
}

export function currentTimelineNote(): TimelineNote | undefined {
  return scope.getStore();
}

/** Names the actor and operation of the open transaction, for the history it writes. */
export async function noteTimelineChange(tx: StatementRunner, note: TimelineNote): Promise<void> {
  await tx.execute(sql`select set_config('playout.actor', ${note.actor ?? ""}, true), set_config('playout.operation', ${note.operation}, true)`);
}

/**
 * Wraps a database's `transaction` so that, with a note in scope, the transaction begins with
 * noteTimelineChange. Without one (reads, migrations, tests' own writes) nothing is added.
 */
export function notingTransactions<D extends { transaction: (...args: any[]) => Promise<any> }>(db: D): D {
  const original = db.transaction.bind(db);
  (db as any).transaction = (fn: (tx: any) => Promise<unknown>, config?: unknown) => {
    const note = currentTimelineNote();
    if (!note) return original(fn, config);
    return original(async (tx: StatementRunner) => {
      await noteTimelineChange(tx, note);
      return fn(tx);
    }, config);
  };
  return db;
}
