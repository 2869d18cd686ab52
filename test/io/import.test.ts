// importSchedule (S6) through GraphQL multipart: each format, the XMLTV project's listings, and
// malformed files, which answer BAD_USER_INPUT (or PAYLOAD_TOO_LARGE) and create nothing.
import { readFileSync, readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const MAX_UPLOAD = 64 * 1024;
const t = useTestService({ maxUploadBytes: MAX_UPLOAD });

const IMPORT = `mutation($file: Upload!, $fileName: String, $fps: Float, $scriptId: String, $channel: String) {
  importSchedule(file: $file, fileName: $fileName, fps: $fps, scriptId: $scriptId, channel: $channel) {
    id name channel fps version startDate finishDate breakMin breakMax
    events(size: 1000) { totalElements content { onAirTime duration title eventType mediaId houseId locked programme { title description } } }
  } }`;

async function importFile(org: string, file: { name: string; content: string | Uint8Array }, variables: Record<string, unknown> = {}) {
  return uploadRequest(t.url, await t.token(org), IMPORT, file, variables);
}

const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url), "utf8");
const XMLTV_LISTINGS = new URL("../fixtures/xmltv/", import.meta.url);

async function scheduleCount(gql: GraphQLClient): Promise<number> {
  return (await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements;
}

describe("importSchedule", () => {
  it("imports the CSV example: columns by name, timecodes at the fps, quotes, unknown columns ignored", async () => {
    const { org } = await orgClient(t);
    const result = await importFile(org, { name: "march.csv", content: fixture("schedule.csv") }, { fps: 25 });
    expect(result.errors).toBeUndefined();
    const s = result.data!.importSchedule;
    expect(s).toMatchObject({ name: "march", fps: 25, version: 1, startDate: "2026-03-01T06:00:00.000Z", finishDate: "2026-03-01T07:00:00.000Z" });
    expect(s.events.content).toEqual([
      { onAirTime: "2026-03-01T06:00:00.000Z", duration: 1_800_000, title: "Morning News", eventType: "PRIMARY", mediaId: "NEWS-0601", houseId: "H-1001", locked: true, programme: null },
      { onAirTime: "2026-03-01T06:30:00.000Z", duration: 30_000, title: "Ad break, part 1", eventType: "ADVERTISEMENT", mediaId: "AD-77", houseId: null, locked: false, programme: null },
      { onAirTime: "2026-03-01T06:30:30.000Z", duration: 1_770_000, title: 'Weather "live"', eventType: "PRIMARY", mediaId: "WX-0630", houseId: "H-1002", locked: false, programme: null },
    ]);
  });

  it("counts HH:MM:SS:FF frames at the fps given, and takes the name from fileName", async () => {
    const { org } = await orgClient(t);
    const csv = "DURATION,OnAirTime\n00:00:01:15,2026-01-01T00:00:00Z\n";
    const at30 = (await importFile(org, { name: "x.csv", content: csv }, { fps: 30, fileName: "Night shift.v2.csv" })).data!.importSchedule;
    expect(at30).toMatchObject({ name: "Night shift.v2", fps: 30 });
    expect(at30.events.content[0].duration).toBe(1500);
    const at25 = (await importFile(org, { name: "x.csv", content: csv })).data!.importSchedule;
    expect(at25.events.content[0].duration).toBe(1600);
  });

  it("imports the XMLTV example: first title, entities decoded, named zones, no stop, length", async () => {
    const { org } = await orgClient(t);
    const s = (await importFile(org, { name: "listing.xml", content: fixture("schedule.xml") })).data!.importSchedule;
    expect(s).toMatchObject({ name: "Example News", channel: "news.example.com" });
    expect(s.events.content.map((e: any) => [e.onAirTime, e.duration, e.title, e.eventType, e.programme?.description ?? null])).toEqual([
      ["2026-03-01T06:00:00.000Z", 1_800_000, "Morning News", "PRIMARY", "Headlines & weather."],
      ["2026-03-01T06:30:00.000Z", 1_800_000, "Weather", "PRIMARY", null],
      ["2026-03-01T07:00:00.000Z", 2_700_000, "Sport", "PRIMARY", null],
    ]);
  });

  it("imports the JSON example with its schedule fields and nested event fields", async () => {
    const { org } = await orgClient(t);
    const result = await importFile(org, { name: "example.json", content: fixture("schedule.json") }, { channel: "Override" });
    expect(result.errors).toBeUndefined();
    const s = result.data!.importSchedule;
    expect(s).toMatchObject({ name: "Example", channel: "Override", breakMin: 30000, breakMax: 180000 });
    expect(s.events.content[0]).toMatchObject({ title: "Morning News", locked: true, houseId: "H-1001", programme: { title: "Morning News", description: "Headlines and weather" } });
    expect(s.events.content[1]).toMatchObject({ eventType: "ADVERTISEMENT", duration: 30000 });
  });

  it("guesses the format from the content when the name says nothing", async () => {
    const { org } = await orgClient(t);
    const xml = (await importFile(org, { name: "upload", content: fixture("schedule.xml") })).data!.importSchedule;
    expect(xml.events.totalElements).toBe(3);
    const json = (await importFile(org, { name: "upload", content: fixture("schedule.json") })).data!.importSchedule;
    expect(json.events.totalElements).toBe(2);
    const csv = (await importFile(org, { name: "upload", content: fixture("schedule.csv") })).data!.importSchedule;
    expect(csv.events.totalElements).toBe(3);
  });

  describe("the XMLTV listings of the XMLTV project", () => {
    // Every listing there is valid; each file's programmes of its first channel become events.
    const expected: Record<string, { channel: string; events: [string, number, string][] }> = {
      "amp.xml": { channel: "bbc2.bbc.co.uk", events: [["2001-08-28T23:05:00.000Z", 0, "Ampersand Land"]] },
      "attrs.xml": { channel: "bbc2.bbc.co.uk", events: [["2001-08-28T23:05:00.000Z", 1_500_000, "Attrib Rameau"]] },
      "clump.xml": { channel: "foo", events: [["2002-04-20T17:25:00.000Z", 2_100_000, "First in clump"], ["2002-04-20T17:25:00.000Z", 2_100_000, "Second in clump"]] },
      "length.xml": { channel: "CNN", events: [["2002-02-23T23:00:00.000Z", 1_800_000, "News"]] },
      "simple.xml": { channel: "bbc2.bbc.co.uk", events: [["2001-08-28T23:05:00.000Z", 0, "The Phil Silvers Show"]] },
      "test.xml": { channel: "3sat.de", events: [["2000-06-03T16:33:00.000Z", 3_600_000, "blah"]] },
    };
    const files = readdirSync(XMLTV_LISTINGS).filter((f) => f.endsWith(".xml"));

    it.each(files)("imports %s", async (file) => {
      const { org } = await orgClient(t);
      const content = readFileSync(new URL(file, XMLTV_LISTINGS), "utf8");
      const result = await importFile(org, { name: file, content });
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      const s = result.data!.importSchedule;
      expect(s.events.totalElements).toBeGreaterThan(0);
      for (const e of s.events.content) expect(e.eventType).toBe("PRIMARY");
      const want = expected[file];
      if (want) {
        expect(s.channel).toBe(want.channel);
        expect(s.events.content.map((e: any) => [e.onAirTime, e.duration, e.title])).toEqual(want.events);
      }
    });

    it("picks the channel named by the argument, and orders overlapping programmes by time", async () => {
      const { org } = await orgClient(t);
      const content = readFileSync(new URL("overlap.xml", XMLTV_LISTINGS), "utf8");
      const two = (await importFile(org, { name: "overlap.xml", content }, { channel: "2" })).data!.importSchedule;
      expect(two.events.content.map((e: any) => e.title)).toEqual(["G", "H"]);
      const first = (await importFile(org, { name: "overlap.xml", content })).data!.importSchedule;
      expect(first.channel).toBe("1");
      expect(first.events.content.map((e: any) => e.title).sort()).toEqual(["A", "B", "C", "D", "E", "F"]);
      expect(first.events.content.find((e: any) => e.title === "E")).toBeTruthy(); // "E", not its second title "E1"
      const intervals = readFileSync(new URL("intervals.xml", XMLTV_LISTINGS), "utf8");
      const zero = (await importFile(org, { name: "intervals.xml", content: intervals })).data!.importSchedule;
      expect(zero.events.content.map((e: any) => e.duration)).toEqual([0, 3_600_000, 600_000, 0, 1_800_000, 1_200_000]);
    });
  });

  describe("malformed files answer BAD_USER_INPUT naming the place, and create nothing", () => {
    const cases: [string, { name: string; content: string | Uint8Array }, RegExp][] = [
      ["truncated CSV (inside quotes)", { name: "a.csv", content: 'onAirTime,title\n2026-01-01T00:00:00Z,"Unfinish' }, /line 2: the file ends inside a quoted field/],
      ["truncated CSV (short last row)", { name: "a.csv", content: "onAirTime,duration,title\n2026-01-01T00:00:00Z,1000,A\n2026-01-01T00:00:01Z,10" }, /line 3: expected 3 fields/],
      ["CSV without a header", { name: "a.csv", content: "2026-01-01T00:00:00Z,1000,A\n" }, /line 1: the header row/],
      ["CSV duration of the wrong type", { name: "a.csv", content: "onAirTime,duration\n2026-01-01T00:00:00Z,1000\n2026-01-01T00:00:01Z,ten\n" }, /line 3: duration "ten"/],
      ["CSV onAirTime of the wrong type", { name: "a.csv", content: "onAirTime,duration\nyesterday,1000\n" }, /line 2: onAirTime "yesterday"/],
      ["CSV locked of the wrong type", { name: "a.csv", content: "onAirTime,locked\n2026-01-01T00:00:00Z,maybe\n" }, /line 2: locked "maybe"/],
      ["CSV unknown event type", { name: "a.csv", content: "onAirTime,eventType\n2026-01-01T00:00:00Z,SHOW\n" }, /line 2: eventType "SHOW"/],
      ["CSV frames past the fps", { name: "a.csv", content: "onAirTime,duration\n2026-01-01T00:00:00Z,00:00:01:25\n" }, /line 2: duration "00:00:01:25" does not exist at 25 non-drop-frame: frames count 00 to 24/],
      ["JSON event of the wrong type", { name: "a.json", content: '{"events":[{"onAirTime":"2026-01-01T00:00:00Z"},{"duration":"long"}]}' }, /events\[1\]\.duration: /],
      ["JSON nested field unknown", { name: "a.json", content: '{"events":[{"secondaryEvents":[{"offset":1,"colour":"red"}]}]}' }, /events\[0\]\.secondaryEvents\[0\]: .*colour/],
      ["truncated JSON", { name: "a.json", content: '{"events":[{"onAirTime":"2026-01-01T00:00:00Z"},{"dur' }, /Not valid JSON/],
      ["XML with an external entity", {
        name: "a.xml",
        content: '<?xml version="1.0"?>\n<!DOCTYPE tv [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<tv><programme start="20260101000000" channel="c"><title>&xxe;</title></programme></tv>',
      }, /entity declarations are not accepted/],
      ["XML naming an undeclared entity", { name: "a.xml", content: '<tv><programme start="20260101000000" channel="c"><title>&nbsp;</title></programme></tv>' }, /line 1: undefined entity/],
      ["truncated XML", { name: "a.xml", content: '<tv><programme start="20260101000000" channel="c"><title>A</title></programme>\n<programme start="2026' }, /line 2/],
      ["XMLTV bad time", { name: "a.xml", content: '<tv>\n<programme start="2026-01-01" channel="c"><title>A</title></programme></tv>' }, /programme 1 \(line 2\): start "2026-01-01" is not an XMLTV time/],
      ["XMLTV without title", { name: "a.xml", content: '<tv><programme start="20260101000000" channel="c"></programme></tv>' }, /programme 1 \(line 1\): <title> is required/],
      ["XMLTV channel not in the file", { name: "overlap.xml", content: '<tv><programme start="20260101000000" channel="c"><title>A</title></programme></tv>' }, /No programme of channel "zz"/],
      ["invalid UTF-8", { name: "a.csv", content: new Uint8Array([...Buffer.from("onAirTime,title\n2026-01-01T00:00:00Z,caf"), 0xe9, 0x0a]) }, /not valid UTF-8/],
      ["empty file", { name: "a.csv", content: "" }, /The file is empty/],
      ["unknown scriptId", { name: "a.csv", content: "onAirTime\n" }, /scriptId must be one of csv, json, xmltv/],
    ];

    it.each(cases)("%s", async (_label, file, message) => {
      const { org, gql } = await orgClient(t);
      const result = await importFile(org, file, _label === "unknown scriptId" ? { scriptId: "xls" } : _label.startsWith("XMLTV channel") ? { channel: "zz" } : {});
      expect(result.errors?.[0]?.extensions.code, JSON.stringify(result)).toBe("BAD_USER_INPUT");
      expect(result.errors![0].message).toMatch(message);
      expect(await scheduleCount(gql)).toBe(0);
    });

    it("never reads the file an external entity names", async () => {
      const { org } = await orgClient(t);
      const result = await importFile(org, {
        name: "a.xml",
        content: '<?xml version="1.0"?><!DOCTYPE tv SYSTEM "file:///etc/passwd"><tv><programme start="20260101000000" stop="20260101010000" channel="c"><title>Safe</title></programme></tv>',
      });
      // A DOCTYPE naming an outside DTD is not loaded (the document is read as it is).
      expect(result.data!.importSchedule.events.content[0].title).toBe("Safe");
      expect(JSON.stringify(result)).not.toContain("root:");
    });

    it("answers PAYLOAD_TOO_LARGE for a file over MAX_UPLOAD_BYTES", async () => {
      const { org, gql } = await orgClient(t);
      const row = "2026-01-01T00:00:00Z,1000,A rather long title to fill the file quickly\n";
      const content = "onAirTime,duration,title\n" + row.repeat(Math.ceil((MAX_UPLOAD * 1.5) / row.length));
      const result = await importFile(org, { name: "big.csv", content });
      expect(result.errors?.[0]?.extensions.code, JSON.stringify(result.errors)).toBe("PAYLOAD_TOO_LARGE");
      expect(await scheduleCount(gql)).toBe(0);
      const ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { id } }`;
      const queued = await uploadRequest(t.url, await t.token(org), ASYNC, { name: "big.csv", content });
      expect(queued.errors?.[0]?.extensions.code).toBe("PAYLOAD_TOO_LARGE");
      expect((await gql.data(`{ jobs { id } }`)).jobs).toEqual([]);
    });
  });

  it("keeps an asynchronous import's upload for its job, and drops it when the job is canceled", async () => {
    // This service runs no worker: the job stays PENDING until canceled.
    const { org, gql } = await orgClient(t);
    const ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { id status type entityId } }`;
    const result = await uploadRequest(t.url, await t.token(org), ASYNC, { name: "later.csv", content: fixture("schedule.csv") });
    const job = result.data!.importScheduleAsync;
    expect(job).toMatchObject({ status: "PENDING", type: "SCHEDULE_IMPORT", entityId: null });
    const db = t.service.database.db;
    const count = async () => Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from import_uploads where job_id = ${Number(job.id)}`))[0].n);
    expect(await count()).toBe(1);
    await gql.data(`mutation($id: ID!) { cancelJob(id: $id) { status } }`, { id: job.id });
    expect(await count()).toBe(0);
    expect(await scheduleCount(gql)).toBe(0);
  });

  it("needs the editor role", async () => {
    const org = "viewer-org-" + Date.now();
    const result = await uploadRequest(t.url, await t.token(org, "viewer"), IMPORT, { name: "a.csv", content: fixture("schedule.csv") });
    expect(result.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });
});
