// Statements of a transaction run as named prepared statements of the connection where named
// statements are on (src/db/client.ts preparingTransaction): a mutation's statements are then
// neither described in a round trip of their own nor parsed again. Behind a transaction-mode
// pooler (prepare off) they stay unnamed.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "../../src/db/client.js";

const url = process.env.DATABASE_URL;

/** The statements prepared on the transaction's connection after one parameterized statement ran in it. */
async function preparedAfterOne(preparedStatements: boolean): Promise<string[]> {
  const handle = await openDatabase({ databaseUrl: url!, dataDir: "memory://", maxConnections: 1, preparedStatements });
  try {
    return await handle.db.transaction(async (tx) => {
      // A text of its own, so that no other test's statement matches.
      await tx.execute(sql`select ${41}::int + 1 as prepared_in_transaction_probe`);
      const rows = await queryRows<{ statement: string }>(tx, sql`select statement from pg_prepared_statements`);
      return rows.map((r) => r.statement).filter((s) => s.includes("prepared_in_transaction_probe"));
    });
  } finally {
    await handle.close();
  }
}

describe.skipIf(!url)("statements in a transaction on PostgreSQL", () => {
  it("are named prepared statements when prepared statements are on", async () => {
    expect(await preparedAfterOne(true)).toHaveLength(1);
  });

  it("stay unnamed when they are off (a transaction-mode pooler)", async () => {
    expect(await preparedAfterOne(false)).toEqual([]);
  });
});
