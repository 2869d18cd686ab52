// The work a statement does, as PostgreSQL counts it: tuples read in this transaction from `events`
// and its indexes (pg_stat_get_xact_*, per transaction on either driver). The work-bound tests
// read it before and after what they measure, inside one transaction.
import { sql } from "drizzle-orm";
import { queryRows, type Executor } from "../../src/db/client.js";

/** Tuples read so far in this transaction from `events` and its indexes. */
export async function tuplesRead(tx: Executor): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    tx,
    sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(c.oid) + pg_stat_get_xact_tuples_fetched(c.oid)), 0)::bigint as n
      from pg_class c where c.oid = 'events'::regclass or c.oid in (select indexrelid from pg_index where indrelid = 'events'::regclass)`,
  );
  return Number(row.n);
}
