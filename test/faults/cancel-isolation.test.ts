// Cancelling the reads of a client that went away (or whose request ran out of time) never reaches
// another request's or a job's statement. postgres.js cancels by the backend a query ran on (a
// CancelRequest with that connection's pid): sent once the read has finished, or while it waits
// in a connection's pipeline, it once cancelled whatever that pooled connection ran next. Tracked
// reads now hold their connection alone, and a connection whose read was cancelled is ended, not
// handed back to the pool. PostgreSQL only: PGlite has no server-side cancel.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { RequestWork, withRequestWork } from "../../src/db/cancel.js";
import { always, plannedPage, whenPattern } from "../../src/db/planned-select.js";
import { keyRead, SHORT_PAGE_ROWS } from "../../src/db/short-reads.js";
import { bigint, pgTable } from "drizzle-orm/pg-core";
import { freshDatabase } from "../helpers/service.js";
import { drawing } from "../helpers/input-values.js";

const onPostgres = !!process.env.DATABASE_URL;
/** A table of this test's own, for pages of rows. */
const rows = pgTable("cancel_isolation_rows", { id: bigint("id", { mode: "number" }).primaryKey() });
if (!onPostgres) process.stderr.write("faults-cancel-isolation: skipped on PGlite (no server-side cancel there)\n");

describe.runIf(onPostgres)("cancelling a departed client's reads", () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const fresh = await freshDatabase(process.env.DATABASE_URL!);
    drop = fresh.drop;
    // One connection: whatever runs next runs on the backend the cancelled read used.
    handle = await openDatabase({ databaseUrl: fresh.url, dataDir: "memory://", maxConnections: 1 });
    await handle.db.execute(sql`select 1`); // the connection is open (postgres.js reads the types first)
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const job = () => handle.db.execute(sql`select pg_sleep(1), 'job' as who`);

  it("does not cancel the statement a job runs next on the same connection", async () => {
    const work = new RequestWork();
    const read = withRequestWork(work, async () => await handle.db.execute(sql`select 1 as n`)).catch((error: unknown) => error);
    const next = job(); // outside any request: a job's read, queued behind the request's
    await new Promise((resolve) => setImmediate(resolve)); // both are on their way to the server
    expect(work.abandon()).toBe(1);
    await read;
    const rows = (await next) as unknown as { who: string }[];
    expect(rows[0].who).toBe("job");
  });

  it("does not cancel another request's statement either", async () => {
    const gone = new RequestWork();
    const staying = new RequestWork();
    const read = withRequestWork(gone, async () => await handle.db.execute(sql`select 1 as n`)).catch((error: unknown) => error);
    const other = withRequestWork(staying, async () => await handle.db.execute(sql`select pg_sleep(1), 'other' as who`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(gone.abandon()).toBe(1);
    await read;
    expect(((await other) as unknown as { who: string }[])[0].who).toBe("other");
  });

  it("still cancels the departed client's own long read", async () => {
    const work = new RequestWork();
    const read = withRequestWork(work, async () => await handle.db.execute(sql`select pg_sleep(30)`)).then(
      () => null,
      (error: unknown) => error as { code?: string; cause?: { code?: string } },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(work.abandon()).toBe(1);
    const error = await read;
    expect(error?.cause?.code ?? error?.code).toBe("57014");
    // And the pool serves the next statement.
    expect(((await job()) as unknown as { who: string }[])[0].who).toBe("job");
  });

  it("runs a read of one row by its key as it is, untracked: nothing to cancel, no connection held alone", async () => {
    // A stand-in for a key read that takes long enough to be caught running.
    const slow = keyRead(handle.db.select({ who: sql<string>`'key'` }).from(sql`(select pg_sleep(${0.3}::float)) as s`), "key_read_probe");
    const work = new RequestWork();
    const read = withRequestWork(work, async () => await slow.execute());
    await new Promise((r) => setTimeout(r, 100));
    expect(work.abandon()).toBe(0);
    expect(await read).toEqual([{ who: "key" }]);
  });

  it("holds a connection alone for every page but a short one (no count or pattern, an index's order, near rows), drawn at random", async () => {
    const draw = drawing(7);
    await handle.db.execute(sql`create table if not exists cancel_isolation_rows (id bigint primary key)`);
    await handle.db.execute(sql`insert into cancel_isolation_rows select generate_series(1, 3) on conflict do nothing`);
    // A condition that takes its time, so that the read is caught running (tested on rows: the table has some).
    const slow = always("slow", () => sql`(select true from pg_sleep(0.15))`);
    const seen = new Set<string>();
    for (let run = 0; run < 10 || seen.size < 2; run++) {
      const withTotal = draw(3) === 0;
      const pattern = draw(4) === 0;
      const indexed = draw(3) > 0;
      const request = { page: draw(3), size: [1, 20, 400, SHORT_PAGE_ROWS][draw(4)] };
      const short = !withTotal && indexed && !pattern && (request.page + 1) * request.size <= SHORT_PAGE_ROWS;
      seen.add(String(short));
      const order = { key: indexed ? "id desc, indexed" : "id desc", by: () => [sql`${rows.id} desc`], indexed };
      const work = new RequestWork();
      const read = withRequestWork(work, () => plannedPage(handle.db, rows, null, [slow, pattern ? whenPattern("pattern", "%", (p) => sql`'x' like ${p}`) : null], order, request, withTotal)).then(
        () => "answered",
        (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
      );
      await new Promise((r) => setTimeout(r, 50));
      const what = `${JSON.stringify(request)}, count ${withTotal}, indexed ${indexed}, pattern ${pattern}`;
      expect(work.abandon(), what).toBe(short ? 0 : 1);
      expect(await read, what).toBe(short ? "answered" : "57014");
    }
  });
});
