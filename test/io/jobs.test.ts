// Export (S24) and asynchronous import (S7) jobs through GraphQL and the file download, the JSON
// round trip, the XMLTV document checked element by element and against the XMLTV DTD, and the
// events' side of archive and restore.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { archiveEvents, restoreEvents } from "../../src/schedules/store/index.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const DTD = fileURLToPath(new URL("../fixtures/xmltv.dtd", import.meta.url));
const HAS_XMLLINT = spawnSync("xmllint", ["--version"]).status === 0;

const IMPORT = `mutation($file: Upload!, $fileName: String, $scriptId: String) { importSchedule(file: $file, fileName: $fileName, scriptId: $scriptId) { id name } }`;
const IMPORT_ASYNC = `mutation($file: Upload!, $fileName: String, $fps: Float, $channel: String) {
  importScheduleAsync(file: $file, fileName: $fileName, fps: $fps, channel: $channel) { ${JOB_FIELDS} type } }`;
const EXPORT = `mutation($id: ID!, $fileName: String!, $format: ExportFormat) { exportSchedule(id: $id, fileName: $fileName, format: $format) { ${JOB_FIELDS} type } }`;

const at = (hhmm: string) => `2026-05-04T${hhmm}:00.000Z`;
const MIN = 60_000;

/** A day with programmes in parts (separated by breaks), parts sharing a mediaId, and nested fields. */
const DAY = {
  format: "playout-gateway/schedule",
  schedule: { name: "Day", channel: "Example One", fps: 25, breakMin: 10_000, breakMax: 120_000, status: "DRAFT" },
  events: [
    { onAirTime: at("06:00"), duration: 30 * MIN, eventType: "PRIMARY", title: "News part 1", mediaId: "NEWS-1", locked: true, status: "READY", programme: { title: "News", description: "Headlines & weather" } },
    { onAirTime: at("06:30"), duration: MIN, eventType: "ADVERTISEMENT", title: "Ad", mediaId: "AD-1", secondaryEvents: [{ offset: 1000, objectName: "logo", parameters: { text: "Live" } }] },
    { onAirTime: at("06:31"), duration: 29 * MIN, eventType: "PRIMARY", title: "News part 2", mediaId: "NEWS-2", programme: { title: "News" } },
    { onAirTime: at("07:00"), duration: 60 * MIN, eventType: "PRIMARY", title: "Film A", mediaId: "FILM-1", houseId: "H-9", som: 5000, status: "NOT_READY" },
    { onAirTime: at("08:00"), duration: 30 * MIN, eventType: "PRIMARY", title: "Film A (cont.)", mediaId: "FILM-1", scte35Signals: [{ offset: 0, segmentationTypeId: 52 }] },
    { onAirTime: at("08:30"), duration: 30 * MIN, eventType: "PRIMARY", title: "Talk", programme: { title: "Talk & <Chat>", description: "Guests \"live\"" } },
    { onAirTime: at("09:00"), duration: 15 * MIN, eventType: "PRIMARY", title: "News again", programme: { title: "News" } },
  ],
};

async function importJson(gql: GraphQLClient, org: string, content: string, fileName = "day.json"): Promise<string> {
  const result = await uploadRequest(t.url, await t.token(org), IMPORT, { name: fileName, content });
  expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
  void gql;
  return result.data!.importSchedule.id;
}

