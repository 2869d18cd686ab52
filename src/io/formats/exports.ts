// The export formats as streams of text chunks, written from events read in air order.
// XMLTV: one <channel>, one <programme> per PRIMARY programme (parts of one programme separated
// only by non-PRIMARY events merge), times in the schedule's zone with the offset in force. JSON: the schedule and every stored event field.
import type { EventRow } from "../../events/index.js";
import type { ScheduleRow } from "../../schedules/index.js";
import { formatXmltvTime } from "./times.js";
import { dayStartText } from "../../localtime/index.js";
import { JSON_FORMAT } from "./json.js";
import { eventCues, type Scte35SignalData } from "../../scte35/index.js";

// Characters XML 1.0 does not allow at all (they cannot even be escaped).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** The channel id of the export: the schedule's channel, else one made from its id. */
export const channelIdOf = (schedule: Pick<ScheduleRow, "id" | "channel">) => schedule.channel?.trim() || `schedule-${schedule.id}.playout-gateway`;

interface Block {
  key: string | null;
  start: number;
  stop: number;
  title: string;
  description: string | null;
}

function programmeOf(event: EventRow): { title: string | null; description: string | null } {
  const programme = event.data.programme as { title?: string | null; description?: string | null } | undefined;
  return { title: programme?.title?.trim() || null, description: programme?.description?.trim() || null };
}

/** Merges PRIMARY events into programmes; non-PRIMARY events between parts do not break a programme. */
export async function* xmltvProgrammes(events: AsyncIterable<EventRow>): AsyncGenerator<Block> {
  let open: Block | null = null;
  for await (const event of events) {
    if (event.eventType !== "PRIMARY") continue;
    const programme = programmeOf(event);
    const key = programme.title ? `title:${programme.title}` : event.mediaId ? `media:${event.mediaId}` : null;
    const stop = event.onAirTime + event.duration;
    if (open && key !== null && key === open.key) {
      open.stop = Math.max(open.stop, stop);
      open.description ??= programme.description;
      continue;
    }
    if (open) yield open;
    const title = programme.title ?? event.title?.trim() ?? event.mediaId ?? "";
    open = { key, start: event.onAirTime, stop, title: title || `Event ${event.id}`, description: programme.description };
  }
  if (open) yield open;
}

export async function* xmltvDocument(schedule: ScheduleRow, events: AsyncIterable<EventRow>, generator = "playout-gateway"): AsyncGenerator<string> {
  const channel = xmlEscape(channelIdOf(schedule));
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n<tv generator-info-name="${xmlEscape(generator)}">\n`;
  yield `  <channel id="${channel}">\n    <display-name>${xmlEscape(schedule.channel?.trim() || schedule.name)}</display-name>\n  </channel>\n`;
  let batch = "";
  for await (const p of xmltvProgrammes(events)) {
    batch += `  <programme start="${formatXmltvTime(p.start, schedule.timeZone)}" stop="${formatXmltvTime(p.stop, schedule.timeZone)}" channel="${channel}">\n    <title>${xmlEscape(p.title)}</title>\n`;
    if (p.description) batch += `    <desc>${xmlEscape(p.description)}</desc>\n`;
    batch += `  </programme>\n`;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  yield `${batch}</tv>\n`;
}

/** Schedule fields the JSON export carries (and the import reads back). */
export function scheduleHeader(schedule: ScheduleRow): Record<string, unknown> {
  return {
    id: String(schedule.id),
    name: schedule.name,
    channel: schedule.channel,
    channelId: schedule.channelId,
    playlistType: schedule.playlistType,
    status: schedule.status,
    txdate: schedule.txdate,
    fps: schedule.fps,
    // null: the default of the fps (drop-frame at 29.97 and 59.94).
    dropFrame: schedule.dropFrame,
    timeZone: schedule.timeZone,
    broadcastDayStart: dayStartText(schedule.broadcastDayStart),
    graphicsProject: schedule.graphicsProject,
    graphicsProjectV2: schedule.graphicsProjectV2,
    breakMin: schedule.breakMin,
    breakMax: schedule.breakMax,
    startDate: schedule.startDate?.toISOString() ?? null,
    finishDate: schedule.finishDate?.toISOString() ?? null,
  };
}

/** Every field of a stored event, in the shape EventInput reads; the encryption key never leaves. */
export function exportedEvent(event: EventRow): Record<string, unknown> {
  const { archivedFromStatus: _internal, ...data } = event.data;
  const live = data.liveParameters as Record<string, unknown> | undefined;
  if (live && "encryptionKey" in live) {
    const { encryptionKey: _secret, ...rest } = live;
    data.liveParameters = rest;
  }
  return {
    id: String(event.id),
    onAirTime: new Date(event.onAirTime).toISOString(),
    duration: event.duration,
    eventType: event.eventType,
    title: event.title,
    locked: event.locked,
    mediaId: event.mediaId,
    status: event.status,
    version: event.version,
    ...data,
    ...(Array.isArray(data.scte35Signals) && data.scte35Signals.length
      ? { scte35Cues: eventCues(data.scte35Signals as Scte35SignalData[], { eventOnAirMs: new Date(event.onAirTime).getTime(), eventDurationMs: event.duration }) }
      : {}),
  };
}

export async function* jsonDocument(schedule: ScheduleRow, events: AsyncIterable<EventRow>): AsyncGenerator<string> {
  yield `{"format":${JSON.stringify(JSON_FORMAT)},"formatVersion":1,"exportedAt":${JSON.stringify(new Date().toISOString())},\n"schedule":${JSON.stringify(scheduleHeader(schedule))},\n"events":[`;
  let batch = "";
  let first = true;
  for await (const event of events) {
    batch += `${first ? "\n" : ",\n"}${JSON.stringify(exportedEvent(event))}`;
    first = false;
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  yield `${batch}\n]}\n`;
}
