// Who did it, called as a service (no GraphQL around the call): a write of a schedule row names its
// operation and caller itself, through the aggregate's unit of work and history's one hook, not
// through anything the GraphQL layer sets. test/history/actors.test.ts covers the same through
// GraphQL and the worker.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/client.js";
import { orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();

/** [operation, actor, versionAfter] of a schedule's entries, oldest first. */
async function whoDid(scheduleId: string): Promise<[string | null, string | null, number][]> {
  const rows = await queryRows<{ operation: string | null; actor: string | null; version_after: number }>(
    bed.handle.db,
    sql`select operation, actor, version_after from schedule_history where schedule_id = ${Number(scheduleId)} order by id`,
  );
  return rows.map((r) => [r.operation, r.actor, Number(r.version_after)]);
}

describe("who changed a schedule row, called as a service", () => {
  it("createSchedule and updateSchedule", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Row" });
    await bed.services.schedules.update(viewer, s.id, { name: "Row 2" });
    expect(await whoDid(s.id)).toEqual([
      ["createSchedule", "tester", 1],
      ["updateSchedule", "tester", 2],
    ]);
  });

  it("archiveSchedule, and cancelJob by the one who canceled", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Archived" });
    const job = await bed.services.archive.archive(viewer, s.id);
    await bed.services.jobs.cancel(viewerOf(org, "editor", "canceller"), job.id);
    expect(await whoDid(s.id)).toEqual([
      ["createSchedule", "tester", 1],
      ["archiveSchedule", "tester", 2],
      ["cancelJob", "canceller", 3],
    ]);
  });

  it("restoreSchedules", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Restored" });
    await bed.handle.db.execute(sql`update schedules set archive_status = 'ARCHIVED' where id = ${Number(s.id)}`);
    await bed.services.archive.restore(viewer, [s.id]);
    const entries = await whoDid(s.id);
    expect(entries[entries.length - 1]).toEqual(["restoreSchedules", "tester", 2]);
  });
});
