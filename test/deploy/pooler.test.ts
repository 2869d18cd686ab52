// Behind PgBouncer in transaction mode (Debian's pgbouncer, started by the test on a free port):
// the service starts and migrates through the pooler without startup parameters, its time limits
// hold in every pooled transaction, concurrent requests never meet "prepared statement does not
// exist", and nothing a transaction sets (the limits, the history actor note) stays on the
// server connection the next client gets.
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "../../src/db/client.js";
import { classifyDatabaseError } from "../../src/db/driver-errors.js";
import { runMigrations } from "../../src/db/migrate.js";
import { noteActorAndOperation } from "../../src/history/note.js";
import type { Service } from "../../src/main.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { startPgBouncer, type PgBouncer } from "../helpers/pgbouncer.js";
import { makeClient, freshDatabase, TEST_SECRET } from "../helpers/service.js";
import { testConfig } from "../helpers/shared-service.js";

const baseUrl = process.env.DATABASE_URL;
let skipped: string | undefined = baseUrl ? undefined : "needs DATABASE_URL (a PostgreSQL server behind the pooler)";
let pooler: PgBouncer | undefined;
let drop: (() => Promise<void>) | undefined;
let handle: DatabaseHandle | undefined;
/** A plain client of the pooler, as another application would be: it sees what connections carry. */
let other: postgres.Sql | undefined;

beforeAll(async () => {
  if (skipped) return;
  const db = await freshDatabase(baseUrl!);
  drop = db.drop;
  // One server connection: every client of the pooler takes turns on it, so state left behind shows.
  const started = await startPgBouncer(db.url, { poolSize: 1 });
  if ("skipped" in started) {
    skipped = started.skipped;
    return;
  }
  pooler = started;
  handle = await openDatabase({ databaseUrl: pooler.url, dataDir: "unused", poolMode: "transaction", statementTimeoutMs: 250, lockTimeoutMs: 150, maxConnections: 4 });
  other = postgres(pooler.url, { max: 1, prepare: false, onnotice: () => {} });
});

afterAll(async () => {
  await other?.end();
  await handle?.close();
  await pooler?.stop();
  await drop?.();
});

describe("pooled connections (PgBouncer, transaction mode)", () => {
  it("migrates through the pooler", async (context) => {
    if (skipped) return context.skip(skipped);
    await runMigrations(handle!);
    const [row] = await queryRows<{ n: number }>(handle!.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(row.n).toBeGreaterThan(10);
  });

  it("holds the time limits in statements and transactions, and leaves none behind", async (context) => {
    if (skipped) return context.skip(skipped);
    const [alone] = await queryRows<{ s: string; l: string }>(handle!.db, sql`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l`);
    expect(alone).toEqual({ s: "250ms", l: "150ms" });
    const inside = await handle!.db.transaction(async (tx) => queryRows<{ s: string }>(tx, sql`select current_setting('statement_timeout') as s`));
    expect(inside[0].s).toBe("250ms");
    const error = await handle!.db.execute(sql`select pg_sleep(5)`).then(
      () => null,
      (e) => e,
    );
    expect(classifyDatabaseError(error)?.code).toBe("TIMEOUT");
    const [after] = await other!`select current_setting('statement_timeout') as s, current_setting('lock_timeout') as l`;
    expect(after).toEqual({ s: "0", l: "0" });
  });

  it("does not leak the history actor note to the next pooled transaction", async (context) => {
    if (skipped) return context.skip(skipped);
    const seen = await handle!.db.transaction(async (tx) => {
      await noteActorAndOperation(tx, { actor: "alice", operation: "updateSchedule" });
      return queryRows<{ a: string }>(tx, sql`select current_setting('playout.actor', true) as a`);
    });
    expect(seen[0].a).toBe("alice");
    const [after] = await other!`select coalesce(current_setting('playout.actor', true), '') as a, coalesce(current_setting('playout.operation', true), '') as o`;
    expect(after).toEqual({ a: "", o: "" });
  });

  it("serves concurrent requests of a service without named prepared statements", async (context) => {
    if (skipped) return context.skip(skipped);
    const { startService } = await import("../../src/main.js");
    let service: Service | undefined;
    try {
      service = await startService(testConfig(pooler!.url, { dbPoolMode: "transaction", dbPreparedStatements: false, dbPoolSize: 4 }), { quiet: true });
      const gql = makeClient(`http://127.0.0.1:${service.port}`, await signToken(TEST_SECRET, { sub: "pooled", orgs: ["pooled-org"], role: "editor" }));
      const created = await gql.data(`mutation { createSchedule(input: { name: "Pooled" }) { id } }`);
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          i % 2 === 0
            ? gql.request(`query($id: ID!) { schedule(id: $id) { id name } }`, { id: created.createSchedule.id })
            : gql.request(`query { schedules(size: ${1 + (i % 7)}) { totalElements } }`),
        ),
      );
      expect(answers.flatMap((a) => a.errors ?? [])).toEqual([]);
    } finally {
      await service?.stop();
    }
  });
});
