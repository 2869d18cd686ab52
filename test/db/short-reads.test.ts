// Short reads (one row by key, the job poll; a near page in an index's order, the jobs panel:
// db/short-reads.ts) have connections of their own out of the pool's: they are answered while long
// statements hold every other connection. The control, a pool too small
// to set any aside, shows the same poll waiting for a long statement to end.
// The registry of short pages (offsets checked on each execution) is tested on its own below, on any database.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../src/db/client.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { findJob } from "../../src/jobs/service.js";
import { isShortPage, SHORT_PAGE_ROWS, shortPage, isShortRead } from "../../src/db/short-reads.js";
import { orgClient, uniqueOrg, useTestService } from "../helpers/service.js";

const SLEEP_S = 1;

/** Holds `count` connections of `handle` with a read of SLEEP_S seconds each; then asks `ask`. Which ended first? */
async function askWhileHeld<T>(handle: DatabaseHandle, count: number, ask: () => Promise<T>): Promise<{ answer: T; firstEnded: string }> {
  const ended: string[] = [];
  const held = Array.from({ length: count }, () => handle.db.execute(sql`select pg_sleep(${SLEEP_S})`).then(() => ended.push("long read")));
  // Give the long reads time to take their connections.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const answer = await ask();
  ended.push("short read");
  await Promise.all(held);
  return { answer, firstEnded: ended[0] };
}

describe.skipIf(!process.env.DATABASE_URL)("short reads on PostgreSQL", () => {
  const t = useTestService({ runWorker: false });

  it("answer a job poll while long statements hold every other connection of the pool", async () => {
    const job = await enqueueJob(t.service.database.db, { type: "TEST_RECORDED", organization: uniqueOrg() });
    const open = (maxConnections: number) => openDatabase({ databaseUrl: t.databaseUrl!, dataDir: "memory://", maxConnections });

    // As many long reads as the pool has connections: 2 serve every statement (the long reads
    // queue there, two on each), 2 only reads by key.
    const withKeyConnections = await open(4);
    try {
      const polled = await askWhileHeld(withKeyConnections, 4, () => findJob(withKeyConnections.db, job.id));
      expect({ polled: polled.answer?.status, firstEnded: polled.firstEnded }).toEqual({ polled: "PENDING", firstEnded: "short read" });
    } finally {
      await withKeyConnections.close();
    }

    const oneForAll = await open(3); // too small to set connections aside: the poll queues behind a long read
    try {
      const polled = await askWhileHeld(oneForAll, 3, () => findJob(oneForAll.db, job.id));
      expect({ polled: polled.answer?.status, firstEnded: polled.firstEnded }).toEqual({ polled: "PENDING", firstEnded: "long read" });
    } finally {
      await oneForAll.close();
    }
  });

  it("answer job(id) through GraphQL while long statements hold as many connections as the pool has", async () => {
    const { org, gql } = await orgClient(t, "viewer");
    const job = await enqueueJob(t.service.database.db, { type: "TEST_RECORDED", organization: org });
    // The service's pool is DB_POOL_SIZE (10) connections: as many long reads, so that without
    // connections set aside for short reads the read asked would queue behind one of them.
    const polled = await askWhileHeld(t.service.database, 10, () => gql.data<{ job: { status: string } }>(`query($id: ID!) { job(id: $id) { status } }`, { id: String(job.id) }));
    expect(polled).toEqual({ answer: { job: { status: "PENDING" } }, firstEnded: "short read" });
  });

  it("answer a near page (the jobs panel) through GraphQL while long statements hold as many connections as the pool has", async () => {
    const { org, gql } = await orgClient(t, "viewer");
    const job = await enqueueJob(t.service.database.db, { type: "TEST_RECORDED", organization: org });
    const panel = await askWhileHeld(t.service.database, 10, () => gql.data<{ jobs: { id: string; status: string }[] }>(`query($orgs: [String!]) { jobs(limit: 20, organizations: $orgs) { id status } }`, { orgs: [org] }));
    expect(panel).toEqual({ answer: { jobs: [{ id: String(job.id), status: "PENDING" }] }, firstEnded: "short read" });
  });
});

describe("short pages' offsets", () => {
  const page = (text: string) => shortPage({ toSQL: () => ({ sql: text }), prepare: (name: string) => name }, "probe", 20);

  it("run short only while the offset placeholder keeps their rows near the order's start, drawn at random", () => {
    for (let run = 0; run < 50; run++) {
      const placeholder = 1 + Math.floor(Math.random() * 4);
      const text = `select ${run} from t where a = $1 order by id limit 20 offset $${placeholder}`;
      page(text);
      const offset = Math.floor(Math.random() * 2 * SHORT_PAGE_ROWS);
      const parameters = Array.from({ length: placeholder }, (_, i) => (i === placeholder - 1 ? offset : "x"));
      expect(isShortRead(text, parameters), `offset ${offset}`).toBe(offset + 20 <= SHORT_PAGE_ROWS);
    }
  });

  it("leaves a text whose offset is not its last placeholder to run as any other read", () => {
    page("select 1 from t order by id limit 20 offset 5000");
    page("select 1 from t order by id limit 20 offset $1 for update");
    expect(isShortPage("select 1 from t order by id limit 20 offset 5000")).toBe(false);
    expect(isShortPage("select 1 from t order by id limit 20 offset $1 for update")).toBe(false);
    page("select 2 from t order by id limit 20");
    expect(isShortRead("select 2 from t order by id limit 20", [])).toBe(true);
  });
});
