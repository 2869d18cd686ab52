// The work a statement does, as PostgreSQL counts it: tuples read in this transaction from `events`
// and its indexes (pg_stat_get_xact_*, per transaction on either driver). The work-bound tests
// measure inside one transaction, rolled back after so that each drawn case meets the same data.
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Executor, type Transaction } from "../../src/db/client.js";

/** The schedule's events and the change sets' drafts: what an edit of either may read. */
export const EVENT_TABLES: readonly string[] = ["events", "change_set_events"];

/** Tuples read so far in this transaction from `tables` (default `events`) and their indexes. */
export async function tuplesRead(tx: Executor, tables: readonly string[] = ["events"]): Promise<number> {
  const names = sql.join(tables.map((t) => sql`${t}::regclass`), sql`, `);
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::bigint as n
      from pg_class c where c.oid in (${names}) or c.oid in (select indexrelid from pg_index where indrelid in (${names}))`,
  );
  return Number(row.n);
}

/** What `measured` answers, and the tuples it read (inside the transaction `tx`) from `tables` (default `events`). */
export async function tuplesOf<T>(tx: Executor, measured: () => Promise<T>, tables?: readonly string[]): Promise<{ result: T; tuples: number }> {
  const before = await tuplesRead(tx, tables);
  const result = await measured();
  return { result, tuples: (await tuplesRead(tx, tables)) - before };
}

const ROLLED_BACK = new Error("rolled back");

/** Runs `work` in a transaction of `db` and rolls it back; answers what `work` answered. */
export async function rolledBack<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      throw ROLLED_BACK;
    })
    .catch((error: unknown) => {
      if (error !== ROLLED_BACK) throw error;
    });
  return result as T;
}
