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
//
// What reads a time (timecodes, frame rates, broadcast dates, UtcDateTime and UtcDuration, and
// bxfInstant, the reverse of instantToBxf) is src/common/bxf-smpte.ts, shared with the as-run
// reader; it is re-exported here for this slice's writer and readers.
import { defaultDropFrame, exactRate, framesToMs, framesToTimecode, msToFrames, msToTimecode, type FrameRate } from "../../timecode/index.js";
import { DAY_MS, dateText, localOf, MINUTE_MS, UTC_CLOCK, type LocalClock } from "../../localtime/index.js";
import { broadcastDateText, labelMinutes, utcDateTimeMs } from "../../common/bxf-smpte.js";

export { broadcastDateText, bxfInstant, labelMinutes, parseFrameRate, timecodeMs, utcDateTimeMs, utcDurationMs } from "../../common/bxf-smpte.js";

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

/** The fps as BXF writes it (an xs:decimal): whole rates as integers, NTSC rates with two or three decimals. */
export const frameRateText = (fps: number): string => String(Math.round(fps * 1000) / 1000);
