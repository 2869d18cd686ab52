// JobService (list, page, poll, cancel) and ArchiveService (archiveSchedule, restoreSchedules,
// whose mutations the jobs slice's resolver answers), called directly with a Viewer: no HTTP, no
// GraphQL, and no worker, so every job stays as the call left it (PENDING unless the test moves
// it). test/jobs/jobs.test.ts covers the same over GraphQL with a running worker.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/client.js";
import { enqueueJob, type NewJob } from "../../src/jobs/queue.js";
import { JobStatus } from "../../src/jobs/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";
import { uniqueOrg } from "../helpers/service.js";

const bed = useServices();

const enqueue = async (type: string, organization: string, extra: Partial<NewJob> = {}) =>
  String((await enqueueJob(bed.handle.db, { type, organization, userId: "tester", ...extra })).id);

/** Moves a job to a state as the worker would (the tests run none). */
const setStatus = (id: string, status: string) => bed.handle.db.execute(sql`update jobs set status = ${status} where id = ${Number(id)}`);

const archiveStatusOf = async (id: string) => {
  const [row] = await queryRows<{ archive_status: string; version: number }>(bed.handle.db, sql`select archive_status, version from schedules where id = ${Number(id)}`);
  return [row.archive_status, row.version];
};

/** Schedules of the organization moved to ARCHIVED as a finished archive job leaves them. */
async function archived(viewer: ReturnType<typeof orgViewer>["viewer"], ...names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) ids.push((await bed.services.schedules.create(viewer, { name })).id);
  await bed.handle.db.execute(sql`update schedules set archive_status = 'ARCHIVED' where id in (${sql.join(ids.map(Number), sql`, `)})`);
  return ids;
}

const jobCount = async (org: string) =>
  Number((await queryRows<{ n: number }>(bed.handle.db, sql`select count(*)::int as n from jobs where organization = ${org}`))[0].n);

