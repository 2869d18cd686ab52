// BXF times. An instant is written as a broadcast date and a time-of-day timecode
// (`SmpteDateTime broadcastDate="YYYY-MM-DD"` + `SmpteTimeCode`), which SMPTE ST 2021 defines as
// local broadcast time, or as a `UtcDateTime`; a length is a timecode counted from 0 (or a
// `UtcDuration`). All frame arithmetic and every label is src/timecode's. Pure.
//
// The one assumption about local time lives in `broadcastClockOf` below: today every channel's
// broadcast day is the UTC calendar day, starting at 00:00 UTC.
import { defaultDropFrame, exactRate, framesToMs, framesToTimecode, msToFrames, msToTimecode, timecodeToMs, type FrameRate } from "../../timecode/index.js";

const DAY_MS = 86_400_000;

/** The frame rate of a schedule: its fps, drop-frame as the schedule says (default by fps). */
export function scheduleRate(schedule: { fps: number; dropFrame?: boolean | null }): FrameRate {
  return { fps: schedule.fps, dropFrame: schedule.dropFrame ?? defaultDropFrame(schedule.fps) };
}

/** Where broadcast days start: the instant at the start of a broadcast date, and the broadcast day holding an instant. */
export interface BroadcastClock {
  /** ms of the start of broadcast date `YYYY-MM-DD` (a date-time's date part is enough); null when the text is no date. */
  dayStart(date: string): number | null;
  /** The broadcast day an instant falls in: its date and the ms it starts at. */
  dayOf(instantMs: number): { date: string; startMs: number };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function utcDateOf(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

const UTC_MIDNIGHT: BroadcastClock = {
  dayStart(text) {
    const m = DATE.exec(text.trim());
    if (!m) return null;
    const [year, month, day] = m.slice(1).map(Number);
    const ms = Date.UTC(year, month - 1, day);
    const d = new Date(ms);
    if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
    return ms;
  },
  dayOf(instantMs) {
    const startMs = Math.floor(instantMs / DAY_MS) * DAY_MS;
    return { date: utcDateOf(startMs), startMs };
  },
};

/**
 * THE conversion between a BXF broadcast date + time of day and an instant, for a schedule (the
 * only place that decides it; reader, writer and the as-run reader all go through it). Today
 * broadcast time is UTC and each broadcast day starts at 00:00 UTC, for every schedule: a
 * channel's time zone and broadcast day start are to be read here when schedules carry them.
 */
export function broadcastClockOf(_schedule?: object | null): BroadcastClock {
  return UTC_MIDNIGHT;
}

/** ms of UTC midnight of a `YYYY-MM-DD` date; null when it is none (the date of `scheduleStart`, an xs:dateTime). */
export const dayStartOf = (text: string): number | null => UTC_MIDNIGHT.dayStart(text);

/**
 * True when a time-of-day label at `rate` fits BXF's timecode type (hours 00–23, frames 00–29):
 * rates of more than 30 labels a second (50, 59.94, 60) do not.
 */
export const labelsFitBxf = (rate: FrameRate): boolean => exactRate(rate).nominal <= 30;

/** A start as BXF writes it: broadcast date and time-of-day label, or (when no label fits) a UTC date-time. */
export type BxfInstant = { date: string; timecode: string } | { utc: string };

/**
 * An instant as broadcast date and time-of-day timecode, rounded to the nearest frame of that day
 * (a time that rounds up to the day's end is 00:00:00:00 of the next day). Where no BXF label can
 * say it (rates above 30 labels a second, and at 29.97 drop-frame the last frames of a day, past
 * the last label), a UtcDateTime to the ms.
 */
export function instantToBxf(ms: number, rate: FrameRate, clock: BroadcastClock = UTC_MIDNIGHT): BxfInstant {
  if (!labelsFitBxf(rate)) return { utc: new Date(ms).toISOString() };
  const day = clock.dayOf(ms);
  const frames = msToFrames(ms - day.startMs, rate);
  const next = clock.dayOf(day.startMs + DAY_MS + 1);
  if (day.startMs + framesToMs(frames, rate) >= next.startMs) return { date: next.date, timecode: framesToTimecode(0, rate) };
  const timecode = framesToTimecode(frames, rate);
  if (timecode.startsWith("24:")) return { utc: new Date(ms).toISOString() };
  return { date: day.date, timecode };
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
