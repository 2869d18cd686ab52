// BXF (SMPTE ST 2021) import with a streaming parser (saxes, as XMLTV): the first Schedule's
// Primary ScheduledEvents become events, its NonPrimary ones the secondary events and SCTE-35
// signals of the primary event they name. Elements are matched by local name (any BXF version,
// any prefix); what is not read is listed in one warning. saxes never loads a DTD or an external
// entity, and a document that declares entities is refused outright.
import { SaxesParser, type SaxesTagNS } from "saxes";
import { badInput } from "../../common/errors.js";
import { feedParser } from "./source.js";
import { Command, EventType, Origin } from "../../events/index.js";
import type { SCTE35Signal } from "../../events/index.js";
import type { EventInput } from "../../events/index.js";
import { PGW_NAMESPACE, SCTE35_EVENT_NAME, SPOT_TYPES } from "./bxf.js";
import type { Scte35SignalData } from "../../scte35/index.js";
import { signalOfCue } from "./bxf-cues.js";
import { broadcastClockOf, broadcastDateText, bxfInstant, parseFrameRate, scheduleStartDate, timecodeMs, utcDateTimeMs, utcDurationMs } from "./bxf-time.js";
import { LocalTimeError } from "../../localtime/index.js";
import type { ImportNotes, ImportOptions, ParsedEvent } from "./types.js";
import {
  AD_TYPE, ATTRIBUTE_KEYS, BROADCAST_DATE, COMMAND, CONTENT_NAME, CUE, DIRECTION, DURATION, DURATION_RATE, END_MODE, EVENT_ID, EVENT_TITLE, EVENT_TREE, EVENT_TYPE, HEAD_PATHS, HOUSE_NUMBER,
  NOMINAL, NON_PRIMARY_NAME, OFFSET, OFFSET_FROM, OFFSET_RATE, PRIMARY_EVENT_ID, PROGRAM_NAME, SOM, SOM_MS, SOM_RATE, SPOT_TYPE, START, START_MODE, START_RATE, TEXT_KEYS, TYPE, UTC_DURATION, UTC_START,
  type PathNode,
} from "./bxf-paths.js";


/** Primary events held back so that NonPrimary events written after them can still join them. */
const HELD = 32;

/** A ScheduledEvent being read: its texts and attributes by slot. */
class Scheduled {
  readonly values: (string | undefined)[] = new Array<string | undefined>(TEXT_KEYS.length).fill(undefined);
  readonly attributes: (string | undefined)[] = new Array<string | undefined>(ATTRIBUTE_KEYS.length).fill(undefined);
  programEvent = false;
  liveSource = false;
  /** It holds an EventData (a ScheduleElements or ScheduledEvent without one is no event). */
  eventData = false;
  /** ScheduleElements of this ScheduledEvent that held an EventData: then its own EventData is their header. */
  elements = 0;
  constructor(readonly at: string) {}
}

interface Held {
  id: string | null;
  input: EventInput;
  at: string;
}

const EVENT_TYPES = new Set<string>(Object.values(EventType));
const TYPE_OF_SPOT = new Map(Object.entries(SPOT_TYPES).map(([type, spot]) => [spot.toLowerCase(), type as EventType]));

