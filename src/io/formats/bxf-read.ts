// BXF (SMPTE ST 2021) import, streamed: the first Schedule's Primary ScheduledEvents become
// events, its NonPrimary ones the secondary events and SCTE-35 signals of the primary event they
// name. The walk of the document is the as-run reader's too (src/common/bxf-xml.ts: elements
// matched by local name, any BXF version, any prefix; what is not read listed in one warning; no
// DTD or external entity ever loaded, a document that declares entities refused outright), and so
// is the reading of times (src/common/bxf-smpte.ts).
import { SmpteTimeReader } from "../../common/bxf-smpte.js";
import { BXF_DATA, BXF_SCHEDULE, BxfPathStack, bxfAttribute, BxfWalk, channelShortName, collapseSpaces, type BxfElements, type BxfTag } from "../../common/bxf-xml.js";
import { badInput } from "../../common/errors.js";
import { feedParser } from "./source.js";
import { Command, EventType, Origin } from "../../events/index.js";
import type { SCTE35Signal } from "../../events/index.js";
import type { EventInput } from "../../events/index.js";
import { PGW_NAMESPACE, SCTE35_EVENT_NAME, SPOT_TYPES } from "./bxf.js";
import type { Scte35SignalData } from "../../scte35/index.js";
import { signalOfCue } from "./bxf-cues.js";
import { broadcastClockOf, parseFrameRate, scheduleStartDate } from "./bxf-time.js";
import type { LocalClock } from "../../localtime/index.js";
import type { ImportNotes, ImportOptions, ParsedEvent } from "./types.js";
import {
  AD_TYPE, ATTRIBUTE_KEYS, BROADCAST_DATE, COMMAND, CONTENT_NAME, CUE, DIRECTION, DURATION, DURATION_RATE, END_MODE, EVENT_ID, EVENT_TITLE, EVENT_TREE, EVENT_TYPE, HEAD_PATHS, HOUSE_NUMBER,
  NOMINAL, NON_PRIMARY_NAME, OFFSET, OFFSET_FROM, OFFSET_RATE, PRIMARY_EVENT_ID, PROGRAM_NAME, SOM, SOM_MS, SOM_RATE, SPOT_TYPE, START, START_MODE, START_RATE, TEXT_KEYS, TYPE, UTC_DURATION, UTC_START,
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
  const reader = new ScheduleReader(options, notes);
  const { walk, ready } = reader;
  yield* feedParser(walk.parser, text, ready, () => walk.failure);
  if (reader.count === 0 && reader.schedules === 0) throw badInput("The file holds no BXF Schedule (BxfMessage/BxfData/Schedule)");
  reader.release(0);
  yield* ready.splice(0);
  reader.warnAtEnd();
}

/** The reader of one schedule message: the walk hands it the elements, it makes the events ready. */
class ScheduleReader implements BxfElements {
  readonly walk = new BxfWalk(this);
  readonly ready: ParsedEvent[] = [];
  /** ScheduledEvents of the first Schedule read. */
  count = 0;
  /** Schedules met (only the first is read). */
  schedules = 0;
  private readonly held: Held[] = [];
  private readonly orphans: string[] = [];
  private inSchedule = false;
  // Broadcast dates and times of day are local broadcast time of the new schedule's zone and broadcast day (bxf-time.ts).
  private readonly clock: LocalClock;
  private readonly times: SmpteTimeReader;
  private current: Scheduled | null = null;
  // The ScheduledEvent open, when current is one of its ScheduleElements.
  private outer: Scheduled | null = null;
  /** Inside a ScheduledEvent: the path of each open element below it. */
  private readonly rel = new BxfPathStack(EVENT_TREE);
  /** The slot of the event's text being read, -1 for none. */
  private textSlot = -1;
  /** The head path whose text is being read (the Schedule's name, its Channel's). */
  private headText: string | null = null;
  private headers = 0;
  private readonly skippedTypes = new Map<string, number>();
  // The end of the primary event read last: a Follow event with a nominal start starts there.
  private lastEnd: number | null = null;
  // Its start (+1 ms when it has a length): where the clocks repeat an hour, the next time of day is its occurrence at or after it.
  private notBefore: number | undefined;

