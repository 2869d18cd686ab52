// BXF in the structure SMPTE ST 2021 defines, read by the schedule import without the service:
// test/fixtures/bxf/traffic-schedule.xml (written by hand for this project: programme segments as
// ScheduleElements under a header, a break of two spots, a Follow chain with a nominal start, a live
// event from a router source with two secondary events, a comment, a fixed start), compared with
// values worked out by hand; a message laid out as SMPTE's schedule use case (one ScheduledEvent of
// ScheduleElements, no frameRate, no pgw:); UTC date-times and durations; export → import.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { EventRow } from "../../src/schedules/store/tables.js";
import { bxfDocument } from "../../src/io/formats/bxf.js";
import { readBxf } from "../../src/io/formats/bxf-read.js";
import type { ImportNotes, ParsedEvent } from "../../src/io/formats/types.js";
import type { ScheduleRow } from "../../src/schedules/store/tables.js";

async function* chunks(text: string, size = 61) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function read(text: string, fps = 25): Promise<{ events: ParsedEvent[]; notes: ImportNotes }> {
  const notes: ImportNotes = { warnings: [], schedule: {} };
  const events: ParsedEvent[] = [];
  for await (const e of readBxf(chunks(text), { fps, channel: null }, notes)) events.push(e);
  return { events, notes };
}
const at = (text: string) => new Date(`${text}Z`);

