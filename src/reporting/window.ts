// Time windows and buckets of the reporting area. Pure: no database, no GraphQL. Buckets of
// minutes and hours are fixed lengths from window.from; buckets of days follow the window's time
// zone (default UTC): in Europe/London a day bucket is 23 or 25 hours on the days the clocks
// change (src/localtime), and its edges are listed in `starts`.
import { badInput } from "../common/errors.js";
import { canonicalZone, dateText, DAY_MS, HOUR_MS, instantOfLocal, localDayBucketStarts, LocalTimeError, localOf, wallClockMove } from "../localtime/index.js";

export type PeriodUnit = "MINUTES" | "HOURS" | "DAYS";

export const MAX_BUCKETS = 10_000;
// The lengths of an hour and a day are src/localtime's; the reporting modules take them from here.
export { DAY_MS, HOUR_MS };
const UNIT_MS: Record<PeriodUnit, number> = { MINUTES: 60_000, HOURS: HOUR_MS, DAYS: DAY_MS };

export interface WindowArgs {
  from: Date;
  to: Date;
  period?: number | null;
  periodType?: PeriodUnit | null;
  playoutIds?: string[] | null;
  timeZone?: string | null;
}

export interface Window {
  from: Date;
  to: Date;
  /** Bucket length in ms; the whole window when no period was given. */
  stepMs: number;
  bucketCount: number;
  /** Distinct playout ids to keep, or null for all. */
  playoutIds: string[] | null;
  /** IANA zone whose local days the day buckets follow ("UTC" unless given). */
  timeZone: string;
  /** Bucket starts (ms, ascending, the first = from) when buckets are local days of a zone other than UTC; null: every stepMs from `from`. */
  starts: number[] | null;
}

/** Checks a window and answers it normalized; every failure is BAD_USER_INPUT. */
export function parseWindow(args: WindowArgs): Window {
  const from = args.from;
  const to = args.to;
  if (!(from instanceof Date) || Number.isNaN(from.getTime())) throw badInput("window.from must be a date-time", { argument: "window.from" });
  if (!(to instanceof Date) || Number.isNaN(to.getTime())) throw badInput("window.to must be a date-time", { argument: "window.to" });
  if (from.getTime() >= to.getTime()) throw badInput("window.from must be before window.to (the window is [from, to))", { argument: "window" });
  const hasPeriod = args.period !== undefined && args.period !== null;
  const hasType = args.periodType !== undefined && args.periodType !== null;
  if (hasPeriod !== hasType) throw badInput("window.period and window.periodType go together: give both or neither", { argument: "window" });
  const span = to.getTime() - from.getTime();
  let stepMs = span;
  if (hasPeriod) {
    const period = args.period!;
    if (!Number.isInteger(period) || period < 1) throw badInput("window.period must be a positive integer", { argument: "window.period" });
    const unit = UNIT_MS[args.periodType!];
    if (!unit) throw badInput("window.periodType must be MINUTES, HOURS or DAYS", { argument: "window.periodType" });
    stepMs = period * unit;
  }
  const timeZone = zoneOf(args.timeZone);
  const starts = hasPeriod && args.periodType === "DAYS" && timeZone !== "UTC" ? localDayBucketStarts(timeZone, from.getTime(), to.getTime(), args.period!, MAX_BUCKETS) : null;
  const bucketCount = starts ? starts.length : Math.ceil(span / stepMs);
  if (bucketCount > MAX_BUCKETS) {
    throw badInput(`The window holds ${bucketCount} buckets; at most ${MAX_BUCKETS} are allowed (widen the period or narrow the window)`, { argument: "window" });
  }
  let playoutIds: string[] | null = null;
  if (args.playoutIds) {
    if (args.playoutIds.some((id) => id.trim() === "")) throw badInput("window.playoutIds must not hold empty ids", { argument: "window.playoutIds" });
    playoutIds = [...new Set(args.playoutIds)];
  }
  return { from: new Date(from.getTime()), to: new Date(to.getTime()), stepMs, bucketCount, playoutIds, timeZone, starts };
}

/** The canonical zone of window.timeZone; BAD_USER_INPUT naming an unknown one. */
function zoneOf(given: string | null | undefined): string {
  if (given === undefined || given === null) return "UTC";
  try {
    return canonicalZone(given);
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(`window.timeZone: ${error.message}`, { argument: "window.timeZone" });
    throw error;
  }
}

/** Start of the bucket holding instant t (t inside the window). */
export function bucketStart(window: Window, t: Date): Date {
  if (window.starts) {
    let low = 0, high = window.starts.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (window.starts[mid] <= t.getTime()) low = mid;
      else high = mid - 1;
    }
    return new Date(window.starts[low]);
  }
  const offset = t.getTime() - window.from.getTime();
  return new Date(window.from.getTime() + Math.floor(offset / window.stepMs) * window.stepMs);
}

