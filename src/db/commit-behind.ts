// A transaction's COMMIT sent with its last statements: one write with them, no round trip of its
// own. postgres.js with the mends of patches/ ends a transaction on a COMMIT its callback sends
// (no second one, and a statement sent after it is refused); elsewhere (PGlite, an install without
// the mends) the transaction commits when its callback returns, as always. Only for a callback
// that sends nothing after it and whose answer needs nothing more from the database.
import { is, sql } from "drizzle-orm";
import { PgDatabase, PgTransaction } from "drizzle-orm/pg-core";
import { PostgresJsTransaction } from "drizzle-orm/postgres-js";
import { sent, type Transaction } from "./client.js";
import { transactionsMended } from "./postgres-mend.js";

/**
 * COMMIT sent now, behind what this turn already sent; its promise (a failure before it makes it a
 * rollback, a failure of its own rejects). Null where the driver would not end the transaction on it.
 */
export function commitBehind(tx: Transaction): Promise<unknown> | null {
  if (!is(tx, PostgresJsTransaction) || !transactionsMended()) return null;
  return sent(tx.execute(sql.raw("commit")));
}

/**
 * Whether `transactor.transaction(fn)` is a plain transaction of the database (nothing of a
 * wrapper's runs after fn). Not a transaction's (drizzle's transactions are databases too): its
 * `transaction` is a savepoint, and a COMMIT sent in it would end the caller's transaction.
 */
export function isDatabase(transactor: unknown): boolean {
  return is(transactor, PgDatabase) && !is(transactor, PgTransaction);
}
