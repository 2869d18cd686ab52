// BXF (SMPTE ST 2021) export: one BxfMessage, BxfData action="add", one Schedule of type Primary,
// and per event a Primary ScheduledEvent followed by a NonPrimary ScheduledEvent for each of its
// secondary events and SCTE-35 signals (the signal's splice_info_section, base64). Written as a
// stream of text chunks from events read in air order; docs/FORMATS.md "BXF" says what maps where.
import { createHash, randomUUID } from "node:crypto";
import type { EventRow } from "../../events/index.js";
import type { ScheduleRow } from "../../schedules/index.js";
import type { FrameRate } from "../../timecode/index.js";
import { cueOf } from "./bxf-cues.js";
import { frameRateText, instantToBxf, lengthToBxf, scheduleRate } from "./bxf-time.js";
import { channelIdOf, xmlEscape } from "./exports.js";

/** BXF 1.0 (SMPTE 2021-1), the version traffic and automation systems most widely exchange. */
export const BXF_NAMESPACE = "http://smpte-ra.org/schemas/2021/2008/BXF";
export const PMCP_NAMESPACE = "http://www.atsc.org/XMLSchemas/pmcp/2007/3.1";
/** What BXF has no element for (our exact event type, a secondary event's command, the cue bytes) travels in this namespace. */
export const PGW_NAMESPACE = "urn:playout-gateway:bxf:1";
/** NonPrimaryEventName of the ScheduledEvents that carry an SCTE-35 cue. */
export const SCTE35_EVENT_NAME = "SCTE35";

/** Event ids are name-based UUIDs (version 5 layout) of schedule and event: a second export names the same events alike. */
const ID_SPACE = "6f1d7c2e-5b1a-4c8e-9f3d-2a7b0c4e8d61";

