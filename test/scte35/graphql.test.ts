// SCTE35Signal.encoded, Event.scte35Cues and Query.decodeScte35 through the service.
import { describe, expect, it } from "vitest";
import { decodeCueText, encodeSignal, ptsAt } from "../../src/scte35/index.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";
import { addEvents, createSchedule, T0 } from "../events/helpers.js";

const t = useTestService();

const CUE_OUT = { scteEventType: "SPLICE", command: "ON", origin: "FROM_START", offset: 5_000, duration: 60_000, spliceEventId: 42, hasSegment: true, segmentationEventId: 7, segmentationTypeId: 0x34, segmentationUpidType: 0x09, segmentationUpid: "SIGNAL:abc" };
const CUE_IN = { scteEventType: "TIME_SIGNAL", origin: "FROM_END", offset: 0, hasSegment: true, segmentationEventId: 7, segmentationTypeId: 0x35 };
const EVENTS = `query($id: ID!) { schedule(id: $id) { events { content { onAirTime duration
  scte35Signals { offset encoded hex: encoded(format: HEX) } scte35Cues hexCues: scte35Cues(format: HEX) } } } }`;

describe("SCTE-35 cues in GraphQL", () => {
  it("each signal answers its cue at the event's on-air time + offset, and the event answers all of them", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    await addEvents(gql, s.id, [{ at: T0, duration: 120_000, scte35Signals: [CUE_OUT, CUE_IN] }]);
    const { schedule } = await gql.data(EVENTS, { id: s.id });
    const [event] = schedule.events.content;
    const at = { eventOnAirMs: T0, eventDurationMs: 120_000 };
    const expected = [encodeSignal(CUE_OUT, at, "BASE64"), encodeSignal(CUE_IN, at, "BASE64")];
    expect(event.scte35Signals.map((x: { encoded: string }) => x.encoded)).toEqual(expected);
    expect(event.scte35Cues).toEqual(expected);
    expect(event.hexCues).toEqual(event.scte35Signals.map((x: { hex: string }) => x.hex));
    expect(decodeCueText(event.hexCues[0]).spliceInsert?.spliceTime?.ptsTime).toBe(ptsAt(T0 + 5_000));
    expect(decodeCueText(event.scte35Cues[1]).timeSignal?.ptsTime).toBe(ptsAt(T0 + 120_000));
  });

  it("encoded is an output field only: SCTE35SignalInput (the same class in type-graphql) has no such field", async () => {
    const { gql } = await orgClient(t);
    const { input, output } = await gql.data(`{ input: __type(name: "SCTE35SignalInput") { inputFields { name } } output: __type(name: "SCTE35Signal") { fields { name } } }`);
    expect(input.inputFields.map((f: { name: string }) => f.name)).not.toContain("encoded");
    expect(input.inputFields.map((f: { name: string }) => f.name)).toContain("segmentationUpid");
    expect(output.fields.map((f: { name: string }) => f.name)).toContain("encoded");
  });

  it("a signal that does not fit a cue is refused when written, naming the field, and nothing is written", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql);
    const error = await gql.error(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id scte35Cues } }`, {
      s: s.id,
      input: { onAirTime: new Date(T0).toISOString(), duration: 1_000, scte35Signals: [{ scteEventType: "SPLICE", availNum: 300 }] },
    });
    expect(error.extensions?.code).toBe("BAD_USER_INPUT");
    expect(error.extensions?.field).toBe("scte35Signals[0].availNum");
    expect(error.message).toMatch(/availNum must be a whole number from 0 to 255/);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events { totalElements } } }`, { id: s.id });
    expect(schedule.events.totalElements).toBe(0);
  });

  it("a stored signal that does not fit a cue (a file's, imported as it is) answers BAD_USER_INPUT naming the field", async () => {
    const { org, gql } = await orgClient(t);
    const day = { format: "playout-gateway/schedule", schedule: { name: "Cues" }, events: [{ onAirTime: new Date(T0).toISOString(), duration: 1_000, title: "Ad", scte35Signals: [{ scteEventType: "SPLICE", availNum: 300 }] }] };
    const imported = await uploadRequest(t.url, await t.token(org), `mutation($file: Upload!) { importSchedule(file: $file, fileName: "day.json") { id } }`, { name: "day.json", content: JSON.stringify(day) });
    expect(imported.errors, JSON.stringify(imported.errors)).toBeUndefined();
    const error = await gql.error(`query($id: ID!) { schedule(id: $id) { events { content { scte35Signals { encoded } } } } }`, { id: imported.data!.importSchedule.id });
    expect(error.extensions?.code).toBe("BAD_USER_INPUT");
    expect(error.message).toMatch(/availNum must be a whole number from 0 to 255/);
  });

  it("decodeScte35 answers every field of a pasted cue, base64 or hex", async () => {
    const { gql } = await orgClient(t);
    const query = `query($d: String!) { decodeScte35(data: $d) { tableId sectionLength ptsAdjustment tier spliceCommandType crc32
      spliceInsert { spliceEventId outOfNetworkIndicator spliceTime { ptsTime } breakDuration { autoReturn duration } uniqueProgramId availNum availsExpected }
      timeSignal { ptsTime }
      descriptors { spliceDescriptorTag identifier privateBytes segmentation { segmentationEventId segmentationTypeId segmentationDuration segmentationUpidType segmentationUpid upids { type value } deliveryNotRestrictedFlag } } } }`;
    const sample = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=";
    const { decodeScte35 } = await gql.data(query, { d: sample });
    expect(decodeScte35).toMatchObject({
      tableId: 0xfc, sectionLength: 47, tier: 0xfff, spliceCommandType: 5, crc32: 0x62dba30a,
      spliceInsert: { spliceEventId: 0x4800008f, outOfNetworkIndicator: true, spliceTime: { ptsTime: 0x07369c02e }, breakDuration: { autoReturn: true, duration: 0x00052ccf5 } },
      timeSignal: null,
      descriptors: [{ spliceDescriptorTag: 0, identifier: "CUEI", privateBytes: "00000135", segmentation: null }],
    });
    const hex = `0x${Buffer.from(sample, "base64").toString("hex")}`;
    expect((await gql.data(query, { d: hex })).decodeScte35).toEqual(decodeScte35);
  });

  it("decodeScte35 refuses a CRC mismatch or a malformed cue with BAD_USER_INPUT naming the byte", async () => {
    const { gql } = await orgClient(t);
    const query = `query($d: String!) { decodeScte35(data: $d) { tableId } }`;
    const crc = await gql.error(query, { d: "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowA=" });
    expect(crc.extensions).toMatchObject({ code: "BAD_USER_INPUT", byteOffset: 46 });
    expect(crc.message).toMatch(/CRC_32 at byte 46/);
    const cut = await gql.error(query, { d: "fc302f00" });
    expect(cut.extensions).toMatchObject({ code: "BAD_USER_INPUT", byteOffset: 1 });
    const garbage = await gql.error(query, { d: "not a cue!" });
    expect(garbage.extensions?.code).toBe("BAD_USER_INPUT");
    expect(garbage.message).toMatch(/"!" at character 9/);
  });
});
