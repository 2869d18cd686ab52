import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { ALL_FIELDS, FULL_INPUT } from "./fields.js";
import { addEvents, createSchedule, EVENT_FIELDS, iso, MIN, scheduleState, T0, minuteSlots } from "./helpers.js";

const t = useOwnTestService(); // its own service: this file reaches into its database

const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!, $cs: ID) { createEvent(scheduleId: $s, input: $input, changeSetId: $cs) { ${ALL_FIELDS} } }`;
const UPDATE = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) { id version startDate finishDate } }`;
const DELETE = `mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { id version startDate finishDate } }`;
const PAGE = `query($id: ID!, $page: Int, $size: Int, $term: String, $eventType: EventType, $from: DateTime, $to: DateTime) {
  schedule(id: $id) { events(page: $page, size: $size, term: $term, eventType: $eventType, from: $from, to: $to) {
    content { id title } gaps overlaps programmes number size totalElements totalPages numberOfElements first last empty
    pageable { offset pageNumber pageSize } sort { property direction } } } }`;

describe("events: fields and storage", () => {
  it("stores every field of SPEC Event and never answers the encryption key", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const { createEvent } = await gql.data(CREATE_EVENT, { s: s.id, input: FULL_INPUT });
    const { encryptionKey: _secret, ...liveWithoutKey } = FULL_INPUT.liveParameters;
    const expected = { ...FULL_INPUT, liveParameters: { ...liveWithoutKey, encryptionKey: null } };
    expect(createEvent).toMatchObject({ ...expected, scheduleId: s.id, version: 1 });
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { version startDate finishDate events { content { ${ALL_FIELDS} } } } }`, { id: s.id });
    expect(schedule.events.content[0]).toEqual(createEvent);
    expect(schedule).toMatchObject({ version: 2, startDate: "2026-03-01T06:00:00.000Z", finishDate: "2026-03-01T06:30:00.000Z" });
  });

  it("keeps the stored encryption key when liveParameters come back without it, and lets null clear it", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const { createEvent: e } = await gql.data(CREATE_EVENT, { s: s.id, input: { onAirTime: iso(T0), duration: MIN, liveParameters: { encryptionKey: "k1", port: 1 } } });
    await gql.data(UPDATE, { s: s.id, v: 2, events: [{ id: e.id, liveParameters: { port: 2 } }] });
    // The key is not readable through the API; a direct look at the row shows it is still there.
    const db = t.service.database.db;
    const { sql } = await import("drizzle-orm");
    const read = async () => {
      const result: any = await db.execute(sql`select data->'liveParameters' as lp from events where id = ${Number(e.id)}`);
      return (Array.isArray(result) ? result : result.rows)[0].lp;
    };
    expect(await read()).toEqual({ port: 2, encryptionKey: "k1" });
    await gql.data(UPDATE, { s: s.id, v: 3, events: [{ id: e.id, liveParameters: { port: 3, encryptionKey: null } }] });
    expect(await read()).toEqual({ port: 3, encryptionKey: null });
  });

  it("defaults a new event to PRIMARY at the end of the last one", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Defaults", { startDate: iso(T0) });
    const { createEvent: first } = await gql.data(CREATE_EVENT, { s: s.id, input: { duration: 10 * MIN, title: "A" } });
    expect(first).toMatchObject({ onAirTime: iso(T0), eventType: "PRIMARY", locked: false });
    const { createEvent: second } = await gql.data(CREATE_EVENT, { s: s.id, input: { duration: 5 * MIN, title: "B" } });
    expect(second.onAirTime).toBe(iso(T0 + 10 * MIN));
  });
});

describe("events: paging and filters", () => {
  it("pages in air order with gaps, overlaps and programmes maps", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const ids = await addEvents(gql, s.id, [
      { at: T0, duration: 20 * MIN, title: "Film" },
      { at: T0 + 20 * MIN, duration: 2 * MIN, title: "Spot 1", eventType: "ADVERTISEMENT" },
      { at: T0 + 22 * MIN, duration: 20 * MIN, title: "Film" },
      { at: T0 + 45 * MIN, duration: 10 * MIN, title: "News" }, // 3 min gap
      { at: T0 + 50 * MIN, duration: 10 * MIN, title: "Weather" }, // 5 min overlap
      { at: T0 + 60 * MIN, duration: 0, title: "Marker", eventType: "PLACEHOLDER" },
    ]);
    const all = (await gql.data(PAGE, { id: s.id })).schedule.events;
    expect(all.content.map((e: any) => e.id)).toEqual(ids);
    expect(all.gaps).toEqual({ [ids[3]]: 3 * MIN });
    expect(all.overlaps).toEqual({ [ids[4]]: 5 * MIN });
    expect(all.programmes).toEqual({ Film: 2, News: 1, Weather: 1 });
    expect(all).toMatchObject({ number: 0, size: 20, totalElements: 6, totalPages: 1, first: true, last: true, empty: false, sort: [{ property: "onAirTime", direction: "ASC" }] });

    const second = (await gql.data(PAGE, { id: s.id, page: 1, size: 2 })).schedule.events;
    expect(second.content.map((e: any) => e.id)).toEqual([ids[2], ids[3]]);
    expect(second).toMatchObject({ number: 1, totalPages: 3, first: false, last: false, numberOfElements: 2, pageable: { offset: 2, pageNumber: 1, pageSize: 2 } });
    // The gap before the first event of a page is measured against the event before the page.
    const third = (await gql.data(PAGE, { id: s.id, page: 2, size: 2 })).schedule.events;
    expect(third.overlaps).toEqual({ [ids[4]]: 5 * MIN });
    expect(third.last).toBe(true);
    const past = (await gql.data(PAGE, { id: s.id, page: 9, size: 2 })).schedule.events;
    expect(past).toMatchObject({ content: [], empty: true, totalElements: 6 });

    const film = (await gql.data(PAGE, { id: s.id, term: "fIL" })).schedule.events;
    expect(film.content.map((e: any) => e.id)).toEqual([ids[0], ids[2]]);
    const ads = (await gql.data(PAGE, { id: s.id, eventType: "ADVERTISEMENT" })).schedule.events;
    expect(ads.content.map((e: any) => e.title)).toEqual(["Spot 1"]);
    const window = (await gql.data(PAGE, { id: s.id, from: iso(T0 + 20 * MIN), to: iso(T0 + 50 * MIN) })).schedule.events;
    expect(window.content.map((e: any) => e.id)).toEqual([ids[1], ids[2], ids[3]]);
    // A filtered page still measures gaps against the whole schedule.
    const news = (await gql.data(PAGE, { id: s.id, term: "news" })).schedule.events;
    expect(news.gaps).toEqual({ [ids[3]]: 3 * MIN });
  });

  it("rejects bad paging and filters", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    for (const variables of [{ size: 0 }, { size: 1001 }, { page: -1 }, { from: iso(T0 + MIN), to: iso(T0) }]) {
      expect((await gql.error(PAGE, { id: s.id, ...variables })).extensions.code, JSON.stringify(variables)).toBe("BAD_USER_INPUT");
    }
    const Q = `query($id: ID!, $c: EventCriteriaInput) { schedule(id: $id) { eventPageAt(time: "2026-03-01T06:00:00Z", pageSize: 10, criteria: $c) } }`;
    // missingAsset works now that the catalog exists (test/checks covers it).
    expect((await gql.data(Q, { id: s.id, c: { missingAsset: true } })).schedule.eventPageAt).toBe(0);
  });

  it("finds the page of the event on air at a time (eventPageAt)", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const specs = Array.from({ length: 10 }, (_, i) => ({ at: T0 + i * 10 * MIN, duration: 10 * MIN, title: `E${i}`, eventType: i % 2 ? "ADVERTISEMENT" : "PRIMARY" }));
    const ids = await addEvents(gql, s.id, specs);
    const Q = `query($id: ID!, $time: DateTime!, $size: Int!, $c: EventCriteriaInput) { schedule(id: $id) { eventPageAt(time: $time, pageSize: $size, criteria: $c) } }`;
    const at = async (minutes: number, size: number, c?: object) => (await gql.data(Q, { id: s.id, time: iso(T0 + minutes * MIN), size, c })).schedule.eventPageAt;
    expect(await at(0, 3)).toBe(0);
    expect(await at(35, 3)).toBe(1); // E3 is the 4th event
    expect(await at(95, 3)).toBe(3);
    expect(await at(-5, 3)).toBe(0);
    expect(await at(500, 4)).toBe(2); // after the end: the last event's page
    expect(await at(45, 2, { eventType: "PRIMARY" })).toBe(1); // E4 is the 3rd PRIMARY
    expect(await at(45, 1, { ids: [ids[0], ids[8]] })).toBe(0);
    expect((await gql.error(Q, { id: s.id, time: iso(T0), size: 0 })).extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("events: update and delete", () => {
  async function setup() {
    const { org, gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const ids = await addEvents(gql, s.id, [
      { at: T0, duration: 10 * MIN, title: "A", houseId: "H-A" },
      { at: T0 + 10 * MIN, duration: 10 * MIN, title: "B" },
      { at: T0 + 20 * MIN, duration: 10 * MIN, title: "C" },
    ]);
    return { org, gql, s, ids, version: 4 };
  }

  it("updates only the given fields, adds 1 to the schedule and event versions, and follows the dates", async () => {
    const { gql, s, ids, version } = await setup();
    const { updateEvents } = await gql.data(UPDATE, {
      s: s.id, v: version,
      events: [{ id: ids[0], title: "A2", onAirTime: iso(T0 - 5 * MIN) }, { id: ids[2], duration: 20 * MIN, houseId: null }],
    });
    expect(updateEvents).toMatchObject({ version: version + 1, startDate: iso(T0 - 5 * MIN), finishDate: iso(T0 + 40 * MIN) });
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events { content { ${EVENT_FIELDS} houseId } } } }`, { id: s.id });
    const [a, b, c] = schedule.events.content;
    expect(a).toMatchObject({ id: ids[0], title: "A2", houseId: "H-A", duration: 10 * MIN, version: 2 });
    expect(b).toMatchObject({ id: ids[1], title: "B", version: 1 });
    expect(c).toMatchObject({ id: ids[2], title: "C", duration: 20 * MIN, houseId: null, version: 2 });
  });

  it("answers CONFLICT with currentVersion for a stale version and writes nothing", async () => {
    const { gql, s, ids, version } = await setup();
    const before = await scheduleState(gql, s.id);
    const error = await gql.error(UPDATE, { s: s.id, v: version - 1, events: [{ id: ids[0], title: "X" }] });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", currentVersion: version });
    expect(await scheduleState(gql, s.id)).toEqual(before);
  });

  it("refuses unknown, foreign and invalid events with nothing written", async () => {
    const { gql, s, ids, version } = await setup();
    const other = await createSchedule(gql, "Other");
    const [otherEvent] = await addEvents(gql, other.id, [{ at: T0, duration: MIN }]);
    const stranger = await orgClient(t);
    const strangerSchedule = await createSchedule(stranger.gql, "Theirs");
    const [strangerEvent] = await addEvents(stranger.gql, strangerSchedule.id, [{ at: T0, duration: MIN }]);
    const before = await scheduleState(gql, s.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ s: s.id, v: version, events: [{ id: ids[0], title: "ok" }, { id: "999999", title: "x" }] }, "NOT_FOUND"],
      [{ s: s.id, v: version, events: [{ id: ids[0], title: "ok" }, { id: otherEvent, title: "x" }] }, "NOT_FOUND"],
      [{ s: s.id, v: version, events: [{ id: strangerEvent, title: "x" }] }, "NOT_FOUND"],
      [{ s: strangerSchedule.id, v: 1, events: [{ id: strangerEvent, title: "x" }] }, "NOT_FOUND"],
      [{ s: s.id, v: version, events: [{ id: ids[0], title: "ok" }, { id: ids[1], duration: -1 }] }, "BAD_USER_INPUT"],
      [{ s: s.id, v: version, events: [{ title: "no id" }] }, "BAD_USER_INPUT"],
      [{ s: s.id, v: version, events: [{ id: ids[0] }, { id: ids[0] }] }, "BAD_USER_INPUT"],
      [{ s: s.id, v: version, events: [{ id: ids[0], onAirTime: null }] }, "BAD_USER_INPUT"],
    ];
    for (const [variables, code] of cases) expect((await gql.error(UPDATE, variables)).extensions.code, JSON.stringify(variables)).toBe(code);
    expect((await gql.error(DELETE, { s: s.id, ids: [ids[0], otherEvent] })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(DELETE, { s: s.id, ids: [strangerEvent] })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(CREATE_EVENT, { s: s.id, input: { duration: -5 } })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(CREATE_EVENT, { s: strangerSchedule.id, input: { duration: 5 } })).extensions.code).toBe("NOT_FOUND");
    expect(await scheduleState(gql, s.id)).toEqual(before);
  });

  it("answers NOT_FOUND for an unknown change set, and viewers may not write", async () => {
    const { gql, s, ids } = await setup();
    const error = await gql.error(CREATE_EVENT, { s: s.id, input: { duration: 5 }, cs: "999999" });
    expect(error.extensions.code).toBe("NOT_FOUND");
    const { org } = await setup();
    const viewer = t.client(await t.token(org, "viewer"));
    expect((await viewer.error(DELETE, { s: s.id, ids: [ids[0]] })).extensions.code).toBe("FORBIDDEN");
  });

  it("deletes events all or nothing and follows the dates", async () => {
    const { gql, s, ids, version } = await setup();
    const { deleteEvents } = await gql.data(DELETE, { s: s.id, ids: [ids[0], ids[1]] });
    expect(deleteEvents).toMatchObject({ version: version + 1, startDate: iso(T0 + 20 * MIN), finishDate: iso(T0 + 30 * MIN) });
    expect(minuteSlots((await scheduleState(gql, s.id)).events)).toEqual([[20, 10, "C"]]);
    // With no events left the schedule keeps its last dates.
    const { deleteEvents: empty } = await gql.data(DELETE, { s: s.id, ids: [ids[2]] });
    expect(empty).toMatchObject({ startDate: iso(T0 + 20 * MIN), finishDate: iso(T0 + 30 * MIN) });
  });

  it("removes the events with their schedule", async () => {
    const { gql, s, ids } = await setup();
    await gql.data(`mutation($id: ID!) { deleteSchedule(id: $id) { id } }`, { id: s.id });
    const other = await createSchedule(gql);
    expect((await gql.error(DELETE, { s: other.id, ids: [ids[0]] })).extensions.code).toBe("NOT_FOUND");
  });
});
