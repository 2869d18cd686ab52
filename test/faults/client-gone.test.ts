// A client that goes away stops its reads: postgres.js cancels the request's pending statements on
// the server, instead of letting them run to their statement timeout (issue 11 item 3). PostgreSQL
// only: PGlite runs each statement to its end on the main thread.
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { RequestWork, withRequestWork } from "../../src/db/cancel.js";
import { freshDatabase, orgClient, useTestService } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) process.stderr.write("faults-client-gone: skipped on PGlite (no server-side cancel there)\n");

// No time limits: without the cancel, a waiting read would wait for as long as the lock is held.
const t = useTestService({ dbStatementTimeoutMs: 0, dbLockTimeoutMs: 0 });

/** Polls until `check` holds (a liveness bound, not a speed figure). */
async function eventually(check: () => Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still not so after ${limitMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.runIf(onPostgres)("a client that goes away", () => {
  it("cancels the reads of its request on the server", async () => {
    const work = new RequestWork();
    const sleeping = withRequestWork(work, async () => await t.service.database.db.execute(sql`select pg_sleep(30)`));
    const failure = sleeping.then(
      () => null,
      (error: unknown) => error,
    );
    setTimeout(() => work.abandon(), 200);
    const error = (await failure) as { cause?: { code?: string; message?: string } } | null;
    expect(error).not.toBeNull();
    expect(error?.cause?.code ?? (error as { code?: string }).code).toBe("57014");
    expect(String(error?.cause?.message ?? (error as Error).message)).toMatch(/user request/);
  });

  it("cancels a `with …` read of its request too (a report's, a folded page's), never a `with` that writes", async () => {
    const work = new RequestWork();
    const sleeping = withRequestWork(work, async () => await t.service.database.db.execute(sql`with nap as (select pg_sleep(30) as slept) select count(*) from nap`));
    const failure = sleeping.then(
      () => null,
      (error: unknown) => error,
    );
    setTimeout(() => work.abandon(), 200);
    const error = (await failure) as { cause?: { code?: string } } | null;
    expect(error?.cause?.code ?? (error as { code?: string } | null)?.code).toBe("57014");

    // A write is not tracked: abandoning its request leaves it to finish.
    const db = t.service.database.db;
    await db.execute(sql`create table if not exists client_gone_writes (n int)`);
    try {
      const writes = new RequestWork();
      const writing = withRequestWork(writes, async () =>
        await db.execute(sql`with w as (insert into client_gone_writes (n) select 1 from pg_sleep(0.3) returning n) select count(*)::int as n from w`),
      );
      setTimeout(() => writes.abandon(), 100);
      await writing;
      const [row] = (await db.execute(sql`select count(*)::int as n from client_gone_writes`)) as unknown as { n: number }[];
      expect(row.n).toBe(1);
    } finally {
      await db.execute(sql`drop table client_gone_writes`);
    }
  });

  it("sends a read of a request alone on its connection: no begin or commit around it", async () => {
    const admin = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const reading = withRequestWork(new RequestWork(), async () => await t.service.database.db.execute(sql`select pg_sleep(0.5) as alone_read`));
      // In a transaction the read would start after its BEGIN: xact_start before query_start.
      let seen: { same: boolean }[] = [];
      await eventually(async () => {
        seen = await admin<{ same: boolean }[]>`select xact_start = query_start as same from pg_stat_activity where query like '%alone_read%' and pid <> pg_backend_pid() and state = 'active'`;
        return seen.length > 0;
      }, "the read runs");
      expect(seen).toEqual([{ same: true }]);
      await reading;
    } finally {
      await admin.end();
    }
  });

  it("fails a read whose connection is killed under it, and the service goes on reading", async () => {
    const admin = postgres(t.databaseUrl!, { max: 1, onnotice: () => {} });
    try {
      const db = t.service.database.db;
      const reading = withRequestWork(new RequestWork(), async () => await db.execute(sql`select pg_sleep(30) as killed_read`)).then(
        () => null,
        (error: unknown) => error,
      );
      await eventually(
        async () => (await admin`select pg_terminate_backend(pid) as done from pg_stat_activity where query like '%killed_read%' and pid <> pg_backend_pid() and state = 'active'`).length > 0,
        "the read runs and is killed",
      );
      expect(await reading).not.toBeNull();
      // A dead connection handed back to the pool would fail (or crash) these; each runs alone, as the read did.
      for (let i = 0; i < 12; i++) {
        const rows = (await withRequestWork(new RequestWork(), async () => await db.execute(sql`with one as (select ${i}::int as n) select n from one`))) as unknown as { n: number }[];
        expect(rows[0].n).toBe(i);
      }
    } finally {
      await admin.end();
    }
  });

  it("answers a read that waits for a connection when the connection it waits for is closed by the server", async () => {
    // One connection, held by an idle transaction that the server ends: the read waiting for a
    // connection must get the reconnected one (postgres.js dropped a waiting reservation there).
    const fresh = await freshDatabase(t.databaseUrl!);
    const { openDatabase } = await import("../../src/db/client.js");
    const handle = await openDatabase({ databaseUrl: fresh.url, dataDir: "memory://", maxConnections: 1 });
    try {
      const idle = handle.db
        .transaction(async (tx) => {
          await tx.execute(sql`set local idle_in_transaction_session_timeout = 300`);
          await new Promise((resolve) => setTimeout(resolve, 1500));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => "committed",
          (error: unknown) => (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const read = withRequestWork(new RequestWork(), async () => await handle.db.execute(sql`with one as (select 42 as n) select n from one`));
      const answer = await Promise.race([read, new Promise((resolve) => setTimeout(() => resolve("still waiting after 5 s"), 5000))]);
      expect(answer).toEqual([{ n: 42 }]);
      expect(await idle).not.toBe("committed");
    } finally {
      await handle.close();
      await fresh.drop();
    }
  });

  it("stops a GraphQL read that waits, once the HTTP client disconnects", async () => {
    const { gql, org } = await orgClient(t, "viewer");
    await gql.request(`{ schedules(size: 1) { totalElements } }`); // warm: the token and the plan
    const holder = postgres(t.databaseUrl!, { max: 2, onnotice: () => {} });
    const token = await t.token(org, "viewer");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = holder.begin(async (tx) => {
      await tx`lock table schedules in access exclusive mode`;
      locked();
      await released;
    });
    try {
      await lockTaken;
      const waiting = async () =>
        Number((await holder`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%from "schedules"%'`)[0].n);
      const client = new AbortController();
      const request = fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: `{ schedules(size: 1) { totalElements content { id } } }` }),
        signal: client.signal,
      }).catch(() => "aborted");
      await eventually(async () => (await waiting()) > 0, "the read waits on the lock");
      client.abort();
      expect(await request).toBe("aborted");
      await eventually(async () => (await waiting()) === 0, "the abandoned read was cancelled while the lock is still held");
    } finally {
      release();
      await holding;
      await holder.end();
    }
  });
});