export function contains(window: Window, t: Date): boolean {
  return t.getTime() >= window.from.getTime() && t.getTime() < window.to.getTime();
}

/**
 * True when every bucket is a union of whole UTC hours, so the hourly rollup answers exactly
 * what the raw samples would: from and to on the hour, and the step a whole number of hours.
 */
export function fitsHourlyRollup(window: Window): boolean {
  if (window.starts) return window.to.getTime() % HOUR_MS === 0 && window.starts.every((s) => s % HOUR_MS === 0);
  return window.from.getTime() % HOUR_MS === 0 && window.to.getTime() % HOUR_MS === 0 && window.stepMs % HOUR_MS === 0;
}

/** A half-open range of instants [from, to), in ms. */
export interface Span {
  from: number;
  to: number;
}

/** The buckets of a window as spans, in order (the last one ends at window.to). */
function bucketSpans(window: Window): Span[] {
  const to = window.to.getTime();
  if (window.starts) return window.starts.map((from, i) => ({ from, to: window.starts![i + 1] ?? to }));
  const spans: Span[] = [];
  for (let k = 0; k < window.bucketCount; k++) {
    const from = window.from.getTime() + k * window.stepMs;
    spans.push({ from, to: Math.min(from + window.stepMs, to) });
  }
  return spans;
}

/**
 * Starts of the UTC hours that hold a bucket edge (from, each bucket start, to), sorted and
 * distinct: the only hours a rollup-backed query must read from raw samples.
 */
export function edgeHours(window: Window): Date[] {
  const hours = new Set<number>();
  const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
  for (const bucket of bucketSpans(window)) hours.add(floorHour(bucket.from));
  hours.add(floorHour(window.to.getTime()));
  return [...hours].sort((a, b) => a - b).map((t) => new Date(t));
}

/**
 * The UTC days [d, d + 1 day) that lie inside the window and inside one bucket, as ranges
 * (adjacent ones joined): the daily rollup answers them exactly. Days cut by a bucket edge are
 * left to the hours. At most one range per bucket, whatever the window's length.
 */
export function wholeDayRanges(window: Window): Span[] {
  const ranges: Span[] = [];
  for (const bucket of bucketSpans(window)) {
    const first = Math.ceil(bucket.from / DAY_MS) * DAY_MS;
    const end = Math.floor(bucket.to / DAY_MS) * DAY_MS;
    if (end <= first) continue;
    const last = ranges[ranges.length - 1];
    if (last && last.to === first) last.to = end;
    else ranges.push({ from: first, to: end });
  }
  return ranges;
}

/** The window [from, to) without the given ranges (sorted, disjoint, inside it), as ranges. */
export function rangesOutside(window: Window, taken: Span[]): Span[] {
  const rest: Span[] = [];
  let at = window.from.getTime();
  for (const range of [...taken, { from: window.to.getTime(), to: window.to.getTime() }]) {
    if (range.from > at) rest.push({ from: at, to: range.from });
    at = Math.max(at, range.to);
  }
  return rest;
}

/** The UTC days [start, start + 1 day) that a window touches, for billing runs. */
export function utcDaysOf(window: Pick<Window, "from" | "to">): Date[] {
  const first = Math.floor(window.from.getTime() / DAY_MS) * DAY_MS;
  const days: Date[] = [];
  for (let d = first; d < window.to.getTime(); d += DAY_MS) days.push(new Date(d));
  return days;
}

/**
 * The days of a billing run: the window's zone's local days [start, next start) that the window
 * touches (UTC days by default), and the end of the last.
 */
export function billingDaysOf(window: Pick<Window, "from" | "to" | "timeZone">): { starts: number[]; end: number } {
  if (window.timeZone === "UTC") {
    const starts = utcDaysOf(window).map((d) => d.getTime());
    return { starts, end: starts[starts.length - 1] + DAY_MS };
  }
  const zone = window.timeZone;
  const midnight = Date.parse(`${dateText(localOf(zone, window.from.getTime()))}T00:00:00Z`);
  const first = instantOfLocal(zone, midnight);
  const starts: number[] = [];
  let next = first;
  for (let k = 1; next < window.to.getTime() && starts.length <= MAX_BUCKETS; k++) {
    starts.push(next);
    next = wallClockMove(zone, first, k);
  }
  return { starts, end: next };
}

/** UTC midnight of the day holding t. */
export function utcDay(t: Date): Date {
  return new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
}
