// Reading BXF (SMPTE ST 2021) times, for the schedule reader (src/io/formats/bxf-read.ts) and the
// as-run reader (src/asrun/bxf.ts) alike: a SmpteTimeCode with its frameRate attribute, a
// SmpteDateTime (a broadcast date and a time-of-day timecode, local broadcast time), a
// UtcDateTime, a UtcDuration. The text parsers are here so that both readers (and the writer,
// src/io/formats/bxf-time.ts, which re-exports them) read with one set of rules; all frame
// arithmetic is src/timecode's, every zone rule src/localtime's. Pure.
import { DAY_MS, instantOfLocal, instantsOfLocal, LocalTimeError, MINUTE_MS, parseDate, type LocalClock } from "../localtime/index.js";
import { timecodeToMs } from "../timecode/index.js";
import { badInput } from "./errors.js";

/** A frame rate attribute (`25`, `29.97`, `30000/1001`) as fps; null when it is none. */
export function parseFrameRate(text: string): number | null {
  const t = text.trim();
  const ratio = /^(\d+)\/(\d+)$/.exec(t);
  const fps = ratio ? Number(ratio[1]) / Number(ratio[2]) : /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!(fps > 0 && fps <= 300)) return null;
  return Math.round(fps * 1000) / 1000;
}

/**
 * A timecode as ms at `fps` (src/timecode: `;` before the frames counts drop-frame; hours past 23
 * run on, a broadcast day that runs past midnight). Throws TimecodeError saying what is wrong.
 */
export const timecodeMs = (text: string, fps: number): number => timecodeToMs(text, { fps, dropFrame: false });

const DURATION = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** An xs:duration of days, hours, minutes and seconds (`PT30S`, `PT1H0.04S`) as ms; null when it is none of those. */
export function utcDurationMs(text: string): number | null {
  const t = text.trim();
  const m = DURATION.exec(t);
  if (!m || t === "P" || t.endsWith("T")) return null;
  const [d, h, min, s] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  return Math.round(((d * 24 + h) * 60 + min) * 60_000 + s * 1000);
}

/** An xs:dateTime of a UtcDateTime as ms (no zone: UTC, as the element's name says); null when it is none. */
export function utcDateTimeMs(text: string): number | null {
  const t = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.test(t)) return null;
  const ms = Date.parse(/(Z|[+-]\d{2}:\d{2})$/.test(t) ? t : `${t}Z`);
  return Number.isFinite(ms) ? ms : null;
}

/** A broadcast date "YYYY-MM-DD" as it is (the date part of a date-time is enough: scheduleStart's); null when the text is no date. */
export function broadcastDateText(text: string): string | null {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(text.trim())?.[0];
  if (date === undefined) return null;
  try {
    parseDate(date);
    return date;
  } catch (error) {
    if (error instanceof LocalTimeError) return null;
    throw error;
  }
}

