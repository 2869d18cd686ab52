// Imports read what the file says, whatever the server: times without a zone are UTC in every
// format (the server's TZ plays no part), the schedule takes the name the file carries, and an
// invalid UTF-8 byte is named by its line and byte offset.
process.env.TZ = "America/New_York"; // before any date code of the service runs

import { describe, expect, it } from "vitest";
import { firstInvalidUtf8 } from "../../src/io/formats/source.js";
import { parseIsoInstant, parseXmltvTime } from "../../src/io/formats/times.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const IMPORT = `mutation($file: Upload!, $fileName: String, $channel: String) {
  importSchedule(file: $file, fileName: $fileName, channel: $channel) { id name channel events(size: 10) { content { onAirTime duration title } } } }`;
const IMPORT_ASYNC = `mutation($file: Upload!) { importScheduleAsync(file: $file) { ${JOB_FIELDS} } }`;

async function importFile(org: string, name: string, content: string | Uint8Array, variables: Record<string, unknown> = {}) {
  return uploadRequest(t.url, await t.token(org), IMPORT, { name, content }, variables);
}

describe("times without a zone", () => {
  it("run under a server TZ that is not UTC (the setting took effect)", () => {
    expect(process.env.TZ).toBe("America/New_York");
    expect(new Date(2026, 2, 1, 6).getTimezoneOffset()).toBe(300);
  });

  const cases: [string, string, string][] = [
    ["CSV", "a.csv", "onAirTime,duration,title\n2026-03-01T06:00:00,1000,A\n2026-03-01 07:30,1000,B\n"],
    ["JSON", "a.json", '{"events":[{"onAirTime":"2026-03-01T06:00:00","duration":1000,"title":"A"},{"onAirTime":"2026-03-01T07:30:00.000","duration":1000,"title":"B"}]}'],
    ["XMLTV", "a.xml", '<tv><programme start="20260301060000" stop="20260301060001" channel="c"><title>A</title></programme><programme start="202603010730" stop="20260301073001" channel="c"><title>B</title></programme></tv>'],
  ];
  it.each(cases)("are UTC in %s", async (_format, name, content) => {
    const { org } = await orgClient(t);
    const result = await importFile(org, name, content);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.data!.importSchedule.events.content.map((e: any) => [e.onAirTime, e.title])).toEqual([
      ["2026-03-01T06:00:00.000Z", "A"],
      ["2026-03-01T07:30:00.000Z", "B"],
    ]);
  });

  it("keep their zone when they have one, in CSV as in JSON", async () => {
    const { org } = await orgClient(t);
    const csv = await importFile(org, "a.csv", "onAirTime,duration\n2026-03-01T06:00:00+01:00,1000\n2026-03-01T06:00:00-0500,1000\n2026-03-01T06:00:00.5Z,1000\n");
    expect(csv.data!.importSchedule.events.content.map((e: any) => e.onAirTime)).toEqual(["2026-03-01T05:00:00.000Z", "2026-03-01T06:00:00.500Z", "2026-03-01T11:00:00.000Z"]);
    const bad = await importFile(org, "a.csv", "onAirTime\n2026-02-30T06:00:00\n");
    expect(bad.errors?.[0]).toMatchObject({ message: expect.stringMatching(/line 2: onAirTime "2026-02-30T06:00:00" is not an ISO 8601 instant/), extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("the schedule's name and channel", () => {
  const json = (name: unknown) => JSON.stringify({ format: "playout-gateway/schedule", schedule: { name, channel: "News" }, events: [{ onAirTime: "2026-03-01T06:00:00Z", duration: 1000 }] });
  const xmltv = `<tv><channel id="news.example.com"><display-name lang="en">Example News</display-name><display-name lang="fr">Les Nouvelles</display-name></channel>
    <channel id="two"><display-name>Two</display-name></channel>
    <programme start="20260301060000" stop="20260301070000" channel="news.example.com"><title>A</title></programme>
    <programme start="20260301060000" stop="20260301070000" channel="two"><title>B</title></programme></tv>`;

  it("JSON: schedule.name names the schedule; the fileName argument comes first; the file's name when it has none", async () => {
    const { org } = await orgClient(t);
    expect((await importFile(org, "export.json", json("Morning block"))).data!.importSchedule).toMatchObject({ name: "Morning block", channel: "News" });
    expect((await importFile(org, "export.json", json("Morning block"), { fileName: "Chosen.json" })).data!.importSchedule).toMatchObject({ name: "Chosen" });
    expect((await importFile(org, "export.json", json("  "))).data!.importSchedule).toMatchObject({ name: "export" });
    const tooLong = await importFile(org, "export.json", json("x".repeat(201)));
    expect(tooLong.errors?.[0]).toMatchObject({ message: expect.stringMatching(/^schedule: name must be at most 200/), extensions: { code: "BAD_USER_INPUT" } });
  });

  it("XMLTV: the channel's first display-name names the schedule, its id is the channel", async () => {
    const { org } = await orgClient(t);
    expect((await importFile(org, "listing.xml", xmltv)).data!.importSchedule).toMatchObject({ name: "Example News", channel: "news.example.com" });
    expect((await importFile(org, "listing.xml", xmltv, { channel: "two" })).data!.importSchedule).toMatchObject({ name: "Two", channel: "two" });
    expect((await importFile(org, "listing.xml", xmltv, { fileName: "Mine" })).data!.importSchedule).toMatchObject({ name: "Mine", channel: "news.example.com" });
    const nameless = '<tv><programme start="20260301060000" channel="c"><title>A</title></programme></tv>';
    expect((await importFile(org, "listing.xml", nameless)).data!.importSchedule).toMatchObject({ name: "listing", channel: "c" });
  });
});

describe("invalid UTF-8", () => {
  const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...Buffer.from(p)] : p)));

  it("names the line and the byte of the first bad byte", async () => {
    const { org } = await orgClient(t);
    const cases: [Uint8Array, string][] = [
      // "café" in Latin-1: the é (0xe9) is byte 40, on line 2.
      [bytes("onAirTime,title\n2026-01-01T00:00:00Z,caf", [0xe9], "\n"), "line 2, byte 40"],
      // A good multi-byte character first (é = c3 a9), then a lone continuation byte.
      [bytes("onAirTime,title\n2026-01-01T00:00:00Z,caf", [0xc3, 0xa9], "\n\n2026-01-01T00:00:01Z,x", [0x80], "\n"), "line 4, byte 66"],
      // Far past the first chunks of the upload stream (64 KiB each).
      [bytes("onAirTime,title\n", `2026-01-01T00:00:00Z,${"a".repeat(100)}\n`.repeat(2000), "2026-01-01T00:00:00Z,", [0xff], "\n"), `line 2002, byte ${16 + 122 * 2000 + 21}`],
      // A sequence the file ends in the middle of.
      [bytes("onAirTime,title\n2026-01-01T00:00:00Z,", [0xe2, 0x82]), "line 2, byte 37"],
    ];
    for (const [content, where] of cases) {
      const result = await importFile(org, "a.csv", content);
      expect(result.errors?.[0], where).toMatchObject({ message: expect.stringContaining(`The file is not valid UTF-8: ${where} of the file`), extensions: { code: "BAD_USER_INPUT" } });
    }
  });

  it("answers the same on importScheduleAsync", async () => {
    const { org } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "a.csv", content: bytes("onAirTime,title\n2026-01-01T00:00:00Z,caf", [0xe9], "\n") });
    expect(result.errors?.[0]).toMatchObject({ message: expect.stringContaining("line 2, byte 40 of the file"), extensions: { code: "BAD_USER_INPUT" } });
  });
});

describe("importScheduleAsync", () => {
  it("names the schedule as the synchronous import does", async () => {
    const { org, gql } = await orgClient(t);
    const xmltv = '<tv><channel id="c"><display-name>Channel C</display-name></channel><programme start="20260301060000" stop="20260301070000" channel="c"><title>A</title></programme></tv>';
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "listing.xml", content: xmltv });
    expect(result.errors).toBeUndefined();
    const job = await waitForStatus(gql, result.data!.importScheduleAsync.id, ["SUCCEEDED", "FAILED"]);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { name channel } }`, { id: job.entityId });
    expect(schedule).toEqual({ name: "Channel C", channel: "c" });
  });
});

