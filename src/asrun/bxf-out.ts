// BXF (SMPTE ST 2021) AsRun messages out, back to traffic: one BxfMessage whose Schedule holds an
// AsRun/BasicAsRun per stored entry, in the order the XSD declares (AsRunEventId, Content,
// AsRunDetail: Status, Type, StartDateTime, Duration, EventNotes). Times at the schedule's rate
// through the schedule export's writers (src/io/formats/bxf.ts), so both messages say time alike.
// What the standard has no element for (our entry id, exact reason, device and cue count) is in
// the BasicAsRun's PrivateInformation, so that our own import reads the same entries back. Pure.
import { broadcastClockOf, dateTimeXml, DEFAULT_BXF_VERSION, durationXml, eventUuid, frameRateText, messageStart, scheduleStart, xmlEscape, type BxfVersion } from "../io/index.js";
import { defaultDropFrame } from "../timecode/index.js";
import { STANDARD_STATUSES, standardStatusOf } from "./bxf-status.js";
import type { AiredEntry } from "./reconcile.js";
import type { AsRunScheduleHead } from "./store.js";

const UUID = /^urn:uuid:[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;
const IMPLIED = new Map(STANDARD_STATUSES.map((s) => [s.word, s.reason]));

/** One entry as an AsRun element. */
export function asRunXml(entry: AiredEntry, schedule: AsRunScheduleHead, w: Parameters<typeof dateTimeXml>[1]): string {
  const ref = entry.eventId !== null ? eventUuid(schedule.id, entry.eventId) : UUID.test(entry.entryId) && entry.entryId.length === 45 ? entry.entryId : null;
  const status = standardStatusOf(entry.status, entry.reason);
  // A reason the status does not already say is a note for the traffic system.
  const note = entry.reason !== null && entry.reason !== IMPLIED.get(status) ? `<EventNotes><EventNote>${xmlEscape(entry.reason)}</EventNote></EventNotes>` : "";
  const content = entry.mediaId ? `<Content><ContentId><HouseNumber>${xmlEscape(entry.mediaId)}</HouseNumber></ContentId></Content>` : "";
  const own =
    `<pgw:EntryId>${xmlEscape(entry.entryId)}</pgw:EntryId>` +
    (entry.reason !== null ? `<pgw:Reason>${xmlEscape(entry.reason)}</pgw:Reason>` : "") +
    `<pgw:DeviceId>${xmlEscape(entry.deviceId)}</pgw:DeviceId>` +
    (entry.scte35Cues !== null ? `<pgw:Scte35Cues>${entry.scte35Cues}</pgw:Scte35Cues>` : "");
  return (
    `<AsRun><BasicAsRun><AsRunEventId>${ref ? `<EventId>${ref}</EventId>` : "<Null/>"}</AsRunEventId>${content}` +
    `<AsRunDetail><Status>${status}</Status><Type>Primary</Type><StartDateTime>${dateTimeXml(entry.start, w)}</StartDateTime>` +
    `<Duration>${durationXml(entry.duration, w)}</Duration>${note}</AsRunDetail>` +
    `<PrivateInformation>${own}</PrivateInformation></BasicAsRun></AsRun>\n`
  );
}

/** The whole message: the entries of a window, in the order they aired. */
export function* asRunBxfDocument(schedule: AsRunScheduleHead, entries: readonly AiredEntry[], version: BxfVersion = DEFAULT_BXF_VERSION): Generator<string> {
  const rate = { fps: schedule.fps, dropFrame: schedule.dropFrame ?? defaultDropFrame(schedule.fps) };
  const w = { rate, fps: frameRateText(rate.fps), clock: broadcastClockOf(schedule) };
  yield messageStart(version, "playout-gateway", "Traffic", "Automation") + `<BxfData action="add">\n${scheduleStart(schedule, "as-run", w.fps)}`;
  let batch = "";
  for (const entry of entries) {
    batch += asRunXml(entry, schedule, w);
    if (batch.length > 64 * 1024) {
      yield batch;
      batch = "";
    }
  }
  yield `${batch}</Schedule>\n</BxfData>\n</BxfMessage>\n`;
}