export async function* readBxf(text: AsyncIterable<string>, options: ImportOptions, notes: ImportNotes): AsyncGenerator<ParsedEvent> {
  const parser = new SaxesParser<{ xmlns: true; position: true }>({ xmlns: true, position: true });
  // Broadcast dates and times of day are local broadcast time of the new schedule's zone and broadcast day (bxf-time.ts).
  const clock = broadcastClockOf({ timeZone: options.timeZone, broadcastDayStart: options.broadcastDayStart });
  const ready: ParsedEvent[] = [];
  const held: Held[] = [];
  // Elements not read: how many, and the line of the first (the warning names it).
  const ignored = new Map<string, { count: number; line: number }>();
  const orphans: string[] = [];
  const path: string[] = [];
  let failure: Error | null = null;
  let skipDepth = 0; // > 0 inside an element not read
  let schedules = 0;
  let inSchedule = false;
  let scheduleDay: string | null = null;
  let count = 0;
  let current: Scheduled | null = null;
  // The ScheduledEvent open, when current is one of its ScheduleElements.
  let outer: Scheduled | null = null;
  let headers = 0;
  const skippedTypes = new Map<string, number>();
  let buffer = "";

  const fail = (message: string) => {
    failure ??= badInput(message);
  };
  const ignore = (name: string) => {
    const seen = ignored.get(name);
    if (seen) seen.count++;
    else ignored.set(name, { count: 1, line: parser.line });
  };
  const release = (keep: number) => {
    while (held.length > keep) {
      const h = held.shift()!;
      ready.push({ input: h.input, at: h.at });
    }
  };

  // The last frame rate and broadcast date read, and what they were: files repeat them event after event.
  let rateText: string | null = null;
  let rate = 0;
  let dateText: string | null = null;
  let dateDay: string | null = null;
  const rateOf = (value: string | undefined, at: string): number => {
    if (value === undefined) return options.fps;
    if (value === rateText) return rate;
    const fps = parseFrameRate(value);
    if (fps === null) throw badInput(`${at}: frameRate "${value}" is not a frame rate`);
    notes.schedule.fps ??= fps;
    rateText = value;
    rate = fps;
    return fps;
  };
  const dayOf = (date: string | undefined): string | null => {
    if (date === undefined) return scheduleDay;
    if (date !== dateText) {
      dateDay = broadcastDateText(date);
      dateText = date;
    }
    return dateDay;
  };
  const timecode = (s: Scheduled, slot: number, rateSlot: number, what: string): number | null => {
    const value = s.values[slot];
    if (value === undefined) return null;
    const fps = rateOf(s.attributes[rateSlot], s.at);
    try {
      return timecodeMs(value, fps);
    } catch (error) {
      throw badInput(`${s.at}: ${what}: ${(error as Error).message}`);
    }
  };

  /** The instant of a StartDateTime: SmpteDateTime (broadcast date + time of day) or UtcDateTime; null when it has neither. */
  const startOf = (s: Scheduled, notBefore?: number): number | null => {
    const utc = s.values[UTC_START];
    if (utc !== undefined && s.values[START] === undefined) {
      const ms = utcDateTimeMs(utc);
      if (ms === null) throw badInput(`${s.at}: UtcDateTime "${utc}" is not a date and time (xs:dateTime)`);
      return ms;
    }
    const timeOfDay = timecode(s, START, START_RATE, "start");
    if (timeOfDay === null) return null;
    const date = s.attributes[BROADCAST_DATE];
    const day = dayOf(date);
    if (day === null) throw badInput(`${s.at}: ${date === undefined ? "SmpteDateTime needs a broadcastDate (the Schedule has no scheduleStart either)" : `broadcastDate "${date}" is not a date (YYYY-MM-DD)`}`);
    try {
      return bxfInstant(clock, day, timeOfDay, s.values[START]!, notBefore);
    } catch (error) {
      if (error instanceof LocalTimeError) throw badInput(`${s.at}: ${error.message}`);
      throw error;
    }
  };

  const durationOf = (s: Scheduled): number | null => {
    const utc = s.values[UTC_DURATION];
    if (utc !== undefined && s.values[DURATION] === undefined) {
      const ms = utcDurationMs(utc);
      if (ms === null) throw badInput(`${s.at}: UtcDuration "${utc}" is not a duration (PnDTnHnMnS)`);
      return ms;
    }
    return timecode(s, DURATION, DURATION_RATE, "duration");
  };

  // The end of the primary event read last: a Follow event with a nominal start starts there.
  let lastEnd: number | null = null;
  // Its start (+1 ms when it has a length): where the clocks repeat an hour, the next time of day is its occurrence at or after it.
  let notBefore: number | undefined;
  const primaryOf = (s: Scheduled): Held => {
    const v = s.values;
    const own = startOf(s, notBefore);
    if (own === null) throw badInput(`${s.at}: StartDateTime (SmpteDateTime/SmpteTimeCode or UtcDateTime) is required`);
    const follows = v[START_MODE]?.toLowerCase() === "follow" && s.attributes[NOMINAL]?.trim().toLowerCase() === "true" && lastEnd !== null;
    const startMs = follows ? lastEnd! : own;
    const duration = durationOf(s) ?? 0;
    lastEnd = startMs + duration;
    notBefore = startMs + (duration > 0 ? 1 : 0);
    const somMs = v[SOM_MS];
    const som = somMs !== undefined ? wholeMs(somMs, s.at, "Som") : timecode(s, SOM, v[SOM] !== undefined && s.attributes[SOM_RATE] !== undefined ? SOM_RATE : START_RATE, "SOM");
    const title = v[CONTENT_NAME] ?? v[EVENT_TITLE] ?? v[PROGRAM_NAME] ?? null;
    const input: EventInput = { onAirTime: new Date(startMs), duration, eventType: eventTypeOf(s), title: title || null, mediaId: v[HOUSE_NUMBER] || null };
    if (som !== null) input.som = som;
    if (v[PROGRAM_NAME]) input.programme = { title: v[PROGRAM_NAME] };
    const startMode = v[START_MODE]?.toLowerCase();
    if (startMode === "fixed") input.locked = true;
    else if (startMode === "manual") input.manualStart = true;
    if (v[END_MODE]?.toLowerCase() === "manual") input.manualEnd = true;
    return { id: v[EVENT_ID] ?? null, input, at: s.at };
  };

  const wholeMs = (text: string, at: string, what: string): number => {
    if (!/^\d{1,15}$/.test(text)) throw badInput(`${at}: ${what} "${text}" is not a whole number of ms`);
    return Number(text);
  };

  const eventTypeOf = (s: Scheduled): EventType => {
    const own = s.attributes[TYPE];
    if (own !== undefined) {
      if (!EVENT_TYPES.has(own)) throw badInput(`${s.at}: pgw:type "${own}" is not an EventType`);
      return own as EventType;
    }
    if (s.values[PROGRAM_NAME] !== undefined || s.programEvent) return s.liveSource ? EventType.LIVE : EventType.PRIMARY;
    const spot = (s.values[SPOT_TYPE] ?? s.values[AD_TYPE])?.toLowerCase();
    if (spot === undefined) return EventType.PRIMARY;
    if (spot === "live") return EventType.LIVE;
    return TYPE_OF_SPOT.get(spot) ?? EventType.ADVERTISEMENT;
  };

  const nonPrimary = (s: Scheduled) => {
    const v = s.values;
    const ref = v[PRIMARY_EVENT_ID];
    const owner = ref !== undefined ? held.find((h) => h.id === ref) : held[held.length - 1];
    if (!owner) {
      orphans.push(s.at);
      return;
    }
    const fromEnd = s.attributes[OFFSET_FROM]?.toLowerCase() === "endofevent";
    let offset = timecode(s, OFFSET, s.attributes[OFFSET_RATE] !== undefined ? OFFSET_RATE : START_RATE, "offset");
    if (offset !== null) {
      if (s.attributes[DIRECTION]?.toLowerCase() === "negative") offset = -offset;
      if (fromEnd) offset = -offset;
    } else {
      // No OffsetTime: the distance of its start from the primary event's start (or, from its end, before that end).
      const ownerStart = (owner.input.onAirTime as Date).getTime();
      const startMs = startOf(s, ownerStart);
      offset = startMs === null ? 0 : fromEnd ? ownerStart + (owner.input.duration ?? 0) - startMs : startMs - ownerStart;
    }
    const origin = fromEnd ? Origin.FROM_END : Origin.FROM_START;
    const name = v[NON_PRIMARY_NAME] ?? "";
    const cue = v[CUE];
    if (cue !== undefined || name.toUpperCase() === SCTE35_EVENT_NAME) {
      if (cue === undefined) {
        notes.warnings.push(`${s.at}: an ${SCTE35_EVENT_NAME} event without a cue (PrivateInformation/pgw:Scte35Cue); ignored`);
        return;
      }
      let signal: Scte35SignalData;
      try {
        signal = signalOfCue(cue);
      } catch (error) {
        throw badInput(`${s.at}: the SCTE-35 cue cannot be read: ${(error as Error).message}`);
      }
      (owner.input.scte35Signals ??= []).push({ ...signal, offset, origin } as SCTE35Signal);
      return;
    }
    const command = s.attributes[COMMAND];
    if (command !== undefined && command !== Command.ON && command !== Command.OFF) throw badInput(`${s.at}: pgw:command "${command}" is not ON or OFF`);
    (owner.input.secondaryEvents ??= []).push({ objectName: name || null, offset, origin, ...(command ? { command: command as Command } : {}) });
  };

  const closeEvent = (s: Scheduled) => {
    const type = s.attributes[EVENT_TYPE]?.toLowerCase();
    if (type === "nonprimary") return nonPrimary(s);
    if (type === "comment" || type === "macro") {
      skippedTypes.set(type, (skippedTypes.get(type) ?? 0) + 1);
      return;
    }
    held.push(primaryOf(s));
    release(HELD);
  };

  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail(`line ${parser.line}: entity declarations are not accepted (DTDs and external entities are never loaded)`);
  });
  parser.on("error", (error) => fail(`line ${parser.line}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`));
  // Inside a ScheduledEvent: the path of each open element below it, and the text slot of the one read.
  const rel: PathNode[] = [];
  let textSlot = -1;
  let headText: string | null = null;
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (failure) return;
    if (skipDepth > 0) {
      skipDepth++;
      return;
    }
    const name = tag.local;
    if (current) {
      if (rel.length === 0 && outer === null && name === "ScheduleElements") {
        outer = current;
        current = new Scheduled(`${outer.at.replace(/ \(line \d+\)$/, "")}, ScheduleElements ${outer.elements + 1} (line ${parser.line})`);
        return;
      }
      const parent = rel.length ? rel[rel.length - 1] : EVENT_TREE;
      const node = parent.children.get(name);
      if (node === undefined) {
        ignore(parent.path ? `${parent.path}/${name}` : name);
        skipDepth = 1;
        return;
      }
      rel.push(node);
      if (rel.length === 1 && name === "EventData") current.eventData = true;
      if (node.text >= 0) {
        textSlot = node.text;
        buffer = "";
      } else if (node.attributes !== null) {
        for (const key in tag.attributes) {
          const a = tag.attributes[key];
          const slot = node.attributes.get(a.local);
          if (slot !== undefined) current.attributes[slot] = a.value;
        }
      } else if (node.programEvent) current.programEvent = true;
      else if (node.liveSource) current.liveSource = true;
      return;
    }
    path.push(name);
    if (path.length === 4 && inSchedule && name === "ScheduledEvent") {
      count++;
      current = new Scheduled(`ScheduledEvent ${count} (line ${parser.line})`);
      return;
    }
    const where = path.join("/");
    if (path.length === 1) {
      if (name !== "BxfMessage") fail(`line ${parser.line}: the root element must be <BxfMessage> (SMPTE ST 2021), found <${tag.name}>`);
      return;
    }
    if (!HEAD_PATHS.has(where)) {
      ignore(where.replace(/^BxfMessage\//, ""));
      path.pop();
      skipDepth = 1;
      return;
    }
    if (where === "BxfMessage/BxfData/Schedule") {
      schedules++;
      inSchedule = schedules === 1;
      if (!inSchedule) {
        notes.warnings.push(`line ${parser.line}: Schedule ${schedules} ignored (one Schedule per import: the first)`);
        path.pop();
        skipDepth = 1;
        return;
      }
      // Our own frame rate of the schedule (pgw:frameRate): the export's times need no frameRate where they are UtcDateTime.
      const ownRate = tag.attributes[`{${PGW_NAMESPACE}}frameRate`] ?? Object.values(tag.attributes).find((a) => a.uri === PGW_NAMESPACE && a.local === "frameRate");
      if (ownRate) {
        const fps = parseFrameRate(ownRate.value);
        if (fps !== null) notes.schedule.fps ??= fps;
      }
      const named = attr(tag, "scheduleName")?.trim();
      if (named) notes.schedule.name ??= named;
      const startText = attr(tag, "scheduleStart") ?? attr(tag, "ScheduleStart");
      scheduleDay = startText !== undefined ? scheduleStartDate(clock, startText) : null;
    } else if (where === "BxfMessage/BxfData") {
      const action = attr(tag, "action");
      if (action !== undefined && action !== "add") notes.warnings.push(`line ${parser.line}: BxfData action="${action}" is read as "add" (the import makes a new schedule)`);
    } else if (where === "BxfMessage/BxfData/Schedule/Channel") {
      const short = attr(tag, "shortName") ?? attr(tag, "ShortName");
      if (short && !options.channel) notes.schedule.channel = short;
    } else if (name === "Name" || name === "ScheduleName") {
      headText = where;
      buffer = "";
    }
  });
  const onText = (t: string) => {
    if (skipDepth === 0 && (textSlot >= 0 || headText !== null)) buffer += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    if (failure) return;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    if (current) {
      if (rel.length === 0) {
        const s: Scheduled = current;
        if (outer !== null) {
          // A ScheduleElements closes: an event of its own when it holds an EventData.
          current = outer;
          outer = null;
          if (s.eventData) current.elements++;
        } else {
          // The ScheduledEvent closes: its own EventData is an event, unless its ScheduleElements held the events (then it is their header).
          current = null;
          path.pop();
          if (s.elements > 0 && s.eventData) headers++;
          if (s.elements > 0 || !s.eventData) return;
        }
        if (!s.eventData) return;
        try {
          closeEvent(s);
        } catch (error) {
          failure ??= error as Error;
        }
        return;
      }
      rel.pop();
      if (textSlot >= 0) {
        current.values[textSlot] = textSlot === CUE ? buffer.replace(/\s/g, "") : collapse(buffer);
        textSlot = -1;
      }
      return;
    }
    if (headText !== null) {
      const value = collapse(buffer);
      if (headText === "BxfMessage/BxfData/Schedule/ScheduleName" && value) notes.schedule.name = value;
      else if (headText === "BxfMessage/BxfData/Schedule/Channel/Name" && value && !options.channel) notes.schedule.channel ??= value;
      headText = null;
    }
    path.pop();
  });

  yield* feedParser(parser, text, ready, () => failure);
  if (count === 0 && schedules === 0) throw badInput("The file holds no BXF Schedule (BxfMessage/BxfData/Schedule)");
  release(0);
  yield* ready.splice(0);
  if (headers) notes.warnings.push(`${headers} ScheduledEvent/EventData ignored: the header of the ScheduleElements read as events`);
  for (const [type, n] of skippedTypes) notes.warnings.push(`${n} EventData of eventType "${type === "comment" ? "Comment" : "Macro"}" ignored (no event of a schedule)`);
  if (orphans.length) notes.warnings.push(`${orphans.length} NonPrimary event(s) name no primary event read before them; ignored (first: ${orphans[0]})`);
  if (ignored.size) {
    const list = [...ignored].slice(0, 30).map(([n, { count, line }]) => (count > 1 ? `${n} (${count}, first line ${line})` : `${n} (line ${line})`));
    notes.warnings.push(`Elements not read, ignored: ${list.join(", ")}${ignored.size > 30 ? `, and ${ignored.size - 30} more` : ""}`);
  }
}

const SPACES = /\s\s|[^\S ]/;
/** Whitespace runs as one space, trimmed (the test spares the replace for texts with single spaces only). */
const collapse = (text: string): string => (SPACES.test(text) ? text.replace(/\s+/g, " ").trim() : text.trim());

function attr(tag: SaxesTagNS, local: string): string | undefined {
  for (const a of Object.values(tag.attributes)) if (a.local === local) return a.value;
  return undefined;
}

/** An XML file's format by its first characters: BXF when its root is a BxfMessage, else XMLTV. */
export function xmlFormatOf(head: string): "bxf" | "xmltv" {
  return /<([\w.-]+:)?BxfMessage[\s>/]/.test(head) ? "bxf" : "xmltv";
}
