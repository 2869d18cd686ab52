// The JSON export carries each signal's base64 cue (Event.scte35Cues) and reads back without it;
// the XMLTV export has no place for cues.
import { describe, expect, it } from "vitest";
import { encodeSignal } from "../../src/scte35/index.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const IMPORT = `mutation($file: Upload!, $fileName: String) { importSchedule(file: $file, fileName: $fileName) { id } }`;
const EXPORT = `mutation($id: ID!, $fileName: String!, $format: ExportFormat) { exportSchedule(id: $id, fileName: $fileName, format: $format) { ${JOB_FIELDS} } }`;
const ON_AIR = "2026-05-04T08:00:00.000Z";
const OUT = { scteEventType: "SPLICE", command: "ON", offset: 10_000, duration: 90_000, spliceEventId: 9 };
const IN = { scteEventType: "TIME_SIGNAL", origin: "FROM_END", offset: 0, hasSegment: true, segmentationTypeId: 0x35, segmentationUpidType: 0x0f, segmentationUpid: "urn:x:1" };
const TOO_BIG = { scteEventType: "SPLICE", availNum: 999 };
const DAY = {
  format: "playout-gateway/schedule",
  schedule: { name: "Cues", channel: "One" },
  events: [
    { onAirTime: ON_AIR, duration: 1_800_000, eventType: "PRIMARY", title: "Film", programme: { title: "Film" }, scte35Signals: [OUT, IN, TOO_BIG] },
    { onAirTime: "2026-05-04T08:30:00.000Z", duration: 60_000, eventType: "PRIMARY", title: "Plain", programme: { title: "Plain" } },
  ],
};

async function exportBody(gql: GraphQLClient, org: string, id: string, format: string): Promise<string> {
  const { exportSchedule: job } = await gql.data(EXPORT, { id, fileName: `cues.${format.toLowerCase()}`, format });
  const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
  expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
  const response = await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(org)}` } });
  return response.text();
}

async function importJson(org: string, content: string): Promise<string> {
  const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name: "cues.json", content });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.importSchedule.id;
}

describe("SCTE-35 cues in exports", () => {
  it("JSON: each signal's base64 cue beside the signals (null where one does not fit), and it imports back", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(org, JSON.stringify(DAY));
    const exported = JSON.parse(await exportBody(gql, org, id, "JSON"));
    const at = { eventOnAirMs: Date.parse(ON_AIR), eventDurationMs: 1_800_000 };
    expect(exported.events[0].scte35Cues).toEqual([encodeSignal(OUT, at, "BASE64"), encodeSignal(IN, at, "BASE64"), null]);
    expect(exported.events[1]).not.toHaveProperty("scte35Cues");
    const copy = await importJson(org, JSON.stringify(exported));
    const again = JSON.parse(await exportBody(gql, org, copy, "JSON"));
    expect(again.events[0].scte35Cues).toEqual(exported.events[0].scte35Cues);
  });

  it("XMLTV: no cue", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(org, JSON.stringify(DAY));
    const xml = await exportBody(gql, org, id, "XMLTV");
    expect(xml).toContain("<title>Film</title>");
    expect(xml).not.toContain(encodeSignal(OUT, { eventOnAirMs: Date.parse(ON_AIR), eventDurationMs: 1_800_000 }, "BASE64"));
    expect(xml).not.toMatch(/scte|cue/i);
  });
});
