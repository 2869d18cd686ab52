// A request's read holds a connection alone inside a transaction (src/db/cancel.ts readAlone), so
// that a cancel can reach only it. Its answer does not wait for that transaction's COMMIT (a read
// has nothing to commit); the connection goes back to the pool only after it. A proxy between the
// service's driver and PostgreSQL holds the COMMIT's answer back to show both. PostgreSQL only.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { RequestWork, withRequestWork } from "../../src/db/cancel.js";
import { commitHoldingProxy, type CommitHoldingProxy } from "../helpers/commit-holding-proxy.js";
import { freshDatabase } from "../helpers/service.js";

const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) process.stderr.write("faults-read-before-commit: skipped on PGlite (reads there hold no connection of their own)\n");

describe.runIf(onPostgres)("a request's read", () => {
  let handle: DatabaseHandle;
  let proxy: CommitHoldingProxy;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!);
    drop = fresh.drop;
    proxy = await commitHoldingProxy(fresh.url);
    // One connection: the next read needs the one the first read holds.
    handle = await openDatabase({ databaseUrl: proxy.url, dataDir: "memory://", maxConnections: 1 });
    await handle.db.execute(sql`select 1`); // outside a request: no transaction, nothing held
  });
  afterAll(async () => {
    proxy?.release();
    await handle?.close();
    await proxy?.close();
    await drop?.();
  });

  it("answers before its COMMIT is answered, and its connection serves the next read only after it", async () => {
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
