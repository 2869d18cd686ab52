// Frame-accurate SMPTE timecode: the one place the code base turns frames, ms and labels into one
// another. Pure: no database or GraphQL imports. Rules in docs/EVENTS.md "Timecode".
//
// - A label `HH:MM:SS:FF` counts non-drop-frame, `HH:MM:SS;FF` drop-frame (SMPTE 12M writes the
//   semicolon for drop-frame); the separator of a label read decides how it counts, the rate's
//   `dropFrame` decides how labels are written.
// - Timecode is exact in frames. Milliseconds that are not a whole frame are rounded by ONE rule,
//   "nearest frame, ties to the later frame" (round half up), in msToFrames; framesToMs answers the
//   nearest whole ms (ties up too), so msToFrames(framesToMs(f)) === f at every rate.
import { exactRate, TimecodeError, type ExactRate, type FrameRate } from "./rates.js";

export { ACCEPTED_FPS, defaultDropFrame, exactRate, fpsRefusal, hasTimecode, supportsDropFrame, TimecodeError, type ExactRate, type FrameRate } from "./rates.js";

/** The rounding rule's name, as docs and messages cite it. */
export const ROUNDING_RULE = "nearest frame, ties to the later frame (round half up)";

/** floor((2a + b) / 2b) for integers a and b > 0: a / b rounded half up, exact beyond 2^53 too. */
function divRoundHalfUp(a: number, b: number): number {
  const n = 2 * a + b;
  const d = 2 * b;
  if (Math.abs(n) <= Number.MAX_SAFE_INTEGER && d <= Number.MAX_SAFE_INTEGER) {
    let q = Math.floor(n / d);
    // The float quotient can land one off near an integer; correct it with exact integer products.
    if (q * d > n) q--;
    else if ((q + 1) * d <= n) q++;
    return q;
  }
  const bn = 2n * BigInt(a) + BigInt(b);
  const bd = 2n * BigInt(b);
  let q = bn / bd; // truncates toward zero
  if (bn % bd !== 0n && bn < 0n) q -= 1n;
  return Number(q);
}

/** Frames at `rate` for `ms` milliseconds, rounded by ROUNDING_RULE (nearest frame, ties later). */
export function msToFrames(ms: number, rate: FrameRate): number {
  const r = exactRate(rate);
  if (!Number.isFinite(ms)) throw new TimecodeError(`${ms} ms is not a number of milliseconds`);
  if (Number.isInteger(ms)) return divRoundHalfUp(ms * r.num, 1000 * r.den);
  return Math.floor((ms * r.num) / (1000 * r.den) + 0.5);
}

/** Milliseconds from the first frame to frame `frames`, to the nearest whole ms (ties up). */
export function framesToMs(frames: number, rate: FrameRate): number {
  const r = exactRate(rate);
  if (!Number.isSafeInteger(frames)) throw new TimecodeError(`${frames} is not a whole number of frames`);
  return divRoundHalfUp(frames * 1000 * r.den, r.num);
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => (i < 10 ? `0${i}` : String(i)));
const two = (n: number) => (n < 100 ? TWO_DIGITS[n] : String(n));

/** The label of frame `frames` (0 is 00:00:00:00); hours go past 23 for long durations. */
export function framesToTimecode(frames: number, rate: FrameRate): string {
  const r = exactRate(rate);
  if (!Number.isSafeInteger(frames) || frames < 0) throw new TimecodeError(`${frames} is not a whole, non-negative number of frames`);
  const nominal = r.nominal;
  let count = frames;
  if (r.drop > 0) {
    // Add back the labels skipped so far; then the count reads as if it were non-drop.
    const perTen = nominal * 600 - r.drop * 9;
    const perMinute = nominal * 60 - r.drop;
    const tens = Math.floor(frames / perTen);
    const rest = frames - tens * perTen;
    count += r.drop * 9 * tens + (rest > r.drop ? r.drop * Math.floor((rest - r.drop) / perMinute) : 0);
  }
  const ff = count % nominal;
  const totalSeconds = (count - ff) / nominal;
  const ss = totalSeconds % 60;
  const totalMinutes = (totalSeconds - ss) / 60;
  const mm = totalMinutes % 60;
  const hh = (totalMinutes - mm) / 60;
  const frameText = nominal > 100 && ff < 100 ? String(ff).padStart(3, "0") : two(ff);
  return `${two(hh)}:${two(mm)}:${two(ss)}${r.drop > 0 ? ";" : ":"}${frameText}`;
}

/** The fields of a label; `dropFrame` is true when it is written with `;`. */
export interface TimecodeLabel {
  hours: number;
  minutes: number;
  seconds: number;
  frames: number;
  dropFrame: boolean;
}

const LABEL = /^(\d{1,3}):(\d{2}):(\d{2})([:;])(\d{2,3})$/;
const SHORT_DIGITS = [0, 1, 3, 4, 6, 7, 9, 10];

const digit = (text: string, i: number) => text.charCodeAt(i) - 48;
const isDigit = (text: string, i: number) => text.charCodeAt(i) - 48 >>> 0 < 10;

