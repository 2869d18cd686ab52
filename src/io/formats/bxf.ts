// BXF (SMPTE ST 2021) export: one BxfMessage, BxfData action="add", one Schedule of type Primary,
// and per event a Primary ScheduledEvent (EventData, then Content) followed by a NonPrimary
// ScheduledEvent for each of its secondary events and SCTE-35 signals. Every element is written
// where and in the order the XSD of the chosen version declares it (test/io/bxf-conformance.test.ts
// holds the table); our own data goes only where the schema takes extensions: attributes in our
// namespace (its attribute groups take any) and PrivateInformation. Written as a stream of text
// chunks from events read in air order; docs/FORMATS.md "BXF" says what maps where.
import { createHash, randomUUID } from "node:crypto";
import type { EventRow } from "../../events/index.js";
import type { ScheduleRow } from "../../schedules/index.js";
import type { FrameRate } from "../../timecode/index.js";
import { cueOf } from "./bxf-cues.js";
import { broadcastClockOf, frameRateText, instantToBxf, labelsFitBxf, lengthLabel, lengthToBxf, scheduleRate } from "./bxf-time.js";
import type { LocalClock } from "../../localtime/index.js";
import { channelIdOf, xmlEscape } from "./exports.js";

/** The BXF versions the export writes, by the year of their namespace. */
export type BxfVersion = "2008" | "2017";
export const BXF_VERSIONS: Record<BxfVersion, string> = {
  /** BXF 1.0 (SMPTE ST 2021-1:2008). */
  "2008": "http://smpte-ra.org/schemas/2021/2008/BXF",
  /** BXF 5.0 (ST 2021-1:2017): the namespace SMPTE's own use cases declare, in every later release too. */
  "2017": "http://smpte-ra.org/schemas/2021/2017/BXF",
};
export const DEFAULT_BXF_VERSION: BxfVersion = "2017";
/** BXF 1.0's namespace. */
export const BXF_NAMESPACE = BXF_VERSIONS["2008"];
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

/** BXF 1.0's words (NonProgramEvent/Details/SpotType, free text there) for the event types that are not programmes. */
export const SPOT_TYPES: Record<string, string> = { ADVERTISEMENT: "Commercial", PLACEHOLDER: "Placeholder", BLOCK: "Block", EMERGENCY: "Emergency" };
/** The 2017 schema's AdType and SpotType (both enumerations there) of those types; our exact type rides in pgw:type. */
const DETAILS_2017: Record<string, [adType: string, spotType: string]> = {
  ADVERTISEMENT: ["General", "Standard"],
  PLACEHOLDER: ["Other", "Other"],
  BLOCK: ["Other", "Other"],
  EMERGENCY: ["PSA", "Other"],
};

interface Nested {
  offset?: number | null;
  origin?: string | null;
  command?: string | null;
  objectName?: string | null;
  duration?: number | null;
}

/** What one message is written with: version, rate, broadcast clock and the schedule's id. */
export interface BxfWriting {
  version: BxfVersion;
  rate: FrameRate;
  fps: string;
  /** The schedule's zone and broadcast day start: broadcast dates and times of day are local (bxf-time.ts). */
  clock: LocalClock;
  scheduleId: number;
}

/** A BxfDateTime (StartDateTime's content): SmpteDateTime where a label fits, else UtcDateTime. */
export function dateTimeXml(ms: number, w: Pick<BxfWriting, "rate" | "fps" | "clock">): string {
  const at = instantToBxf(ms, w.rate, w.clock);
  return "utc" in at
    ? `<UtcDateTime>${at.utc}</UtcDateTime>`
    : `<SmpteDateTime frameRate="${w.fps}" broadcastDate="${at.date}"><SmpteTimeCode>${at.timecode}</SmpteTimeCode></SmpteDateTime>`;
}

/** A BxfDuration's content: SmpteDuration under 24 hours where a label fits, else UtcDuration. */
export function durationXml(ms: number, w: Pick<BxfWriting, "rate" | "fps">): string {
  const length = lengthToBxf(ms, w.rate);
  return "utc" in length ? `<UtcDuration>${length.utc}</UtcDuration>` : `<SmpteDuration frameRate="${w.fps}"><SmpteTimeCode>${length.timecode}</SmpteTimeCode></SmpteDuration>`;
}

/** EventData's tail after the event kind: StartDateTime, LengthOption, StartMode, EndMode (all required, in this order). */
const timing = (startMs: number, lengthMs: number, startMode: string, endMode: string, w: BxfWriting) =>
  `<StartDateTime>${dateTimeXml(startMs, w)}</StartDateTime><LengthOption><Duration>${durationXml(lengthMs, w)}</Duration></LengthOption>` +
  `<StartMode>${startMode}</StartMode><EndMode>${endMode}</EndMode>`;

