// ChangeSetService called directly with a Viewer (no HTTP, no GraphQL): drafts taken at a version,
// draft edits through EventService given changeSetId, the diff, apply (CONFLICT on a stale version
// or on events changed on both sides) and discard, roles and organizations.
// test/changesets/changesets.test.ts covers the same over GraphQL.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import type { ChangeSet } from "../../src/changesets/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const MIN = 60_000;
const T0 = Date.UTC(2026, 0, 1, 6);

type Slot = [number, number, string | null];
const slotsOf = (events: { onAirTime: Date; duration: number; title: string | null }[]): Slot[] =>
  events.map((e) => [(e.onAirTime.getTime() - T0) / MIN, e.duration / MIN, e.title]);

/** The schedule's own events as [minutes after T0, minutes long, title]. */
async function scheduleSlots(scheduleId: string): Promise<Slot[]> {
  const pages = await bed.services.events.pagesOf([Number(scheduleId)], { page: 0, size: 100 });
  return slotsOf(pages.get(Number(scheduleId))!.content);
}

/** The draft's events (their draft ids and live ids too). */
async function draftOf(changeSet: ChangeSet) {
  const pages = await bed.services.changeSets.pagesOf([changeSet], { page: 0, size: 100 });
  return pages.get(Number(changeSet.id))!.content;
}

/** A 0-10 · B 10-20 · C 20-30 · D 30-40 of the viewer's organization (version 5), and an open change set of it. */
async function setup(viewer: Viewer) {
  const s = await bed.services.schedules.create(viewer, { name: "Tonight" });
  const ids: string[] = [];
  for (const [i, title] of ["A", "B", "C", "D"].entries()) {
    ids.push((await bed.services.events.create(viewer, { scheduleId: s.id }, { onAirTime: new Date(T0 + i * 10 * MIN), duration: 10 * MIN, title })).id);
  }
  const cs = await bed.services.changeSets.create(viewer, s.id);
  return { scheduleId: s.id, ids, cs, version: 5 };
}

/** Rows a change of the schedule or its drafts would touch: events, draft events, removals, change sets, history. */
async function footprint(scheduleId: string) {
  const [row] = await queryRows<Record<string, number>>(
    bed.handle.db,
    sql`select (select count(*) from events where schedule_id = ${Number(scheduleId)})::int as events,
      (select count(*) from change_set_events where schedule_id = ${Number(scheduleId)})::int as draft_events,
      (select count(*) from change_set_removals r join change_sets c on c.id = r.change_set_id where c.schedule_id = ${Number(scheduleId)})::int as removals,
      (select count(*) from change_sets where schedule_id = ${Number(scheduleId)})::int as change_sets,
      (select count(*) from schedule_history where schedule_id = ${Number(scheduleId)})::int as history,
      (select version from schedules where id = ${Number(scheduleId)}) as version`,
  );
  return row;
}

