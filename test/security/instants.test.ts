// Every instant a write can produce stays within years 1900–9999 (issue 11, item 8): anything
// that would leave the range answers BAD_USER_INPUT before writing, and the schedule, its pages and
// its export keep working. Years 0001–0099 are refused, never rewritten to 19xx/20xx.
import { describe, expect, it } from "vitest";
import { type GraphQLClient, orgClient, useOwnTestService, useTestService } from "../helpers/service.js";

const HOUR = 3_600_000;
const MAX_SAFE = 9007199254740991;
const NEAR_END = "9999-12-31T23:00:00.000Z";

const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id onAirTime duration } }`;
const SCHEDULE = `query($id: ID!) { schedule(id: $id) { version startDate finishDate events(size: 50) { totalElements content { id onAirTime duration } } } }`;

async function newSchedule(gql: GraphQLClient, input: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  const { createSchedule } = await gql.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, { input: { name: "Range", ...input } });
  return createSchedule;
}

async function addEvent(gql: GraphQLClient, scheduleId: string, onAirTime: string, duration: number): Promise<string> {
  const { createEvent } = await gql.data(CREATE_EVENT, { s: scheduleId, input: { onAirTime, duration } });
  return createEvent.id;
}

/** The schedule, a page of its events and the list of schedules still read. */
async function stillReadable(gql: GraphQLClient, scheduleId: string): Promise<any> {
  const { schedule } = await gql.data(SCHEDULE, { id: scheduleId });
  const { schedules } = await gql.data(`{ schedules(size: 100) { content { id startDate finishDate } } }`);
  expect(schedules.content.map((s: { id: string }) => s.id)).toContain(scheduleId);
  return schedule;
}

function expectBadInput(result: { data?: any; errors?: { message: string; extensions: { code: string } }[] }, pattern: RegExp = /1900-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z/) {
  expect(result.errors?.[0].extensions.code, JSON.stringify(result.errors)).toBe("BAD_USER_INPUT");
  expect(result.errors?.[0].message).toMatch(pattern);
}

describe("instants written by events", () => {
  const t = useTestService();

  it("refuses createEvent whose end lies beyond 9999 (duration 2^53 - 1)", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    expectBadInput(await gql.request(CREATE_EVENT, { s: s.id, input: { onAirTime: "2026-01-01T00:00:00Z", duration: MAX_SAFE } }));
    expectBadInput(await gql.request(CREATE_EVENT, { s: s.id, input: { onAirTime: NEAR_END, duration: 2 * HOUR } }));
    const schedule = await stillReadable(gql, s.id);
    expect(schedule).toMatchObject({ version: 1, events: { totalElements: 0 } });
  });

  it("takes an event that ends in the last hour of 9999, and the schedule stays readable", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    await addEvent(gql, s.id, NEAR_END, HOUR - 1);
    const schedule = await stillReadable(gql, s.id);
    expect(schedule).toMatchObject({ startDate: NEAR_END, finishDate: "9999-12-31T23:59:59.999Z" });
    // The next event would follow the last end: past the range.
    expectBadInput(await gql.request(CREATE_EVENT, { s: s.id, input: { duration: 1 } }));
  });

  it("refuses an event before 1900 and updateEvents that would end beyond 9999", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    expectBadInput(await gql.request(CREATE_EVENT, { s: s.id, input: { onAirTime: "1899-12-31T23:00:00Z", duration: HOUR } }), /./);
    const id = await addEvent(gql, s.id, "2026-01-01T00:00:00Z", HOUR);
    const update = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) { version } }`;
    expectBadInput(await gql.request(update, { s: s.id, v: 2, events: [{ id, duration: MAX_SAFE }] }));
    expect((await stillReadable(gql, s.id)).events.content[0]).toMatchObject({ id, duration: HOUR });
  });

  it("refuses a bulk edit whose result leaves the range (shiftBy, created, eventLoop)", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    await addEvent(gql, s.id, "2026-01-01T00:00:00Z", HOUR);
    const bulk = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`;
    expectBadInput(await gql.request(bulk, { s: s.id, v: 2, input: { shiftBy: MAX_SAFE } }));
    expectBadInput(await gql.request(bulk, { s: s.id, v: 2, input: { shiftBy: -MAX_SAFE } }));
    expectBadInput(await gql.request(bulk, { s: s.id, v: 2, input: { created: [{ onAirTime: NEAR_END, duration: 2 * HOUR }] } }));
    expectBadInput(await gql.request(bulk, { s: s.id, v: 2, input: { eventLoop: { loopFrom: NEAR_END, loopTo: "9999-12-31T23:59:00Z", events: [{ duration: MAX_SAFE }] } } }));
    const schedule = await stillReadable(gql, s.id);
    expect(schedule).toMatchObject({ version: 2, events: { totalElements: 1 } });
  });

  it("refuses a ripple that would push an event beyond 9999", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    const first = await addEvent(gql, s.id, NEAR_END, 30 * 60_000);
    await addEvent(gql, s.id, "9999-12-31T23:10:00Z", 40 * 60_000);
    const ripple = `mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e) { version } }`;
    expectBadInput(await gql.request(ripple, { s: s.id, v: 3, e: first }));
    expect((await stillReadable(gql, s.id)).version).toBe(3);
  });
});

describe("instants written by schedule moves", () => {
  const t = useOwnTestService(); // its own service: this file reaches into its database
  const SHIFT = `mutation($id: ID!, $ms: SafeInt!) { shiftSchedule(id: $id, milliseconds: $ms) { version startDate finishDate } }`;
  const TRANSPOSE = `mutation($id: ID!, $at: DateTime!) { transposeSchedule(id: $id, startTime: $at) { version startDate finishDate } }`;

  it("refuses shiftSchedule(milliseconds: 2^53 - 1) and its negative, with and without events", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql, { startDate: "2026-01-01T00:00:00Z", finishDate: "2026-01-02T00:00:00Z" });
    expectBadInput(await gql.request(SHIFT, { id: s.id, ms: MAX_SAFE }));
    expectBadInput(await gql.request(SHIFT, { id: s.id, ms: -MAX_SAFE }));
    await addEvent(gql, s.id, "2026-01-01T00:00:00Z", HOUR);
    expectBadInput(await gql.request(SHIFT, { id: s.id, ms: MAX_SAFE }));
    expectBadInput(await gql.request(SHIFT, { id: s.id, ms: -MAX_SAFE }));
    const schedule = await stillReadable(gql, s.id);
    expect(schedule).toMatchObject({ version: 2, startDate: "2026-01-01T00:00:00.000Z" });
    // A shift that stays in range still works.
    expect((await gql.data(SHIFT, { id: s.id, ms: HOUR })).shiftSchedule.startDate).toBe("2026-01-01T01:00:00.000Z");
  });

  it("refuses transposeSchedule that would end beyond 9999", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    await addEvent(gql, s.id, "2026-01-01T00:00:00Z", 2 * HOUR);
    expectBadInput(await gql.request(TRANSPOSE, { id: s.id, at: NEAR_END }));
    expect((await gql.data(TRANSPOSE, { id: s.id, at: "9999-12-31T21:00:00Z" })).transposeSchedule.finishDate).toBe("9999-12-31T23:00:00.000Z");
    await stillReadable(gql, s.id);
  });

  it("refuses to copy a schedule stored out of range before the check existed", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql, { startDate: "2026-01-01T00:00:00Z" });
    const { sql } = await import("drizzle-orm");
    await t.service.database.db.execute(sql`update schedules set finish_date = '10000-01-01T00:00:00Z'::timestamptz where id = ${Number(s.id)}`);
    expectBadInput(await gql.request(`mutation($id: ID!) { copySchedule(id: $id) { id } }`, { id: s.id }));
  });

  it("copies a schedule near the end of the range", async () => {
    const { gql } = await orgClient(t);
    const s = await newSchedule(gql);
    await addEvent(gql, s.id, NEAR_END, HOUR - 1);
    const { copySchedule } = await gql.data(`mutation($id: ID!) { copySchedule(id: $id) { id finishDate } }`, { id: s.id });
    expect(copySchedule.finishDate).toBe("9999-12-31T23:59:59.999Z");
  });
});

describe("DateTime input outside the range", () => {
  const t = useTestService({ executor: "graphql" });

  it.each(["0050-01-01T00:00:00Z", "0001-06-01T00:00:00.000Z", "1899-12-31T23:59:59.999Z"])("refuses %s (variables): never rewritten to 19xx/20xx", async (at) => {
    const { gql } = await orgClient(t);
    const result = await gql.request(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id startDate } }`, { input: { name: "Old", startDate: at } });
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(result.errors?.[0].message).toMatch(/1900-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z/);
    const { schedules } = await gql.data(`{ schedules { totalElements } }`);
    expect(schedules.totalElements).toBe(0);
  });

  it("refuses year 0050 written inline in the query", async () => {
    const { gql } = await orgClient(t);
    const result = await gql.request(`mutation { createSchedule(input: { name: "Old", startDate: "0050-01-01T00:00:00Z" }) { id startDate } }`);
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].message).toMatch(/1900-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z/);
  });

  it("keeps 1900-01-01 and 9999-12-31T23:59:59.999Z as given", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { startDate finishDate } }`, {
      input: { name: "Edges", startDate: "1900-01-01T00:00:00Z", finishDate: "9999-12-31T23:59:59.999Z" },
    });
    expect(createSchedule).toEqual({ startDate: "1900-01-01T00:00:00.000Z", finishDate: "9999-12-31T23:59:59.999Z" });
  });
});
