// The event writes of EventService, called directly with a EventsEditTarget (no HTTP, no GraphQL):
// each one editScheduleEvents's unit of work, with its version check, role and organization.
// test/events/events.test.ts and timing.test.ts cover the same mutations over GraphQL.
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../src/common/auth.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1, 6);

/** The schedule's events as [minutes after T0, minutes long, title]. */
async function minuteSlotsOf(scheduleId: string): Promise<[number, number, string | null][]> {
  const pages = await bed.services.events.pagesOf([Number(scheduleId)], { page: 0, size: 100 });
  return pages.get(Number(scheduleId))!.content.map((e) => [(e.onAirTime.getTime() - T0) / MIN, e.duration / MIN, e.title]);
}

/** A schedule of the viewer's organization with the given events ([start, length] in minutes), and its version. */
async function scheduleWith(viewer: Viewer, events: [number, number, string, boolean?][]) {
  const s = await bed.services.schedules.create(viewer, { name: "Day" });
  const ids: string[] = [];
  for (const [at, length, title, locked] of events) {
    const e = await bed.services.events.create(viewer, { scheduleId: s.id }, { onAirTime: new Date(T0 + at * MIN), duration: length * MIN, title, locked });
    ids.push(e.id);
  }
  return { id: s.id, ids, version: 1 + events.length };
}

describe("EventService", () => {
  it("creates, updates and deletes events, one schedule version each, and follows the dates", async () => {
    const { viewer } = orgViewer();
    const s = await scheduleWith(viewer, [[0, 10, "A"], [10, 10, "B"]]);
    // With no start given, an event starts where the last one ends.
    const c = await bed.services.events.create(viewer, { scheduleId: s.id, version: s.version }, { duration: 5 * MIN, title: "C" });
    expect(c).toMatchObject({ title: "C", duration: 5 * MIN, version: 1 });
    expect(c.onAirTime.getTime()).toBe(T0 + 20 * MIN);
    const updated = await bed.services.events.update(viewer, { scheduleId: s.id, version: s.version + 1 }, [{ id: s.ids[0], title: "A2", duration: 8 * MIN }]);
    expect(updated).toMatchObject({ version: s.version + 2 });
    const deleted = await bed.services.events.delete(viewer, { scheduleId: s.id }, [s.ids[1]]);
    expect(deleted.version).toBe(s.version + 3);
    expect(deleted.startDate?.getTime()).toBe(T0);
    expect(deleted.finishDate?.getTime()).toBe(T0 + 25 * MIN);
    expect(await minuteSlotsOf(s.id)).toEqual([[0, 8, "A2"], [20, 5, "C"]]);
  });

  it("answers CONFLICT with the current version for a stale one, and writes nothing", async () => {
    const { viewer } = orgViewer();
    const s = await scheduleWith(viewer, [[0, 10, "A"]]);
    const error = await appError(bed.services.events.update(viewer, { scheduleId: s.id, version: s.version - 1 }, [{ id: s.ids[0], title: "X" }]), "CONFLICT");
    expect(error.extensions).toMatchObject({ currentVersion: s.version });
    expect(await minuteSlotsOf(s.id)).toEqual([[0, 10, "A"]]);
  });

  it("refuses bad input all or nothing (BAD_USER_INPUT), a viewer (FORBIDDEN) and another organization's events (NOT_FOUND)", async () => {
    const { org, viewer } = orgViewer();
    const s = await scheduleWith(viewer, [[0, 10, "A"], [10, 10, "B"]]);
    await appError(bed.services.events.update(viewer, { scheduleId: s.id }, [{ id: s.ids[0], title: "ok" }, { id: s.ids[1], duration: -1 }]), "BAD_USER_INPUT");
    await appError(bed.services.events.create(viewer, { scheduleId: s.id }, { duration: -5 }), "BAD_USER_INPUT");
    await appError(bed.services.events.update(viewer, { scheduleId: s.id }, []), "BAD_USER_INPUT");
    await appError(bed.services.events.delete(viewerOf(org, "viewer"), { scheduleId: s.id }, [s.ids[0]]), "FORBIDDEN");
    const stranger = orgViewer();
    await appError(bed.services.events.delete(stranger.viewer, { scheduleId: s.id }, [s.ids[0]]), "NOT_FOUND");
    await appError(bed.services.events.create(stranger.viewer, { scheduleId: s.id }, { duration: MIN }), "NOT_FOUND");
    const theirs = await scheduleWith(stranger.viewer, [[0, 1, "T"]]);
    await appError(bed.services.events.delete(viewer, { scheduleId: s.id }, [s.ids[0], theirs.ids[0]]), "NOT_FOUND");
    expect(await minuteSlotsOf(s.id)).toEqual([[0, 10, "A"], [10, 10, "B"]]);
  });

  it("ripples up to the next locked event, and with fixAll past it", async () => {
    const { viewer } = orgViewer();
    // A 0-10 · B 12-22 (gap 2) · C 20-30 (overlap 2) · L 35-45 locked · D 50-55 · E 53-60
    const events: [number, number, string, boolean?][] = [[0, 10, "A"], [12, 10, "B"], [20, 10, "C"], [35, 10, "L", true], [50, 5, "D"], [53, 7, "E"]];
    const one = await scheduleWith(viewer, events);
    const rippled = await bed.services.events.ripple(viewer, { scheduleId: one.id, version: one.version }, one.ids[0]);
    expect(rippled.version).toBe(one.version + 1);
    expect(await minuteSlotsOf(one.id)).toEqual([[0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [35, 10, "L"], [50, 5, "D"], [53, 7, "E"]]);
    const all = await scheduleWith(viewer, events);
    const fixed = await bed.services.events.ripple(viewer, { scheduleId: all.id, version: all.version }, all.ids[0], true);
    expect(fixed.finishDate?.getTime()).toBe(T0 + 57 * MIN);
    expect(await minuteSlotsOf(all.id)).toEqual([[0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [35, 10, "L"], [45, 5, "D"], [50, 7, "E"]]);
  });
});
