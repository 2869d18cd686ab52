// BXF times: an instant is a broadcast date (`broadcastDate="YYYY-MM-DD"`, the UTC calendar day)
// and a time-of-day SMPTE timecode at the schedule's rate, counted from that day's UTC midnight;
// a length is a timecode counted from 0. All frame arithmetic and every label is src/timecode's;
// this module only splits an instant into day and time of day and back. Pure.
import { defaultDropFrame, framesToMs, framesToTimecode, msToFrames, msToTimecode, timecodeToMs, type FrameRate } from "../../timecode/index.js";

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
  const dayStart = Math.floor(ms / DAY_MS) * DAY_MS;
  const frames = msToFrames(ms - dayStart, rate);
  // Rounded up to the next midnight: that day's first frame. (At 29.97 drop-frame the last frames
  // of a day are labelled 24:00:00;0x on their own date: its labels run out before midnight.)
  if (framesToMs(frames, rate) === DAY_MS) return { date: dateOf(dayStart + DAY_MS), timecode: framesToTimecode(0, rate) };
  return { date: dateOf(dayStart), timecode: framesToTimecode(frames, rate) };
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

/**
 * A timecode as ms at `fps` (src/timecode: `;` before the frames counts drop-frame; hours past 23
 * run on, a broadcast day that runs past midnight). Throws TimecodeError saying what is wrong.
 */
export const timecodeMs = (text: string, fps: number): number => timecodeToMs(text, { fps, dropFrame: false });

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