export function eventUuid(...parts: (string | number)[]): string {
  const hash = createHash("sha1").update(ID_SPACE).update(parts.join("/")).digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString("hex");
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** BXF's words for the event types that are not programmes (NonProgramEvent/Details/SpotType). */
export const SPOT_TYPES: Record<string, string> = { ADVERTISEMENT: "Commercial", PLACEHOLDER: "Placeholder", BLOCK: "Block", EMERGENCY: "Emergency" };

interface Nested {
  offset?: number | null;
  origin?: string | null;
  command?: string | null;
  objectName?: string | null;
  duration?: number | null;
}

const start = (ms: number, rate: FrameRate, fps: string) => {
  const { date, timecode } = instantToBxf(ms, rate);
  return `<StartDateTime><SmpteDateTime broadcastDate="${date}" frameRate="${fps}"><SmpteTimeCode>${timecode}</SmpteTimeCode></SmpteDateTime></StartDateTime>`;
};

const length = (ms: number, rate: FrameRate, fps: string) =>
  `<LengthOption><Duration><SmpteDuration frameRate="${fps}"><SmpteTimeCode>${lengthToBxf(ms, rate)}</SmpteTimeCode></SmpteDuration></Duration></LengthOption>`;

/** Where a secondary event or signal starts: offset ms from the event's start, or before its end (FROM_END). */
function nestedStart(event: EventRow, n: Nested): number {
  const offset = n.offset ?? 0;
  return n.origin === "FROM_END" ? event.onAirTime + event.duration - offset : event.onAirTime + offset;
}

function offsetElement(n: Nested, rate: FrameRate): string {
  const offset = n.offset ?? 0;
  const from = n.origin === "FROM_END" ? "EndofEvent" : "BeginningofEvent";
  const direction = (n.origin === "FROM_END" ? -offset : offset) < 0 ? "Negative" : "Positive";
  return `<Offset offsetFrom="${from}" offsetType="Start" direction="${direction}"><OffsetTime><SmpteTimeCode>${lengthToBxf(Math.abs(offset), rate)}</SmpteTimeCode></OffsetTime></Offset>`;
}

/** One event as its Primary ScheduledEvent and the NonPrimary ones of its secondary events and signals. */
export function scheduledEvents(event: EventRow, scheduleId: number, rate: FrameRate): string {
  const fps = frameRateText(rate.fps);
  const id = eventUuid(scheduleId, event.id);
  const data = event.data as { programme?: { title?: string | null } | null; som?: number | null; secondaryEvents?: Nested[] | null; scte35Signals?: (Nested & Record<string, unknown>)[] | null };
  const programmeTitle = data.programme?.title?.trim() || null;
  const kind =
    event.eventType === "PRIMARY" || event.eventType === "LIVE"
      ? `<ProgramEvent>${programmeTitle ? `<ProgramName>${xmlEscape(programmeTitle)}</ProgramName>` : ""}</ProgramEvent>`
      : `<NonProgramEvent><Details><SpotType>${SPOT_TYPES[event.eventType] ?? "Other"}</SpotType></Details></NonProgramEvent>`;
  let out =
    `<ScheduledEvent><EventData eventType="Primary" pgw:type="${event.eventType}"><EventId><EventId>${id}</EventId></EventId>` +
    `<PrimaryEvent>${kind}</PrimaryEvent>${start(event.onAirTime, rate, fps)}${length(event.duration, rate, fps)}</EventData>`;
  const content: string[] = [];
  if (event.mediaId) content.push(`<ContentId><HouseNumber>${xmlEscape(event.mediaId)}</HouseNumber></ContentId>`);
  if (event.title) content.push(`<Name>${xmlEscape(event.title)}</Name>`);
  if (data.som !== undefined && data.som !== null) content.push(`<Media><MediaLocation><SOM><SmpteTimeCode>${lengthToBxf(data.som, rate)}</SmpteTimeCode></SOM></MediaLocation></Media>`);
  if (content.length) out += `<Content>${content.join("")}</Content>`;
  out += "</ScheduledEvent>\n";
  (data.secondaryEvents ?? []).forEach((secondary, i) => {
    const command = secondary.command ? ` pgw:command="${secondary.command}"` : "";
    out +=
      `<ScheduledEvent><EventData eventType="NonPrimary"${command}><EventId><EventId>${eventUuid(scheduleId, event.id, "secondary", i)}</EventId></EventId>` +
      `<NonPrimaryEvent><NonPrimaryEventName>${xmlEscape(secondary.objectName ?? "")}</NonPrimaryEventName><PrimaryEventId>${id}</PrimaryEventId>${offsetElement(secondary, rate)}</NonPrimaryEvent>` +
      `${start(nestedStart(event, secondary), rate, fps)}${length(0, rate, fps)}</EventData></ScheduledEvent>\n`;
  });
  (data.scte35Signals ?? []).forEach((signal, i) => {
    out +=
      `<ScheduledEvent><EventData eventType="NonPrimary"><EventId><EventId>${eventUuid(scheduleId, event.id, "scte35", i)}</EventId></EventId>` +
      `<NonPrimaryEvent><NonPrimaryEventName>${SCTE35_EVENT_NAME}</NonPrimaryEventName><PrimaryEventId>${id}</PrimaryEventId>${offsetElement(signal, rate)}` +
      `<pgw:Scte35Cue encoding="base64">${cueOf(signal, event.onAirTime, event.duration)}</pgw:Scte35Cue></NonPrimaryEvent>` +
      `${start(nestedStart(event, signal), rate, fps)}${length(signal.duration ?? 0, rate, fps)}</EventData></ScheduledEvent>\n`;
  });
  return out;
}

const isoSeconds = (ms: number) => new Date(ms).toISOString();

/**
 * The whole message. scheduleStart and scheduleEnd are the schedule's stored span (the events'
 * first start and last end, kept by every write), so the header is written before the events stream.
 */
export async function* bxfDocument(schedule: ScheduleRow & { dropFrame?: boolean | null }, events: AsyncIterable<EventRow>, origin = "playout-gateway"): AsyncGenerator<string> {
  const rate = scheduleRate(schedule);
  const now = Date.now();
  const span = [
    schedule.startDate ? ` scheduleStart="${isoSeconds(schedule.startDate.getTime())}"` : "",
    schedule.finishDate ? ` scheduleEnd="${isoSeconds(schedule.finishDate.getTime())}"` : "",
  ].join("");
  const channel = xmlEscape(channelIdOf(schedule));
  yield `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<BxfMessage xmlns="${BXF_NAMESPACE}" xmlns:pmcp="${PMCP_NAMESPACE}" xmlns:pgw="${PGW_NAMESPACE}" id="urn:uuid:${randomUUID()}" dateTime="${isoSeconds(now)}"` +
    ` messageType="Information" origin="${xmlEscape(origin)}" originType="Automation" userName="${xmlEscape(origin)}" destination="Traffic">\n` +
    `<BxfData action="add">\n<Schedule type="Primary" scheduleId="${eventUuid(schedule.id, "schedule")}"${span} action="add">\n` +
    `<Channel shortName="${channel}" status="active"><pmcp:Name lang="und">${xmlEscape(schedule.channel?.trim() || schedule.name)}</pmcp:Name></Channel>\n` +
    `<ScheduleName>${xmlEscape(schedule.name)}</ScheduleName>\n`;
  let batch = "";
  for await (const event of events) {
    batch += scheduledEvents(event, schedule.id, rate);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  yield `${batch}</Schedule>\n</BxfData>\n</BxfMessage>\n`;
}
