// BXF (SMPTE ST 2021) writer and reader without the service: the message's structure, a file from
// another system (test/fixtures/bxf/traffic-sample.xml), refused entities (XXE), errors naming
// the line, elements not read listed in one warning, and writer → reader giving the same events.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { xmlTree, type XmlNode } from "../helpers/xml-tree.js";
import type { EventRow } from "../../src/schedules/store/tables.js";
import { BXF_NAMESPACE, bxfDocument } from "../../src/io/formats/bxf.js";
import { readBxf, xmlFormatOf } from "../../src/io/formats/bxf-read.js";
import type { ImportNotes, ParsedEvent } from "../../src/io/formats/types.js";
import type { ScheduleRow } from "../../src/schedules/store/tables.js";
import { msToFrames } from "../../src/timecode/index.js";

async function* chunks(text: string, size = 97) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function read(text: string, fps = 25): Promise<{ events: ParsedEvent[]; notes: ImportNotes }> {
  const notes: ImportNotes = { warnings: [], schedule: {} };
  const events: ParsedEvent[] = [];
  for await (const e of readBxf(chunks(text), { fps, channel: null }, notes)) events.push(e);
  return { events, notes };
}

async function text(gen: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const c of gen) out += c;
  return out;
}

async function* rows(list: EventRow[]) {
  yield* list;
}

const T0 = Date.UTC(2026, 2, 1, 6, 0, 0);
const schedule = (fps: number): ScheduleRow =>
  ({ id: 42, name: "Morning <A&B>", channel: "News One", fps, startDate: new Date(T0), finishDate: new Date(T0 + 3_600_000) }) as ScheduleRow;
let nextId = 1;
const row = (onAirTime: number, duration: number, eventType: string, title: string | null, mediaId: string | null, data: Record<string, unknown> = {}): EventRow =>
  ({ id: nextId++, scheduleId: 42, organization: "o", onAirTime, duration, eventType, title, locked: false, mediaId, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data }) as EventRow;

const child = (node: XmlNode, ...path: string[]): XmlNode => path.reduce((n, name) => n.children.find((c) => c.name === name)!, node);

const DAY = () => [
  row(T0, 1_800_000, "PRIMARY", "Morning News", "NEWS-1", { programme: { title: "News" }, som: 10_000, secondaryEvents: [{ objectName: "logo", offset: 5000, origin: "FROM_START", command: "ON" }] }),
  row(T0 + 1_800_000, 30_000, "ADVERTISEMENT", "Cola & Co", "AD-7", { scte35Signals: [{ offset: 0, scteEventType: "SPLICE", command: "ON", spliceEventId: 7, duration: 30_000 }] }),
  row(T0 + 1_830_000, 1_770_000, "LIVE", "Match", null),
];

