import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, scheduleState, T0, minuteSlots } from "./helpers.js";

const t = useTestService();

const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!, $cs: ID) { bulkEditEvents(scheduleId: $s, version: $v, input: $input, changeSetId: $cs) {
  content { id version startDate finishDate events { content { id title onAirTime } number size } } messages { message type } } }`;

/** A 0-10 · B 10-20 · C 20-30 · L 40-50 locked · D 50-60 */
async function day() {
  const { gql } = await orgClient(t);
  const s = await createSchedule(gql, "Day", { startDate: iso(T0) });
  const ids = await addEvents(gql, s.id, [
    { at: T0, duration: 10 * MIN, title: "A", som: 1000 },
    { at: T0 + 10 * MIN, duration: 10 * MIN, title: "B" },
    { at: T0 + 20 * MIN, duration: 10 * MIN, title: "C" },
    { at: T0 + 40 * MIN, duration: 10 * MIN, title: "L", locked: true, eventType: "LIVE" },
    { at: T0 + 50 * MIN, duration: 10 * MIN, title: "D" },
  ]);
  return { gql, s, ids, version: 6 };
}

const bulk = async (gql: any, s: { id: string }, version: number, input: object) => (await gql.data(BULK, { s: s.id, v: version, input })).bulkEditEvents;
const ev = (at: number, duration: number, title: string, extra: object = {}) => ({ onAirTime: iso(T0 + at * MIN), duration: duration * MIN, title, ...extra });

describe("bulkEditEvents", () => {
  it("deletes, updates and creates in one transaction and one version step", async () => {
    const { gql, s, ids, version } = await day();
    const result = await bulk(gql, s, version, {
      deleted: [ids[1]],
      updated: [{ id: ids[2], title: "C2" }],
      created: [ev(30, 5, "New")],
    });
    expect(result.content.version).toBe(version + 1);
    expect(result.messages).toEqual(expect.arrayContaining([
      { message: "deleted 1 event", type: "OK" }, { message: "updated 1 event", type: "OK" }, { message: "created 1 event", type: "OK" },
    ]));
    expect(result.messages).toContainEqual({ message: `gap of ${5 * MIN} ms before locked event ${ids[3]}`, type: "WARNING" });
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[0, 10, "A"], [20, 10, "C2"], [30, 5, "New"], [40, 10, "L"], [50, 10, "D"]]);
  });

  it("createFirst creates before deleting; createOnly applies only the creations", async () => {
    const { gql, s, version } = await day();
    const result = await bulk(gql, s, version, { createOnly: true, created: [ev(60, 5, "Tail")], deleted: ["1"] });
    expect(result.messages).toContainEqual({ message: "deleted ignored: another part applies alone", type: "INFO" });
    expect(minuteSlots((await scheduleState(gql, s.id)).events).map((e) => e[2])).toEqual(["A", "B", "C", "L", "D", "Tail"]);
    const first = await bulk(gql, s, version + 1, { createFirst: true, created: [ev(70, 1, "X")], updated: [] });
    expect(first.messages.map((m: any) => m.message)).toContain("created 1 event");
  });

  it("refuses two of createOnly/updateOnly/deleteOnly, unknown ids, bad events and a stale version, writing nothing", async () => {
    const { gql, s, ids, version } = await day();
    const other = await createSchedule(gql, "Other");
    const [foreign] = await addEvents(gql, other.id, [{ at: T0, duration: MIN }]);
    const before = await scheduleState(gql, s.id);
    const cases: [object, string][] = [
      [{ createOnly: true, deleteOnly: true, created: [ev(0, 1, "x")], deleted: [ids[0]] }, "BAD_USER_INPUT"],
      [{ updateOnly: true, deleteOnly: true }, "BAD_USER_INPUT"],
      [{ created: [ev(0, 1, "x")], deleted: ["777777"] }, "NOT_FOUND"],
      [{ created: [ev(0, 1, "x")], deleted: [foreign] }, "NOT_FOUND"],
      [{ updated: [{ id: foreign, title: "x" }] }, "NOT_FOUND"],
      [{ updated: [{ id: ids[0], duration: -10 }] }, "BAD_USER_INPUT"],
      [{ created: [ev(0, -1, "neg")] }, "BAD_USER_INPUT"],
      [{ deleted: [ids[0]], split: { onAirTime: iso(T0 + 11 * MIN), segments: [{ startTime: 0, endTime: 11 * MIN }] } }, "BAD_USER_INPUT"],
      [{ deleted: [ids[0]], eventLoop: { events: [{ duration: MIN }], loopFrom: iso(T0 + 60 * MIN), loopTo: iso(T0) } }, "BAD_USER_INPUT"],
      [{ replacement: { mediaId: "m", replacementEventId: "999999" } }, "NOT_FOUND"],
      [{ shiftFrom: iso(T0) }, "BAD_USER_INPUT"],
      [{ deleted: [ids[0]], updated: [{ id: ids[0], title: "gone" }] }, "NOT_FOUND"],
      [{ empty: true, deleted: [ids[1]] }, "NOT_FOUND"],
      [{ pageSize: 0 }, "BAD_USER_INPUT"],
    ];
    for (const [input, code] of cases) expect((await gql.error(BULK, { s: s.id, v: version, input })).extensions.code, JSON.stringify(input)).toBe(code);
    expect((await gql.error(BULK, { s: s.id, v: version - 1, input: { deleted: [ids[0]] } })).extensions).toMatchObject({ code: "CONFLICT", currentVersion: version });
    // An unknown change set (tests of change sets: test/changesets/changesets.test.ts).
    expect((await gql.error(BULK, { s: s.id, v: version, input: {}, cs: "999999" })).extensions.code).toBe("NOT_FOUND");
    expect(await scheduleState(gql, s.id)).toEqual(before);
  });

  it("empties the schedule first, then appends sentToEnd events after the last one", async () => {
    const { gql, s, version } = await day();
    const result = await bulk(gql, s, version, { empty: true, created: [ev(100, 10, "Only")], sentToEnd: [{ duration: 5 * MIN, title: "E1" }, { duration: 2 * MIN, title: "E2" }] });
    expect(result.content).toMatchObject({ startDate: iso(T0 + 100 * MIN), finishDate: iso(T0 + 117 * MIN) });
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[100, 10, "Only"], [110, 5, "E1"], [115, 2, "E2"]]);
  });

  it("shifts events from shiftFrom, leaving locked events in place", async () => {
    const { gql, s, version } = await day();
    const result = await bulk(gql, s, version, { shiftBy: 5 * MIN, shiftFrom: iso(T0 + 10 * MIN) });
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[0, 10, "A"], [15, 10, "B"], [25, 10, "C"], [40, 10, "L"], [55, 10, "D"]]);
    expect(result.messages).toContainEqual({ message: "shifted 3 events by 300000 ms", type: "OK" });
    const back = await bulk(gql, s, version + 1, { shiftBy: -5 * MIN, shiftFrom: iso(T0 + 15 * MIN) });
    expect(back.content.version).toBe(version + 2);
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [40, 10, "L"], [50, 10, "D"]]);
  });

  it("loops events back to back and trims the last repetition to end at loopTo", async () => {
    const { gql, s, version } = await day();
    await bulk(gql, s, version, {
      eventLoop: { events: [{ duration: 10 * MIN, title: "Loop A" }, { duration: 15 * MIN, title: "Loop B", eventType: "ADVERTISEMENT" }], loopFrom: iso(T0 + 60 * MIN), loopTo: iso(T0 + 115 * MIN) },
    });
    expect(minuteSlots((await scheduleState(gql, s.id)).events).slice(5)).toEqual([[60, 10, "Loop A"], [70, 15, "Loop B"], [85, 10, "Loop A"], [95, 15, "Loop B"], [110, 5, "Loop A"]]);
  });

  it("replaces the media of an event named by id or by the time it is on air", async () => {
    const { gql, s, ids, version } = await day();
    await bulk(gql, s, version, { replacement: { mediaId: "NEW-1", replacementEventId: ids[1] } });
    await bulk(gql, s, version + 1, { replacement: { mediaId: "NEW-2", replacementEventOnAirTime: iso(T0 + 25 * MIN) } });
    const events = (await scheduleState(gql, s.id)).events;
    expect(events.map((e) => e.mediaId)).toEqual([null, "NEW-1", "NEW-2", null, null]);
  });

  it("splits an event into parts with breaks and ripples what follows up to the next locked event", async () => {
    const { gql, s, ids, version } = await day();
    const result = await bulk(gql, s, version, {
      split: {
        onAirTime: iso(T0 + 5 * MIN), breakDuration: 2 * MIN, breakTitlePattern: "Break {n}", partSuffix: " - part {n}", placeholderId: "PH",
        segments: [{ startTime: 0, endTime: 4 * MIN }, { startTime: 4 * MIN, endTime: 5 * MIN, stub: true }, { startTime: 5 * MIN, endTime: 10 * MIN }],
      },
    });
    const events = (await scheduleState(gql, s.id)).events;
    expect(minuteSlots(events)).toEqual([[0, 4, "A - part 1"], [4, 2, "Break 1"], [6, 5, "A - part 2"], [11, 10, "B"], [21, 10, "C"], [40, 10, "L"], [50, 10, "D"]]);
    expect(events[0]).toMatchObject({ id: ids[0], som: 1000 });
    expect(events[2].som).toBe(1000 + 5 * MIN);
    expect(events[1]).toMatchObject({ eventType: "PLACEHOLDER" });
    expect(result.messages).toContainEqual({ message: `split: gap of ${9 * MIN} ms left before locked event ${ids[3]}`, type: "WARNING" });
    const exceeding = await gql.error(BULK, { s: s.id, v: version + 1, input: { split: { onAirTime: iso(T0 + 12 * MIN), segments: [{ startTime: 0, endTime: 11 * MIN }] } } });
    expect(exceeding.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("resolves collisions: OVERRIDE trims and deletes, SPLICE cuts and pushes, OVERLAP leaves them", async () => {
    const override = await day();
    await bulk(override.gql, override.s, override.version, { resolveType: "OVERRIDE", created: [ev(5, 10, "Over")] });
    expect(minuteSlots((await scheduleState(override.gql, override.s.id)).events)).toEqual([[0, 5, "A"], [5, 10, "Over"], [15, 5, "B"], [20, 10, "C"], [40, 10, "L"], [50, 10, "D"]]);

    const splice = await day();
    const spliced = await bulk(splice.gql, splice.s, splice.version, { resolveType: "SPLICE", created: [ev(5, 3, "In")] });
    expect(minuteSlots((await scheduleState(splice.gql, splice.s.id)).events)).toEqual([[0, 5, "A"], [5, 3, "In"], [8, 5, "A"], [13, 10, "B"], [23, 10, "C"], [40, 10, "L"], [50, 10, "D"]]);
    const events = (await scheduleState(splice.gql, splice.s.id)).events;
    expect(events[2].som).toBe(1000 + 5 * MIN);
    expect(spliced.messages).toContainEqual({ message: `SPLICE: gap of ${7 * MIN} ms left before locked event ${splice.ids[3]}`, type: "WARNING" });

    const overlap = await day();
    await bulk(overlap.gql, overlap.s, overlap.version, { created: [ev(5, 3, "On top")] });
    expect(minuteSlots((await scheduleState(overlap.gql, overlap.s.id)).events).slice(0, 3)).toEqual([[0, 10, "A"], [5, 3, "On top"], [10, 10, "B"]]);
  });

  it("applies resolveType to moved updates and to a loop as one block", async () => {
    const moved = await day();
    // B moves onto A's second half: OVERRIDE trims A.
    await bulk(moved.gql, moved.s, moved.version, { resolveType: "OVERRIDE", updated: [{ id: moved.ids[1], onAirTime: iso(T0 + 5 * MIN) }] });
    expect(minuteSlots((await scheduleState(moved.gql, moved.s.id)).events).slice(0, 3)).toEqual([[0, 5, "A"], [5, 10, "B"], [20, 10, "C"]]);

    const looped = await day();
    const result = await bulk(looped.gql, looped.s, looped.version, {
      resolveType: "OVERRIDE",
      eventLoop: { events: [{ duration: 4 * MIN, title: "Filler" }], loopFrom: iso(T0 + 5 * MIN), loopTo: iso(T0 + 15 * MIN) },
    });
    expect(minuteSlots((await scheduleState(looped.gql, looped.s.id)).events).slice(0, 5)).toEqual([[0, 5, "A"], [5, 4, "Filler"], [9, 4, "Filler"], [13, 2, "Filler"], [15, 5, "B"]]);
    expect(result.messages.map((m: any) => m.message)).toContain(`looped 1 event into 3 from ${iso(T0 + 5 * MIN)} to ${iso(T0 + 15 * MIN)}`);
  });

  it("answers the page the caller shows (pageNumber, pageSize) in content.events", async () => {
    const { gql, s, ids, version } = await day();
    const result = await bulk(gql, s, version, { updated: [{ id: ids[4], title: "D2" }], pageNumber: 2, pageSize: 2 });
    expect(result.content.events).toMatchObject({ number: 2, size: 2, content: [{ id: ids[4], title: "D2" }] });
    // Only fields changed: the gap before the locked event is not news.
    expect(result.messages).toEqual([{ message: "updated 1 event", type: "OK" }]);
  });
});