  constructor(
    private readonly options: ImportOptions,
    private readonly notes: ImportNotes,
  ) {
    this.clock = broadcastClockOf({ timeZone: options.timeZone, broadcastDayStart: options.broadcastDayStart });
    this.times = new SmpteTimeReader({
      clock: this.clock,
      fps: options.fps,
      // A frameRate the file gives is the new schedule's (the first one).
      onFrameRate: (fps) => (notes.schedule.fps ??= fps),
      noDate: "SmpteDateTime needs a broadcastDate (the Schedule has no scheduleStart either)",
    });
  }

  open(tag: BxfTag): void {
    if (this.current) this.openInEvent(this.current, tag);
    else this.openHead(tag);
  }

  /** An element of a ScheduledEvent: one of its ScheduleElements, a text, attributes, or one to descend through. */
  private openInEvent(current: Scheduled, tag: BxfTag): void {
    const name = tag.local;
    if (this.rel.depth === 0 && this.outer === null && name === "ScheduleElements") {
      this.outer = current;
      this.current = new Scheduled(`${current.at.replace(/ \(line \d+\)$/, "")}, ScheduleElements ${current.elements + 1} (line ${this.walk.line})`);
      return;
    }
    const node = this.rel.enter(name, this.walk);
    if (node === undefined) return;
    if (this.rel.depth === 1 && name === "EventData") current.eventData = true;
    if (node.text >= 0) {
      this.textSlot = node.text;
      this.walk.collectText();
    } else if (node.attributes !== null) {
      for (const key in tag.attributes) {
        const a = tag.attributes[key];
        const slot = node.attributes.get(a.local);
        if (slot !== undefined) current.attributes[slot] = a.value;
      }
    } else if (node.programEvent) current.programEvent = true;
    else if (node.liveSource) current.liveSource = true;
  }

  /** An element above the events: a ScheduledEvent starts, or the message's head (BxfData, Schedule, Channel, names). */
  private openHead(tag: BxfTag): void {
    const walk = this.walk;
    walk.openHead(tag);
    const depth = walk.head.length;
    if (depth === 4 && this.inSchedule && tag.local === "ScheduledEvent") {
      this.count++;
      this.current = new Scheduled(`ScheduledEvent ${this.count} (line ${walk.line})`);
      return;
    }
    if (depth === 1) return;
    const where = walk.where;
    if (!HEAD_PATHS.has(where)) walk.skipHead();
    else if (where === BXF_SCHEDULE) this.openSchedule(tag);
    else if (where === BXF_DATA) {
      const action = bxfAttribute(tag, "action");
      if (action !== undefined && action !== "add") this.notes.warnings.push(`line ${walk.line}: BxfData action="${action}" is read as "add" (the import makes a new schedule)`);
    } else if (where === `${BXF_SCHEDULE}/Channel`) {
      const short = channelShortName(tag);
      if (short && !this.options.channel) this.notes.schedule.channel = short;
    } else if (tag.local === "Name" || tag.local === "ScheduleName") {
      this.headText = where;
      walk.collectText();
    }
  }

  /** A Schedule: the first is read (its frame rate, name and start date), the others skipped. */
  private openSchedule(tag: BxfTag): void {
    const { walk, notes } = this;
    this.schedules++;
    this.inSchedule = this.schedules === 1;
    if (!this.inSchedule) {
      notes.warnings.push(`line ${walk.line}: Schedule ${this.schedules} ignored (one Schedule per import: the first)`);
      walk.closeHead();
      walk.skip();
      return;
    }
    // Our own frame rate of the schedule (pgw:frameRate): the export's times need no frameRate where they are UtcDateTime.
    const ownRate = tag.attributes[`{${PGW_NAMESPACE}}frameRate`] ?? Object.values(tag.attributes).find((a) => a.uri === PGW_NAMESPACE && a.local === "frameRate");
    if (ownRate) {
      const fps = parseFrameRate(ownRate.value);
      if (fps !== null) notes.schedule.fps ??= fps;
    }
    const named = bxfAttribute(tag, "scheduleName")?.trim();
    if (named) notes.schedule.name ??= named;
    const startText = bxfAttribute(tag, "scheduleStart") ?? bxfAttribute(tag, "ScheduleStart");
    this.times.defaultDay = startText !== undefined ? scheduleStartDate(this.clock, startText) : null;
  }

