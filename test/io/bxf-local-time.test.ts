// BXF times are local broadcast time: a schedule in Europe/London with a 06:00 broadcast day,
// written and read across the fall-back night of Sunday 25 October 2026 (clocks go from 02:00 BST
// back to 01:00 GMT at 01:00 UTC; broadcast day 2026-10-24 lasts 25 hours). Hand-worked values;
// the as-run message of a zoned schedule likewise. Without the service.
import { describe, expect, it } from "vitest";
import { asRunBxfDocument } from "../../src/asrun/bxf-out.js";
import { readAsRunBxf, type BxfAsRunEntry } from "../../src/asrun/bxf.js";
import type { AiredEntry } from "../../src/asrun/reconcile.js";
import type { EventRow } from "../../src/schedules/store/tables.js";
import { bxfDocument } from "../../src/io/formats/bxf.js";
import { readBxf } from "../../src/io/formats/bxf-read.js";
import { bxfInstant, instantToBxf } from "../../src/io/formats/bxf-time.js";
import type { ImportNotes, ParsedEvent } from "../../src/io/formats/types.js";
import type { ScheduleRow } from "../../src/schedules/store/tables.js";

const LONDON = { zone: "Europe/London", dayStartMs: 6 * 3_600_000 };
const utc = (text: string) => Date.parse(text);
const H = 3_600_000;

async function* chunks(text: string, size = 101) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function text(gen: AsyncIterable<string> | Iterable<string>): Promise<string> {
  let out = "";
  for await (const c of gen) out += c;
  return out;
}
async function* rows(list: EventRow[]) {
  yield* list;
}

/** The fall-back night, in air order: instant, length, and the broadcast date and local time of day written for it (worked by hand). */
const NIGHT: [string, number, string, string, string][] = [
  // 06:00 BST on Saturday 24 October: the start of broadcast day 2026-10-24.
  ["2026-10-24T05:00:00Z", 17 * H, "Day", "2026-10-24", "06:00:00:00"],
  ["2026-10-24T22:00:00Z", 1.5 * H, "Late film", "2026-10-24", "23:00:00:00"],
  // After midnight: calendar date 25 October, still broadcast day 2026-10-24 (before its 06:00 start).
  ["2026-10-24T23:30:00Z", H, "Night one", "2026-10-24", "00:30:00:00"],
  // 01:30 BST, the first 01:30 of the night.
  ["2026-10-25T00:30:00Z", H, "First 01:30", "2026-10-24", "01:30:00:00"],
  // 01:30 GMT, an hour later: the second 01:30, the same label.
  ["2026-10-25T01:30:00Z", 0.5 * H, "Second 01:30", "2026-10-24", "01:30:00:00"],
  ["2026-10-25T02:00:00Z", 4 * H, "Two o'clock", "2026-10-24", "02:00:00:00"],
  // 06:00 GMT: broadcast day 2026-10-25 starts, 25 hours after the one before.
  ["2026-10-25T06:00:00Z", H, "Sunday", "2026-10-25", "06:00:00:00"],
];

const schedule = { id: 7, name: "London", channel: "L1", fps: 25, timeZone: "Europe/London", broadcastDayStart: 6 * H, startDate: new Date(utc(NIGHT[0][0])), finishDate: new Date(utc("2026-10-25T07:00:00Z")) } as ScheduleRow;
let nextId = 1;
const row = (onAirTime: number, duration: number, title: string): EventRow =>
  ({ id: nextId++, scheduleId: 7, organization: "o", onAirTime, duration, eventType: "PRIMARY", title, locked: false, mediaId: null, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data: {} }) as EventRow;

/** [broadcastDate, SmpteTimeCode] of every primary StartDateTime of a message. */
const startsOf = (xml: string) =>
  [...xml.matchAll(/<EventData eventType="Primary"[^]*?<SmpteDateTime frameRate="25" broadcastDate="([^"]+)"><SmpteTimeCode>([^<]+)</g)].map((m) => [m[1], m[2]]);