/** Where a secondary event or signal starts: offset ms from the event's start, or before its end (FROM_END). */
function nestedStart(event: EventRow, n: Nested): number {
  const offset = n.offset ?? 0;
  return n.origin === "FROM_END" ? event.onAirTime + event.duration - offset : event.onAirTime + offset;
}

/** NonPrimaryEvent/Offset; its OffsetTime only where a BXF label can say it (the reader takes the start otherwise). */
function offsetElement(n: Nested, w: BxfWriting): string {
  const offset = n.offset ?? 0;
  const from = n.origin === "FROM_END" ? "EndofEvent" : "BeginningofEvent";
  const direction = (n.origin === "FROM_END" ? -offset : offset) < 0 ? "Negative" : "Positive";
  const label = labelsFitBxf(w.rate) && Math.abs(offset) < 86_400_000 ? lengthLabel(Math.abs(offset), w.rate) : null;
  const time = label !== null && label.length === 11 && label < "24" ? `<OffsetTime frameRate="${w.fps}"><SmpteTimeCode>${label}</SmpteTimeCode></OffsetTime>` : "";
  return `<Offset offsetFrom="${from}" offsetType="Start" direction="${direction}">${time}</Offset>`;
}

/** StartMode of an event: Fixed for a locked (fixed-time) event, Manual for a manual start, else Follow. */
function startModeOf(event: EventRow): string {
  if ((event.data as { manualStart?: boolean | null }).manualStart) return "Manual";
  return event.locked ? "Fixed" : "Follow";
}

/** The programme part being written: consecutive parts of one programme are its segments 1, 2, 3 … */
export interface Segments {
  title: string | null;
  number: number;
}

/** ProgramEvent (SegmentNumber is required) or NonProgramEvent/Details as the version declares them. */
function eventKind(event: EventRow, programmeTitle: string | null, segments: Segments, version: BxfVersion): string {
  if (event.eventType === "PRIMARY" || event.eventType === "LIVE") {
    segments.number = programmeTitle !== null && programmeTitle === segments.title ? segments.number + 1 : 1;
    segments.title = programmeTitle;
    return `<ProgramEvent><SegmentNumber>${segments.number}</SegmentNumber>${programmeTitle ? `<ProgramName>${xmlEscape(programmeTitle)}</ProgramName>` : ""}</ProgramEvent>`;
  }
  if (version === "2008") return `<NonProgramEvent><Details><SpotType>${SPOT_TYPES[event.eventType] ?? "Other"}</SpotType></Details></NonProgramEvent>`;
  const [adType, spotType] = DETAILS_2017[event.eventType] ?? ["Other", "Other"];
  return `<NonProgramEvent><Details><AdType>${adType}</AdType><SpotType>${spotType}</SpotType></Details></NonProgramEvent>`;
}

/**
 * Content, which needs a ContentId (a HouseNumber: the mediaId): HouseNumber, Name = title, and
 * the SOM in our PrivateInformation (the schema's Media/MediaLocation needs a Location and a media
 * Duration besides its SOM, which an event does not hold). Without a mediaId there is no Content:
 * the title is EventData's EventTitle and the SOM is in EventData's PrivateInformation.
 */
function contentXml(event: EventRow, som: number | null | undefined): string {
  if (!event.mediaId) return "";
  const name = event.title ? `<Name>${xmlEscape(event.title)}</Name>` : "";
  return `<Content><ContentId><HouseNumber>${xmlEscape(event.mediaId)}</HouseNumber></ContentId>${name}${somXml(som)}</Content>`;
}

const somXml = (som: number | null | undefined) => (som === undefined || som === null ? "" : `<PrivateInformation><pgw:Som>${som}</pgw:Som></PrivateInformation>`);