/** Reads `HH:MM:SS:FF` or `HH:MM:SS;FF` (hours 1 to 3 digits); throws TimecodeError naming the text. */
export function parseTimecodeLabel(text: string): TimecodeLabel {
  // The common 11-character form without a regular expression (bench/timecode.ts reads a million).
  if (text.length === 11 && text[2] === ":" && text[5] === ":" && (text[8] === ":" || text[8] === ";")) {
    let ok = true;
    for (const i of SHORT_DIGITS) ok &&= isDigit(text, i);
    const minutes = digit(text, 3) * 10 + digit(text, 4);
    const seconds = digit(text, 6) * 10 + digit(text, 7);
    if (ok && minutes < 60 && seconds < 60) {
      return { hours: digit(text, 0) * 10 + digit(text, 1), minutes, seconds, frames: digit(text, 9) * 10 + digit(text, 10), dropFrame: text[8] === ";" };
    }
  }
  const m = LABEL.exec(text.trim());
  if (!m) throw new TimecodeError(`"${text}" is not a timecode: write HH:MM:SS:FF, or HH:MM:SS;FF for drop-frame`);
  const minutes = Number(m[2]);
  const seconds = Number(m[3]);
  if (minutes > 59) throw new TimecodeError(`"${text}" is not a timecode: minutes ${m[2]} are past 59`);
  if (seconds > 59) throw new TimecodeError(`"${text}" is not a timecode: seconds ${m[3]} are past 59`);
  return { hours: Number(m[1]), minutes, seconds, frames: Number(m[5]), dropFrame: m[4] === ";" };
}

/** Frame number of `label` counted at `rate` (its fps and drop-frame flag; the label's own flag is not read). */
export function labelToFrames(label: TimecodeLabel, rate: FrameRate, text?: string): number {
  const r: ExactRate = exactRate(rate);
  const { hours, minutes, seconds, frames } = label;
  if (frames >= r.nominal) throw new TimecodeError(`"${text?.trim() ?? formatLabel(label)}" does not exist at ${r.name}: frames count 00 to ${two(r.nominal - 1)}`);
  const totalMinutes = hours * 60 + minutes;
  if (r.drop > 0 && seconds === 0 && frames < r.drop && minutes % 10 !== 0) {
    throw new TimecodeError(
      `"${text?.trim() ?? formatLabel(label)}" does not exist at ${r.name}: labels ;00 to ;${two(r.drop - 1)} are skipped at the start of every minute not divisible by 10`,
    );
  }
  return (totalMinutes * 60 + seconds) * r.nominal + frames - r.drop * (totalMinutes - Math.floor(totalMinutes / 10));
}

function formatLabel(label: TimecodeLabel): string {
  return `${two(label.hours)}:${two(label.minutes)}:${two(label.seconds)}${label.dropFrame ? ";" : ":"}${two(label.frames)}`;
}

/**
 * Frame number of a label at `rate.fps`. The label's separator says how it counts: `;` drop-frame
 * (only at 29.97 and 59.94), `:` non-drop-frame; `rate.dropFrame` only decides how labels are written.
 */
export function timecodeToFrames(text: string, rate: FrameRate): number {
  const label = parseTimecodeLabel(text);
  try {
    return labelToFrames(label, { fps: rate.fps, dropFrame: label.dropFrame }, text);
  } catch (error) {
    if (error instanceof TimecodeError && label.dropFrame && error.message.startsWith("drop-frame exists only")) {
      throw new TimecodeError(`"${text.trim()}" is a drop-frame label (";"): ${error.message}; write HH:MM:SS:FF`);
    }
    throw error;
  }
}

/** The label of the frame nearest `ms` (ROUNDING_RULE). */
export function msToTimecode(ms: number, rate: FrameRate): string {
  return framesToTimecode(msToFrames(ms, rate), rate);
}

/** Whole ms of a label (exact in frames: msToTimecode gives the same label back). */
export function timecodeToMs(text: string, rate: FrameRate): number {
  return framesToMs(timecodeToFrames(text, rate), rate);
}

const DAY_MS = 86_400_000;

/** Frames in the 24 hours of labels 00:00:00:00 to 23:59:59:FF at `rate`. */
export function framesPerDay(rate: FrameRate): number {
  const r = exactRate(rate);
  return 24 * 6 * (r.nominal * 600 - r.drop * 9);
}

/**
 * The time-of-day label of an instant (ms since 1970, UTC): the frames since UTC midnight at `rate`,
 * labelled, wrapping after 23:59:59 (at 29.97 drop-frame the last label of a day is a few frames
 * short of real midnight, so those frames read as the next day's first ones).
 */
export function timeOfDayTimecode(instantMs: number, rate: FrameRate): string {
  const msOfDay = ((instantMs % DAY_MS) + DAY_MS) % DAY_MS;
  return framesToTimecode(msToFrames(msOfDay, rate) % framesPerDay(rate), rate);
}