describe("BXF in the standard's structure", () => {
  it("reads a traffic schedule: segments, breaks, a Follow chain, a live event with secondary events, a fixed start", async () => {
    const { events, notes } = await read(readFileSync(new URL("../fixtures/bxf/traffic-schedule.xml", import.meta.url), "utf8"));
    expect(events.map((e) => e.input)).toEqual([
      // Segment 1: 06:00:00:00 for 00:20:00:00 (1,200 s), a fixed start (locked); SOM 00:00:10:00 at 25 fps.
      { onAirTime: at("2026-03-02T06:00:00.000"), duration: 1_200_000, eventType: "PRIMARY", title: "Breakfast, part 1", mediaId: "BRK-0302", som: 10_000, programme: { title: "Breakfast" }, locked: true },
      { onAirTime: at("2026-03-02T06:20:00.000"), duration: 30_000, eventType: "ADVERTISEMENT", title: 'Example Cola 30"', mediaId: "SPOT-0001" },
      // Follow with a nominal start (06:20:31:00): it starts where the spot before it ends, 06:20:30; 00:00:20:12 = 20 s + 12 × 40 ms.
      { onAirTime: at("2026-03-02T06:20:30.000"), duration: 20_480, eventType: "ADVERTISEMENT", title: "Tonight: the Election", mediaId: "PROMO-0007" },
      // And so does segment 2: 06:20:30 + 20.48 s; 00:39:09:13 = 2,349 s + 13 × 40 ms, ending at 07:00:00.
      { onAirTime: at("2026-03-02T06:20:50.480"), duration: 2_349_520, eventType: "PRIMARY", title: "Breakfast, part 2", mediaId: "BRK-0302", programme: { title: "Breakfast" } },
      // A router source is live; Manual start and end; the bug 5 s after its start, the strap 1 min before its end.
      {
        onAirTime: at("2026-03-02T07:00:00.000"), duration: 5_400_000, eventType: "LIVE", title: "Election Live from the Town Hall", mediaId: "LIVE-OB1", som: 0,
        programme: { title: "Election Live" }, manualStart: true, manualEnd: true,
        secondaryEvents: [{ objectName: "LIVE-BUG", offset: 5_000, origin: "FROM_START" }, { objectName: "NEXT-STRAP", offset: 60_000, origin: "FROM_END" }],
      },
      { onAirTime: at("2026-03-02T08:30:00.000"), duration: 1_770_000, eventType: "PRIMARY", title: "News at Half Past Eight", mediaId: "NEWS-0830", programme: { title: "News at Half Past Eight" }, locked: true },
    ]);
    expect(events.every((e, i, all) => i < 2 || i > 3 || (all[i].input.onAirTime as Date).getTime() === (all[i - 1].input.onAirTime as Date).getTime() + all[i - 1].input.duration!)).toBe(true);
    expect(notes.schedule).toEqual({ name: "Channel Nine 2026-03-02 morning", channel: "NINE", fps: 25 });
    expect(notes.warnings).toEqual([
      "1 ScheduledEvent/EventData ignored: the header of the ScheduleElements read as events",
      '1 EventData of eventType "Comment" ignored (no event of a schedule)',
      "Elements not read, ignored: Content/Media/MediaLocation/Location/AssetServer (line 39), Content/Media/MediaLocation/Duration (2, first line 41), " +
        "EventData/PrimaryEvent/NonProgramEvent/Details/Advertiser (line 51), Content/Media/MediaLocation/Location/RouterSource/Name (line 110), Content/Media/MediaLocation/Location/RouterSource/CrossPoint (line 110)",
    ]);
  });

  it("reads a message laid out as SMPTE's schedule use case: ScheduleElements of one ScheduledEvent, timecodes at the fps argument", async () => {
    const element = (id: number, kind: string, start: string, length: string, house: string) =>
      `<ScheduleElements><EventData eventType="${id % 2 ? "Primary-ProgramHeader" : "Primary-BreakHeader"}"><EventId><EventId>urn:uuid:00000000-0000-4000-8000-00000000000${id}</EventId></EventId>` +
      `<PrimaryEvent>${kind}</PrimaryEvent><StartDateTime nominalFlag="false"><SmpteDateTime broadcastDate="2026-10-01"><SmpteTimeCode>${start}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>${length}</SmpteTimeCode></SmpteDuration></Duration></LengthOption><StartMode>${id % 2 ? "Fixed" : "Follow"}</StartMode><EndMode>Duration</EndMode></EventData>` +
      `<Content><ContentId><HouseNumber>${house}</HouseNumber></ContentId><Name>${house}</Name></Content></ScheduleElements>`;
    const show = (n: number) => `<ProgramEvent><SegmentNumber>${n}</SegmentNumber><ProgramName>Evening</ProgramName></ProgramEvent>`;
    const spot = "<NonProgramEvent><Details><AdType>General</AdType><SpotType>Standard</SpotType></Details></NonProgramEvent>";
    const xml = `<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2017/BXF"><BxfData action="add"><Schedule type="Primary" scheduleId="urn:uuid:00000000-0000-4000-8000-000000000000" scheduleName="Evening">` +
      `<ScheduledEvent>${element(1, show(1), "18:00:00:00", "00:12:00:00", "S-1")}${element(2, spot, "18:12:00:00", "00:00:30:00", "AD-1")}${element(3, show(2), "18:12:30:00", "00:10:00:00", "S-1")}</ScheduledEvent></Schedule></BxfData></BxfMessage>`;
    const { events, notes } = await read(xml, 30);
    expect(events.map((e) => [(e.input.onAirTime as Date).toISOString(), e.input.duration, e.input.eventType, e.input.mediaId])).toEqual([
      ["2026-10-01T18:00:00.000Z", 720_000, "PRIMARY", "S-1"],
      ["2026-10-01T18:12:00.000Z", 30_000, "ADVERTISEMENT", "AD-1"],
      ["2026-10-01T18:12:30.000Z", 600_000, "PRIMARY", "S-1"],
    ]);
    expect(notes).toEqual({ warnings: [], schedule: { name: "Evening" } });
  });

  it("reads UtcDateTime and UtcDuration; names the element of a bad one", async () => {
    const doc = (start: string, length: string) =>
      `<BxfMessage><BxfData><Schedule><ScheduledEvent>\n<EventData><EventId><EventId>urn:uuid:00000000-0000-4000-8000-000000000001</EventId></EventId><PrimaryEvent><ProgramEvent><SegmentNumber>1</SegmentNumber></ProgramEvent></PrimaryEvent>` +
      `<StartDateTime><UtcDateTime>${start}</UtcDateTime></StartDateTime><LengthOption><Duration><UtcDuration>${length}</UtcDuration></Duration></LengthOption><StartMode>Fixed</StartMode><EndMode>Duration</EndMode></EventData></ScheduledEvent></Schedule></BxfData></BxfMessage>`;
    const { events } = await read(doc("2026-03-01T06:00:00.020", "PT1H0.5S"), 50);
    expect(events.map((e) => [(e.input.onAirTime as Date).toISOString(), e.input.duration])).toEqual([["2026-03-01T06:00:00.020Z", 3_600_500]]);
    await expect(read(doc("yesterday", "PT1S"))).rejects.toThrow(/ScheduledEvent 1 \(line 1\): UtcDateTime "yesterday" is not a date and time/);
    await expect(read(doc("2026-03-01T06:00:00Z", "1 hour"))).rejects.toThrow(/UtcDuration "1 hour" is not a duration/);
  });

  it("writes what it read back alike: the traffic schedule exported and imported again", async () => {
    const { events } = await read(readFileSync(new URL("../fixtures/bxf/traffic-schedule.xml", import.meta.url), "utf8"));
    const rows = events.map((e, i) => {
      const { onAirTime, duration, eventType, title, mediaId, locked, ...data } = e.input;
      return { id: i + 1, onAirTime: (onAirTime as Date).getTime(), duration, eventType, title, mediaId, locked: locked ?? false, data } as unknown as EventRow;
    });
    let xml = "";
    const schedule = { id: 7, name: "Nine", channel: "NINE", fps: 25, startDate: null, finishDate: null } as unknown as ScheduleRow;
    for await (const chunk of bxfDocument(schedule, (async function* () { yield* rows; })())) xml += chunk;
    const again = await read(xml);
    expect(again.events.map((e) => e.input)).toEqual(events.map((e) => e.input));
    expect(again.notes.warnings).toEqual([]);
  });
});