  close(): void {
    const current = this.current;
    if (current === null) this.closeHead();
    else if (this.rel.depth === 0) this.closeScheduled(current);
    else {
      this.rel.leave();
      if (this.textSlot >= 0) {
        const text = this.walk.takeText();
        current.values[this.textSlot] = this.textSlot === CUE ? text.replace(/\s/g, "") : collapseSpaces(text);
        this.textSlot = -1;
      }
    }
  }

  private closeHead(): void {
    if (this.headText !== null) {
      const value = collapseSpaces(this.walk.takeText());
      const { notes } = this;
      if (this.headText === `${BXF_SCHEDULE}/ScheduleName` && value) notes.schedule.name = value;
      else if (this.headText === `${BXF_SCHEDULE}/Channel/Name` && value && !this.options.channel) notes.schedule.channel ??= value;
      this.headText = null;
    }
    this.walk.closeHead();
  }

  /** A ScheduleElements or a ScheduledEvent closes: an event when it holds an EventData. */
  private closeScheduled(s: Scheduled): void {
    if (this.outer !== null) {
      // A ScheduleElements closes: an event of its own when it holds an EventData.
      this.current = this.outer;
      this.outer = null;
      if (s.eventData) this.current.elements++;
    } else {
      // The ScheduledEvent closes: its own EventData is an event, unless its ScheduleElements held the events (then it is their header).
      this.current = null;
      this.walk.closeHead();
      if (s.elements > 0 && s.eventData) this.headers++;
      if (s.elements > 0 || !s.eventData) return;
    }
    if (s.eventData) this.closeEvent(s);
  }

  private closeEvent(s: Scheduled): void {
    const type = s.attributes[EVENT_TYPE]?.toLowerCase();
    if (type === "nonprimary") return this.nonPrimary(s);
    if (type === "comment" || type === "macro") {
      this.skippedTypes.set(type, (this.skippedTypes.get(type) ?? 0) + 1);
      return;
    }
    this.held.push(this.primaryOf(s));
    this.release(HELD);
  }

  /** Hands the primary events held on, but the last `keep`. */
  release(keep: number): void {
    while (this.held.length > keep) {
      const h = this.held.shift()!;
      this.ready.push({ input: h.input, at: h.at });
    }
  }

  /** The instant of a StartDateTime: SmpteDateTime (broadcast date + time of day) or UtcDateTime; null when it has neither. */
  private startOf(s: Scheduled, notBefore?: number): number | null {
    return this.times.start(s.values[START], s.attributes[START_RATE], s.attributes[BROADCAST_DATE], s.values[UTC_START], s.at, notBefore);
  }

  private durationOf(s: Scheduled): number | null {
    return this.times.length(s.values[DURATION], s.attributes[DURATION_RATE], s.values[UTC_DURATION], s.at);
  }

  private primaryOf(s: Scheduled): Held {
    const v = s.values;
    const own = this.startOf(s, this.notBefore);
    if (own === null) throw badInput(`${s.at}: StartDateTime (SmpteDateTime/SmpteTimeCode or UtcDateTime) is required`);
    const follows = v[START_MODE]?.toLowerCase() === "follow" && s.attributes[NOMINAL]?.trim().toLowerCase() === "true" && this.lastEnd !== null;
    const startMs = follows ? this.lastEnd! : own;
    const duration = this.durationOf(s) ?? 0;
    this.lastEnd = startMs + duration;
    this.notBefore = startMs + (duration > 0 ? 1 : 0);
    const somMs = v[SOM_MS];
    const somRate = v[SOM] !== undefined && s.attributes[SOM_RATE] !== undefined ? SOM_RATE : START_RATE;
    const som = somMs !== undefined ? wholeMs(somMs, s.at, "Som") : this.times.timecode(v[SOM], s.attributes[somRate], s.at, "SOM");
    const title = v[CONTENT_NAME] ?? v[EVENT_TITLE] ?? v[PROGRAM_NAME] ?? null;
    const input: EventInput = { onAirTime: new Date(startMs), duration, eventType: eventTypeOf(s), title: title || null, mediaId: v[HOUSE_NUMBER] || null };
    if (som !== null) input.som = som;
    if (v[PROGRAM_NAME]) input.programme = { title: v[PROGRAM_NAME] };
    const startMode = v[START_MODE]?.toLowerCase();
    if (startMode === "fixed") input.locked = true;
    else if (startMode === "manual") input.manualStart = true;
    if (v[END_MODE]?.toLowerCase() === "manual") input.manualEnd = true;
    return { id: v[EVENT_ID] ?? null, input, at: s.at };
  }

