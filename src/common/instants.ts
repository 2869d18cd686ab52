// The range of instants the service stores and answers: years 1900 to 9999 (docs/SECURITY.md
// "Instants"). JavaScript dates reach ±275,760 years and PostgreSQL timestamps 4713 BC to
// 294276 AD, PGlite refuses some of what PostgreSQL takes, and ISO strings change shape outside
// 0000–9999: one documented range, checked before any write, keeps every stored time readable.
// Pure: no database, no GraphQL.
import { badInput } from "./errors.js";

/** 1900-01-01T00:00:00.000Z */
export const EARLIEST_INSTANT_MS = Date.UTC(1900, 0, 1);
/** 9999-12-31T23:59:59.999Z */
export const LATEST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const INSTANT_RANGE_TEXT = "from 1900-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z";
/** The longest span two instants of the range can have, ms: the bound of any duration. */
export const MAX_SPAN_MS = LATEST_INSTANT_MS - EARLIEST_INSTANT_MS;

/** The farthest instant a Date holds, either side of the epoch (±100,000,000 days), ms. */
export const DATE_LIMIT_MS = 8.64e15;

export function isInstantInRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
}

/** An instant as its ISO text for messages; `ms` as a number when no date can show it. */
export const describeInstant = (ms: number): string => (Number.isFinite(ms) && Math.abs(ms) <= DATE_LIMIT_MS ? new Date(ms).toISOString() : `${ms} ms`);

/** `ms`, or BAD_USER_INPUT naming `what` when it lies outside the range. */
export function checkInstantInRange(ms: number, what: string, extensions: Record<string, unknown> = {}): number {
  if (!isInstantInRange(ms)) throw badInput(`${what} must lie ${INSTANT_RANGE_TEXT} (got ${describeInstant(ms)})`, extensions);
  return ms;
}

/** Start and end (start + duration) of something timed, both in range. */
export function checkSpanInRange(start: number, duration: number, what: string, extensions: Record<string, unknown> = {}): void {
  checkInstantInRange(start, `${what} start`, extensions);
  checkInstantInRange(start + duration, `${what} end`, extensions);
}

/**
 * A move of a whole span by `by` ms (shift, transpose): the earliest start and the latest end
 * must stay in range. Null bounds (nothing to move) pass.
 */
export function checkMoveInRange(bounds: { start: number | null; end: number | null }, by: number, what: string, extensions: Record<string, unknown> = {}): void {
  for (const bound of [bounds.start, bounds.end]) {
    if (bound === null) continue;
    const moved = bound + by;
    if (!isInstantInRange(moved)) throw badInput(`${what} would move events to ${describeInstant(moved)}: instants must lie ${INSTANT_RANGE_TEXT}`, extensions);
  }
}

/** The first start and the last end of timed things, or nulls when there are none. */
export function spanOf(items: Iterable<{ onAirTime: number; duration: number }>): { start: number | null; end: number | null } {
  let start: number | null = null;
  let end: number | null = null;
  for (const { onAirTime, duration } of items) {
    start = start === null ? onAirTime : Math.min(start, onAirTime);
    end = end === null ? onAirTime + duration : Math.max(end, onAirTime + duration);
  }
  return { start, end };
}