async function download(org: string, link: string): Promise<{ status: number; body: string; headers: Headers }> {
  const response = await fetch(link, { headers: { authorization: `Bearer ${await t.token(org)}` } });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

async function exportFile(gql: GraphQLClient, org: string, id: string, fileName: string, format?: string): Promise<{ job: any; body: string; headers: Headers }> {
  const { exportSchedule: job } = await gql.data(EXPORT, { id, fileName, format });
  expect(job).toMatchObject({ type: "TIMELINE_EPG_XML_EXPORT", jobType: "TIMELINE_EPG_XML_EXPORT", entityId: id, organization: org });
  const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
  expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
  expect(done.resourceLink).toBe(`${t.url}/files/${job.id}`);
  const file = await download(org, done.resourceLink);
  expect(file.status).toBe(200);
  return { job: done, body: file.body, headers: file.headers };
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
}

/** The document as a tree (test-side parsing with the same library, independent of the writer). */
function parseXml(xml: string): XmlElement {
  const parser = new SaxesParser<{ xmlns: false }>({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on("opentag", (tag) => {
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: "", children: [] };
    if (stack.length) stack[stack.length - 1].children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("text", (text) => {
    if (stack.length) stack[stack.length - 1].text += text;
  });
  parser.on("closetag", () => stack.pop());
  parser.write(xml).close();
  return root!;
}

describe("exportSchedule", () => {
  it("writes XMLTV: one channel, programmes merged across breaks and shared mediaIds, UTC times, valid against the DTD", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify(DAY));
    const { job, body, headers } = await exportFile(gql, org, id, "guide");
    expect(job).toMatchObject({ fileName: "guide.xml", resourceExtension: "xml", progress: 100 });
    expect(job.links).toContainEqual({ rel: "download", href: `${t.url}/files/${job.id}`, type: expect.stringContaining("xml") });
    expect(headers.get("content-disposition")).toContain('filename="guide.xml"');

    const tv = parseXml(body);
    expect(tv.name).toBe("tv");
    expect(tv.children.map((c) => c.name)).toEqual(["channel", "programme", "programme", "programme", "programme"]);
    const [channel, ...programmes] = tv.children;
    expect(channel.attributes).toEqual({ id: "Example One" });
    expect(channel.children.map((c) => [c.name, c.text])).toEqual([["display-name", "Example One"]]);
    const seen = programmes.map((p) => ({ ...p.attributes, children: p.children.map((c) => [c.name, c.text]) }));
    expect(seen).toEqual([
      { start: "20260504060000 +0000", stop: "20260504070000 +0000", channel: "Example One", children: [["title", "News"], ["desc", "Headlines & weather"]] },
      { start: "20260504070000 +0000", stop: "20260504083000 +0000", channel: "Example One", children: [["title", "Film A"]] },
      { start: "20260504083000 +0000", stop: "20260504090000 +0000", channel: "Example One", children: [["title", "Talk & <Chat>"], ["desc", 'Guests "live"']] },
      { start: "20260504090000 +0000", stop: "20260504091500 +0000", channel: "Example One", children: [["title", "News"]] },
    ]);

    if (!HAS_XMLLINT) {
      console.warn("xmllint is not installed (Debian: apt-get install libxml2-utils): DTD validation of the XMLTV export skipped");
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), "pgw-xmltv-"));
    writeFileSync(join(dir, "guide.xml"), body);
    // Throws (and fails the test) when xmllint finds the document invalid.
    execFileSync("xmllint", ["--noout", "--nonet", "--dtdvalid", DTD, join(dir, "guide.xml")], { stdio: "pipe" });
  });

  it("writes a valid XMLTV document for a schedule without events, and for titles needing escapes", async () => {
    const { org, gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "Empty" }) { id } }`);
    const { body } = await exportFile(gql, org, createSchedule.id, "empty.xml");
    const tv = parseXml(body);
    expect(tv.children.map((c) => [c.name, c.attributes.id])).toEqual([["channel", `schedule-${createSchedule.id}.playout-gateway`]]);
    if (HAS_XMLLINT) {
      const dir = mkdtempSync(join(tmpdir(), "pgw-xmltv-"));
      writeFileSync(join(dir, "empty.xml"), body);
      execFileSync("xmllint", ["--noout", "--nonet", "--dtdvalid", DTD, join(dir, "empty.xml")], { stdio: "pipe" });
    }
  });

  it("round-trips JSON: export, import, export again gives the same events and schedule fields", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify(DAY));
    const first = await exportFile(gql, org, id, "day.json", "JSON");
    expect(first.job).toMatchObject({ fileName: "day.json", resourceExtension: "json" });
    const exported = JSON.parse(first.body);
    expect(exported.events).toHaveLength(DAY.events.length);
    expect(exported.schedule).toMatchObject({ ...DAY.schedule, name: "Day" });
    const copyId = await importJson(gql, org, first.body, "copy.json");
    const second = JSON.parse((await exportFile(gql, org, copyId, "copy.json", "JSON")).body);
    const strip = (e: any) => {
      const { id: _id, version: _version, ...rest } = e;
      return rest;
    };
    expect(second.events.map(strip)).toEqual(exported.events.map(strip));
    expect({ ...second.schedule, id: null, name: null }).toEqual({ ...exported.schedule, id: null, name: null });
    // Every field given at first is there, nested ones included.
    expect(exported.events[1]).toMatchObject({ ...DAY.events[1], locked: false, status: null });
    expect(exported.events[4].scte35Signals).toEqual([{ offset: 0, segmentationTypeId: 52 }]);
  });

  it("carries a 29.97 schedule's drop-frame choice through a JSON export and import", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify({ ...DAY, schedule: { ...DAY.schedule, fps: 29.97, dropFrame: false } }));
    const exported = JSON.parse((await exportFile(gql, org, id, "ndf.json", "JSON")).body);
    expect(exported.schedule).toMatchObject({ fps: 29.97, dropFrame: false });
    const copyId = await importJson(gql, org, JSON.stringify(exported), "copy.json");
    const copy = await gql.data(`query($id: ID!) { schedule(id: $id) { fps dropFrame events(size: 1) { content { durationTimecode } } } }`, { id: copyId });
    // 30 minutes at 29.97 non-drop-frame: 53,946 frames, labelled with a colon.
    expect(copy.schedule).toMatchObject({ fps: 29.97, dropFrame: false, events: { content: [{ durationTimecode: "00:29:58:06" }] } });
  });

  it("answers NOT_FOUND for another organization's schedule and BAD_USER_INPUT for an empty file name", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify(DAY));
    const other = await orgClient(t);
    expect((await other.gql.error(EXPORT, { id, fileName: "x" })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(EXPORT, { id, fileName: "  " })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await gql.error(EXPORT, { id, fileName: "../x.xml" })).extensions.code).toBe("BAD_USER_INPUT");
    const { job } = await exportFile(gql, org, id, "mine.xml");
    expect((await download(other.org, job.resourceLink)).status).toBe(404);
  });
});

describe("importScheduleAsync", () => {
  it("imports in a SCHEDULE_IMPORT job whose entityId becomes the new schedule, with unknown columns in the messages", async () => {
    const { org, gql } = await orgClient(t);
    const csv = "onAirTime,duration,title,colour\n2026-01-01T00:00:00Z,00:00:10:00,A,red\n2026-01-01T00:00:10Z,5000,B,blue\n";
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "night.csv", content: csv }, { fps: 50, channel: "Two" });
    expect(result.errors).toBeUndefined();
    const job = result.data!.importScheduleAsync;
    expect(job).toMatchObject({ type: "SCHEDULE_IMPORT", organization: org, entityId: null });
    const done = await waitForStatus(gql, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    expect(done.entityId).toBeTruthy();
    expect(done.messages).toEqual(
      expect.arrayContaining([
        { type: "OK", message: expect.stringContaining(`Imported 2 events (csv) into schedule ${done.entityId} "night"`) },
        { type: "WARNING", message: 'Column "colour" is not known and was ignored' },
      ]),
    );
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { name fps channel events { content { title duration } } } }`, { id: done.entityId });
    expect(schedule).toEqual({ name: "night", fps: 50, channel: "Two", events: { content: [{ title: "A", duration: 10_000 }, { title: "B", duration: 5000 }] } });
  });

  it("fails the job with the line named, and creates no schedule, for a malformed file", async () => {
    const { org, gql } = await orgClient(t);
    const result = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "bad.csv", content: "onAirTime,duration\n2026-01-01T00:00:00Z,1000\n2026-01-01T00:00:01Z,abc\n" });
    const done = await waitForStatus(gql, result.data!.importScheduleAsync.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status).toBe("FAILED");
    expect(done.messages).toContainEqual({ type: "ERROR", message: expect.stringContaining('line 3: duration "abc"') });
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
  });

  it("refuses an empty or non-UTF-8 file at once", async () => {
    const { org } = await orgClient(t);
    const empty = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "e.csv", content: "" });
    expect(empty.errors?.[0]).toMatchObject({ message: "The file is empty", extensions: { code: "BAD_USER_INPUT" } });
    const latin = await uploadRequest(t.url, await t.token(org), IMPORT_ASYNC, { name: "l.csv", content: new Uint8Array([0x6f, 0x6e, 0xe9, 0x0a]) });
    expect(latin.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const { gql } = { gql: t.client(await t.token(org)) };
    expect((await gql.data(`{ jobs { id } }`)).jobs).toEqual([]);
  });
});