  /** A NonPrimary event: a secondary event or an SCTE-35 signal of the primary event it names (else of the last one). */
  private nonPrimary(s: Scheduled): void {
    const v = s.values;
    const ref = v[PRIMARY_EVENT_ID];
    const owner = ref !== undefined ? this.held.find((h) => h.id === ref) : this.held[this.held.length - 1];
    if (!owner) {
      this.orphans.push(s.at);
      return;
    }
    const fromEnd = s.attributes[OFFSET_FROM]?.toLowerCase() === "endofevent";
    const offset = this.offsetOf(s, owner, fromEnd);
    const origin = fromEnd ? Origin.FROM_END : Origin.FROM_START;
    const name = v[NON_PRIMARY_NAME] ?? "";
    const cue = v[CUE];
    if (cue !== undefined || name.toUpperCase() === SCTE35_EVENT_NAME) {
      if (cue === undefined) {
        this.notes.warnings.push(`${s.at}: an ${SCTE35_EVENT_NAME} event without a cue (PrivateInformation/pgw:Scte35Cue); ignored`);
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
  }

  /** A NonPrimary event's offset from its primary event's start (or, from its end, before that end). */
  private offsetOf(s: Scheduled, owner: Held, fromEnd: boolean): number {
    const offset = this.times.timecode(s.values[OFFSET], s.attributes[s.attributes[OFFSET_RATE] !== undefined ? OFFSET_RATE : START_RATE], s.at, "offset");
    if (offset !== null) {
      const negative = s.attributes[DIRECTION]?.toLowerCase() === "negative";
      return negative !== fromEnd ? -offset : offset;
    }
    // No OffsetTime: the distance of its start from the primary event's start (or, from its end, before that end).
    const ownerStart = (owner.input.onAirTime as Date).getTime();
    const startMs = this.startOf(s, ownerStart);
    return startMs === null ? 0 : fromEnd ? ownerStart + (owner.input.duration ?? 0) - startMs : startMs - ownerStart;
  }

  /** The warnings of the whole read: what was read as no event, and the elements not read. */
  warnAtEnd(): void {
    const warnings = this.notes.warnings;
    if (this.headers) warnings.push(`${this.headers} ScheduledEvent/EventData ignored: the header of the ScheduleElements read as events`);
    for (const [type, n] of this.skippedTypes) warnings.push(`${n} EventData of eventType "${type === "comment" ? "Comment" : "Macro"}" ignored (no event of a schedule)`);
    if (this.orphans.length) warnings.push(`${this.orphans.length} NonPrimary event(s) name no primary event read before them; ignored (first: ${this.orphans[0]})`);
    const notRead = this.walk.notReadWarning();
    if (notRead !== null) warnings.push(notRead);
  }
}

function wholeMs(text: string, at: string, what: string): number {
  if (!/^\d{1,15}$/.test(text)) throw badInput(`${at}: ${what} "${text}" is not a whole number of ms`);
  return Number(text);
}

function eventTypeOf(s: Scheduled): EventType {
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
}

/** An XML file's format by its first characters: BXF when its root is a BxfMessage, else XMLTV. */
export function xmlFormatOf(head: string): "bxf" | "xmltv" {
  return /<([\w.-]+:)?BxfMessage[\s>/]/.test(head) ? "bxf" : "xmltv";
}