describe("times.ts and the UTF-8 check (pure)", () => {
  it.each([
    ["2026-03-01T06:00:00Z", "2026-03-01T06:00:00.000Z", true],
    ["2026-03-01t06:00:00", "2026-03-01T06:00:00.000Z", false],
    ["2026-03-01 06:00", "2026-03-01T06:00:00.000Z", false],
    ["2026-03-01", "2026-03-01T00:00:00.000Z", false],
    ["2026-03-01T06:00:00.123456+01", "2026-03-01T05:00:00.123Z", true],
    ["2024-02-29T00:00:00-05:30", "2024-02-29T05:30:00.000Z", true],
    ["0050-01-01T00:00:00Z", "0050-01-01T00:00:00.000Z", true],
  ])("parseIsoInstant(%s) is %s", (text, iso, zoned) => {
    const instant = parseIsoInstant(text);
    expect(instant && { iso: new Date(instant.ms).toISOString(), zoned: instant.zoned }).toEqual({ iso, zoned });
  });

  it.each(["2026-02-29T00:00:00Z", "2026-03-01T24:00:00Z", "2026-03-01T06:00:00+15:00", "yesterday", "2026-3-1"])("parseIsoInstant(%s) is null", (text) => {
    expect(parseIsoInstant(text)).toBeNull();
  });

  it("keeps XMLTV years below 100", () => {
    expect(new Date(parseXmltvTime("00500101000000")!).toISOString()).toBe("0050-01-01T00:00:00.000Z");
  });

  it.each([
    [[0x61, 0xc3, 0xa9, 0x62], true, 4],
    [[0x61, 0xe9, 0x62], true, 1],
    [[0x61, 0xe2, 0x82], false, 3], // may go on in the next chunk
    [[0x61, 0xe2, 0x82], true, 1], // the file ends there
    [[0xed, 0xa0, 0x80], true, 0], // a surrogate
    [[0xc0, 0xaf], true, 0], // an overlong
    [[0xf4, 0x90, 0x80, 0x80], true, 0], // past U+10FFFF
  ])("firstInvalidUtf8(%j, final %s) is %i", (bytes, final, index) => {
    expect(firstInvalidUtf8(new Uint8Array(bytes), final)).toBe(index);
  });
});