async function readBack(xml: string, options: { timeZone?: string; broadcastDayStart?: number } = {}): Promise<ParsedEvent[]> {
  const notes: ImportNotes = { warnings: [], schedule: {} };
  const events: ParsedEvent[] = [];
  for await (const e of readBxf(chunks(xml), { fps: 25, channel: null, ...options }, notes)) events.push(e);
  return events;
}

describe("BXF in a schedule's local broadcast time", () => {
  it("writes broadcast dates and local times of day across the fall-back night, as worked by hand", async () => {
    const xml = await text(bxfDocument(schedule, rows(NIGHT.map(([at, length, title]) => row(utc(at), length, title)))));
    expect(startsOf(xml)).toEqual(NIGHT.map(([, , , date, timecode]) => [date, timecode]));
    // Every time of day is a BXF timecode (hours 00–23), on the 25-hour day too.
    for (const [, timecode] of startsOf(xml)) expect(timecode).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d:\d\d$/);
  });

  it("reads the message back, in the same zone and broadcast day, as the same instants (the two 01:30s by their order)", async () => {
    const xml = await text(bxfDocument(schedule, rows(NIGHT.map(([at, length, title]) => row(utc(at), length, title)))));
    const events = await readBack(xml, { timeZone: "Europe/London", broadcastDayStart: 6 * H });
    expect(events.map((e) => [(e.input.onAirTime as Date).toISOString(), e.input.duration, e.input.title])).toEqual(
      NIGHT.map(([at, length, title]) => [new Date(utc(at)).toISOString(), length, title]),
    );
  });

  it("reads a traffic system's hand-written message: 02:00 on broadcast date 2026-10-24 is 02:00 GMT on the 25th; hours past 23 run on", async () => {
    const event = (date: string, timecode: string, title: string) =>
      `<ScheduledEvent><EventData eventType="Primary"><StartDateTime><SmpteDateTime broadcastDate="${date}"><SmpteTimeCode>${timecode}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>00:30:00:00</SmpteTimeCode></SmpteDuration></Duration></LengthOption></EventData><Content><Name>${title}</Name></Content></ScheduledEvent>`;
    const xml =
      `<BxfMessage><BxfData><Schedule scheduleStart="2026-10-24T05:00:00Z">` +
      event("2026-10-24", "01:00:00:00", "one") +
      event("2026-10-24", "01:30:00:00", "first 01:30") +
      event("2026-10-24", "01:30:00:00", "second 01:30") +
      event("2026-10-24", "02:00:00:00", "two") +
      event("2026-10-24", "26:30:00:00", "run on") +
      event("2026-10-25", "06:00:00:00", "day start") +
      `</Schedule></BxfData></BxfMessage>`;
    const events = await readBack(xml, { timeZone: "Europe/London", broadcastDayStart: 6 * H });
    expect(events.map((e) => [e.input.title, (e.input.onAirTime as Date).toISOString()])).toEqual([
      ["one", "2026-10-25T00:00:00.000Z"],
      ["first 01:30", "2026-10-25T00:30:00.000Z"],
      ["second 01:30", "2026-10-25T01:30:00.000Z"],
      ["two", "2026-10-25T02:00:00.000Z"],
      // 26:30 of the calendar date 2026-10-24 runs on to 02:30 GMT on the 25th.
      ["run on", "2026-10-25T02:30:00.000Z"],
      ["day start", "2026-10-25T06:00:00.000Z"],
    ]);
    // Read as UTC days (no zone given), the same file says other instants: the zone is what the times mean.
    const asUtc = await readBack(xml);
    expect((asUtc[3].input.onAirTime as Date).toISOString()).toBe("2026-10-24T02:00:00.000Z");
  });

  it("rounds to the frame of the local day, and back; spring forward (23 hours) and a UTC clock as before", () => {
    const rate = { fps: 25, dropFrame: false };
    // 2026-03-29: 01:00 GMT becomes 02:00 BST. 00:59:59.99 GMT rounds up to the first frame of BST.
    expect(instantToBxf(utc("2026-03-29T00:59:59.990Z"), rate, LONDON)).toEqual({ date: "2026-03-28", timecode: "01:00:00:00" });
    expect(bxfInstant(LONDON, "2026-03-28", 1 * H, "01:00:00:00")).toBe(utc("2026-03-29T01:00:00Z"));
    expect(instantToBxf(utc("2026-03-29T01:00:00Z"), rate, LONDON)).toEqual({ date: "2026-03-28", timecode: "02:00:00:00" });
    expect(instantToBxf(utc("2026-03-29T05:00:00Z"), rate, LONDON)).toEqual({ date: "2026-03-29", timecode: "06:00:00:00" });
    // A last frame of the local day that rounds to midnight is 00:00:00:00 of the next calendar date, same broadcast day.
    expect(instantToBxf(utc("2026-07-01T22:59:59.990Z"), rate, LONDON)).toEqual({ date: "2026-07-01", timecode: "00:00:00:00" });
    expect(instantToBxf(utc("2026-07-01T23:59:59.990Z"), rate)).toEqual({ date: "2026-07-02", timecode: "00:00:00:00" });
    expect(instantToBxf(utc("2026-07-01T06:00:00.019Z"), rate)).toEqual({ date: "2026-07-01", timecode: "06:00:00:00" });
  });

  it("at 29.97 drop-frame the label says where the broadcast day starts: 06:00:00;00 starts a 06:00 day, 05:59:59;29 ends it", () => {
    const NEW_YORK = { zone: "America/New_York", dayStartMs: 6 * H };
    const rate = { fps: 29.97, dropFrame: true };
    // 06:00:00;00 is 21,599,978 ms after midnight (a label runs a little behind the clock), still the day's start.
    const start = bxfInstant(NEW_YORK, "2026-03-01", 21_599_978, "06:00:00;00");
    expect(new Date(start).toISOString()).toBe("2026-03-01T10:59:59.978Z");
    expect(instantToBxf(start, rate, NEW_YORK)).toEqual({ date: "2026-03-01", timecode: "06:00:00;00" });
    // The last label before it belongs to the broadcast day before, on the calendar date after that day's.
    const end = bxfInstant(NEW_YORK, "2026-03-01", 21_599_945, "05:59:59;29");
    expect(new Date(end).toISOString()).toBe("2026-03-02T10:59:59.945Z");
    expect(instantToBxf(end, rate, NEW_YORK)).toEqual({ date: "2026-03-01", timecode: "05:59:59;29" });
  });

  it("writes and reads an as-run message in the schedule's zone and broadcast day", async () => {
    const entries = NIGHT.slice(2, 6).map(([at, length], i) => ({
      id: i + 1, entryId: `e-${i + 1}`, eventId: null, mediaId: `M-${i + 1}`, start: utc(at), duration: length, status: "AIRED", deviceId: "tx1", reason: null, scte35Cues: null,
    })) as unknown as AiredEntry[];
    const head = { id: 7, name: "London", channel: "L1", fps: 25, dropFrame: null, startDate: null, finishDate: null, timeZone: "Europe/London", broadcastDayStart: 6 * H };
    const xml = await text(asRunBxfDocument(head, entries));
    const starts = [...xml.matchAll(/<AsRunDetail>[^]*?broadcastDate="([^"]+)"><SmpteTimeCode>([^<]+)</g)].map((m) => [m[1], m[2]]);
    expect(starts).toEqual(NIGHT.slice(2, 6).map(([, , , date, timecode]) => [date, timecode]));
    const read: BxfAsRunEntry[] = [];
    for await (const e of readAsRunBxf(chunks(xml), { fps: 25, clock: LONDON }, { warnings: [] })) read.push(e);
    expect(read.map((e) => [e.entryId, e.actualStart.toISOString(), e.actualDurationMs])).toEqual(
      NIGHT.slice(2, 6).map(([at, length], i) => [`e-${i + 1}`, new Date(utc(at)).toISOString(), length]),
    );
  });
});
