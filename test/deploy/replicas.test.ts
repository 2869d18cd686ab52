// Read replicas: a real streaming replica (pg_basebackup) of a PostgreSQL primary of the test's
// own (initdb in a temp dir: a base backup of the machine's server would copy every database on
// it). Runs in the PostgreSQL pass of the suite (DATABASE_URL set). Query
// operations read from it, a client that sends X-Read-Primary reads its own write at once, and a
// replica that is down is skipped (reads go to the primary) and reported by /readyz.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "../../src/main.js";
import { signToken } from "../../src/server/identity/tokens.js";
import { waitFor } from "../helpers/jobs.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../helpers/faults-postgres.js";
import { startReplica, type Replica } from "../helpers/replica.js";
import { makeClient, TEST_SECRET, type GraphQLClient } from "../helpers/service.js";
import { testConfig } from "../helpers/shared-service.js";

let skipped: string | undefined = process.env.DATABASE_URL ? undefined : "runs in the PostgreSQL pass (DATABASE_URL set)";
let primary: ThrowawayPostgres | undefined;
let replica: Replica | undefined;
let service: Service | undefined;
let url = "";
let token = "";

beforeAll(async () => {
  if (skipped) return;
  const started = await startThrowawayPostgres();
  if ("skipped" in started) {
    skipped = started.skipped;
    return;
  }
  primary = started;
  const db = { url: primary.url };
  const made = await startReplica(db.url);
  if ("skipped" in made) {
    skipped = made.skipped;
    return;
  }
  replica = made;
  const { startService } = await import("../../src/main.js");
  // A lag limit far above the test's pause: a replica that stops replaying stays in use.
  service = await startService(testConfig(db.url, { databaseReadUrls: [replica.url], readReplicaQueries: "all", maxReplicaLagMs: 600_000 }), { quiet: true });
  url = `http://127.0.0.1:${service.port}`;
  token = await signToken(TEST_SECRET, { sub: "replica-test", orgs: ["replicas"], role: "editor" });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  replica?.destroy();
  primary?.destroy();
});

const readyz = async (): Promise<any> => (await fetch(`${url}/readyz`)).json();
const SCHEDULE = `query($id: ID!) { schedule(id: $id) { id name } }`;

async function scheduleSeen(gql: GraphQLClient, id: string): Promise<boolean> {
  const answer = await gql.request(SCHEDULE, { id });
  return !!answer.data?.schedule;
}

describe("read replicas", () => {
  it("reads query operations from the replica, the primary on request, and skips a replica that is down", async (context) => {
    if (skipped) return context.skip(skipped);
    await waitFor("the replica checked", async () => (await readyz()).replicas?.[0]?.status === "ok");
    const ready = await readyz();
    expect(ready.status).toBe("ready");
    expect(ready.replicas[0]).toMatchObject({ name: expect.stringContaining(`127.0.0.1:${replica!.port}/`), status: "ok" });

    // Replay paused: the replica no longer sees new writes, so a read that finds nothing came from it.
    const standby = postgres(replica!.url, { max: 1, onnotice: () => {} });
    await standby`select pg_wal_replay_pause()`;
    const gql = makeClient(url, token);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Fresh" }) { id } }`);
    expect(await scheduleSeen(gql, createSchedule.id)).toBe(false);
    const primaryHeader = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-read-primary": "true" },
      body: JSON.stringify({ query: SCHEDULE, variables: { id: createSchedule.id } }),
    }).then((r) => r.json() as Promise<any>);
    expect(primaryHeader.data.schedule).toEqual({ id: createSchedule.id, name: "Fresh" });
    await standby`select pg_wal_replay_resume()`;
    await standby.end();
    await waitFor("the replica to replay the write", () => scheduleSeen(gql, createSchedule.id));

    replica!.stop();
    await waitFor("the replica reported down", async () => (await readyz()).replicas[0].status === "down");
    const down = await readyz();
    expect(down.status).toBe("ready");
    const { createSchedule: second } = await gql.data(`mutation { createSchedule(input: { name: "While down" }) { id } }`);
    expect(await scheduleSeen(gql, second.id)).toBe(true);
    replica!.start();
    await waitFor("the replica back", async () => (await readyz()).replicas[0].status === "ok", 30_000);
  }, 120_000);
});