/** The hours and minutes of a timecode label, as minutes (`06:00:00;00` → 360): what says where a broadcast day starts. */
export function labelMinutes(label: string): number {
  const m = /^\s*(\d+):(\d{2})/.exec(label);
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/**
 * The instant of a broadcast date and a time of day read from a timecode: `timeOfDayMs` its ms,
 * `label` its text. Whether it is before the broadcast day start (and so on the next calendar
 * date) is decided on the label's hours and minutes, not on the ms: at 29.97 a label and the
 * clock part by a few ms (drop-frame) or seconds (non-drop), and `06:00:00;00` is the start of a
 * 06:00 day. Hours past 23 run on from local midnight of the broadcast date, as a broadcast day
 * that runs past midnight is sometimes written. Where the clocks repeat the time, it is the first
 * occurrence at or after `notBefore` (else the first); a time they skip moves on with them (the
 * rules of instantOfBroadcastTime, src/localtime).
 */
export function bxfInstant(clock: LocalClock, broadcastDate: string, timeOfDayMs: number, label: string, notBefore?: number): number {
  const minutes = labelMinutes(label);
  const nextDate = minutes < 24 * 60 && minutes * MINUTE_MS < clock.dayStartMs;
  const local = parseDate(broadcastDate) + (nextDate ? DAY_MS : 0) + timeOfDayMs;
  if (notBefore !== undefined) {
    const later = instantsOfLocal(clock.zone, local).find((instant) => instant >= notBefore);
    if (later !== undefined) return later;
  }
  return instantOfLocal(clock.zone, local);
}

export interface SmpteTimeOptions {
  /** The zone and broadcast day start that broadcast dates and times of day are read in. */
  clock: LocalClock;
  /** The fps of a timecode without a frameRate attribute; null: the schedule has no timecode (such a timecode is refused). */
  fps: number | null;
  /** Told the fps of each frameRate attribute read (the schedule reader keeps the first as the new schedule's). */
  onFrameRate?: (fps: number) => void;
  /** The refusal of a SmpteDateTime without broadcastDate when the file gives no day either (after "line N: "). */
  noDate?: string;
}

/**
 * Reads the times of one BXF file, each refused with BAD_USER_INPUT naming its place (`at`, "line 12"
 * or "ScheduledEvent 3 (line 40)") and what it is (`what`: "start", "duration", …).
 */
export class SmpteTimeReader {
  /** The broadcast date of a SmpteDateTime without one (the Schedule's scheduleStart); null: none. */
  defaultDay: string | null = null;
  // The last frameRate and broadcastDate read, and what they were: files repeat them element after element.
  private rateText: string | null = null;
  private rate = 0;
  private dateText: string | null = null;
  private day: string | null = null;

  constructor(private readonly options: SmpteTimeOptions) {}

  /** The fps of a frameRate attribute, the schedule's when there is none. */
  frameRate(text: string | undefined, at: string, what: string): number {
    if (text === undefined) {
      if (this.options.fps === null) throw badInput(`${at}: ${what}: the schedule's frame rate has no timecode; give the SmpteTimeCode a frameRate`);
      return this.options.fps;
    }
    if (text === this.rateText) return this.rate;
    const fps = parseFrameRate(text);
    if (fps === null) throw badInput(`${at}: frameRate "${text}" is not a frame rate`);
    this.options.onFrameRate?.(fps);
    this.rateText = text;
    this.rate = fps;
    return fps;
  }

  /** A SmpteTimeCode (a length, an offset, a time of day) as ms at its frameRate; null when there is none. */
  timecode(text: string | undefined, frameRate: string | undefined, at: string, what: string): number | null {
    if (text === undefined) return null;
    const fps = this.frameRate(frameRate, at, what);
    try {
      return timecodeMs(text, fps);
    } catch (error) {
      throw badInput(`${at}: ${what}: ${(error as Error).message}`);
    }
  }

  /**
   * A start: its SmpteDateTime (time of day `timecode` at `frameRate` on `broadcastDate`, else on
   * the default day) or else its UtcDateTime; null when it has neither. Where the clocks repeat
   * the time of day, the occurrence at or after `notBefore`.
   */
  start(timecode: string | undefined, frameRate: string | undefined, broadcastDate: string | undefined, utc: string | undefined, at: string, notBefore?: number): number | null {
    if (timecode !== undefined) return this.smpteDateTime(timecode, frameRate, broadcastDate, at, notBefore);
    if (utc !== undefined) return this.utcDateTime(utc, at);
    return null;
  }

  /** A length: its SmpteDuration's timecode at `frameRate`, or else its UtcDuration; null when it has neither. */
  length(timecode: string | undefined, frameRate: string | undefined, utc: string | undefined, at: string): number | null {
    if (timecode !== undefined) return this.timecode(timecode, frameRate, at, "duration");
    if (utc !== undefined) return this.utcDuration(utc, at);
    return null;
  }

  private smpteDateTime(timecode: string, frameRate: string | undefined, broadcastDate: string | undefined, at: string, notBefore?: number): number {
    const timeOfDay = this.timecode(timecode, frameRate, at, "start")!;
    const day = this.dayOf(broadcastDate);
    if (day === null) {
      throw badInput(`${at}: ${broadcastDate === undefined ? (this.options.noDate ?? "SmpteDateTime needs a broadcastDate") : `broadcastDate "${broadcastDate}" is not a date (YYYY-MM-DD)`}`);
    }
    try {
      return bxfInstant(this.options.clock, day, timeOfDay, timecode, notBefore);
    } catch (error) {
      if (error instanceof LocalTimeError) throw badInput(`${at}: ${error.message}`);
      throw error;
    }
  }

  private dayOf(broadcastDate: string | undefined): string | null {
    if (broadcastDate === undefined) return this.defaultDay;
    if (broadcastDate !== this.dateText) {
      this.day = broadcastDateText(broadcastDate);
      this.dateText = broadcastDate;
    }
    return this.day;
  }

  utcDateTime(text: string, at: string): number {
    const ms = utcDateTimeMs(text);
    if (ms === null) throw badInput(`${at}: UtcDateTime "${text}" is not a date and time (xs:dateTime)`);
    return ms;
  }

  utcDuration(text: string, at: string): number {
    const ms = utcDurationMs(text);
    if (ms === null) throw badInput(`${at}: UtcDuration "${text}" is not a duration (PnDTnHnMnS)`);
    return ms;
  }
}
