// Change sets through GraphQL (the `changeSet` fields of schema.graphql): drafts, diff, apply with conflicts, discard.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, scheduleState, T0, minuteSlots } from "../events/helpers.js";

const t = useTestService();

const CS_FIELDS = `id scheduleId version baseVersion createdBy dateCreated`;
const CREATE = `mutation($s: ID!) { createChangeSet(scheduleId: $s) { ${CS_FIELDS} } }`;
const LIST = `query($s: ID!) { changeSets(scheduleId: $s) { ${CS_FIELDS} } }`;
const GET = `query($id: ID!) { changeSet(id: $id) { ${CS_FIELDS} } }`;
const APPLY = `mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { id version dateApplied startDate finishDate } }`;
const DISCARD = `mutation($id: ID!) { discardChangeSet(id: $id) { ${CS_FIELDS} } }`;
const DRAFT = `query($id: ID!, $page: Int, $size: Int, $term: String) { changeSet(id: $id) { version
  events(page: $page, size: $size, term: $term) { content { id eventId title onAirTime duration version } totalElements gaps } } }`;
const DIFF = `query($id: ID!) { changeSet(id: $id) { diff {
  added { id title onAirTime } removed { id title }
  changed { id eventId fields before { id title onAirTime duration som } after { id title onAirTime duration som } } } } }`;
const PAGE_AT = `query($id: ID!, $time: DateTime!, $size: Int!) { changeSet(id: $id) { eventPageAt(time: $time, pageSize: $size) } }`;