describe("BXF export", () => {
  it("writes a BxfMessage with one Primary Schedule and a ScheduledEvent per event, secondary event and cue", async () => {
    const day = DAY();
    const sameIds = day.map((e) => e.id);
    const xml = await text(bxfDocument(schedule(25), rows(day), { version: "2008" }));
    const message = xmlTree(xml);
    expect(message.name).toBe("BxfMessage");
    expect(message.attributes).toMatchObject({ xmlns: BXF_NAMESPACE, messageType: "Information", originType: "Automation" });
    expect(message.attributes.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Date(message.attributes.dateTime).getTime()).toBeGreaterThan(0);
    const data = child(message, "BxfData");
    expect(data.attributes.action).toBe("add");
    const s = child(data, "Schedule");
    expect(s.attributes).toMatchObject({ type: "Primary", scheduleStart: "2026-03-01T06:00:00.000Z", scheduleEnd: "2026-03-01T07:00:00.000Z" });
    expect(child(s, "Channel").attributes.shortName).toBe("News One");
    expect(child(s, "ScheduleName").text).toBe("Morning <A&B>");
    const events = s.children.filter((c) => c.name === "ScheduledEvent");
    expect(events.map((e) => child(e, "EventData").attributes.eventType)).toEqual(["Primary", "NonPrimary", "Primary", "NonPrimary", "Primary"]);
    const [news, logo, ad, cue] = events;
    expect(child(news, "EventData", "StartDateTime", "SmpteDateTime").attributes).toEqual({ frameRate: "25", broadcastDate: "2026-03-01" });
    expect(child(news, "EventData", "StartDateTime", "SmpteDateTime", "SmpteTimeCode").text).toBe("06:00:00:00");
    expect(child(news, "EventData", "LengthOption", "Duration", "SmpteDuration", "SmpteTimeCode").text).toBe("00:30:00:00");
    expect(child(news, "EventData", "PrimaryEvent", "ProgramEvent", "ProgramName").text).toBe("News");
    expect(child(news, "Content", "ContentId", "HouseNumber").text).toBe("NEWS-1");
    expect(child(news, "Content", "Name").text).toBe("Morning News");
    expect(child(news, "Content", "PrivateInformation", "pgw:Som").text).toBe("10000");
    expect(child(news, "EventData", "PrimaryEvent", "ProgramEvent", "SegmentNumber").text).toBe("1");
    expect([child(news, "EventData", "StartMode").text, child(news, "EventData", "EndMode").text]).toEqual(["Follow", "Duration"]);
    const newsId = child(news, "EventData", "EventId", "EventId").text;
    expect(child(logo, "EventData", "NonPrimaryEvent", "PrimaryEventId").text).toBe(newsId);
    expect(child(logo, "EventData", "NonPrimaryEvent", "NonPrimaryEventName").text).toBe("logo");
    expect(child(logo, "EventData", "StartDateTime", "SmpteDateTime", "SmpteTimeCode").text).toBe("06:00:05:00");
    expect(child(ad, "EventData", "PrimaryEvent", "NonProgramEvent", "Details", "SpotType").text).toBe("Commercial");
    expect(child(cue, "EventData", "NonPrimaryEvent", "NonPrimaryEventName").text).toBe("SCTE35");
    expect(child(cue, "EventData", "NonPrimaryEvent", "PrivateInformation", "pgw:Scte35Cue").text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    // A second export names the same events alike (ids from schedule and event), the message anew.
    const again = xmlTree(await text(bxfDocument(schedule(25), rows(events.length ? DAY().map((e, i) => ({ ...e, id: sameIds[i] })) : []))));
    expect(again.attributes.id).not.toBe(message.attributes.id);
    expect(child(child(child(again, "BxfData"), "Schedule").children.find((c) => c.name === "ScheduledEvent")!, "EventData", "EventId", "EventId").text).toBe(newsId);
  });

  it("writes drop-frame labels with ';' at 29.97 (00:01:00;02 is frame 1800)", async () => {
    const xml = await text(bxfDocument(schedule(29.97), rows([row(T0 + 60_060, 60_060, "PRIMARY", "x", null)])));
    expect(xml).toMatch(/<SmpteDateTime frameRate="29.97" broadcastDate="2026-03-01"><SmpteTimeCode>06:01:00;0\d<\/SmpteTimeCode>/);
    expect(xml).toContain('<SmpteDuration frameRate="29.97"><SmpteTimeCode>00:01:00;02</SmpteTimeCode>');
  });
});

describe("BXF import", () => {
  it("reads its own export back: times to the frame, titles, mediaIds, types, SOM, secondary events and cues", async () => {
    for (const fps of [25, 29.97, 50]) {
      const day = DAY();
      const { events, notes } = await read(await text(bxfDocument(schedule(fps), rows(day))));
      const rate = { fps, dropFrame: fps === 29.97 };
      expect(events.map((e) => [msToFrames((e.input.onAirTime as Date).getTime() - T0, rate), msToFrames(e.input.duration!, rate)])).toEqual(
        day.map((e) => [msToFrames(e.onAirTime - T0, rate), msToFrames(e.duration, rate)]),
      );
      expect(events.map((e) => [e.input.title, e.input.mediaId, e.input.eventType])).toEqual(day.map((e) => [e.title, e.mediaId, e.eventType]));
      expect(events[0].input).toMatchObject({ programme: { title: "News" }, secondaryEvents: [{ objectName: "logo", offset: expect.any(Number), origin: "FROM_START", command: "ON" }] });
      expect(msToFrames(events[0].input.secondaryEvents![0].offset!, rate)).toBe(msToFrames(5000, rate));
      expect(msToFrames(events[0].input.som!, rate)).toBe(msToFrames(10_000, rate));
      expect(events[1].input.scte35Signals).toEqual([expect.objectContaining({ offset: 0, origin: "FROM_START", scteEventType: "SPLICE", spliceEventId: 7 })]);
      expect(notes).toMatchObject({ warnings: [], schedule: { name: "Morning <A&B>", channel: "News One", fps } });
    }
  });

  it("reads BXF from another system: prefixes, pmcp names, drop-frame, offsets; what it does not read is listed once", async () => {
    const sample = readFileSync(new URL("../fixtures/bxf/traffic-sample.xml", import.meta.url), "utf8");
    const { events, notes } = await read(sample);
    const rate = { fps: 29.97, dropFrame: true };
    const DAY0 = Date.UTC(2026, 2, 1);
    // Frames since midnight: 06:00:00;00 is frame 647,352 and 06:28:30;00 frame 698,600 at 29.97 drop-frame.
    expect(events.map((e) => [msToFrames((e.input.onAirTime as Date).getTime() - DAY0, rate), msToFrames(e.input.duration!, rate), e.input.title, e.input.mediaId, e.input.eventType])).toEqual([
      [647_352, 51_248, "Morning Show & Weather", "MS-0301-A", "PRIMARY"],
      [698_600, 900, "Example Cola 30s", "AD-4711", "ADVERTISEMENT"],
    ]);
    expect(events[0].input).toMatchObject({ programme: { title: "Morning Show" }, secondaryEvents: [{ objectName: "LOGO", offset: expect.any(Number), origin: "FROM_START" }] });
    expect(msToFrames(events[0].input.secondaryEvents![0].offset!, rate)).toBe(150);
    expect(notes.schedule).toMatchObject({ name: "KEXA 2026-03-01 morning", channel: "KEXA", fps: 29.97 });
    expect(notes.warnings).toEqual([
      expect.stringMatching(/^line \d+: Schedule 2 ignored/),
      "Elements not read, ignored: EventData/Transitions (line 31), Content/Description (line 36)",
    ]);
  });

  it("never loads an external entity: a DOCTYPE declaring entities is refused naming its line", async () => {
    const xxe = '<?xml version="1.0"?>\n<!DOCTYPE BxfMessage [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<BxfMessage><BxfData><Schedule><ScheduledEvent><EventData eventType="Primary"><StartDateTime><SmpteDateTime broadcastDate="2026-01-01"><SmpteTimeCode>00:00:00:00</SmpteTimeCode></SmpteDateTime></StartDateTime></EventData><Content><Name>&xxe;</Name></Content></ScheduledEvent></Schedule></BxfData></BxfMessage>';
    const error = await read(xxe).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/line \d+: entity declarations are not accepted/);
    expect((error as Error).message).not.toContain("root:");
    // An undeclared entity is an error too (nothing is fetched to resolve it).
    await expect(read(xxe.replace(/<!DOCTYPE[^]*?\]>\n/, ""))).rejects.toThrow(/line 2: undefined entity/);
  });

  it("names the line of a bad timecode, a missing start, and refuses another root", async () => {
    const doc = (event: string) => `<BxfMessage>\n<BxfData>\n<Schedule>\n<ScheduledEvent>\n<EventData eventType="Primary">${event}</EventData>\n</ScheduledEvent>\n</Schedule>\n</BxfData>\n</BxfMessage>`;
    await expect(read(doc('<StartDateTime><SmpteDateTime broadcastDate="2026-01-01"><SmpteTimeCode>00:00:00:25</SmpteTimeCode></SmpteDateTime></StartDateTime>'))).rejects.toThrow(
      /ScheduledEvent 1 \(line 4\): start: "00:00:00:25" does not exist at 25/,
    );
    await expect(read(doc(""))).rejects.toThrow(/ScheduledEvent 1 \(line 4\): StartDateTime \(SmpteDateTime\/SmpteTimeCode or UtcDateTime\) is required/);
    await expect(read(doc('<StartDateTime><SmpteDateTime broadcastDate="2026-02-30"><SmpteTimeCode>00:00:00:00</SmpteTimeCode></SmpteDateTime></StartDateTime>'))).rejects.toThrow(/broadcastDate "2026-02-30" is not a date/);
    await expect(read("<tv/>")).rejects.toThrow(/line 1: the root element must be <BxfMessage>/);
    await expect(read("<BxfMessage>\n<BxfData>\n<Schedule>")).rejects.toThrow(/line 3: /);
  });

  it("tells BXF from XMLTV by the root element", () => {
    expect(xmlFormatOf('<?xml version="1.0"?>\n<BxfMessage xmlns="x">')).toBe("bxf");
    expect(xmlFormatOf('<?xml version="1.0"?>\n<bxf:BxfMessage xmlns:bxf="x">')).toBe("bxf");
    expect(xmlFormatOf('<?xml version="1.0"?>\n<tv>')).toBe("xmltv");
  });
});
