// BXF through the service: a schedule exported by the job as BXF and imported back (sync, by the
// file's root element; and as a job, scriptId bxf) gives the same events: times to the frame,
// titles, mediaIds, types, SOM, secondary events and SCTE-35 cues. Then the CLI's --format bxf.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeCueText, encodeSignal, spliceInfoToSignal } from "../../src/scte35/index.js";
import { msToFrames } from "../../src/timecode/index.js";
import { runCli } from "../helpers/cli.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const EVENT_FIELDS = `onAirTime duration eventType title mediaId som locked manualStart manualEnd programme { title }
  secondaryEvents { objectName offset origin command }
  scte35Signals { offset origin scteEventType command spliceEventId duration autoReturn programId availNum availsExpected hasSegment segmentationEventId segmentationTypeId segmentNum segmentsExpected }`;
const IMPORT = `mutation($file: Upload!, $scriptId: String, $fps: Float) { importSchedule(file: $file, scriptId: $scriptId, fps: $fps) { id name channel fps events(size: 100) { totalElements content { ${EVENT_FIELDS} } } } }`;
const IMPORT_ASYNC = `mutation($file: Upload!, $scriptId: String) { importScheduleAsync(file: $file, scriptId: $scriptId) { ${JOB_FIELDS} } }`;
const EXPORT = `mutation($id: ID!, $bxfVersion: BxfVersion) { exportSchedule(id: $id, fileName: "day", format: BXF, bxfVersion: $bxfVersion) { ${JOB_FIELDS} } }`;
const EVENTS = `query($id: ID!) { schedule(id: $id) { name channel fps events(size: 100) { content { ${EVENT_FIELDS} } } } }`;

const at = (hhmmss: string) => `2026-05-04T${hhmmss}Z`;
const MIN = 60_000;

/** A day with a programme whose parts straddle a break, cues of both kinds, a graphic and an odd-ms time. */
function day(fps: number) {
  return {
    format: "playout-gateway/schedule",
    schedule: { name: "Day", channel: "Example One", fps },
    events: [
      {
        onAirTime: at("06:00:00.000"),
        duration: 30 * MIN,
        eventType: "PRIMARY",
        title: "News",
        mediaId: "NEWS-1",
        som: 10_000,
        locked: true,
        programme: { title: "News" },
        secondaryEvents: [
          { objectName: "logo", offset: 2000, origin: "FROM_START", command: "ON" },
          { objectName: "logo", offset: 3000, origin: "FROM_END", command: "OFF" },
        ],
      },
      {
        onAirTime: at("06:30:00.000"),
        duration: MIN,
        eventType: "ADVERTISEMENT",
        title: "Ad",
        mediaId: "AD-1",
        scte35Signals: [
          { offset: 0, origin: "FROM_START", scteEventType: "SPLICE", command: "ON", spliceEventId: 4021, duration: 60_000, autoReturn: true, programId: 1, availNum: 1, availsExpected: 2 },
          { offset: 0, origin: "FROM_END", scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationEventId: 77, segmentationTypeId: 53, segmentNum: 1, segmentsExpected: 1 },
        ],
      },
      { onAirTime: at("06:31:00.000"), duration: 29 * MIN + 123, eventType: "LIVE", title: "Match & <more>", mediaId: null, manualStart: true, manualEnd: true },
      { onAirTime: at("07:00:00.123"), duration: 40_000, eventType: "PLACEHOLDER", title: null, mediaId: "FILL-9" },
    ],
  };
}

async function upload(org: string, name: string, content: string, variables: Record<string, unknown> = {}) {
  const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name, content }, variables);
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  return result.data!.importSchedule;
}

async function exportBxf(gql: GraphQLClient, org: string, id: string, bxfVersion?: string): Promise<string> {
  const { exportSchedule: job } = await gql.data(EXPORT, { id, bxfVersion });
  const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
  expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
  expect(done.fileName).toBe("day.xml");
  const response = await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(org)}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** An event as the round trip must keep it: instants and lengths in frames of the rate, the rest as it is. */
function inFrames(event: any, rate: { fps: number; dropFrame: boolean }) {
  const frames = (ms: number | null | undefined) => (ms === null || ms === undefined ? ms : msToFrames(ms, rate));
  return {
    ...event,
    onAirTime: frames(new Date(event.onAirTime).getTime() - Date.parse(at("00:00:00.000"))),
    duration: frames(event.duration),
    som: frames(event.som),
    secondaryEvents: event.secondaryEvents?.map((s: any) => ({ ...s, offset: frames(s.offset) })) ?? null,
    // A cue is the same when the signal encodes to the same splice_info_section at the event's times:
    // every field alike, and its pts_time (the event's time, to the frame) within half a frame.
    scte35Signals:
      event.scte35Signals?.map((s: any) => {
        const { ptsTime, ...cue } = spliceInfoToSignal(decodeCueText(encodeSignal(s, { eventOnAirMs: new Date(event.onAirTime).getTime(), eventDurationMs: event.duration }, "BASE64")));
        return { offset: frames(s.offset), origin: s.origin, cue, ptsFrame: frames(ptsTime! / 90) };
      }) ?? null,
  };
}

describe("BXF through the service", () => {
  it.each([
    [25, undefined, "2017"],
    [29.97, "V2008", "2008"],
    [50, "V2017", "2017"],
  ])("export then import gives the same events at %s fps, bxfVersion %s (sync by the root element, and as a job)", async (fps, bxfVersion, year) => {
    const { gql, org } = await orgClient(t);
    const source = await upload(org, "day.json", JSON.stringify(day(fps)));
    const bxf = await exportBxf(gql, org, source.id, bxfVersion);
    expect(bxf.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/${year}/BXF"`)).toBe(true);

    const rate = { fps, dropFrame: fps === 29.97 };
    const expected = source.events.content.map((e: any) => inFrames(e, rate));
    const back = await upload(org, "day.xml", bxf);
    expect(back).toMatchObject({ name: "Day", channel: "Example One", fps });
    expect(back.events.content.map((e: any) => inFrames(e, rate))).toEqual(expected);

    const { importScheduleAsync: job } = (await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "upload", content: bxf }, { scriptId: "bxf" })).data!;
    const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    expect(done.messages).toEqual([{ type: "OK", message: expect.stringMatching(/^Imported 4 events \(bxf\) into schedule \d+ "Day"$/) }]);
    const viaJob = (await gql.data(EVENTS, { id: done.entityId })).schedule;
    expect(viaJob.events.content.map((e: any) => inFrames(e, rate))).toEqual(expected);
  });

  it("imports a file from another system with its warnings; a bad one creates nothing and names the line", async () => {
    const { gql, org } = await orgClient(t);
    const sample = readFileSync(new URL("../fixtures/bxf/traffic-sample.xml", import.meta.url), "utf8");
    const { importScheduleAsync: job } = (await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "kexa.xml", content: sample })).data!;
    const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.messages.map((m: any) => m.type)).toEqual(["OK", "WARNING", "WARNING"]);
    expect(done.messages[2].message).toMatch(/^Elements not read, ignored: .*EventData\/Transitions \(line 31\)/);
    const s = (await gql.data(EVENTS, { id: done.entityId })).schedule;
    expect(s).toMatchObject({ name: "KEXA 2026-03-01 morning", channel: "KEXA", fps: 29.97 });
    expect(s.events.content.map((e: any) => [e.title, e.eventType, e.mediaId])).toEqual([
      ["Morning Show & Weather", "PRIMARY", "MS-0301-A"],
      ["Example Cola 30s", "ADVERTISEMENT", "AD-4711"],
    ]);

    const before = (await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements;
    const bad = await uploadRequest(t.url, await t.token(org), IMPORT, { name: "bad.xml", content: sample.replace("06:28:30;00", "06:28:30;45") });
    expect(bad.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^ScheduledEvent 3 \(line \d+\): start: "06:28:30;45" does not exist at 29.97/), extensions: { code: "BAD_USER_INPUT" } });
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(before);
  });

  it("refuses an XXE payload with BAD_USER_INPUT and never shows what the entity names", async () => {
    const { org } = await orgClient(t);
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE BxfMessage [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<BxfMessage><BxfData><Schedule><ScheduleName>&xxe;</ScheduleName></Schedule></BxfData></BxfMessage>';
    const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name: "x.xml", content: xxe }, { scriptId: "bxf" });
    expect(result.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^line 4: entity declarations are not accepted/), extensions: { code: "BAD_USER_INPUT" } });
    expect(JSON.stringify(result)).not.toContain("root:");
  });

  it("the CLI imports and exports with --format bxf", async () => {
    const { org } = await orgClient(t);
    const dir = mkdtempSync(join(tmpdir(), "pgw-bxf-"));
    const source = join(dir, "day.json");
    writeFileSync(source, JSON.stringify(day(25)));
    const imported = await runCli(["import", source, "--url", t.url, "--org", org, "--quiet"]);
    expect(imported.code, imported.stderr).toBe(0);
    const [id] = imported.stdout.split("\t");
    const file = join(dir, "day.bxf.xml");
    const exported = await runCli(["export", id, "--format", "bxf", "--url", t.url, "--org", org, "--out", file, "--quiet"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(file, "utf8")).toContain("<ScheduleName>Day</ScheduleName>");
    const back = await runCli(["import", file, "--format", "bxf", "--sync", "--url", t.url, "--org", org, "--quiet"]);
    expect(back.code, back.stderr).toBe(0);
    expect(back.stdout).toMatch(/^\d+\tDay\t4 events\n$/);
  });
});