/** One event as its Primary ScheduledEvent and the NonPrimary ones of its secondary events and signals. */
export function scheduledEvents(event: EventRow, w: BxfWriting, segments: Segments = { title: null, number: 0 }): string {
  const id = eventUuid(w.scheduleId, event.id);
  const data = event.data as {
    programme?: { title?: string | null } | null;
    som?: number | null;
    manualEnd?: boolean | null;
    secondaryEvents?: Nested[] | null;
    scte35Signals?: (Nested & Record<string, unknown>)[] | null;
  };
  const programmeTitle = data.programme?.title?.trim() || null;
  const title = !event.mediaId && event.title ? `<EventTitle>${xmlEscape(event.title)}</EventTitle>` : "";
  const som = event.mediaId ? "" : somXml(data.som);
  let out =
    `<ScheduledEvent><EventData eventType="Primary" pgw:type="${event.eventType}"><EventId><EventId>${id}</EventId></EventId>${title}` +
    `<PrimaryEvent>${eventKind(event, programmeTitle, segments, w.version)}</PrimaryEvent>` +
    `${timing(event.onAirTime, event.duration, startModeOf(event), data.manualEnd ? "Manual" : "Duration", w)}${som}</EventData>` +
    `${contentXml(event, data.som)}</ScheduledEvent>\n`;
  (data.secondaryEvents ?? []).forEach((secondary, i) => {
    const command = secondary.command ? ` pgw:command="${secondary.command}"` : "";
    out +=
      `<ScheduledEvent><EventData eventType="NonPrimary"${command}><EventId><EventId>${eventUuid(w.scheduleId, event.id, "secondary", i)}</EventId></EventId>` +
      `<NonPrimaryEvent><NonPrimaryEventName>${xmlEscape(secondary.objectName ?? "")}</NonPrimaryEventName><PrimaryEventId>${id}</PrimaryEventId>${offsetElement(secondary, w)}</NonPrimaryEvent>` +
      `${timing(nestedStart(event, secondary), 0, "Fixed", "Duration", w)}</EventData></ScheduledEvent>\n`;
  });
  (data.scte35Signals ?? []).forEach((signal, i) => {
    out +=
      `<ScheduledEvent><EventData eventType="NonPrimary"><EventId><EventId>${eventUuid(w.scheduleId, event.id, "scte35", i)}</EventId></EventId>` +
      `<NonPrimaryEvent><NonPrimaryEventName>${SCTE35_EVENT_NAME}</NonPrimaryEventName><PrimaryEventId>${id}</PrimaryEventId>${offsetElement(signal, w)}` +
      `<PrivateInformation><pgw:Scte35Cue encoding="base64">${cueOf(signal, event.onAirTime, event.duration)}</pgw:Scte35Cue></PrivateInformation></NonPrimaryEvent>` +
      `${timing(nestedStart(event, signal), signal.duration ?? 0, "Fixed", "Duration", w)}</EventData></ScheduledEvent>\n`;
  });
  return out;
}

const isoSeconds = (ms: number) => new Date(ms).toISOString();

/** The BxfMessage start tag: namespaces and the attributes the schema requires (id, dateTime, messageType, origin, originType, userName). */
export function messageStart(version: BxfVersion, origin: string, destination: string, originType: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<BxfMessage xmlns="${BXF_VERSIONS[version]}" xmlns:pmcp="${PMCP_NAMESPACE}" xmlns:pgw="${PGW_NAMESPACE}" id="urn:uuid:${randomUUID()}" dateTime="${isoSeconds(Date.now())}"` +
    ` messageType="Information" origin="${xmlEscape(origin)}" originType="${originType}" userName="${xmlEscape(origin)}" destination="${xmlEscape(destination)}">\n`
  );
}

/** The Schedule start tag and its Channel: what the schedule and as-run messages share. */
export function scheduleStart(schedule: Pick<ScheduleRow, "id" | "name" | "channel" | "startDate" | "finishDate">, idPart: string, fps?: string): string {
  const span = [
    schedule.startDate ? ` scheduleStart="${isoSeconds(schedule.startDate.getTime())}"` : "",
    schedule.finishDate ? ` scheduleEnd="${isoSeconds(schedule.finishDate.getTime())}"` : "",
  ].join("");
  const channel = xmlEscape(channelIdOf(schedule));
  return (
    `<Schedule type="Primary" scheduleId="${eventUuid(schedule.id, idPart)}"${span}${fps ? ` pgw:frameRate="${fps}"` : ""} action="add">\n` +
    `<Channel shortName="${channel}" status="active"><pmcp:Name lang="und">${xmlEscape(schedule.channel?.trim() || schedule.name)}</pmcp:Name></Channel>\n`
  );
}

export interface BxfDocumentOptions {
  version?: BxfVersion;
  origin?: string;
}

/**
 * The whole message. scheduleStart and scheduleEnd are the schedule's stored span (the events'
 * first start and last end, kept by every write), so the header is written before the events stream.
 */
export async function* bxfDocument(schedule: ScheduleRow & { dropFrame?: boolean | null }, events: AsyncIterable<EventRow>, options: BxfDocumentOptions = {}): AsyncGenerator<string> {
  const rate = scheduleRate(schedule);
  const version = options.version ?? DEFAULT_BXF_VERSION;
  const w: BxfWriting = { version, rate, fps: frameRateText(rate.fps), clock: broadcastClockOf(schedule), scheduleId: schedule.id };
  yield messageStart(version, options.origin ?? "playout-gateway", "Traffic", "Automation") +
    `<BxfData action="add">\n${scheduleStart(schedule, "schedule", w.fps)}<ScheduleName>${xmlEscape(schedule.name)}</ScheduleName>\n`;
  const segments: Segments = { title: null, number: 0 };
  let batch = "";
  for await (const event of events) {
    batch += scheduledEvents(event, w, segments);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  yield `${batch}</Schedule>\n</BxfData>\n</BxfMessage>\n`;
}
