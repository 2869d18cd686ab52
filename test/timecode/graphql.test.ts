// Timecode over GraphQL: Schedule.dropFrame, the Timecode scalar, Event.*Timecode at the schedule's
// rate, and timecode as an alternative input form of durations and SOM/EOM.
import { describe, expect, it } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";

const t = useTestService();

const CREATE_SCHEDULE = `mutation($input: ScheduleInput!) { createSchedule(input: $input) { id fps dropFrame version } }`;
const UPDATE_SCHEDULE = `mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id fps dropFrame version } }`;
const TIMECODES = "id duration som onAirTimecode durationTimecode somTimecode eomTimecode timecodeIn";
const CREATE_EVENT = `mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { ${TIMECODES} } }`;

async function schedule(gql: GraphQLClient, input: Record<string, unknown>) {
  return (await gql.data(CREATE_SCHEDULE, { input: { name: "Timecode", ...input } })).createSchedule;
}

describe("Schedule.dropFrame", () => {
  it("defaults to true at 29.97 and 59.94 only, and can be turned off there", async () => {
    const { gql } = await orgClient(t);
    expect((await schedule(gql, { fps: 29.97 })).dropFrame).toBe(true);
    expect((await schedule(gql, { fps: 59.94 })).dropFrame).toBe(true);
    expect((await schedule(gql, { fps: 25 })).dropFrame).toBe(false);
    expect((await schedule(gql, {})).dropFrame).toBe(false);
    const ndf = await schedule(gql, { fps: 29.97, dropFrame: false });
    expect(ndf.dropFrame).toBe(false);
    const back = (await gql.data(UPDATE_SCHEDULE, { id: ndf.id, input: { dropFrame: null } })).updateSchedule;
    expect(back).toMatchObject({ dropFrame: true, version: 2 });
  });

  it("refuses dropFrame true where the rate has no drop-frame, on create and on a change of fps", async () => {
    const { gql } = await orgClient(t);
    const refused = await gql.error(CREATE_SCHEDULE, { input: { name: "PAL", fps: 25, dropFrame: true } });
    expect(refused.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "dropFrame" });
    expect(refused.message).toMatch(/dropFrame must not be true at 25 fps/);
    const df = await schedule(gql, { fps: 29.97, dropFrame: true });
    const moved = await gql.error(UPDATE_SCHEDULE, { id: df.id, input: { fps: 25 } });
    expect(moved.extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.data(UPDATE_SCHEDULE, { id: df.id, input: { fps: 25, dropFrame: null } })).updateSchedule).toMatchObject({ fps: 25, dropFrame: false });
  });
});