describe("ChangeSetService", () => {
  it("copies the events with their ids at the schedule's version, and lists, pages and finds the open change sets", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(viewer);
    expect(cs).toMatchObject({ scheduleId, version: 1, baseVersion: version, createdBy: "tester" });
    const draft = await draftOf(cs);
    expect(draft.map((e) => e.eventId)).toEqual(ids);
    expect(draft.map((e) => e.id)).toEqual(ids.map((id) => `${id}@changeSet${cs.id}`));
    expect(slotsOf(draft)).toEqual(await scheduleSlots(scheduleId));
    // Taking a draft does not change the schedule.
    expect((await bed.services.schedules.get(viewer, scheduleId)).version).toBe(version);
    const second = await bed.services.changeSets.create(viewer, scheduleId);
    expect((await bed.services.changeSets.list(viewer, scheduleId)).map((c) => c.id)).toEqual([cs.id, second.id]);
    const page = await bed.services.changeSets.page(viewer, scheduleId, null, 1, 1);
    expect(page).toMatchObject({ totalElements: 2, totalPages: 2, number: 1, last: true });
    expect(page.content.map((c) => c.id)).toEqual([second.id]);
    expect(await bed.services.changeSets.get(viewer, cs.id)).toEqual(cs);
    expect(await bed.services.changeSets.get(viewer, "999999999")).toBeNull();
  });

  it("draft edits leave the schedule alone and add 1 to the change set's version, which they check (CONFLICT)", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(viewer);
    const at = (v?: number) => ({ scheduleId, changeSetId: cs.id, version: v });
    const created = await bed.services.events.create(viewer, at(1), { onAirTime: new Date(T0 + 40 * MIN), duration: 5 * MIN, title: "New" });
    expect(created.id).toMatch(new RegExp(`@changeSet${cs.id}$`));
    const updated = await bed.services.events.update(viewer, at(2), [{ id: ids[1], title: "B2" }]);
    // The answer is the schedule, untouched.
    expect(updated).toMatchObject({ id: scheduleId, version });
    await bed.services.events.delete(viewer, at(3), [ids[2]]);
    expect(slotsOf(await draftOf(cs))).toEqual([[0, 10, "A"], [10, 10, "B2"], [30, 10, "D"], [40, 5, "New"]]);
    expect(await scheduleSlots(scheduleId)).toEqual([[0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [30, 10, "D"]]);
    expect((await bed.services.changeSets.get(viewer, cs.id))?.version).toBe(4);
    const stale = await appError(bed.services.events.update(viewer, at(3), [{ id: ids[0], title: "late" }]), "CONFLICT");
    expect(stale.extensions).toMatchObject({ currentVersion: 4 });
    // The schedule's version does not open the draft; an event removed from it is NOT_FOUND there.
    await appError(bed.services.events.update(viewer, at(version), [{ id: ids[0], title: "x" }]), "CONFLICT");
    await appError(bed.services.events.update(viewer, at(4), [{ id: ids[2], title: "x" }]), "NOT_FOUND");
    expect((await bed.services.changeSets.get(viewer, cs.id))?.version).toBe(4);
  });

  it("diffs the draft: added, removed, and changed events with the names of the fields that differ", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs } = await setup(viewer);
    const empty = await bed.services.changeSets.diff(viewer, cs);
    expect([empty.added, empty.removed, empty.changedCount]).toEqual([[], [], 0]);
    await bed.services.events.bulkEdit(viewer, { scheduleId, changeSetId: cs.id, version: 1 }, {
      deleted: [ids[2]],
      updated: [{ id: ids[0], title: "A2" }, { id: ids[1], onAirTime: new Date(T0 + 11 * MIN) }, { id: ids[3], title: "D" }],
      created: [{ onAirTime: new Date(T0 + 50 * MIN), duration: MIN, title: "New" }],
    });
    const diff = await bed.services.changeSets.diff(viewer, cs);
    expect(diff.added.map((e) => [e.title, e.id.endsWith(`@changeSet${cs.id}`)])).toEqual([["New", true]]);
    expect(diff.removed.map((e) => [e.id, e.title])).toEqual([[ids[2], "C"]]);
    // D was rewritten with its own title: no field differs, so it is not listed.
    expect(diff.changedCount).toBe(2);
    const changed = bed.services.changeSets.changedPage(diff);
    expect(changed.map((c) => [c.eventId, c.id, c.fields, c.before.title, c.after.title])).toEqual([
      [ids[0], `${ids[0]}@changeSet${cs.id}`, ["title"], "A", "A2"],
      [ids[1], `${ids[1]}@changeSet${cs.id}`, ["onAirTime"], "B", "B"],
    ]);
    expect(bed.services.changeSets.changedPage(diff, 1, 1).map((c) => c.eventId)).toEqual([ids[1]]);
    expect((await appError(Promise.resolve().then(() => bed.services.changeSets.changedPage(diff, 0, 0)), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "size" });
  });

  it("applies: the schedule gets exactly the draft's events, version + 1, and the change set is gone", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(viewer);
    await bed.services.events.bulkEdit(viewer, { scheduleId, changeSetId: cs.id, version: 1 }, {
      deleted: [ids[0]],
      updated: [{ id: ids[1], title: "B2", duration: 5 * MIN }],
      created: [{ onAirTime: new Date(T0 + 40 * MIN), duration: 5 * MIN, title: "New" }],
    });
    const draft = await draftOf(cs);
    const applied = await bed.services.changeSets.apply(viewer, cs.id, version);
    expect(applied).toMatchObject({ id: scheduleId, version: version + 1 });
    expect(applied.startDate?.getTime()).toBe(T0 + 10 * MIN);
    expect(applied.finishDate?.getTime()).toBe(T0 + 45 * MIN);
    expect(applied.dateApplied).not.toBeNull();
    expect(await scheduleSlots(scheduleId)).toEqual(slotsOf(draft));
    expect(await bed.services.changeSets.get(viewer, cs.id)).toBeNull();
    expect(await bed.services.changeSets.list(viewer, scheduleId)).toEqual([]);
    await appError(bed.services.changeSets.apply(viewer, cs.id, version + 1), "NOT_FOUND");
  });

  it("a stale schedule version is CONFLICT with the current one; so is an event changed on the schedule and in the draft", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(viewer);
    expect((await appError(bed.services.changeSets.apply(viewer, cs.id, version - 1), "CONFLICT")).extensions).toMatchObject({ currentVersion: version });
    const second = await bed.services.changeSets.create(viewer, scheduleId);
    await bed.services.events.update(viewer, { scheduleId, changeSetId: cs.id }, [{ id: ids[0], title: "first" }]);
    await bed.services.events.update(viewer, { scheduleId, changeSetId: second.id }, [{ id: ids[0], title: "second" }, { id: ids[1], title: "second B" }]);
    await bed.services.changeSets.apply(viewer, cs.id, version);
    const error = await appError(bed.services.changeSets.apply(viewer, second.id, version + 1), "CONFLICT");
    expect(error.extensions).toMatchObject({ eventIds: [ids[0]], currentVersion: version + 1 });
    expect(error.message).toContain(ids[0]);
  });

  it("refuses a malformed id (BAD_USER_INPUT naming it), a viewer's writes (FORBIDDEN), and answers discard with the change set as it was", async () => {
    const { org, viewer } = orgViewer();
    const { scheduleId, cs, version } = await setup(viewer);
    expect((await appError(bed.services.changeSets.apply(viewer, "x1", version), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "id" });
    expect((await appError(bed.services.changeSets.discard(viewer, "-3"), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "id" });
    expect((await appError(bed.services.changeSets.page(viewer, scheduleId, null, 0, 1001), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "size" });
    const reader = viewerOf(org, "viewer");
    expect(await bed.services.changeSets.list(reader, scheduleId)).toHaveLength(1);
    expect(await bed.services.changeSets.get(reader, cs.id)).toEqual(cs);
    await appError(bed.services.changeSets.create(reader, scheduleId), "FORBIDDEN");
    await appError(bed.services.changeSets.apply(reader, cs.id, version), "FORBIDDEN");
    await appError(bed.services.changeSets.discard(reader, cs.id), "FORBIDDEN");
    expect(await bed.services.changeSets.discard(viewer, cs.id)).toEqual(cs);
    expect(await bed.services.changeSets.list(viewer, scheduleId)).toEqual([]);
    await appError(bed.services.changeSets.discard(viewer, cs.id), "NOT_FOUND");
  });

  it("treats another organization's change sets and schedules as missing (NOT_FOUND, null to a lookup)", async () => {
    const owner = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(owner.viewer);
    const stranger = orgViewer();
    expect(await bed.services.changeSets.get(stranger.viewer, cs.id)).toBeNull();
    expect(await bed.services.changeSets.get(stranger.viewer, cs.id, owner.org)).toBeNull();
    await appError(bed.services.changeSets.apply(stranger.viewer, cs.id, version), "NOT_FOUND");
    await appError(bed.services.changeSets.discard(stranger.viewer, cs.id), "NOT_FOUND");
    await appError(bed.services.changeSets.discard(stranger.viewer, cs.id, owner.org), "NOT_FOUND");
    await appError(bed.services.changeSets.list(stranger.viewer, scheduleId), "NOT_FOUND");
    await appError(bed.services.changeSets.create(stranger.viewer, scheduleId), "NOT_FOUND");
    // The stranger's own schedule with the owner's change set: NOT_FOUND, and the draft is untouched.
    const own = await bed.services.schedules.create(stranger.viewer, { name: "Own" });
    await appError(bed.services.events.update(stranger.viewer, { scheduleId: own.id, changeSetId: cs.id }, [{ id: ids[0], title: "x" }]), "NOT_FOUND");
    expect((await bed.services.changeSets.get(owner.viewer, cs.id))?.version).toBe(1);
  });

  it("nothing is half-written: an apply refused after its locks and checks leaves schedule, drafts and history as they were", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, cs, version } = await setup(viewer);
    await bed.services.events.update(viewer, { scheduleId, changeSetId: cs.id }, [{ id: ids[1], title: "draft B" }, { id: ids[3], title: "draft D" }]);
    await bed.services.events.delete(viewer, { scheduleId, changeSetId: cs.id }, [ids[2]]);
    await bed.services.events.update(viewer, { scheduleId, version }, [{ id: ids[1], title: "on air B" }]);
    await bed.services.events.delete(viewer, { scheduleId }, [ids[2]]);
    const before = { footprint: await footprint(scheduleId), slots: await scheduleSlots(scheduleId), draft: await draftOf(cs) };
    const error = await appError(bed.services.changeSets.apply(viewer, cs.id, version + 2), "CONFLICT");
    expect(error.extensions).toMatchObject({ eventIds: [ids[1], ids[2]] });
    expect({ footprint: await footprint(scheduleId), slots: await scheduleSlots(scheduleId), draft: await draftOf(cs) }).toEqual(before);
  });
});
