import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, scheduleState, T0, minuteSlots } from "./helpers.js";

const t = useTestService();

const RIPPLE = `mutation($s: ID!, $v: Int!, $from: ID!, $fixAll: Boolean) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $from, fixAll: $fixAll) { id version startDate finishDate } }`;

/** A 0-10 · B 12-22 (gap 2) · C 20-30 (overlap 2) · L 35-45 locked · D 50-55 · E 53-60 */
async function gappy() {
  const { gql } = await orgClient(t);
  const s = await createSchedule(gql);
  const ids = await addEvents(gql, s.id, [
    { at: T0, duration: 10 * MIN, title: "A" },
    { at: T0 + 12 * MIN, duration: 10 * MIN, title: "B" },
    { at: T0 + 20 * MIN, duration: 10 * MIN, title: "C" },
    { at: T0 + 35 * MIN, duration: 10 * MIN, title: "L", locked: true },
    { at: T0 + 50 * MIN, duration: 5 * MIN, title: "D" },
    { at: T0 + 53 * MIN, duration: 7 * MIN, title: "E" },
  ]);
  return { gql, s, ids, version: 7 };
}

describe("ripple", () => {
  it("ripples up to the next locked event, which never moves", async () => {
    const { gql, s, ids, version } = await gappy();
    const { rippleSchedule } = await gql.data(RIPPLE, { s: s.id, v: version, from: ids[0] });
    expect(rippleSchedule.version).toBe(version + 1);
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([
      [0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [35, 10, "L"], [50, 5, "D"], [53, 7, "E"],
    ]);
  });

  it("fixAll ripples every segment after the locked events too", async () => {
    const { gql, s, ids, version } = await gappy();
    const { rippleSchedule } = await gql.data(RIPPLE, { s: s.id, v: version, from: ids[0], fixAll: true });
    expect(rippleSchedule.finishDate).toBe(iso(T0 + 57 * MIN));
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([
      [0, 10, "A"], [10, 10, "B"], [20, 10, "C"], [35, 10, "L"], [45, 5, "D"], [50, 7, "E"],
    ]);
  });

  it("previews a ripple without writing it", async () => {
    const { gql, s, ids } = await gappy();
    const before = await scheduleState(gql, s.id);
    const Q = `query($id: ID!, $e: ID!, $fixAll: Boolean, $c: EventCriteriaInput, $page: Int, $size: Int) { schedule(id: $id) {
      ripplePreview(eventId: $e, fixAll: $fixAll, criteria: $c, page: $page, size: $size) { id startDate finishDate
        page { content { id onAirTime title } gaps overlaps totalElements number } } } }`;
    const { ripplePreview } = (await gql.data(Q, { id: s.id, e: ids[0], fixAll: true })).schedule;
    // A preview is not the live record: the page and its events have ids of their own.
    const preview = `@v${before.version}+ripple${ids[0]}all`;
    expect(ripplePreview).toMatchObject({ id: `${s.id}${preview}#p0s20`, startDate: iso(T0), finishDate: iso(T0 + 57 * MIN) });
    expect(ripplePreview.page.content[0].id).toBe(`${ids[0]}${preview}`);
    expect(ripplePreview.page.content.map((e: any) => [e.title, e.onAirTime])).toEqual([
      ["A", iso(T0)], ["B", iso(T0 + 10 * MIN)], ["C", iso(T0 + 20 * MIN)], ["L", iso(T0 + 35 * MIN)], ["D", iso(T0 + 45 * MIN)], ["E", iso(T0 + 50 * MIN)],
    ]);
    expect(ripplePreview.page.gaps).toEqual({ [`${ids[3]}${preview}`]: 5 * MIN });
    expect(ripplePreview.page.overlaps).toEqual({});
    const filtered = (await gql.data(Q, { id: s.id, e: ids[0], c: { term: "e" }, page: 0, size: 5 })).schedule.ripplePreview.page;
    expect(filtered.content.map((e: any) => e.title)).toEqual(["E"]);
    expect(await scheduleState(gql, s.id)).toEqual(before);
    expect((await gql.error(Q, { id: s.id, e: "424242" })).extensions.code).toBe("NOT_FOUND");
  });

  it("refuses a stale version, an unknown or foreign event with nothing written", async () => {
    const { gql, s, ids, version } = await gappy();
    const other = await createSchedule(gql, "Other");
    const [foreign] = await addEvents(gql, other.id, [{ at: T0, duration: MIN }]);
    const before = await scheduleState(gql, s.id);
    expect((await gql.error(RIPPLE, { s: s.id, v: version - 1, from: ids[0] })).extensions).toMatchObject({ code: "CONFLICT", currentVersion: version });
    expect((await gql.error(RIPPLE, { s: s.id, v: version, from: "987654" })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(RIPPLE, { s: s.id, v: version, from: foreign })).extensions.code).toBe("NOT_FOUND");
    expect(await scheduleState(gql, s.id)).toEqual(before);
  });
});

describe("shift, transpose, copy", () => {
  it("shifts every event, locked ones included, and back again", async () => {
    const { gql, s } = await gappy();
    const before = await scheduleState(gql, s.id);
    const SHIFT = `mutation($id: ID!, $ms: SafeInt!) { shiftSchedule(id: $id, milliseconds: $ms) { version startDate finishDate } }`;
    const { shiftSchedule } = await gql.data(SHIFT, { id: s.id, ms: 90 * MIN + 1 });
    expect(shiftSchedule).toMatchObject({ version: before.version + 1, startDate: iso(T0 + 90 * MIN + 1), finishDate: iso(T0 + 150 * MIN + 1) });
    const shifted = await scheduleState(gql, s.id);
    expect(shifted.events.map((e) => Date.parse(e.onAirTime) - 90 * MIN - 1)).toEqual(before.events.map((e) => Date.parse(e.onAirTime)));
    await gql.data(SHIFT, { id: s.id, ms: -(90 * MIN + 1) });
    const back = await scheduleState(gql, s.id);
    expect(minuteSlots(back.events)).toEqual(minuteSlots(before.events));
    expect(back.startDate).toBe(before.startDate);
  });

  it("reads, filters and writes in the moved times after a shift", async () => {
    const { gql, s, ids } = await gappy();
    const { shiftSchedule } = await gql.data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: ${24 * 60 * MIN}) { version } }`, { id: s.id });
    const day = 24 * 60 * MIN;
    const PAGE = `query($id: ID!, $from: DateTime, $to: DateTime, $t: DateTime!) { schedule(id: $id) {
      events(from: $from, to: $to) { content { id onAirTime } gaps }
      eventPageAt(time: $t, pageSize: 2) } }`;
    const { schedule } = await gql.data(PAGE, { id: s.id, from: iso(T0 + day + 12 * MIN), to: iso(T0 + day + 36 * MIN), t: iso(T0 + day + 36 * MIN) });
    expect(schedule.events.content).toEqual([{ id: ids[1], onAirTime: iso(T0 + day + 12 * MIN) }, { id: ids[2], onAirTime: iso(T0 + day + 20 * MIN) }, { id: ids[3], onAirTime: iso(T0 + day + 35 * MIN) }]);
    expect(schedule.events.gaps).toEqual({ [ids[1]]: 2 * MIN, [ids[3]]: 5 * MIN });
    expect(schedule.eventPageAt).toBe(1);
    const [added] = await addEvents(gql, s.id, [{ at: T0 + day + 60 * MIN, duration: MIN, title: "F" }]);
    await gql.data(`mutation($s: ID!, $v: Int!, $e: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $e) { id } }`, {
      s: s.id, v: shiftSchedule.version + 1, e: [{ id: ids[0], onAirTime: iso(T0 + day - MIN) }],
    });
    const after = await scheduleState(gql, s.id);
    expect(after.events[0]).toMatchObject({ id: ids[0], onAirTime: iso(T0 + day - MIN) });
    expect(after.events.at(-1)).toMatchObject({ id: added, onAirTime: iso(T0 + day + 60 * MIN) });
    expect(after).toMatchObject({ startDate: iso(T0 + day - MIN), finishDate: iso(T0 + day + 61 * MIN) });
    const { rippleSchedule } = await gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e) { startDate } }`, { s: s.id, v: after.version, e: ids[0] });
    expect(rippleSchedule.startDate).toBe(iso(T0 + day - MIN));
    expect(minuteSlots((await scheduleState(gql, s.id)).events).slice(0, 4)).toEqual([[day / MIN - 1, 10, "A"], [day / MIN + 9, 10, "B"], [day / MIN + 19, 10, "C"], [day / MIN + 35, 10, "L"]]);
  });

  it("transposes so that the first event starts at the given time", async () => {
    const { gql, s } = await gappy();
    const before = await scheduleState(gql, s.id);
    const start = Date.parse("2026-04-02T18:30:00.250Z");
    const { transposeSchedule } = await gql.data(`mutation($id: ID!, $t: DateTime!) { transposeSchedule(id: $id, startTime: $t) { startDate finishDate } }`, { id: s.id, t: iso(start) });
    expect(transposeSchedule).toEqual({ startDate: iso(start), finishDate: iso(start + 60 * MIN) });
    const after = await scheduleState(gql, s.id);
    expect(after.events.map((e) => [Date.parse(e.onAirTime) - start, e.duration])).toEqual(before.events.map((e) => [Date.parse(e.onAirTime) - T0, e.duration]));
  });

  it("moves the stored dates of a schedule without events", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Empty", { startDate: iso(T0), finishDate: iso(T0 + 60 * MIN) });
    const { shiftSchedule } = await gql.data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 60000) { startDate finishDate } }`, { id: s.id });
    expect(shiftSchedule).toEqual({ startDate: iso(T0 + MIN), finishDate: iso(T0 + 61 * MIN) });
  });

  it("copies a schedule with its events", async () => {
    const { gql, s } = await gappy();
    const COPY = `mutation($id: ID!, $name: String) { copySchedule(id: $id, name: $name) { id name version startDate finishDate } }`;
    const { copySchedule } = await gql.data(COPY, { id: s.id });
    expect(copySchedule).toMatchObject({ name: "Day (copy)", version: 1, startDate: iso(T0), finishDate: iso(T0 + 60 * MIN) });
    expect(copySchedule.id).not.toBe(s.id);
    const original = await scheduleState(gql, s.id);
    const copy = await scheduleState(gql, copySchedule.id);
    expect(minuteSlots(copy.events)).toEqual(minuteSlots(original.events));
    expect(copy.events.every((e) => e.scheduleId === copySchedule.id)).toBe(true);
    expect((await gql.data(COPY, { id: s.id, name: "Named" })).copySchedule.name).toBe("Named");
    expect((await gql.error(COPY, { id: s.id, name: " " })).extensions.code).toBe("BAD_USER_INPUT");
    const stranger = await orgClient(t);
    expect((await stranger.gql.error(COPY, { id: s.id })).extensions.code).toBe("NOT_FOUND");
  });
});

describe("eventsSummary", () => {
  it("counts events by type, gaps, overlaps, QC failures and programmes with their pages", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const now = Date.now() - (Date.now() % 1000);
    await addEvents(gql, s.id, [
      { at: now - 30 * MIN, duration: 10 * MIN, title: "Show" },
      { at: now - 20 * MIN, duration: MIN, title: "Ad", eventType: "ADVERTISEMENT" },
      { at: now - 19 * MIN, duration: 10 * MIN, title: "Show" }, // part 2 of Show
      { at: now - 5 * MIN, duration: 10 * MIN, title: "News", assetData: { assetQCStatus: "FAILED" } }, // gap of 4 min; on air now
      { at: now + 2 * MIN, duration: 10 * MIN, title: "Film" }, // overlap of 3 min
      { at: now + 12 * MIN, duration: MIN, title: "Ad", eventType: "ADVERTISEMENT" },
    ]);
    const Q = `query($id: ID!, $size: Int) { schedule(id: $id) { eventsSummary(size: $size) { currentEventPage eventsByType
      gaps { pages total } overlaps { pages total } missingAssetsEvents { total } unsuccessfulQCAssetsEvents { pages total } totalProgrammes } } }`;
    const summary = (await gql.data(Q, { id: s.id, size: 2 })).schedule.eventsSummary;
    expect(summary).toEqual({
      currentEventPage: 1,
      eventsByType: { PRIMARY: { pages: [0, 1, 2], total: 4 }, ADVERTISEMENT: { pages: [0, 2], total: 2 } },
      gaps: { pages: [1], total: 1 },
      overlaps: { pages: [2], total: 1 },
      missingAssetsEvents: { total: 0 }, // no event names an asset (test/checks counts missing ones)
      unsuccessfulQCAssetsEvents: { pages: [1], total: 1 },
      totalProgrammes: 3,
    });
    const byDefault = (await gql.data(Q, { id: s.id })).schedule.eventsSummary;
    expect(byDefault.gaps).toEqual({ pages: [0], total: 1 });
    expect((await gql.error(Q, { id: s.id, size: 0 })).extensions.code).toBe("BAD_USER_INPUT");
    const empty = await createSchedule(gql, "Empty");
    expect((await gql.data(Q, { id: empty.id })).schedule.eventsSummary).toEqual({
      currentEventPage: 0, eventsByType: {}, gaps: { pages: [], total: 0 }, overlaps: { pages: [], total: 0 },
      missingAssetsEvents: { total: 0 }, unsuccessfulQCAssetsEvents: { pages: [], total: 0 }, totalProgrammes: 0,
    });
  });
});