describe("Event timecodes", () => {
  it("reads the event's times at the schedule's rate, drop-frame at 29.97", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { fps: 29.97 });
    const e = (await gql.data(CREATE_EVENT, { s: s.id, input: { onAirTime: "2026-03-01T00:10:00Z", duration: 600_000, som: 3_600_000 } })).createEvent;
    expect(e).toMatchObject({ onAirTimecode: "00:10:00;00", durationTimecode: "00:10:00;00", somTimecode: "01:00:00;00", eomTimecode: "01:10:00;00" }); // 3,600,000 ms is frame 107,892.1
    const pal = await schedule(gql, { fps: 25 });
    const p = (await gql.data(CREATE_EVENT, { s: pal.id, input: { onAirTime: "2026-03-01T06:00:00.059Z", duration: 30_019 } })).createEvent;
    expect(p).toMatchObject({ onAirTimecode: "06:00:00:01", durationTimecode: "00:00:30:00", somTimecode: null, eomTimecode: null });
  });

  it("takes durations and SOM/EOM as timecodes, exactly, and reads them back", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { fps: 29.97 });
    const e = (await gql.data(CREATE_EVENT, {
      s: s.id,
      input: { onAirTime: "2026-03-01T06:00:00Z", somTimecode: "01:00:00;00", eomTimecode: "01:00:30;00", timecodeInTimecode: "00:59:50;00" },
    })).createEvent;
    expect(e).toMatchObject({ som: 3_599_996, somTimecode: "01:00:00;00", eomTimecode: "01:00:30;00", durationTimecode: "00:00:30;00", duration: 30_030, timecodeIn: 3_589_986 });
    // an update with only eomTimecode uses the stored som
    const UPDATE = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) {
      events { content { ${TIMECODES} } } } }`;
    const { updateEvents } = await gql.data(UPDATE, { s: s.id, v: 2, events: [{ id: e.id, eomTimecode: "01:01:00;02" }] });
    expect(updateEvents.events.content[0]).toMatchObject({ somTimecode: "01:00:00;00", eomTimecode: "01:01:00;02", durationTimecode: "00:01:00;02", duration: 60_060 });
    // bulk edits take them too
    const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { events { content { durationTimecode duration } } } } }`;
    const bulk = (await gql.data(BULK, { s: s.id, v: 3, input: { created: [{ onAirTime: "2026-03-01T07:00:00Z", durationTimecode: "00:00:10;00" }] } })).bulkEditEvents;
    expect(bulk.content.events.content[1]).toEqual({ durationTimecode: "00:00:10;00", duration: 10_010 });
  });

  it("a non-drop label counts non-drop even on a drop-frame schedule", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { fps: 29.97 });
    const e = (await gql.data(CREATE_EVENT, { s: s.id, input: { onAirTime: "2026-03-01T06:00:00Z", durationTimecode: "00:01:00:00" } })).createEvent;
    expect(e).toMatchObject({ duration: 60_060, durationTimecode: "00:01:00;02" }); // 1800 frames
  });

  it("answers BAD_USER_INPUT for malformed, impossible or doubled timecodes, naming the value", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { fps: 29.97 });
    const at = "2026-03-01T06:00:00Z";
    const malformed = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirTime: at, durationTimecode: "1:00" } });
    expect(malformed.extensions.code).toBe("BAD_USER_INPUT");
    expect(malformed.message).toContain('"1:00" is not a timecode');
    const literal = await gql.error(`mutation($s: ID!) { createEvent(scheduleId: $s, input: { durationTimecode: "00:00:61:00" }) { id } }`, { s: s.id });
    // A literal in the query text is checked while validating, as every scalar's (DateTime too): that code.
    expect(literal.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(literal.message).toContain("seconds 61 are past 59");
    const dropped = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirTime: at, durationTimecode: "00:01:00;00" } });
    expect(dropped.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "durationTimecode" });
    expect(dropped.message).toMatch(/"00:01:00;00" does not exist at 29.97 drop-frame/);
    const both = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirTime: at, duration: 1000, durationTimecode: "00:00:01;00" } });
    expect(both).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "durationTimecode" } });
    expect(both.message).toMatch(/give duration or durationTimecode, not both/);
    const eomWithoutSom = await gql.error(CREATE_EVENT, { s: s.id, input: { onAirTime: at, eomTimecode: "00:00:01;00" } });
    expect(eomWithoutSom.message).toMatch(/eomTimecode: needs the event's som/);
    const pal = await schedule(gql, { fps: 25 });
    const df = await gql.error(CREATE_EVENT, { s: pal.id, input: { onAirTime: at, durationTimecode: "00:00:01;00" } });
    expect(df.message).toMatch(/drop-frame exists only at 29.97 and 59.94 fps, not at 25/);
    // nothing was written
    const { schedule: read } = await gql.data(`query($id: ID!) { schedule(id: $id) { events { totalElements } } }`, { id: s.id });
    expect(read.events.totalElements).toBe(0);
  });

  it("reads timecodes of a page of events with no extra statement", async () => {
    const { gql } = await orgClient(t);
    const s = await schedule(gql, { fps: 59.94 });
    for (let i = 0; i < 5; i++) await gql.data(CREATE_EVENT, { s: s.id, input: { durationTimecode: "00:00:10;00", som: 0 } });
    const count = async (fields: string) => {
      statementCounter.count = 0;
      statementCounter.enabled = true;
      try {
        const data = await gql.data(`query($id: ID!) { schedule(id: $id) { events { content { ${fields} } } } }`, { id: s.id });
        return { statements: statementCounter.count, data };
      } finally {
        statementCounter.enabled = false;
      }
    };
    const plain = await count("id som duration");
    const timed = await count("id som duration onAirTimecode durationTimecode somTimecode eomTimecode");
    expect(timed.statements).toBe(plain.statements);
    expect(timed.data.schedule.events.content.map((e: any) => e.eomTimecode)).toEqual(["00:00:10;00", "00:00:10;00", "00:00:10;00", "00:00:10;00", "00:00:10;00"]);
  });
});