const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!, $cs: ID) { createEvent(scheduleId: $s, input: $input, changeSetId: $cs) { id title scheduleId } }`;
const UPDATE = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!, $cs: ID) { updateEvents(scheduleId: $s, version: $v, events: $events, changeSetId: $cs) { id version } }`;
const DELETE = `mutation($s: ID!, $ids: [ID!]!, $cs: ID) { deleteEvents(scheduleId: $s, ids: $ids, changeSetId: $cs) { id version } }`;
const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!, $cs: ID) { bulkEditEvents(scheduleId: $s, version: $v, input: $input, changeSetId: $cs) {
  content { id version } messages { message type } } }`;

/** A 0-10 · B 10-20 · C 20-30 · D 30-40, and an open change set of it. */
async function setup(gql?: GraphQLClient) {
  const client = gql ?? (await orgClient(t)).gql;
  const s = await createSchedule(client, "Tonight", { startDate: iso(T0) });
  const ids = await addEvents(client, s.id, [
    { at: T0, duration: 10 * MIN, title: "A", som: 1000 },
    { at: T0 + 10 * MIN, duration: 10 * MIN, title: "B" },
    { at: T0 + 20 * MIN, duration: 10 * MIN, title: "C" },
    { at: T0 + 30 * MIN, duration: 10 * MIN, title: "D" },
  ]);
  const { createChangeSet: cs } = await client.data(CREATE, { s: s.id });
  return { gql: client, s, ids, cs, version: 5 };
}

async function draft(gql: GraphQLClient, id: string): Promise<{ version: number; events: any[] }> {
  const { changeSet } = await gql.data(DRAFT, { id, size: 1000 });
  return { version: changeSet.version, events: changeSet.events.content };
}

describe("change sets: drafts", () => {
  it("copies the events with their ids at the schedule's version, and lists the open change sets", async () => {
    const { gql, s, ids, cs, version } = await setup();
    expect(cs).toMatchObject({ scheduleId: s.id, version: 1, baseVersion: version, createdBy: "tester" });
    const d = await draft(gql, cs.id);
    // The draft's events keep the schedule's ids as eventId; their cache identity is the draft's own.
    expect(d.events.map((e) => e.eventId)).toEqual(ids);
    expect(d.events.map((e) => e.id)).toEqual(ids.map((id) => `${id}@changeSet${cs.id}`));
    expect(minuteSlots(d.events)).toEqual(minuteSlots((await scheduleState(gql, s.id)).events));
    const { createChangeSet: second } = await gql.data(CREATE, { s: s.id });
    expect((await gql.data(LIST, { s: s.id })).changeSets.map((c: any) => c.id)).toEqual([cs.id, second.id]);
    expect((await gql.data(GET, { id: cs.id })).changeSet).toEqual(cs);
  });

  it("draft edits never touch the schedule; each adds 1 to the change set's version, which edits check", async () => {
    const { gql, s, ids, cs } = await setup();
    const before = await scheduleState(gql, s.id);
    const { createEvent } = await gql.data(CREATE_EVENT, { s: s.id, cs: cs.id, input: { onAirTime: iso(T0 + 40 * MIN), duration: 5 * MIN, title: "New" } });
    expect(createEvent.scheduleId).toBe(s.id);
    expect(ids).not.toContain(createEvent.id);
    const { updateEvents } = await gql.data(UPDATE, { s: s.id, v: 2, cs: cs.id, events: [{ id: ids[1], title: "B2" }] });
    // The answer is the schedule, untouched.
    expect(updateEvents).toEqual({ id: s.id, version: before.version });
    await gql.data(DELETE, { s: s.id, cs: cs.id, ids: [ids[2]] });
    const result = (await gql.data(BULK, { s: s.id, v: 4, cs: cs.id, input: { updated: [{ id: ids[3], duration: 20 * MIN }] } })).bulkEditEvents;
    expect(result.content.version).toBe(before.version);
    expect(await scheduleState(gql, s.id)).toEqual(before);
    const d = await draft(gql, cs.id);
    expect(d.version).toBe(5);
    expect(minuteSlots(d.events)).toEqual([[0, 10, "A"], [10, 10, "B2"], [30, 20, "D"], [40, 5, "New"]]);
    // A stale change set version is CONFLICT with the current one, and writes nothing.
    const stale = await gql.error(UPDATE, { s: s.id, v: 4, cs: cs.id, events: [{ id: ids[0], title: "late" }] });
    expect(stale.extensions).toMatchObject({ code: "CONFLICT", currentVersion: 5 });
    expect((await gql.error(BULK, { s: s.id, v: 1, cs: cs.id, input: { deleted: [ids[0]] } })).extensions).toMatchObject({ code: "CONFLICT", currentVersion: 5 });
    expect(await draft(gql, cs.id)).toEqual(d);
    // The schedule's own version does not open the draft.
    await gql.data(UPDATE, { s: s.id, v: before.version, events: [{ id: ids[0], title: "on air" }] });
    expect((await gql.error(UPDATE, { s: s.id, v: before.version + 1, cs: cs.id, events: [{ id: ids[0], title: "x" }] })).extensions.code).toBe("CONFLICT");
  });

  it("an event removed from the draft, or created elsewhere, is NOT_FOUND in it", async () => {
    const { gql, s, ids, cs } = await setup();
    await gql.data(DELETE, { s: s.id, cs: cs.id, ids: [ids[0]] });
    expect((await gql.error(UPDATE, { s: s.id, v: 2, cs: cs.id, events: [{ id: ids[0], title: "x" }] })).extensions.code).toBe("NOT_FOUND");
    const { createEvent } = await gql.data(CREATE_EVENT, { s: s.id, input: { onAirTime: iso(T0 + 40 * MIN), duration: MIN, title: "On air" } });
    expect((await gql.error(DELETE, { s: s.id, cs: cs.id, ids: [createEvent.id] })).extensions.code).toBe("NOT_FOUND");
    // A change set of another schedule does not open this one.
    const other = await createSchedule(gql, "Other");
    expect((await gql.error(DELETE, { s: other.id, cs: cs.id, ids: [ids[1]] })).extensions.code).toBe("NOT_FOUND");
  });

  it("pages the draft, filtered, and finds the page on air at a time (S19)", async () => {
    const { gql, s, ids, cs } = await setup();
    await gql.data(CREATE_EVENT, { s: s.id, cs: cs.id, input: { onAirTime: iso(T0 + 45 * MIN), duration: 5 * MIN, title: "E" } });
    const { changeSet } = await gql.data(DRAFT, { id: cs.id, page: 1, size: 2 });
    expect(changeSet.events.content.map((e: any) => e.title)).toEqual(["C", "D"]);
    expect(changeSet.events.totalElements).toBe(5);
    const filtered = (await gql.data(DRAFT, { id: cs.id, term: "e" })).changeSet.events;
    expect(filtered.content.map((e: any) => e.title)).toEqual(["E"]);
    // Gaps are measured against every event of the draft before, as on a schedule.
    expect(filtered.gaps).toEqual({ [filtered.content[0].id]: 5 * MIN });
    const at = async (minute: number, size: number) => (await gql.data(PAGE_AT, { id: cs.id, time: iso(T0 + minute * MIN), size })).changeSet.eventPageAt;
    expect(await at(47, 2)).toBe(2);
    expect(await at(25, 2)).toBe(1);
    expect(await at(5, 2)).toBe(0);
    // The schedule has no E: its page at 47 min is that of D.
    const { schedule } = await gql.data(`query($id: ID!, $time: DateTime!) { schedule(id: $id) { eventPageAt(time: $time, pageSize: 2) } }`, { id: s.id, time: iso(T0 + 47 * MIN) });
    expect(schedule.eventPageAt).toBe(1);
    expect(ids).toHaveLength(4);
  });

  it("lists change sets, each with its own draft's page (several at once: the batched path)", async () => {
    const { gql, s, ids, cs } = await setup();
    const { createChangeSet: second } = await gql.data(CREATE, { s: s.id });
    await gql.data(DELETE, { s: s.id, cs: cs.id, ids: [ids[0]] });
    await gql.data(UPDATE, { s: s.id, v: 1, cs: second.id, events: [{ id: ids[1], title: "B2" }] });
    const LIST_PAGES = `query($s: ID!, $term: String) { changeSets(scheduleId: $s) { id version
      events(size: 2, term: $term) { content { id title } totalElements gaps } } }`;
    const { changeSets } = await gql.data(LIST_PAGES, { s: s.id });
    expect(changeSets.map((c: any) => [c.id, c.version, c.events.totalElements, c.events.content.map((e: any) => e.title)])).toEqual([
      [cs.id, 2, 3, ["B", "C"]],
      [second.id, 2, 4, ["A", "B2"]],
    ]);
    const filtered = (await gql.data(LIST_PAGES, { s: s.id, term: "b" })).changeSets;
    expect(filtered.map((c: any) => c.events.content.map((e: any) => e.title))).toEqual([["B"], ["B2"]]);
    // B follows A without a gap; in the first draft A is gone, so B has nothing before it.
    expect(filtered.map((c: any) => c.events.gaps)).toEqual([{}, {}]);
  });
});

describe("change sets: diff", () => {
  it("lists added, removed and changed events with the names of the fields that differ", async () => {
    const { gql, s, ids, cs } = await setup();
    const empty = (await gql.data(DIFF, { id: cs.id })).changeSet.diff;
    expect(empty).toEqual({ added: [], removed: [], changed: [] });
    await gql.data(BULK, {
      s: s.id, v: 1, cs: cs.id,
      input: {
        deleted: [ids[2]],
        updated: [{ id: ids[0], title: "A2", som: 2000 }, { id: ids[1], onAirTime: iso(T0 + 11 * MIN) }, { id: ids[3], title: "D" }],
        created: [{ onAirTime: iso(T0 + 50 * MIN), duration: MIN, title: "New" }],
      },
    });
    const { diff } = (await gql.data(DIFF, { id: cs.id })).changeSet;
    expect(diff.added).toMatchObject([{ title: "New", onAirTime: iso(T0 + 50 * MIN) }]);
    expect(diff.removed).toEqual([{ id: ids[2], title: "C" }]);
    // D was rewritten with its own title: no field differs, so it is not listed.
    const inDraft = (id: string) => `${id}@changeSet${cs.id}`;
    expect(diff.changed).toEqual([
      { id: inDraft(ids[0]), eventId: ids[0], fields: ["title", "som"], before: { id: ids[0], title: "A", onAirTime: iso(T0), duration: 10 * MIN, som: 1000 }, after: { id: inDraft(ids[0]), title: "A2", onAirTime: iso(T0), duration: 10 * MIN, som: 2000 } },
      { id: inDraft(ids[1]), eventId: ids[1], fields: ["onAirTime"], before: expect.objectContaining({ onAirTime: iso(T0 + 10 * MIN) }), after: expect.objectContaining({ onAirTime: iso(T0 + 11 * MIN) }) },
    ]);
  });
});

describe("change sets: apply and discard", () => {
  it("gives the schedule exactly the draft's events, adds 1 to its version, and the change set is gone", async () => {
    const { gql, s, ids, cs, version } = await setup();
    await gql.data(BULK, {
      s: s.id, v: 1, cs: cs.id,
      input: { deleted: [ids[0]], updated: [{ id: ids[1], title: "B2", duration: 5 * MIN }], created: [{ onAirTime: iso(T0 + 40 * MIN), duration: 5 * MIN, title: "New" }] },
    });
    const d = await draft(gql, cs.id);
    const { applyChangeSet } = await gql.data(APPLY, { id: cs.id, v: version });
    expect(applyChangeSet).toMatchObject({ id: s.id, version: version + 1, startDate: iso(T0 + 10 * MIN), finishDate: iso(T0 + 45 * MIN) });
    expect(applyChangeSet.dateApplied).not.toBeNull();
    const after = await scheduleState(gql, s.id);
    expect(after.events.map((e) => [e.id, e.title, e.onAirTime, e.duration])).toEqual(d.events.map((e) => [e.eventId, e.title, e.onAirTime, e.duration]));
    expect(minuteSlots(after.events)).toEqual([[10, 5, "B2"], [20, 10, "C"], [30, 10, "D"], [40, 5, "New"]]);
    expect((await gql.data(GET, { id: cs.id })).changeSet).toBeNull();
    expect((await gql.data(LIST, { s: s.id })).changeSets).toEqual([]);
    expect((await gql.error(APPLY, { id: cs.id, v: version + 1 })).extensions.code).toBe("NOT_FOUND");
    // The applied events are the schedule's own now: they can be edited there.
    const added = after.events.find((e) => e.title === "New")!;
    await gql.data(UPDATE, { s: s.id, v: version + 1, events: [{ id: added.id, title: "New2" }] });
  });

  it("applies with a stale schedule version only after re-reading it: CONFLICT with the current version", async () => {
    const { gql, cs, version } = await setup();
    expect((await gql.error(APPLY, { id: cs.id, v: version - 1 })).extensions).toMatchObject({ code: "CONFLICT", currentVersion: version });
  });

  it("the same event changed on the schedule and in the draft: CONFLICT naming it, nothing written", async () => {
    const { gql, s, ids, cs, version } = await setup();
    await gql.data(UPDATE, { s: s.id, v: 1, cs: cs.id, events: [{ id: ids[1], title: "draft B" }, { id: ids[3], title: "draft D" }] });
    await gql.data(DELETE, { s: s.id, cs: cs.id, ids: [ids[2]] });
    await gql.data(UPDATE, { s: s.id, v: version, events: [{ id: ids[1], title: "on air B" }] });
    await gql.data(DELETE, { s: s.id, ids: [ids[2]] });
    const before = await scheduleState(gql, s.id);
    const d = await draft(gql, cs.id);
    const error = await gql.error(APPLY, { id: cs.id, v: before.version });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", eventIds: [ids[1], ids[2]] });
    expect(error.message).toContain(ids[1]);
    expect(await scheduleState(gql, s.id)).toEqual(before);
    expect(await draft(gql, cs.id)).toEqual(d);
    // Discarding answers the change set and removes it.
    const { discardChangeSet } = await gql.data(DISCARD, { id: cs.id });
    expect(discardChangeSet).toMatchObject({ id: cs.id, version: 3 });
    expect((await gql.data(LIST, { s: s.id })).changeSets).toEqual([]);
    expect((await gql.error(DISCARD, { id: cs.id })).extensions.code).toBe("NOT_FOUND");
    expect(await scheduleState(gql, s.id)).toEqual(before);
  });

  it("different events changed on the schedule and in the draft: apply succeeds and keeps both", async () => {
    const { gql, s, ids, cs, version } = await setup();
    await gql.data(UPDATE, { s: s.id, v: 1, cs: cs.id, events: [{ id: ids[0], title: "draft A" }] });
    await gql.data(DELETE, { s: s.id, cs: cs.id, ids: [ids[3]] });
    await gql.data(CREATE_EVENT, { s: s.id, cs: cs.id, input: { onAirTime: iso(T0 + 60 * MIN), duration: MIN, title: "draft new" } });
    // Meanwhile on air: B changes, a new event appears.
    await gql.data(UPDATE, { s: s.id, v: version, events: [{ id: ids[1], title: "on air B" }] });
    await gql.data(CREATE_EVENT, { s: s.id, input: { onAirTime: iso(T0 + 50 * MIN), duration: MIN, title: "on air new" } });
    const { applyChangeSet } = await gql.data(APPLY, { id: cs.id, v: version + 2 });
    expect(applyChangeSet.version).toBe(version + 3);
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([
      [0, 10, "draft A"], [10, 10, "on air B"], [20, 10, "C"], [50, 1, "on air new"], [60, 1, "draft new"],
    ]);
  });

  it("a shift of the schedule moves an open draft along and does not conflict", async () => {
    const { gql, s, ids, cs, version } = await setup();
    await gql.data(UPDATE, { s: s.id, v: 1, cs: cs.id, events: [{ id: ids[1], title: "draft B" }] });
    await gql.data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: ${5 * MIN}) { version } }`, { id: s.id });
    expect(minuteSlots((await draft(gql, cs.id)).events)).toEqual([[5, 10, "A"], [15, 10, "draft B"], [25, 10, "C"], [35, 10, "D"]]);
    await gql.data(APPLY, { id: cs.id, v: version + 1 });
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[5, 10, "A"], [15, 10, "draft B"], [25, 10, "C"], [35, 10, "D"]]);
  });

  it("another change set of the schedule still applies after one was applied, when they touch different events", async () => {
    const { gql, s, ids, cs, version } = await setup();
    const { createChangeSet: second } = await gql.data(CREATE, { s: s.id });
    await gql.data(UPDATE, { s: s.id, v: 1, cs: cs.id, events: [{ id: ids[0], title: "first" }] });
    await gql.data(UPDATE, { s: s.id, v: 1, cs: second.id, events: [{ id: ids[0], title: "second" }, { id: ids[1], title: "second B" }] });
    await gql.data(APPLY, { id: cs.id, v: version });
    const error = await gql.error(APPLY, { id: second.id, v: version + 1 });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", eventIds: [ids[0]] });
  });
});

