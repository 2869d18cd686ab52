// BXF times. An instant is written as a broadcast date and a time-of-day timecode
// (`SmpteDateTime broadcastDate="YYYY-MM-DD"` + `SmpteTimeCode`), which SMPTE ST 2021 defines as
// local broadcast time, or as a `UtcDateTime`; a length is a timecode counted from 0 (or a
// `UtcDuration`). All frame arithmetic and every label is src/timecode's; every zone rule is
// src/localtime's. Pure.
//
// The time of day is the channel's wall clock, counted against its broadcast day: with a 06:00
// broadcast day start, 02:00 of broadcast date D is 02:00 local on calendar date D+1 (a time of
// day before the day start belongs to the next calendar date of the same broadcast day). A day
// of 23 or 25 hours is written in labels 00–23 like any other: its repeated hour repeats its
// labels, which the reader tells apart by the order of the events (instantOfBroadcastTime).
import { defaultDropFrame, exactRate, framesToMs, framesToTimecode, msToFrames, msToTimecode, timecodeToMs, type FrameRate } from "../../timecode/index.js";
import { DAY_MS, dateText, instantOfLocal, instantsOfLocal, LocalTimeError, localOf, MINUTE_MS, parseDate, UTC_CLOCK, type LocalClock } from "../../localtime/index.js";

/** The frame rate of a schedule: its fps, drop-frame as the schedule says (default by fps). */
export function scheduleRate(schedule: { fps: number; dropFrame?: boolean | null }): FrameRate {
  return { fps: schedule.fps, dropFrame: schedule.dropFrame ?? defaultDropFrame(schedule.fps) };
}

/**
 * THE clock of BXF's broadcast dates and times of day for a schedule (the only place that decides
 * it; the schedule writer and reader and the as-run reader and writer all go through it): the
 * schedule's time zone and broadcast day start, UTC at 00:00 where it names none.
 */
export function broadcastClockOf(schedule?: { timeZone?: string | null; broadcastDayStart?: number | null } | null): LocalClock {
  if (!schedule?.timeZone && !schedule?.broadcastDayStart) return UTC_CLOCK;
  return { zone: schedule.timeZone || "UTC", dayStartMs: schedule.broadcastDayStart ?? 0 };
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

/** The broadcast date an instant lies in, by the wall-clock rule of the writer (instantToBxf), to the ms. */
export function broadcastDateAt(clock: LocalClock, ms: number): string {
  const local = localOf(clock.zone, ms);
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  return dateText(local - midnight < clock.dayStartMs ? midnight - DAY_MS : midnight);
}

/** The broadcast date of a Schedule's scheduleStart (xs:dateTime): that of the instant where the text names its zone, else its date part; null when it is no date. */
export function scheduleStartDate(clock: LocalClock, text: string): string | null {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(text.trim()) ? utcDateTimeMs(text) : null;
  return zoned !== null ? broadcastDateAt(clock, zoned) : broadcastDateText(text);
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

/**
 * True when a time-of-day label at `rate` fits BXF's timecode type (hours 00–23, frames 00–29):
 * rates of more than 30 labels a second (50, 59.94, 60) do not.
 */
export const labelsFitBxf = (rate: FrameRate): boolean => exactRate(rate).nominal <= 30;

/** A start as BXF writes it: broadcast date and time-of-day label, or (when no label fits) a UTC date-time. */
export type BxfInstant = { date: string; timecode: string } | { utc: string };

/**
 * An instant as broadcast date and local time-of-day timecode, rounded to the nearest frame of the
 * local day (a time that rounds up to local midnight is 00:00:00:00 of the next calendar date).
 * The broadcast date is the calendar date, or the one before for a label before the broadcast
 * day start: the exact reverse of bxfInstant. Where no BXF label can say it (rates above
 * 30 labels a second, and at 29.97 drop-frame the last frames of a day, past the last label), a
 * UtcDateTime to the ms.
 */
export function instantToBxf(ms: number, rate: FrameRate, clock: LocalClock = UTC_CLOCK): BxfInstant {
  if (!labelsFitBxf(rate)) return { utc: new Date(ms).toISOString() };
  const local = localOf(clock.zone, ms);
  let midnight = Math.floor(local / DAY_MS) * DAY_MS;
  let frames = msToFrames(local - midnight, rate);
  if (framesToMs(frames, rate) >= DAY_MS) {
    midnight += DAY_MS;
    frames = 0;
  }
  const timecode = framesToTimecode(frames, rate);
  if (timecode.startsWith("24:")) return { utc: new Date(ms).toISOString() };
  // By the label, as bxfInstant reads it back.
  const beforeDayStart = labelMinutes(timecode) * MINUTE_MS < clock.dayStartMs;
  return { date: dateText(beforeDayStart ? midnight - DAY_MS : midnight), timecode };
}

/** A length as BXF writes it: a timecode (whole frames, rounded) under 24 hours, else a UtcDuration (ms). */
export function lengthToBxf(ms: number, rate: FrameRate): { timecode: string } | { utc: string } {
  const length = Math.max(0, ms);
  const timecode = labelsFitBxf(rate) ? msToTimecode(length, rate) : null;
  if (timecode !== null && timecode.length === 11 && !/^2[4-9]|^[3-9]/.test(timecode)) return { timecode };
  return { utc: `PT${(length / 1000).toFixed(3).replace(/\.?0+$/, "")}S` };
}

/** A length as a plain timecode label (offsets and SOM: BXF has no other way to say them). */
export const lengthLabel = (ms: number, rate: FrameRate): string => msToTimecode(Math.max(0, ms), rate);

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

/** A frame rate attribute (`25`, `29.97`, `30000/1001`) as fps; null when it is none. */
export function parseFrameRate(text: string): number | null {
  const t = text.trim();
  const ratio = /^(\d+)\/(\d+)$/.exec(t);
  const fps = ratio ? Number(ratio[1]) / Number(ratio[2]) : /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!(fps > 0 && fps <= 300)) return null;
  return Math.round(fps * 1000) / 1000;
}

/** The fps as BXF writes it (an xs:decimal): whole rates as integers, NTSC rates with two or three decimals. */
export const frameRateText = (fps: number): string => String(Math.round(fps * 1000) / 1000);
