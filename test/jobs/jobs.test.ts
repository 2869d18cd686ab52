// Jobs through GraphQL: their life with the worker inside the server, cancel, failures and
// retries, visibility across organizations, the list filters, archive and restore, file downloads.
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { enqueueJob } from "../../src/jobs/queue.js";
import { jobs as jobsTable } from "../../src/jobs/tables.js";
import { seedDemo } from "../../src/seed/demo.js";
import { JobRegistry } from "../../src/jobs/registry.js";
import { JobWorker } from "../../src/jobs/worker.js";
import { createLogger } from "../../src/common/log.js";
import { GatedJobs, JOB_FIELDS, jobOf, sleep, waitFor, waitForStatus } from "../helpers/jobs.js";
import { orgClient, uniqueOrg, useTestService } from "../helpers/service.js";

const t = useTestService({
  runWorker: true,
  jobPollMs: 20,
  jobLeaseMs: 1000,
  jobRetryBaseMs: 20,
  jobMaxAttempts: 3,
});
const gated = new GatedJobs();
const flakyRuns = new Map<number, number>();

beforeAll(() => {
  const registry = t.service.jobs.registry;
  gated.register(registry);
  registry.register<{ succeedOn: number }>("TEST_FLAKY", {
    async run(ctx) {
      const run = (flakyRuns.get(ctx.job.id) ?? 0) + 1;
      flakyRuns.set(ctx.job.id, run);
      if (run < ctx.job.payload.succeedOn) {
        throw Object.assign(new Error("could not serialize access due to concurrent update"), { code: "40001" });
      }
    },
  });
  registry.register("TEST_BROKEN", {
    async run() {
      throw new Error("the input is broken");
    },
  });
  registry.register<{ fileName: string; content: string }>("TEST_FILE", {
    async run(ctx) {
      await ctx.writeFile(ctx.job.payload.fileName, ctx.job.payload.content);
    },
  });
});

const enqueue = (type: string, organization: string, extra: Record<string, unknown> = {}) =>
  enqueueJob(t.service.database.db, { type, organization, userId: "tester", ...extra });

/** Keeps the server's single worker busy so that jobs enqueued meanwhile stay PENDING. */
async function occupyWorker(org: string) {
  const blocker = await enqueue("TEST_GATED", org);
  const gate = gated.gate(blocker.id);
  await gate.started;
  return gate;
}

const CREATE = `mutation($name: String!) { createSchedule(input: { name: $name }) { id version archiveStatus } }`;
const SCHEDULE = `query($id: ID!) { schedule(id: $id) { archiveStatus version } }`;
const ARCHIVE = `mutation($id: ID!) { archiveSchedule(id: $id) { ${JOB_FIELDS} type } }`;
const RESTORE = `mutation($ids: [ID!]!) { restoreSchedules(ids: $ids) { ${JOB_FIELDS} type } }`;
const CANCEL = `mutation($id: ID!) { cancelJob(id: $id) { ${JOB_FIELDS} } }`;

