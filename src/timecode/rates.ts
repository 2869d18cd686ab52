// Frame rates a timecode can be counted at. Pure: no database or GraphQL imports.
//
// Schedules store fps as a double, so the NTSC family is recognised by nearness: 23.976, 29.97 and
// 59.94 (and anything within 0.005 of them, such as 23.98 or 29.97002997) mean exactly 24000/1001,
// 30000/1001 and 60000/1001 frames a second. Every whole fps from 1 to 300 is its own exact rate.

export type FrameRate = { fps: number; dropFrame: boolean };

/** A label or a conversion that cannot be made; the message says why, naming the value. */
export class TimecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TimecodeError";
  }
}

/** A rate as an exact fraction: `num / den` frames a second, labels counting `nominal` frames a second. */
export interface ExactRate {
  num: number;
  den: number;
  /** Frames a second the labels count (30 for 29.97). */
  nominal: number;
  /** Labels skipped at the start of each minute not divisible by 10 (0 unless drop-frame). */
  drop: number;
  /** How the rate is written in messages and docs ("29.97 drop-frame"). */
  name: string;
}

const NTSC_BASES = [24, 30, 60] as const;
const NEAR = 0.005;

function nominalOf(fps: number): { num: number; den: number; nominal: number } | null {
  if (!Number.isFinite(fps)) return null;
  if (Number.isInteger(fps) && fps >= 1 && fps <= 300) return { num: fps, den: 1, nominal: fps };
  for (const base of NTSC_BASES) {
    if (Math.abs(fps - (base * 1000) / 1001) < NEAR) return { num: base * 1000, den: 1001, nominal: base };
  }
  return null;
}

const NTSC_NAMES: Record<number, string> = { 24: "23.976", 30: "29.97", 60: "59.94" };

/** True when `fps` is 29.97 or 59.94: drop-frame is their broadcast default. */
export function defaultDropFrame(fps: number): boolean {
  return supportsDropFrame(fps);
}

/** Drop-frame exists only at 29.97 and 59.94 (two or four labels skipped a minute). */
export function supportsDropFrame(fps: number): boolean {
  const exact = nominalOf(fps);
  return exact !== null && exact.den === 1001 && (exact.nominal === 30 || exact.nominal === 60);
}

/** True when labels can be counted at `fps` at all. */
export function hasTimecode(fps: number): boolean {
  return nominalOf(fps) !== null;
}

/**
 * The frame rates accepted wherever a frame rate is given (a schedule's fps, an import's, an
 * asset's): exactly those with a timecode, so that every timecode of a schedule has an answer.
 */
export const ACCEPTED_FPS = "a whole number from 1 to 300, or 23.976, 29.97 or 59.94 (24000/1001, 30000/1001 and 60000/1001; within 0.005, so 23.98 is 23.976)";

/** Why `fps` is refused, to follow its name ("fps must be …"), or null when it is accepted (hasTimecode). */
export function fpsRefusal(fps: number): string | null {
  return hasTimecode(fps) ? null : `must be ${ACCEPTED_FPS} (got ${fps})`;
}

const cache = new Map<number, ExactRate>();

/** The exact rate of `rate`; throws TimecodeError for fps with no timecode and drop-frame where none exists. */
export function exactRate(rate: FrameRate): ExactRate {
  const key = rate.dropFrame ? -rate.fps : rate.fps; // fps > 0, so the sign carries the flag
  const hit = cache.get(key);
  if (hit) return hit;
  const exact = nominalOf(rate.fps);
  if (!exact) {
    throw new TimecodeError(`no timecode at ${rate.fps} fps: use ${ACCEPTED_FPS}`);
  }
  const label = exact.den === 1 ? String(exact.nominal) : NTSC_NAMES[exact.nominal];
  if (rate.dropFrame && !supportsDropFrame(rate.fps)) {
    throw new TimecodeError(`drop-frame exists only at 29.97 and 59.94 fps, not at ${label}`);
  }
  const out: ExactRate = {
    ...exact,
    drop: rate.dropFrame ? exact.nominal / 15 : 0,
    name: `${label} ${rate.dropFrame ? "drop-frame" : "non-drop-frame"}`,
  };
  if (cache.size < 64) cache.set(key, out);
  return out;
}