describe("archive and restore mark the events", () => {
  const ARCHIVE = `mutation($id: ID!) { archiveSchedule(id: $id) { id } }`;
  const RESTORE = `mutation($ids: [ID!]!) { restoreSchedules(ids: $ids) { id } }`;
  const STATUSES = `query($id: ID!) { schedule(id: $id) { archiveStatus events { content { title status version } } } }`;

  it("archives every event and gives each its previous status back on restore", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify(DAY));
    const before = (await gql.data(STATUSES, { id })).schedule.events.content;
    expect(before.map((e: any) => e.status)).toEqual(["READY", null, null, "NOT_READY", null, null, null]);
    await waitForStatus(gql, (await gql.data(ARCHIVE, { id })).archiveSchedule.id, ["SUCCEEDED"]);
    const archived = (await gql.data(STATUSES, { id })).schedule;
    expect(archived.archiveStatus).toBe("ARCHIVED");
    expect(archived.events.content.every((e: any) => e.status === "ARCHIVED")).toBe(true);
    // The kept status is never shown: not in the JSON export either.
    const { body } = await exportFile(gql, org, id, "archived.json", "JSON");
    expect(body).not.toContain("archivedFromStatus");

    await waitForStatus(gql, (await gql.data(RESTORE, { ids: [id] })).restoreSchedules.id, ["SUCCEEDED"]);
    const restored = (await gql.data(STATUSES, { id })).schedule;
    expect(restored.archiveStatus).toBe("NOT_ARCHIVED");
    expect(restored.events.content.map((e: any) => e.status)).toEqual(before.map((e: any) => e.status));
  });

  it("is idempotent: a step run again changes nothing more", async () => {
    const { org, gql } = await orgClient(t);
    const id = await importJson(gql, org, JSON.stringify(DAY));
    const db = t.service.database.db;
    await archiveEvents(db, Number(id));
    const once = (await gql.data(STATUSES, { id })).schedule.events.content;
    await archiveEvents(db, Number(id));
    expect((await gql.data(STATUSES, { id })).schedule.events.content).toEqual(once);
    expect(once.every((e: any) => e.status === "ARCHIVED")).toBe(true);
    await restoreEvents(db, Number(id));
    const back = (await gql.data(STATUSES, { id })).schedule.events.content;
    await restoreEvents(db, Number(id));
    expect((await gql.data(STATUSES, { id })).schedule.events.content).toEqual(back);
    expect(back.map((e: any) => e.status)).toEqual(["READY", null, null, "NOT_READY", null, null, null]);
  });
});
