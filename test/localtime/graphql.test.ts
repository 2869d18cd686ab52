// Local broadcast time over GraphQL: a schedule's zone and broadcast day start, events read and
// written in local time, broadcast days as units, wall-clock copy and shift across a change of offset.
import { describe, expect, it } from "vitest";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";

const t = useTestService();

const SCHEDULE_FIELDS = "id timeZone broadcastDayStart version";
const CREATE_SCHEDULE = `mutation($input: ScheduleInput!) { createSchedule(input: $input) { ${SCHEDULE_FIELDS} } }`;
const UPDATE_SCHEDULE = `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { ${SCHEDULE_FIELDS} } }`;
const LOCAL = "id onAirTime duration onAirLocal endLocal broadcastDate";
const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { ${LOCAL} } }`;
const EVENTS = `query($id: ID!) { schedule(id: $id) { events(size: 100) { content { ${LOCAL} title } } } }`;

async function schedule(gql: GraphQLClient, input: Record<string, unknown> = {}) {
  return (await gql.data(CREATE_SCHEDULE, { input: { name: "Local", ...input } })).createSchedule;
}

async function addEvents(gql: GraphQLClient, id: string, events: Record<string, unknown>[]) {
  for (const input of events) await gql.data(CREATE_EVENT, { s: id, input });
}

describe("Schedule.timeZone and broadcastDayStart", () => {
  it("default to UTC and 00:00, take IANA names and HH:MM, and refuse others by name", async () => {
    const { gql } = await orgClient(t);
    expect(await schedule(gql)).toMatchObject({ timeZone: "UTC", broadcastDayStart: "00:00" });
    const london = await schedule(gql, { timeZone: "europe/london", broadcastDayStart: "06:00" });
    expect(london).toMatchObject({ timeZone: "Europe/London", broadcastDayStart: "06:00" });
    const bad = await gql.error(CREATE_SCHEDULE, { input: { name: "x", timeZone: "Mars/Olympus" } });
    expect(bad.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "timeZone" });
    expect(bad.message).toMatch(/Mars\/Olympus/);
    const start = await gql.error(UPDATE_SCHEDULE, { id: london.id, input: { broadcastDayStart: "25:00" } });
    expect(start.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "broadcastDayStart" });
  });

  it("a change of zone moves no event: the instants stay, their local reading changes", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql);
    await addEvents(gql, s.id, [{ onAirTime: "2026-07-01T05:00:00Z", duration: 60_000 }]);
    await gql.data(UPDATE_SCHEDULE, { id: s.id, input: { timeZone: "Europe/London" } });
    const [e] = (await gql.data(EVENTS, { id: s.id })).schedule.events.content;
    expect(e).toMatchObject({ onAirTime: "2026-07-01T05:00:00.000Z", onAirLocal: "2026-07-01T06:00:00+01:00" });
  });
});

describe("events in local time", () => {
  it("reads onAirLocal, endLocal and broadcastDate with the offset in force, across the spring change", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "Europe/London", broadcastDayStart: "06:00" });
    await addEvents(gql, s.id, [
      { onAirTime: "2026-03-29T00:30:00Z", duration: 3_600_000 },
      { onAirLocal: "2026-03-29T06:00", duration: 1_800_000 },
    ]);
    const [night, news] = (await gql.data(EVENTS, { id: s.id })).schedule.events.content;
    expect(night).toMatchObject({ onAirLocal: "2026-03-29T00:30:00+00:00", endLocal: "2026-03-29T02:30:00+01:00", broadcastDate: "2026-03-28" });
    expect(news).toMatchObject({ onAirTime: "2026-03-29T05:00:00.000Z", onAirLocal: "2026-03-29T06:00:00+01:00", broadcastDate: "2026-03-29" });
  });

  it("refuses a skipped local time by name, and takes a repeated one's first occurrence unless the offset says", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "Europe/London" });
    const skipped = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirLocal: "2026-03-29T01:30" } });
    expect(skipped.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "onAirLocal" });
    expect(skipped.message).toMatch(/2026-03-29T01:30.*does not exist in Europe\/London/);
    const first = (await gql.data(CREATE_EVENT, { s: s.id, input: { onAirLocal: "2026-10-25T01:30" } })).createEvent;
    expect(first).toMatchObject({ onAirTime: "2026-10-25T00:30:00.000Z", onAirLocal: "2026-10-25T01:30:00+01:00" });
    const second = (await gql.data(CREATE_EVENT, { s: s.id, input: { onAirLocal: "2026-10-25T01:30+00:00" } })).createEvent;
    expect(second).toMatchObject({ onAirTime: "2026-10-25T01:30:00.000Z", onAirLocal: "2026-10-25T01:30:00+00:00" });
    const both = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirLocal: "2026-10-26T01:30", onAirTime: "2026-10-26T01:30:00Z" } });
    expect(both.extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("Schedule.broadcastDay", () => {
  it("answers 23, 24 and 25-hour days with the events starting in them", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "Europe/London", broadcastDayStart: "06:00" });
    await addEvents(gql, s.id, [
      { onAirLocal: "2026-03-28T23:00", duration: 60_000, title: "late", programme: { title: "Late" } },
      { onAirLocal: "2026-03-29T05:30", duration: 60_000, title: "before six", programme: { title: "Early" } },
      { onAirLocal: "2026-03-29T06:00", duration: 60_000, title: "news" },
    ]);
    const DAY = `query($id: ID!, $date: String!) { schedule(id: $id) { broadcastDay(date: $date) { date start end lengthMs events(size: 10) { totalElements content { title broadcastDate } } } } }`;
    const spring = (await gql.data(DAY, { id: s.id, date: "2026-03-28" })).schedule.broadcastDay;
    expect(spring).toMatchObject({ date: "2026-03-28", start: "2026-03-28T06:00:00.000Z", end: "2026-03-29T05:00:00.000Z", lengthMs: 82_800_000 });
    expect(spring.events.content).toEqual([{ title: "late", broadcastDate: "2026-03-28" }, { title: "before six", broadcastDate: "2026-03-28" }]);
    expect((await gql.data(DAY, { id: s.id, date: "2026-10-24" })).schedule.broadcastDay.lengthMs).toBe(90_000_000);
    expect((await gql.data(DAY, { id: s.id, date: "2026-03-29" })).schedule.broadcastDay.events.content).toEqual([{ title: "news", broadcastDate: "2026-03-29" }]);
    const SUMMARIES = `query($id: ID!, $date: String) { schedule(id: $id) { eventsSummary(broadcastDate: $date) { eventsByType } programmeSummary(broadcastDate: $date) { totalElements } } }`;
    const day = (await gql.data(SUMMARIES, { id: s.id, date: "2026-03-28" })).schedule;
    expect(day.eventsSummary.eventsByType).toEqual({ PRIMARY: { total: 2, pages: [0] } });
    expect(day.programmeSummary.totalElements).toBe(2);
    expect((await gql.data(SUMMARIES, { id: s.id })).schedule.eventsSummary.eventsByType.PRIMARY.total).toBe(3);
    expect((await gql.error(SUMMARIES, { id: s.id, date: "28/03/2026" })).extensions.code).toBe("BAD_USER_INPUT");
    const bad = await gql.error(DAY, { id: s.id, date: "2026-02-30" });
    expect(bad.extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("wall-clock copy and shift", () => {
  const COPY = `mutation($id: ID!, $startDate: DateTime, $wallClock: Boolean) { copySchedule(id: $id, startDate: $startDate, wallClock: $wallClock) { id timeZone startDate version } }`;
  const SHIFT = `mutation($id: ID!, $days: Int, $ms: SafeInt, $wallClock: Boolean) { shiftSchedule(id: $id, days: $days, milliseconds: $ms, wallClock: $wallClock) { id startDate } }`;

  it("copies last week onto the week of the spring change keeping 06:00 at 06:00", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "Europe/London", broadcastDayStart: "06:00" });
    await addEvents(gql, s.id, ["2026-03-21", "2026-03-22", "2026-03-23"].map((d) => ({ onAirLocal: `${d}T06:00`, duration: 3_600_000 })));
    const copy = (await gql.data(COPY, { id: s.id, startDate: "2026-03-28T06:00:00Z", wallClock: true })).copySchedule;
    expect(copy).toMatchObject({ timeZone: "Europe/London", startDate: "2026-03-28T06:00:00.000Z", version: 1 });
    const local = (await gql.data(EVENTS, { id: copy.id })).schedule.events.content.map((e: { onAirLocal: string }) => e.onAirLocal);
    expect(local).toEqual(["2026-03-28T06:00:00+00:00", "2026-03-29T06:00:00+01:00", "2026-03-30T06:00:00+01:00"]);
    // Without wallClock: the exact difference, so the days after the change read 07:00.
    const exact = (await gql.data(COPY, { id: s.id, startDate: "2026-03-28T06:00:00Z" })).copySchedule;
    const exactLocal = (await gql.data(EVENTS, { id: exact.id })).schedule.events.content.map((e: { onAirLocal: string }) => e.onAirLocal);
    expect(exactLocal).toEqual(["2026-03-28T06:00:00+00:00", "2026-03-29T07:00:00+01:00", "2026-03-30T07:00:00+01:00"]);
  });

  it("shifts by days exactly or by the wall clock, and takes exactly one of milliseconds and days", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "America/New_York" });
    await addEvents(gql, s.id, [{ onAirLocal: "2026-03-07T20:00", duration: 60_000 }, { onAirLocal: "2026-03-08T20:00", duration: 60_000 }]);
    await gql.data(SHIFT, { id: s.id, days: 7, wallClock: true });
    let local = (await gql.data(EVENTS, { id: s.id })).schedule.events.content.map((e: { onAirLocal: string }) => e.onAirLocal);
    expect(local).toEqual(["2026-03-14T20:00:00-04:00", "2026-03-15T20:00:00-04:00"]);
    await gql.data(SHIFT, { id: s.id, days: -7, wallClock: true });
    local = (await gql.data(EVENTS, { id: s.id })).schedule.events.content.map((e: { onAirLocal: string }) => e.onAirLocal);
    expect(local).toEqual(["2026-03-07T20:00:00-05:00", "2026-03-08T20:00:00-04:00"]);
    await gql.data(SHIFT, { id: s.id, days: 7 });
    local = (await gql.data(EVENTS, { id: s.id })).schedule.events.content.map((e: { onAirLocal: string }) => e.onAirLocal);
    expect(local).toEqual(["2026-03-14T21:00:00-04:00", "2026-03-15T20:00:00-04:00"]);
    expect((await gql.error(SHIFT, { id: s.id, days: 1, ms: 5 })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(SHIFT, { id: s.id })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(SHIFT, { id: s.id, ms: 1000, wallClock: true })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("reports the hour's gap a 25-hour day leaves, with its local times, and rippleSchedule closes it", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { timeZone: "Europe/London" });
    await addEvents(gql, s.id, ["00", "01", "02", "03"].map((h) => ({ onAirLocal: `2026-10-18T${h}:00`, duration: 3_600_000 })));
    const COPY_CHECKED = `mutation($id: ID!, $startDate: DateTime) { copySchedule(id: $id, startDate: $startDate, wallClock: true) {
      id version validation { gaps { value } messages { type message } } events { content { id onAirLocal } } } }`;
    const copy = (await gql.data(COPY_CHECKED, { id: s.id, startDate: "2026-10-25T00:00:00+01:00" })).copySchedule;
    expect(copy.events.content.map((e: { onAirLocal: string }) => e.onAirLocal)).toEqual([
      "2026-10-25T00:00:00+01:00", "2026-10-25T01:00:00+01:00", "2026-10-25T02:00:00+00:00", "2026-10-25T03:00:00+00:00",
    ]);
    expect(copy.validation.gaps).toEqual([{ value: 3_600_000 }]);
    const notes = copy.validation.messages.map((m: { message: string }) => m.message);
    expect(notes).toContain("gap of 3600000 ms at the clock change in Europe/London (+01:00 to +00:00): from 2026-10-25T01:00:00+00:00 to 2026-10-25T02:00:00+00:00, before event " + copy.events.content[2].id);
    const RIPPLE = `mutation($s: ID!, $v: Int!, $from: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $from, fixAll: true) { validation { gaps { value } } } }`;
    const rippled = (await gql.data(RIPPLE, { s: copy.id, v: copy.version, from: copy.events.content[0].id })).rippleSchedule;
    expect(rippled.validation.gaps).toEqual([]);
  });
});
