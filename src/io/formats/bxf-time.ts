// BXF times: an instant is a broadcast date (`broadcastDate="YYYY-MM-DD"`, the UTC calendar day)
// and a time-of-day SMPTE timecode at the schedule's rate, counted from that day's UTC midnight;
// a length is a timecode counted from 0. All frame arithmetic is src/timecode's; this module only
// splits an instant into day and time of day and back. Pure.
import { defaultDropFrame, framesToMs, msToFrames, msToTimecode, timecodeToMs, type FrameRate } from "../../timecode/index.js";

const DAY_MS = 86_400_000;

/** The frame rate of a schedule: its fps, drop-frame as the schedule says (default by fps). */
export function scheduleRate(schedule: { fps: number; dropFrame?: boolean | null }): FrameRate {
  return { fps: schedule.fps, dropFrame: schedule.dropFrame ?? defaultDropFrame(schedule.fps) };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function dateOf(dayStart: number): string {
  const d = new Date(dayStart);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/**
 * An instant as broadcast date and time-of-day timecode, rounded to the nearest frame of that
 * day's frame grid; a time that rounds up to midnight is 00:00:00:00 of the next day.
 */
export function instantToBxf(ms: number, rate: FrameRate): { date: string; timecode: string } {
  let dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  let ofDay = framesToMs(msToFrames(ms - dayStart, rate), rate);
  if (ofDay >= DAY_MS) {
    dayStart += DAY_MS;
    ofDay = 0;
  }
  return { date: dateOf(dayStart), timecode: msToTimecode(ofDay, rate) };
}

/** A length as a timecode (whole frames, rounded). */
export const lengthToBxf = (ms: number, rate: FrameRate): string => msToTimecode(Math.max(0, ms), rate);

const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

/** ms of UTC midnight of a `YYYY-MM-DD` date (a date-time's date part is enough); null when it is none. */
export function dayStartOf(text: string): number | null {
  const m = DATE.exec(text.trim());
  if (!m) return null;
  const [year, month, day] = m.slice(1).map(Number);
  const ms = Date.UTC(year, month - 1, day);
  const d = new Date(ms);
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return ms;
}

const CLOCK = /^(\d{2,3}):(\d{2}:\d{2}[:;.]\d{2})$/;

/**
 * A timecode as ms at `fps`; `;` (or `.`) before the frames marks drop-frame. Hours from 24 on (a
 * broadcast day that runs past midnight, `25:30:00:00`) carry into the next days. Null when the
 * text is not a timecode at that rate.
 */
export function timecodeMs(text: string, fps: number): number | null {
  const m = CLOCK.exec(text.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const rate: FrameRate = { fps, dropFrame: /[;.]/.test(m[2]) };
  const rest = m[2].replace(".", ";");
  try {
    const ms = timecodeToMs(`${pad(hours % 24)}:${rest}`, rate);
    return Number.isFinite(ms) ? ms + Math.floor(hours / 24) * DAY_MS : null;
  } catch {
    return null;
  }
}

/** A frame rate attribute (`25`, `29.97`, `30000/1001`) as fps; null when it is none. */
export function parseFrameRate(text: string): number | null {
  const t = text.trim();
  const ratio = /^(\d+)\/(\d+)$/.exec(t);
  const fps = ratio ? Number(ratio[1]) / Number(ratio[2]) : /^\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
  if (!(fps > 0 && fps <= 300)) return null;
  return Math.round(fps * 1000) / 1000;
}

/** The fps as BXF writes it: whole rates as integers, NTSC rates with two or three decimals. */
export const frameRateText = (fps: number): string => String(Math.round(fps * 1000) / 1000);