describe("JobService", () => {
  it("answers a job for polling: null when unknown or another organization's, BAD_USER_INPUT for a malformed id", async () => {
    const { org, viewer } = orgViewer();
    const id = await enqueue("TEST_IDLE", org, { providerId: "p1", fileName: "guide.xml", resourceExtension: "xml" });
    const job = await bed.services.jobs.get(viewer, id);
    expect(job).toMatchObject({
      id, jobType: "TEST_IDLE", status: "PENDING", progress: 0, attempts: 0, organization: org, userId: "tester", accountUserId: "tester",
      providerId: "p1", serviceProviderId: "p1", fileName: "guide.xml", resourceLink: null, dateStarted: null, dateFinished: null,
      links: [{ rel: "self", href: `/jobs/${id}`, type: "application/json" }],
    });
    // A viewer polls; the playout role too.
    expect(await bed.services.jobs.get(viewerOf(org, "viewer"), id)).toEqual(job);
    expect(await bed.services.jobs.get(orgViewer().viewer, id)).toBeNull();
    expect(await bed.services.jobs.get(viewer, "999999999")).toBeNull();
    expect((await appError(bed.services.jobs.get(viewer, "x1"), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "id" });
  });

  it("lists the jobs the caller may see, newest first, filtered by organizations, provider, user and status; pages them", async () => {
    const [a, b] = [uniqueOrg(), uniqueOrg()];
    const viewer = viewerOf([a, b]);
    const made: Record<string, string> = {};
    for (const [name, org, extra] of [
      ["a1", a, { userId: "ann", providerId: "p1" }],
      ["a2", a, { userId: "bob", providerId: "p2" }],
      ["b1", b, { userId: "ann", providerId: "p1" }],
      ["b2", b, { userId: "ann", providerId: "p2" }],
    ] as const) {
      made[name] = await enqueue("TEST_IDLE", org, extra);
    }
    await bed.services.jobs.cancel(viewer, made.b1);
    const ids = async (args: Parameters<typeof bed.services.jobs.list>[1]) => (await bed.services.jobs.list(viewer, args)).map((j) => j.id);
    expect(await ids({})).toEqual([made.b2, made.b1, made.a2, made.a1]);
    expect(await ids({ organizations: [a] })).toEqual([made.a2, made.a1]);
    expect(await ids({ userId: "ann" })).toEqual([made.b2, made.b1, made.a1]);
    expect(await ids({ providerId: "p2" })).toEqual([made.b2, made.a2]);
    expect(await ids({ statuses: [JobStatus.CANCELED] })).toEqual([made.b1]);
    expect(await ids({ statuses: [JobStatus.PENDING, JobStatus.SUCCEEDED], userId: "ann", organizations: [b] })).toEqual([made.b2]);
    expect(await ids({ limit: 2 })).toEqual([made.b2, made.b1]);
    const page = await bed.services.jobs.page(viewer, { userId: "ann" }, 1, 2);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, number: 1, numberOfElements: 1, last: true });
    expect(page.content.map((j) => j.id)).toEqual([made.a1]);
    expect(page.sort).toMatchObject([{ property: "id", direction: "DESC" }]);
    for (const limit of [0, 1001, 1.5]) expect((await appError(bed.services.jobs.list(viewer, { limit }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "limit" });
    expect((await appError(bed.services.jobs.page(viewer, {}, -1), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "page" });
    // Another organization's jobs: not listed, and naming it is FORBIDDEN.
    const stranger = orgViewer();
    expect(await bed.services.jobs.list(stranger.viewer, {})).toEqual([]);
    await appError(bed.services.jobs.list(stranger.viewer, { organizations: [a] }), "FORBIDDEN");
    await appError(bed.services.jobs.page(stranger.viewer, { organizations: [stranger.org, b] }), "FORBIDDEN");
  });

  it("cancels a PENDING or PROCESSING job at once; a final one is CONFLICT naming its status", async () => {
    const { org, viewer } = orgViewer();
    const pending = await enqueue("TEST_IDLE", org);
    const canceled = await bed.services.jobs.cancel(viewerOf(org, "editor", "canceller"), pending);
    expect(canceled).toMatchObject({ status: "CANCELED", attempts: 0, dateStarted: null, messages: [{ type: "INFO", message: "Canceled by canceller" }] });
    expect(canceled.dateFinished).not.toBeNull();
    expect((await appError(bed.services.jobs.cancel(viewer, pending), "CONFLICT")).extensions).toMatchObject({ status: "CANCELED" });
    const running = await enqueue("TEST_IDLE", org);
    await setStatus(running, "PROCESSING");
    expect((await bed.services.jobs.cancel(viewer, running)).status).toBe("CANCELED");
    for (const status of ["SUCCEEDED", "FAILED"]) {
      const done = await enqueue("TEST_IDLE", org);
      await setStatus(done, status);
      expect((await appError(bed.services.jobs.cancel(viewer, done), "CONFLICT")).extensions).toMatchObject({ status });
      expect((await bed.services.jobs.get(viewer, done))?.status).toBe(status);
    }
  });

  it("lets only editors cancel (FORBIDDEN) and hides another organization's jobs (NOT_FOUND)", async () => {
    const { org, viewer } = orgViewer();
    const id = await enqueue("TEST_IDLE", org);
    for (const role of ["viewer", "playout"] as const) await appError(bed.services.jobs.cancel(viewerOf(org, role), id), "FORBIDDEN");
    await appError(bed.services.jobs.cancel(orgViewer().viewer, id), "NOT_FOUND");
    await appError(bed.services.jobs.cancel(viewer, "999999999"), "NOT_FOUND");
    expect((await appError(bed.services.jobs.cancel(viewer, "abc"), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "id" });
    expect((await bed.services.jobs.get(viewer, id))?.status).toBe("PENDING");
  });
});

describe("ArchiveService (archiveSchedule, restoreSchedules)", () => {
  it("archives: NOT_ARCHIVED → ARCHIVING with a PENDING job, once; canceling the job moves the schedule back", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Archive me" });
    const job = await bed.services.archive.archive(viewer, s.id);
    expect(job).toMatchObject({ type: "SCHEDULE_ARCHIVE", jobType: "SCHEDULE_ARCHIVE", status: "PENDING", entityId: s.id, organization: org, progress: 0 });
    expect(await archiveStatusOf(s.id)).toEqual(["ARCHIVING", 2]);
    expect((await appError(bed.services.archive.archive(viewer, s.id), "CONFLICT")).extensions).toMatchObject({ archiveStatus: "ARCHIVING" });
    expect((await appError(bed.services.archive.restore(viewer, [s.id]), "CONFLICT")).extensions).toMatchObject({ scheduleIds: [s.id] });
    expect((await bed.services.jobs.cancel(viewer, job.id)).status).toBe("CANCELED");
    expect(await archiveStatusOf(s.id)).toEqual(["NOT_ARCHIVED", 3]);
  });

  it("restores several schedules in one job, all or nothing: an unknown or another organization's id is NOT_FOUND and moves none", async () => {
    const { org, viewer } = orgViewer();
    const ids = await archived(viewer, "R1", "R2", "R3");
    const stranger = orgViewer();
    const [foreign] = await archived(stranger.viewer, "Theirs");
    await appError(bed.services.archive.restore(viewer, [...ids, foreign]), "NOT_FOUND");
    await appError(bed.services.archive.restore(viewer, [ids[0], "999999999"]), "NOT_FOUND");
    await appError(bed.services.archive.restore(viewer, ids, stranger.org), "NOT_FOUND");
    expect((await appError(bed.services.archive.restore(viewer, []), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "ids" });
    expect((await appError(bed.services.archive.restore(viewer, ["R1"]), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "ids" });
    for (const id of ids) expect((await archiveStatusOf(id))[0]).toBe("ARCHIVED");
    expect(await jobCount(org)).toBe(0);
    const job = await bed.services.archive.restore(viewer, [...ids, ids[0]]);
    expect(job).toMatchObject({ type: "SCHEDULE_RESTORE", status: "PENDING", entityId: ids[0], organization: org });
    for (const id of ids) expect((await archiveStatusOf(id))[0]).toBe("UN_ARCHIVING");
  });

  it("refuses a viewer (FORBIDDEN) and another organization's schedule (NOT_FOUND) without writing a job", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Mine" });
    const [stored] = await archived(viewer, "Archived");
    for (const role of ["viewer", "playout"] as const) {
      await appError(bed.services.archive.archive(viewerOf(org, role), s.id), "FORBIDDEN");
      await appError(bed.services.archive.restore(viewerOf(org, role), [stored]), "FORBIDDEN");
    }
    const stranger = orgViewer();
    await appError(bed.services.archive.archive(stranger.viewer, s.id), "NOT_FOUND");
    await appError(bed.services.archive.archive(stranger.viewer, s.id, org), "NOT_FOUND");
    await appError(bed.services.archive.restore(stranger.viewer, [stored]), "NOT_FOUND");
    expect(await archiveStatusOf(s.id)).toEqual(["NOT_ARCHIVED", 1]);
    expect(await jobCount(org)).toBe(0);
    expect(await jobCount(stranger.org)).toBe(0);
  });

  it("nothing is half-written: a restore refused after locking its schedules (one not ARCHIVED) moves none and enqueues no job", async () => {
    const { org, viewer } = orgViewer();
    const ids = await archived(viewer, "A1", "A2");
    const live = (await bed.services.schedules.create(viewer, { name: "Live" })).id;
    const before = await Promise.all([...ids, live].map(archiveStatusOf));
    const jobs = await jobCount(org);
    const error = await appError(bed.services.archive.restore(viewer, [ids[0], live, ids[1]]), "CONFLICT");
    expect(error.extensions).toMatchObject({ scheduleIds: [live] });
    expect(error.message).toContain(`${live} is NOT_ARCHIVED`);
    expect(await Promise.all([...ids, live].map(archiveStatusOf))).toEqual(before);
    expect(await jobCount(org)).toBe(jobs);
  });
});