describe("change sets: organizations and roles", () => {
  it("another organization's change set is NOT_FOUND everywhere; viewers read but do not write", async () => {
    const { gql, s, ids, cs, version } = await setup();
    const { gql: stranger } = await orgClient(t);
    expect((await stranger.data(GET, { id: cs.id })).changeSet).toBeNull();
    expect((await stranger.error(APPLY, { id: cs.id, v: version })).extensions.code).toBe("NOT_FOUND");
    expect((await stranger.error(DISCARD, { id: cs.id })).extensions.code).toBe("NOT_FOUND");
    expect((await stranger.error(LIST, { s: s.id })).extensions.code).toBe("NOT_FOUND");
    expect((await stranger.error(CREATE, { s: s.id })).extensions.code).toBe("NOT_FOUND");
    // The stranger's own schedule with the other organization's change set.
    const own = await createSchedule(stranger, "Own");
    expect((await stranger.error(UPDATE, { s: own.id, v: 1, cs: cs.id, events: [{ id: ids[0], title: "x" }] })).extensions.code).toBe("NOT_FOUND");
    expect((await draft(gql, cs.id)).version).toBe(1);

    const { org } = await orgClient(t);
    const viewerOrg = await setup(t.client(await t.token(org, "editor")));
    const viewer = t.client(await t.token(org, "viewer"));
    expect((await viewer.data(LIST, { s: viewerOrg.s.id })).changeSets).toHaveLength(1);
    expect((await viewer.error(CREATE, { s: viewerOrg.s.id })).extensions.code).toBe("FORBIDDEN");
    expect((await viewer.error(APPLY, { id: viewerOrg.cs.id, v: viewerOrg.version })).extensions.code).toBe("FORBIDDEN");
    expect((await viewer.error(DISCARD, { id: viewerOrg.cs.id })).extensions.code).toBe("FORBIDDEN");
  });

  it("deleting the schedule deletes its change sets", async () => {
    const { gql, s, cs } = await setup();
    await gql.data(`mutation($id: ID!) { deleteSchedule(id: $id) { id } }`, { id: s.id });
    expect((await gql.data(GET, { id: cs.id })).changeSet).toBeNull();
  });

  it("validates the draft's events (ChangeSet.validation), apart from the live ones, and refuses another organization's draft", async () => {
    const { gql, s, ids, cs } = await setup();
    // B moved into A in the draft: an overlap there, none live.
    await gql.data(UPDATE, { s: s.id, v: cs.version, cs: cs.id, events: [{ id: ids[1], onAirTime: iso(T0 + 5 * MIN) }] });
    const VALIDATE = `query($id: ID!) { changeSet(id: $id) { validation(fullList: false) { valid totals { overlaps gaps events } } } }`;
    const { changeSet } = await gql.data(VALIDATE, { id: cs.id });
    expect(changeSet.validation).toMatchObject({ valid: false, totals: { overlaps: 1, gaps: 1, events: 4 } });
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { validation(fullList: false) { valid totals { overlaps gaps } } } }`, { id: s.id });
    expect(schedule.validation).toMatchObject({ valid: true, totals: { overlaps: 0, gaps: 0 } });
    const other = (await orgClient(t)).gql;
    expect((await other.data(VALIDATE, { id: cs.id })).changeSet).toBeNull();
  });
});
