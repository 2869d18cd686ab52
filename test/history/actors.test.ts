// Who did it, through GraphQL and the worker: every history entry names the caller (or the job's
// requester) and the operation, the root mutation field or `job:<TYPE>`, whichever code path wrote
// the schedule row or its events (src/history/note.ts is the one place that names them).
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { execute } from "../../src/db/client.js";
import { GatedJobs, JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { uniqueOrg, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const MAX_ATTEMPTS = 2;
const t = useOwnTestService({ runWorker: true, jobPollMs: 20, jobLeaseMs: 1000, jobRetryBaseMs: 20, jobMaxAttempts: MAX_ATTEMPTS });
const gated = new GatedJobs();
beforeAll(() => gated.register(t.service.jobs.registry));

const HISTORY = `query($id: ID!) { schedule(id: $id) { history(size: 100) { content { versionBefore versionAfter actor operation eventsAdded } } } }`;
const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name }) { id version } }`;
const ARCHIVE = `mutation($id: ID!) { archiveSchedule(id: $id) { ${JOB_FIELDS} } }`;
const RESTORE = `mutation($ids: [ID!]!) { restoreSchedules(ids: $ids) { ${JOB_FIELDS} } }`;
const CANCEL = `mutation($id: ID!) { cancelJob(id: $id) { status } }`;

/** Two callers of one fresh organization: alice does the work, bob cancels. */
async function callers(): Promise<{ org: string; alice: GraphQLClient; bob: GraphQLClient }> {
  const org = uniqueOrg();
  return { org, alice: t.client(await t.token(org, "editor", "alice")), bob: t.client(await t.token(org, "editor", "bob")) };
}

/** [operation, actor] of each entry, oldest first. */
async function whoDid(gql: GraphQLClient, id: string): Promise<[string | null, string | null][]> {
  const entries = (await gql.data(HISTORY, { id })).schedule.history.content as { operation: string | null; actor: string | null }[];
  return entries.reverse().map((e) => [e.operation, e.actor]);
}

/** Keeps the service's one worker busy, so that a job enqueued meanwhile stays PENDING. */
async function occupyWorker(org: string) {
  const { enqueueJob } = await import("../../src/jobs/queue.js");
  const blocker = await enqueueJob(t.service.database.db, { type: "TEST_GATED", organization: org, userId: "tester" });
  const gate = gated.gate(blocker.id);
  await gate.started;
  return gate;
}

describe("who changed a schedule row", () => {
  it("names the root field and the caller: createSchedule, updateSchedule, archiveSchedule, restoreSchedules; the jobs by their kind and requester", async () => {
    const { alice } = await callers();
    const { createSchedule: s } = await alice.data(CREATE, { name: "Row" });
    await alice.data(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "Row 2" }) { version } }`, { id: s.id });
    const archive = (await alice.data(ARCHIVE, { id: s.id })).archiveSchedule;
    await waitForStatus(alice, archive.id, ["SUCCEEDED"]);
    const restore = (await alice.data(RESTORE, { ids: [s.id] })).restoreSchedules;
    await waitForStatus(alice, restore.id, ["SUCCEEDED"]);
    expect(await whoDid(alice, s.id)).toEqual([
      ["createSchedule", "alice"],
      ["updateSchedule", "alice"],
      ["archiveSchedule", "alice"],
      ["SCHEDULE_ARCHIVE", "alice"],
      ["restoreSchedules", "alice"],
      ["SCHEDULE_RESTORE", "alice"],
    ]);
  });

  it("names cancelJob and the one who canceled when a cancel undoes an archive", async () => {
    const { org, alice, bob } = await callers();
    const { createSchedule: s } = await alice.data(CREATE, { name: "Canceled" });
    const blocker = await occupyWorker(org);
    try {
      const archive = (await alice.data(ARCHIVE, { id: s.id })).archiveSchedule;
      expect((await bob.data(CANCEL, { id: archive.id })).cancelJob.status).toBe("CANCELED");
    } finally {
      blocker.release();
    }
    expect(await whoDid(alice, s.id)).toEqual([
      ["createSchedule", "alice"],
      ["archiveSchedule", "alice"],
      ["cancelJob", "bob"],
    ]);
  });

  it("names the job and its requester when the worker gives a job up and undoes its archive", async () => {
    const { org, alice } = await callers();
    const { createSchedule: s } = await alice.data(CREATE, { name: "Given up" });
    const blocker = await occupyWorker(org);
    let jobId: string;
    try {
      jobId = (await alice.data(ARCHIVE, { id: s.id })).archiveSchedule.id;
      // As if every claim so far had been taken over: the next claim gives the job up.
      await execute(t.service.database.db, sql`update jobs set attempts = ${MAX_ATTEMPTS} where id = ${Number(jobId)}`);
    } finally {
      blocker.release();
    }
    expect((await waitForStatus(alice, jobId, ["FAILED", "SUCCEEDED"])).status).toBe("FAILED");
    expect(await whoDid(alice, s.id)).toEqual([
      ["createSchedule", "alice"],
      ["archiveSchedule", "alice"],
      ["job:SCHEDULE_ARCHIVE", "alice"],
    ]);
  });
});

describe("who imported a schedule", () => {
  const CSV = "onAirTime,duration,title,eventType\n2026-05-01T00:00:00Z,10000,One,PRIMARY\n2026-05-01T00:00:10Z,10000,Two,PRIMARY\n";

  it("names importSchedule and the caller", async () => {
    const { org, alice } = await callers();
    const result = await uploadRequest(t.url, await t.token(org, "editor", "alice"), `mutation($file: Upload!) { importSchedule(file: $file) { id } }`, { name: "day.csv", content: CSV });
    expect(result.errors).toBeUndefined();
    const history = await whoDid(alice, result.data!.importSchedule.id);
    expect(history.length).toBeGreaterThan(0);
    expect(history.every(([operation, actor]) => operation === "importSchedule" && actor === "alice")).toBe(true);
  });

  it("names the import job by its kind and requester: the new row as job:SCHEDULE_IMPORT, the edits as SCHEDULE_IMPORT", async () => {
    const { org, alice } = await callers();
    const IMPORT_ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { ${JOB_FIELDS} } }`;
    const result = await uploadRequest(t.url, await t.token(org, "editor", "alice"), IMPORT_ASYNC, { name: "night.csv", content: CSV });
    expect(result.errors).toBeUndefined();
    const done = await waitForStatus(alice, result.data!.importScheduleAsync.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status).toBe("SUCCEEDED");
    expect(await whoDid(alice, done.entityId)).toEqual([
      ["job:SCHEDULE_IMPORT", "alice"],
      ["SCHEDULE_IMPORT", "alice"],
    ]);
  });
});
