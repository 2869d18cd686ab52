// The rules of ScheduleService, called directly (no HTTP, no GraphQL): input checks, versions,
// roles and organizations. test/schedules/schedules.test.ts covers the same mutations over GraphQL.
import { describe, expect, it } from "vitest";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();

describe("ScheduleService", () => {
  it("creates a schedule with its name trimmed at version 1, and each update adds 1", async () => {
    const { org, viewer } = orgViewer();
    const created = await bed.services.schedules.create(viewer, { name: "  Morning  ", fps: 29.97, breakMin: 30_000, breakMax: 180_000 });
    expect(created).toMatchObject({ name: "Morning", organization: org, version: 1, fps: 29.97, playlistType: "FINITE", archiveStatus: "NOT_ARCHIVED" });
    const updated = await bed.services.schedules.update(viewer, created.id, { name: "Evening", version: 1 });
    expect(updated).toMatchObject({ name: "Evening", version: 2, breakMax: 180_000 });
  });

  it("answers CONFLICT with the current version for a stale one, and writes nothing", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "A" });
    await bed.services.schedules.update(viewer, s.id, { name: "B", version: 1 });
    const error = await appError(bed.services.schedules.update(viewer, s.id, { name: "C", version: 1 }), "CONFLICT");
    expect(error.extensions).toMatchObject({ currentVersion: 2 });
    expect(await bed.services.schedules.get(viewer, s.id)).toMatchObject({ name: "B", version: 2 });
  });

  it("refuses bad fields with BAD_USER_INPUT naming the field", async () => {
    const { viewer } = orgViewer();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "   " }, "name"],
      [{ name: "x".repeat(201) }, "name"],
      [{ name: "A", fps: 0 }, "fps"],
      [{ name: "A", breakMin: 10, breakMax: 5 }, "breakMin"],
      [{ name: "A", breakMax: -1 }, "breakMax"],
      [{ name: "A", playlistType: "CIRCULAR" }, "playlistType"],
      [{ name: "A", fps: 25, dropFrame: true }, "dropFrame"],
      [{ name: "A", broadcastDayStart: "25:00" }, "broadcastDayStart"],
    ];
    for (const [input, field] of cases) {
      const error = await appError(bed.services.schedules.create(viewer, input), "BAD_USER_INPUT");
      expect(error.extensions, JSON.stringify(input)).toMatchObject({ field });
    }
    // An update is checked on what it leaves: breakMin above the stored breakMax.
    const s = await bed.services.schedules.create(viewer, { name: "A", breakMax: 1_000 });
    await appError(bed.services.schedules.update(viewer, s.id, { breakMin: 2_000 }), "BAD_USER_INPUT");
  });

  it("lets a viewer read but not write (FORBIDDEN)", async () => {
    const { org, viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "A" });
    const reader = viewerOf(org, "viewer");
    expect(await bed.services.schedules.get(reader, s.id)).toMatchObject({ id: s.id });
    await appError(bed.services.schedules.create(reader, { name: "B" }), "FORBIDDEN");
    await appError(bed.services.schedules.update(reader, s.id, { name: "B" }), "FORBIDDEN");
    await appError(bed.services.schedules.delete(reader, s.id), "FORBIDDEN");
  });

  it("treats another organization's schedule as missing (NOT_FOUND) and refuses to act in it (FORBIDDEN)", async () => {
    const owner = orgViewer();
    const stranger = orgViewer();
    const s = await bed.services.schedules.create(owner.viewer, { name: "Theirs" });
    await appError(bed.services.schedules.get(stranger.viewer, s.id), "NOT_FOUND");
    await appError(bed.services.schedules.update(stranger.viewer, s.id, { name: "hacked" }), "NOT_FOUND");
    await appError(bed.services.schedules.delete(stranger.viewer, s.id), "NOT_FOUND");
    await appError(bed.services.schedules.create(stranger.viewer, { name: "B" }, owner.org), "FORBIDDEN");
    expect(await bed.services.schedules.get(owner.viewer, s.id)).toMatchObject({ name: "Theirs", version: 1 });
  });

  it("deletes all or nothing: one unknown id and nothing goes", async () => {
    const { viewer } = orgViewer();
    const [a, b] = [await bed.services.schedules.create(viewer, { name: "A" }), await bed.services.schedules.create(viewer, { name: "B" })];
    await appError(bed.services.schedules.deleteMany(viewer, [a.id, "999999999"]), "NOT_FOUND");
    expect((await bed.services.schedules.get(viewer, a.id)).id).toBe(a.id);
    expect((await bed.services.schedules.deleteMany(viewer, [a.id, b.id])).map((s) => s.id)).toEqual([a.id, b.id]);
    await appError(bed.services.schedules.get(viewer, b.id), "NOT_FOUND");
  });
});
