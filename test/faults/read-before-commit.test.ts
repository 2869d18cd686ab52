// A request's read holds a connection alone (src/db/cancel.ts readAlone), so that a cancel can reach
// only it: on a reserved connection, where it is the only statement sent, or, behind a pooler in
// transaction mode, inside a transaction. There its answer does not wait for the COMMIT (a read has
// nothing to commit); the connection goes back to the pool only after it. A proxy between the
// service's driver and PostgreSQL holds COMMIT's answer back to show it. PostgreSQL only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../src/db/client.js";
import { RequestWork, withRequestWork } from "../../src/db/cancel.js";
import { commitHoldingProxy } from "../helpers/commit-holding-proxy.js";
import { freshDatabase } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) process.stderr.write("faults-read-before-commit: skipped on PGlite (reads there hold no connection of their own)\n");

/** A database of its own behind a COMMIT-holding proxy, opened with one connection (the next read needs the one a read holds). */
async function behindProxy(poolMode: "session" | "transaction") {
  const fresh = await freshDatabase(process.env.DATABASE_URL!);
  const proxy = await commitHoldingProxy(fresh.url);
  const handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "memory://", maxConnections: 1, poolMode });
  return {
    handle,
    proxy,
    async close() {
      proxy.release();
      await handle.close();
      await proxy.close();
      await fresh.drop();
    },
  };
}

describe.runIf(onPostgres)("a request's read", () => {
  let session: Awaited<ReturnType<typeof behindProxy>>;
  let pooled: Awaited<ReturnType<typeof behindProxy>>;
  beforeAll(async () => {
    session = await behindProxy("session");
    pooled = await behindProxy("transaction");
  });
  afterAll(async () => {
    await session?.close();
    await pooled?.close();
  });

  it("is the only statement on its reserved connection: no COMMIT to wait for, and the next read follows at once", async () => {
    const { handle, proxy } = session;
    expect(await withRequestWork(new RequestWork(), async () => await handle.db.execute(sql`select 42 as n`))).toEqual([{ n: 42 }]);
    expect(await handle.db.execute(sql`select 7 as n`)).toEqual([{ n: 7 }]);
    expect(proxy.held()).toBe(0);
  });

  it("in a transaction (behind a pooler), answers before its COMMIT is answered, and its connection serves the next read only after it", async () => {
    const { handle, proxy } = pooled;
    let answered: unknown = null;
    const read = withRequestWork(new RequestWork(), async () => await handle.db.execute(sql`select 42 as n`));
    void read.then((rows) => (answered = rows));
    await vi.waitFor(() => expect(proxy.held()).toBe(1), { timeout: 5000 });
    await vi.waitFor(() => expect(answered).toEqual([{ n: 42 }]), { timeout: 5000 });
    let nextDone = false;
    const next = handle.db.execute(sql`select 7 as n`).then((rows) => ((nextDone = true), rows));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(nextDone).toBe(false); // the one connection is still in the read's transaction
    proxy.release();
    expect(await next).toEqual([{ n: 7 }]);
  });
});