describe("jobs", () => {
  it("runs a job through its whole life: PENDING → PROCESSING → SUCCEEDED, then refuses to cancel it", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueue("TEST_GATED", org);
    const id = String(row.id);
    const gate = gated.gate(row.id);
    await gate.started;
    const running = await jobOf(gql, id);
    expect(running).toMatchObject({ id, jobType: "TEST_GATED", status: "PROCESSING", progress: 0, attempts: 1, organization: org, userId: "tester", dateFinished: null });
    expect(running.dateStarted).not.toBeNull();
    gate.release();
    const done = await waitForStatus(gql, id, ["SUCCEEDED"]);
    expect(done).toMatchObject({ progress: 100, resourceLink: null, links: [{ rel: "self", href: `${t.url}/jobs/${id}`, type: "application/json" }] });
    expect(done.messages).toEqual([{ type: "INFO", message: "half way" }, { type: "OK", message: "gated job done" }]);
    expect(new Date(done.dateFinished).getTime()).toBeGreaterThanOrEqual(new Date(done.dateStarted).getTime());
    expect(await gate.ended).toBe("finished");
    expect(gated.runs.get(row.id)).toBe(1);

    const error = await gql.error(CANCEL, { id });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", status: "SUCCEEDED" });
    expect((await jobOf(gql, id)).status).toBe("SUCCEEDED");

    const self = await fetch(`${t.url}/jobs/${id}`, { headers: { authorization: `Bearer ${await t.token(org, "viewer")}` } });
    expect(self.status).toBe(200);
    expect(await self.json()).toMatchObject({ id, status: "SUCCEEDED", progress: 100 });
  });

  it("cancels a PENDING job: it never runs", async () => {
    const { org, gql } = await orgClient(t);
    const blocker = await occupyWorker(org);
    const row = await enqueue("TEST_GATED", org);
    const { cancelJob } = await gql.data(CANCEL, { id: String(row.id) });
    expect(cancelJob).toMatchObject({ status: "CANCELED", attempts: 0, dateStarted: null });
    expect(cancelJob.dateFinished).not.toBeNull();
    expect(cancelJob.messages).toEqual([{ type: "INFO", message: "Canceled by tester" }]);
    blocker.release();
    await sleep(200); // the worker is free again and polls every 20 ms
    expect(await jobOf(gql, String(row.id))).toMatchObject({ status: "CANCELED", attempts: 0 });
    expect(gated.runs.get(row.id)).toBeUndefined();
    expect((await gql.error(CANCEL, { id: String(row.id) })).extensions).toMatchObject({ code: "CONFLICT", status: "CANCELED" });
  });

  it("cancels a PROCESSING job: the answer is CANCELED and the handler stops at its next step", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueue("TEST_GATED", org);
    const gate = gated.gate(row.id);
    await gate.started;
    const { cancelJob } = await gql.data(CANCEL, { id: String(row.id) });
    expect(cancelJob.status).toBe("CANCELED");
    expect(await gate.ended).toBe("job stopped: canceled");
    gate.release();
    await sleep(100);
    const job = await jobOf(gql, String(row.id));
    expect(job).toMatchObject({ status: "CANCELED", progress: 0 });
    expect(job.messages.map((m: any) => m.message)).toEqual(["Canceled by tester"]);
  });

  it("fails a job with its reason in the messages", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueue("TEST_BROKEN", org);
    const job = await waitForStatus(gql, String(row.id), ["FAILED"]);
    expect(job).toMatchObject({ attempts: 1, messages: [{ type: "ERROR", message: "the input is broken" }] });
    expect(job.dateFinished).not.toBeNull();
    expect((await gql.error(CANCEL, { id: String(row.id) })).extensions.code).toBe("CONFLICT");
  });

  it("retries transient database errors with backoff, then succeeds or gives up", async () => {
    const { org, gql } = await orgClient(t);
    const recovers = await enqueue("TEST_FLAKY", org, { payload: { succeedOn: 2 } });
    const succeeded = await waitForStatus(gql, String(recovers.id), ["SUCCEEDED", "FAILED"]);
    expect(succeeded).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
    expect(succeeded.messages[0].type).toBe("WARNING");
    expect(succeeded.messages[0].message).toMatch(/^Attempt 1 failed \(could not serialize access due to concurrent update\); retrying in [\d.]+ s$/);
    expect(flakyRuns.get(recovers.id)).toBe(2);

    const never = await enqueue("TEST_FLAKY", org, { payload: { succeedOn: 99 } });
    const failed = await waitForStatus(gql, String(never.id), ["SUCCEEDED", "FAILED"]);
    expect(failed).toMatchObject({ status: "FAILED", attempts: 3 });
    expect(failed.messages.map((m: any) => m.type)).toEqual(["WARNING", "WARNING", "ERROR"]);
    expect(failed.messages[2].message).toBe("Gave up after 3 attempts: could not serialize access due to concurrent update");
    expect(flakyRuns.get(never.id)).toBe(3);
  });

  it("hides another organization's jobs and lets only editors cancel", async () => {
    const { org, gql } = await orgClient(t);
    const other = await orgClient(t);
    const row = await enqueue("TEST_IDLE", org);
    const id = String(row.id);
    expect((await other.gql.data(`query($id: ID!) { job(id: $id) { id } }`, { id })).job).toBeNull();
    expect((await other.gql.data(`{ jobs { id } }`)).jobs).toEqual([]);
    expect((await other.gql.error(CANCEL, { id })).extensions.code).toBe("NOT_FOUND");
    expect((await other.gql.error(`{ jobs(organizations: ["${org}"]) { id } }`)).extensions.code).toBe("FORBIDDEN");
    const foreign = await fetch(`${t.url}/jobs/${id}`, { headers: { authorization: `Bearer ${await t.token(other.org)}` } });
    expect(foreign.status).toBe(404);
    expect((await fetch(`${t.url}/jobs/${id}`)).status).toBe(401);
    expect((await gql.data(`{ job(id: "999999999") { id } }`)).job).toBeNull();
    expect((await gql.error(`{ job(id: "x1") { id } }`)).extensions.code).toBe("BAD_USER_INPUT");
    const viewer = t.client(await t.token(org, "viewer"));
    expect((await viewer.data(`query($id: ID!) { job(id: $id) { status } }`, { id })).job).toEqual({ status: "PENDING" });
    expect((await viewer.error(CANCEL, { id })).extensions.code).toBe("FORBIDDEN");
    expect((await jobOf(gql, id)).status).toBe("PENDING");
  });

  it("filters the job list by organizations, provider, user and status, newest first", async () => {
    const a = uniqueOrg();
    const b = uniqueOrg();
    const gql = t.client(await t.token([a, b], "editor"));
    const made: Record<string, string> = {};
    for (const [name, org, extra] of [
      ["a1", a, { userId: "ann", providerId: "p1" }],
      ["a2", a, { userId: "bob", providerId: "p2" }],
      ["b1", b, { userId: "ann", providerId: "p1" }],
      ["b2", b, { userId: "ann", providerId: "p2" }],
    ] as const) {
      made[name] = String((await enqueue("TEST_IDLE", org, extra)).id);
    }
    await gql.data(CANCEL, { id: made.b1 });
    const list = async (args = "") => (await gql.data(`{ jobs${args} { id } }`)).jobs.map((j: any) => j.id);
    expect(await list()).toEqual([made.b2, made.b1, made.a2, made.a1]);
    expect(await list(`(organizations: ["${a}"])`)).toEqual([made.a2, made.a1]);
    expect(await list(`(userId: "ann")`)).toEqual([made.b2, made.b1, made.a1]);
    expect(await list(`(providerId: "p2")`)).toEqual([made.b2, made.a2]);
    expect(await list(`(statuses: [CANCELED])`)).toEqual([made.b1]);
    expect(await list(`(statuses: [PENDING, SUCCEEDED], userId: "ann", organizations: ["${b}"])`)).toEqual([made.b2]);
    expect(await list(`(limit: 2)`)).toEqual([made.b2, made.b1]);
    expect((await gql.error(`{ jobs(limit: 0) { id } }`)).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(`{ jobs(statuses: [DONE]) { id } }`)).extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    const { jobs } = await gql.data(`{ jobs(organizations: ["${b}"]) { providerId serviceProviderId userId accountUserId } }`);
    expect(jobs[0]).toEqual({ providerId: "p2", serviceProviderId: "p2", userId: "ann", accountUserId: "ann" });
  });

  it("archives a schedule (NOT_ARCHIVED → ARCHIVING → ARCHIVED) and restores it", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, { name: "Archive me" });
    const blocker = await occupyWorker(org);
    const { archiveSchedule: job } = await gql.data(ARCHIVE, { id: s.id });
    expect(job).toMatchObject({ type: "SCHEDULE_ARCHIVE", jobType: "SCHEDULE_ARCHIVE", status: "PENDING", entityId: s.id, organization: org, progress: 0 });
    expect((await gql.data(SCHEDULE, { id: s.id })).schedule).toEqual({ archiveStatus: "ARCHIVING", version: 2 });
    expect((await gql.error(ARCHIVE, { id: s.id })).extensions).toMatchObject({ code: "CONFLICT", archiveStatus: "ARCHIVING" });
    expect((await gql.error(RESTORE, { ids: [s.id] })).extensions.code).toBe("CONFLICT");
    blocker.release();
    const archived = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(archived).toMatchObject({ status: "SUCCEEDED", progress: 100, messages: [{ type: "OK", message: `Archived schedule ${s.id}` }] });
    expect((await gql.data(SCHEDULE, { id: s.id })).schedule).toEqual({ archiveStatus: "ARCHIVED", version: 3 });
    expect((await gql.error(ARCHIVE, { id: s.id })).extensions.code).toBe("CONFLICT");

    const { restoreSchedules: restore } = await gql.data(RESTORE, { ids: [s.id] });
    expect(restore).toMatchObject({ type: "SCHEDULE_RESTORE", status: "PENDING", entityId: s.id });
    const restored = await waitForStatus(gql, restore.id, ["SUCCEEDED", "FAILED"]);
    expect(restored.status).toBe("SUCCEEDED");
    expect((await gql.data(SCHEDULE, { id: s.id })).schedule).toEqual({ archiveStatus: "NOT_ARCHIVED", version: 5 });
    expect((await gql.error(RESTORE, { ids: [s.id] })).extensions).toMatchObject({ code: "CONFLICT", scheduleIds: [s.id] });
  });

  it("restores several schedules in one job, all or nothing", async () => {
    const { org, gql } = await orgClient(t);
    const ids: string[] = [];
    for (const name of ["R1", "R2", "R3"]) {
      const { createSchedule } = await gql.data(CREATE, { name });
      const { archiveSchedule } = await gql.data(ARCHIVE, { id: createSchedule.id });
      await waitForStatus(gql, archiveSchedule.id, ["SUCCEEDED"]);
      ids.push(createSchedule.id);
    }
    const other = await orgClient(t);
    const { createSchedule: foreign } = await other.gql.data(CREATE, { name: "Theirs" });
    expect((await gql.error(RESTORE, { ids: [...ids, foreign.id] })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(RESTORE, { ids: [] })).extensions.code).toBe("BAD_USER_INPUT");
    for (const id of ids) expect((await gql.data(SCHEDULE, { id })).schedule.archiveStatus).toBe("ARCHIVED");
    const blocker = await occupyWorker(org);
    const { restoreSchedules: job } = await gql.data(RESTORE, { ids });
    for (const id of ids) expect((await gql.data(SCHEDULE, { id })).schedule.archiveStatus).toBe("UN_ARCHIVING");
    blocker.release();
    const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.messages).toEqual([{ type: "OK", message: `Restored schedules ${ids.join(", ")}` }]);
    for (const id of ids) expect((await gql.data(SCHEDULE, { id })).schedule.archiveStatus).toBe("NOT_ARCHIVED");
  });

  it("undoes ARCHIVING when a PENDING archive job is canceled", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule: s } = await gql.data(CREATE, { name: "Changed my mind" });
    const blocker = await occupyWorker(org);
    const { archiveSchedule: job } = await gql.data(ARCHIVE, { id: s.id });
    expect((await gql.data(CANCEL, { id: job.id })).cancelJob.status).toBe("CANCELED");
    expect((await gql.data(SCHEDULE, { id: s.id })).schedule.archiveStatus).toBe("NOT_ARCHIVED");
    blocker.release();
    await sleep(200);
    expect((await jobOf(gql, job.id)).status).toBe("CANCELED");
    expect((await gql.data(SCHEDULE, { id: s.id })).schedule.archiveStatus).toBe("NOT_ARCHIVED");
    const viewer = t.client(await t.token(org, "viewer"));
    expect((await viewer.error(ARCHIVE, { id: s.id })).extensions.code).toBe("FORBIDDEN");
    const other = await orgClient(t);
    expect((await other.gql.error(ARCHIVE, { id: s.id })).extensions.code).toBe("NOT_FOUND");
  });

  it("fails an archive job whose schedule was deleted meanwhile, and reports deleted ones of a restore", async () => {
    const { org, gql } = await orgClient(t);
    const DELETE = `mutation($id: ID!) { deleteSchedule(id: $id) { id } }`;
    const { createSchedule: s } = await gql.data(CREATE, { name: "Short-lived" });
    let blocker = await occupyWorker(org);
    const { archiveSchedule: job } = await gql.data(ARCHIVE, { id: s.id });
    await gql.data(DELETE, { id: s.id });
    blocker.release();
    const failed = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(failed).toMatchObject({ status: "FAILED", messages: [{ type: "ERROR", message: `Schedule ${s.id} was deleted before it was archived` }] });

    const ids: string[] = [];
    for (const name of ["Kept", "Gone"]) {
      const { createSchedule } = await gql.data(CREATE, { name });
      await waitForStatus(gql, (await gql.data(ARCHIVE, { id: createSchedule.id })).archiveSchedule.id, ["SUCCEEDED"]);
      ids.push(createSchedule.id);
    }
    blocker = await occupyWorker(org);
    const { restoreSchedules: restore } = await gql.data(RESTORE, { ids });
    await gql.data(DELETE, { id: ids[1] });
    blocker.release();
    const done = await waitForStatus(gql, restore.id, ["SUCCEEDED", "FAILED"]);
    expect(done).toMatchObject({
      status: "SUCCEEDED",
      messages: [
        { type: "OK", message: `Restored schedule ${ids[0]}` },
        { type: "WARNING", message: `Schedule ${ids[1]} was deleted before it was restored` },
      ],
    });
  });

  it("serves a job's file to its organization only, with its name", async () => {
    const { org } = await orgClient(t);
    const gql = t.client(await t.token(org, "viewer"));
    const fileName = "guide é (1).xml";
    const content = `<?xml version="1.0"?><tv date="${Date.now()}"/>`;
    const row = await enqueue("TEST_FILE", org, { payload: { fileName, content } });
    const job = await waitForStatus(gql, String(row.id), ["SUCCEEDED", "FAILED"]);
    expect(job).toMatchObject({ status: "SUCCEEDED", fileName, resourceExtension: "xml", resourceLink: `${t.url}/files/${row.id}` });
    expect(job.links).toEqual([
      { rel: "self", href: `${t.url}/jobs/${row.id}`, type: "application/json" },
      { rel: "download", href: `${t.url}/files/${row.id}`, type: "application/xml" },
    ]);
    const response = await fetch(job.resourceLink, { headers: { authorization: `Bearer ${await t.token(org, "viewer")}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="guide _ (1).xml"; filename*=UTF-8''guide%20%C3%A9%20%281%29.xml`);
    expect(await response.text()).toBe(content);
    const foreign = await fetch(job.resourceLink, { headers: { authorization: `Bearer ${await t.token(uniqueOrg())}` } });
    expect(foreign.status).toBe(404);
    expect((await fetch(job.resourceLink)).status).toBe(401);
    const pending = await enqueue("TEST_IDLE", org);
    const none = await fetch(`${t.url}/files/${pending.id}`, { headers: { authorization: `Bearer ${await t.token(org)}` } });
    expect(none.status).toBe(404);
  });

  it("stops gracefully: a job still running after the grace period goes back to the queue", async () => {
    const { org, gql } = await orgClient(t);
    const registry = new JobRegistry();
    const slow = new GatedJobs();
    slow.register(registry, "TEST_SLOW");
    const worker = new JobWorker(t.service.database.db, registry, {
      pollMs: 20, leaseMs: 1000, maxAttempts: 3, retryBaseMs: 20, shutdownGraceMs: 100,
      log: createLogger("silent"), files: t.service.jobs.files,
    });
    const row = await enqueue("TEST_SLOW", org);
    worker.start();
    await slow.gate(row.id).started;
    await worker.stop();
    expect(await slow.gate(row.id).ended).toBe("job stopped: shutdown");
    const job = await jobOf(gql, String(row.id));
    expect(job).toMatchObject({ status: "PENDING", attempts: 0, messages: [{ type: "INFO", message: "The worker stopped; the job went back to the queue" }] });
    await waitFor("no claim after stop", async () => (await jobOf(gql, String(row.id))).status === "PENDING");
  });

  it("takes up at once the jobs a previous run left PROCESSING when it is the database's sole worker", async () => {
    const { org, gql } = await orgClient(t);
    const registry = new JobRegistry();
    registry.register("TEST_ORPHAN", { run: (ctx) => ctx.finish() });
    const orphan = await enqueue("TEST_ORPHAN", org);
    const db = t.service.database.db;
    await db.update(jobsTable).set({ status: "PROCESSING", leaseOwner: "crashed-run", leaseExpiresAt: new Date(Date.now() + 3_600_000), attempts: 1 }).where(eq(jobsTable.id, orphan.id));
    const settings = { pollMs: 20, leaseMs: 1000, maxAttempts: 3, retryBaseMs: 20, shutdownGraceMs: 100, log: createLogger("silent"), files: t.service.jobs.files };
    const shared = new JobWorker(db, registry, settings);
    shared.start();
    await sleep(300);
    await shared.stop();
    expect(await jobOf(gql, String(orphan.id))).toMatchObject({ status: "PROCESSING", attempts: 1 });
    const sole = new JobWorker(db, registry, { ...settings, soleWorker: true });
    sole.start();
    try {
      expect(await waitForStatus(gql, String(orphan.id), ["SUCCEEDED"], 10_000)).toMatchObject({ attempts: 2 });
    } finally {
      await sole.stop();
    }
  });

  it("never lets a worker that lost its lease write: the new owner's state stands", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueue("TEST_GATED", org);
    const gate = gated.gate(row.id);
    await gate.started;
    // Another worker took the job over (as after a lease expiry while this one was stalled).
    await t.service.database.db.update(jobsTable).set({ leaseOwner: "someone-else" }).where(eq(jobsTable.id, row.id));
    gate.release();
    expect(await gate.ended).toBe("job stopped: lost");
    await sleep(100);
    expect(await jobOf(gql, String(row.id))).toMatchObject({ status: "PROCESSING", progress: 0, messages: [] });
    await t.service.database.db.update(jobsTable).set({ status: "CANCELED" }).where(eq(jobsTable.id, row.id));
  });

  it("has the database refuse to move a job out of a final state", async () => {
    const { org, gql } = await orgClient(t);
    const row = await enqueue("TEST_IDLE", org);
    await gql.data(CANCEL, { id: String(row.id) });
    const db = t.service.database.db;
    await expect(db.update(jobsTable).set({ status: "PENDING" }).where(eq(jobsTable.id, row.id))).rejects.toThrow();
    await db.update(jobsTable).set({ progress: 5 }).where(eq(jobsTable.id, row.id));
    expect(await jobOf(gql, String(row.id))).toMatchObject({ status: "CANCELED", progress: 5 });
  });

  it("seeds finished demo archive jobs that match the schedules' states, and exports the worker finishes", async () => {
    await seedDemo(t.service.database.db);
    const gql = t.client(await t.token("demo", "viewer"));
    const exports = (await gql.data(`{ jobs { id type } }`)).jobs.filter((j: any) => j.type === "TIMELINE_EPG_XML_EXPORT");
    expect(exports).toHaveLength(2);
    for (const job of exports) expect((await waitForStatus(gql, job.id, ["SUCCEEDED"])).resourceLink).toBe(`${t.url}/files/${job.id}`);
    const { jobs } = await gql.data(`{ jobs { type status entityId fileName messages { message } } }`);
    expect(jobs.slice(0, 2).map((j: any) => `${j.type}:${j.status}:${j.fileName}`)).toEqual(["TIMELINE_EPG_XML_EXPORT:SUCCEEDED:demo-schedule.json", "TIMELINE_EPG_XML_EXPORT:SUCCEEDED:demo-guide.xml"]);
    jobs.splice(0, 2);
    expect(jobs.map((j: any) => `${j.type}:${j.status}`)).toEqual(["SCHEDULE_ARCHIVE:CANCELED", "SCHEDULE_RESTORE:SUCCEEDED", "SCHEDULE_ARCHIVE:SUCCEEDED", "SCHEDULE_ARCHIVE:SUCCEEDED"]);
    const stateOf = async (id: string) => (await gql.data(SCHEDULE, { id })).schedule.archiveStatus;
    expect(await stateOf(jobs[3].entityId)).toBe("ARCHIVED");
    expect(await stateOf(jobs[1].entityId)).toBe("NOT_ARCHIVED");
    expect(await stateOf(jobs[0].entityId)).toBe("NOT_ARCHIVED");
  });
});
