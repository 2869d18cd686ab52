// A transaction's statements are written right behind its BEGIN, without waiting for BEGIN's answer,
// and a transaction may end on a COMMIT sent with its last statement (commitBehind:
// patches/postgres+3.4.9.patch, "begin goes out with the first statement" and "commit goes out
// with the last statement"). What must still hold,
// for transactions drawn at random and run all at once on a pool smaller than their number (so
// that most BEGINs wait for a connection, some behind another's COMMIT, some beside reads outside
// any transaction): every statement of a transaction runs in that one transaction (one
// transaction id), a transaction that fails leaves nothing, one that succeeds leaves all of it, and
// the pool serves the next statement. Ended by its own COMMIT: a failure before the COMMIT writes
// nothing, and a statement sent after it is refused (what was committed stays).
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, sent, type DatabaseHandle } from "../../src/db/client.js";
import { commitBehind } from "../../src/db/commit-behind.js";

const url = process.env.DATABASE_URL;
const TABLE = `pipelined_begin_probe_${process.pid}`;

/** One transaction: how many rows it writes, whether it fails after writing them, and whether it first yields to the event loop. */
const drawnTransaction = fc.record({
  rows: fc.integer({ min: 1, max: 4 }),
  fails: fc.boolean(),
  yields: fc.boolean(),
  readBeside: fc.boolean(),
  /** How it ends: when its callback returns, or on a COMMIT sent with its last statement (and then a statement more). */
  ends: fc.constantFrom("returning", "behind", "behind, then more"),
});

describe.skipIf(!url)("transactions whose statements go out behind BEGIN", () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: url!, dataDir: "memory://", maxConnections: 2 });
    await handle.db.execute(sql.raw(`create table if not exists ${TABLE} (run int not null, tx int not null, n int not null, xid bigint not null)`));
  });
  afterAll(async () => {
    await handle.db.execute(sql.raw(`drop table if exists ${TABLE}`));
    await handle.close();
  });

  it("run each in one transaction, all or nothing, many at once on two connections", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(drawnTransaction, { minLength: 1, maxLength: 24 }), async (drawn) => {
        run++;
        const outcomes = await Promise.allSettled(
          drawn.map(async (t, index) => {
            const beside = t.readBeside ? queryRows<{ one: number }>(handle.db, sql`select 1 as one`) : null;
            const written = await handle.db.transaction(async (tx) => {
              if (t.yields) await new Promise((resolve) => setImmediate(resolve));
              for (let n = 0; n < t.rows; n++) {
                await tx.execute(sql`insert into ${sql.raw(TABLE)} (run, tx, n, xid) values (${run}, ${index}, ${n}, txid_current())`);
              }
              const [{ seen }] = await queryRows<{ seen: number }>(tx, sql`select count(*)::int as seen from ${sql.raw(TABLE)} where run = ${run} and tx = ${index}`);
              const last = sent(tx.execute(t.fails ? sql`select 1 / 0` : sql`select 1`));
              if (t.ends === "returning") {
                await last;
                return seen;
              }
              const committing = commitBehind(tx)!;
              await last;
              await committing;
              if (t.ends === "behind, then more") await tx.execute(sql`select 2`);
              return seen;
            });
            if (beside) expect((await beside)[0].one).toBe(1);
            return written;
          }),
        );
        const rows = await queryRows<{ tx: number; rows: number; xids: number }>(
          handle.db,
          sql`select tx, count(*)::int as rows, count(distinct xid)::int as xids from ${sql.raw(TABLE)} where run = ${run} group by tx`,
        );
        const byTx = new Map(rows.map((r) => [r.tx, r]));
        drawn.forEach((t, index) => {
          const outcome = outcomes[index];
          if (!t.fails && t.ends === "behind, then more") {
            expect(outcome.status).toBe("rejected");
            expect(String((outcome as PromiseRejectedResult).reason.cause?.message)).toMatch(/after the transaction's COMMIT/);
            expect(byTx.get(index)).toEqual({ tx: index, rows: t.rows, xids: 1 });
          } else if (t.fails) {
            expect(outcome.status).toBe("rejected");
            const reason = (outcome as PromiseRejectedResult).reason;
            expect(String(reason.cause?.message ?? reason.message)).toMatch(/division by zero/);
            expect(byTx.get(index)).toBeUndefined();
          } else {
            expect(outcome).toEqual({ status: "fulfilled", value: t.rows });
            expect(byTx.get(index)).toEqual({ tx: index, rows: t.rows, xids: 1 });
          }
        });
        const [{ alive }] = await queryRows<{ alive: number }>(handle.db, sql`select 2 as alive`);
        expect(alive).toBe(2);
      }),
      { numRuns: 25 },
    );
  });
});
