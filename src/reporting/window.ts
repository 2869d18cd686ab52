// Time windows and buckets of the reporting area (API.md "Reporting area"). Pure: no database, no
// GraphQL. UTC only, so there is no daylight-saving edge: a day is always 86,400 s.
import { badInput } from "../common/errors.js";

export type PeriodUnit = "MINUTES" | "HOURS" | "DAYS";

export const MAX_BUCKETS = 10_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
const UNIT_MS: Record<PeriodUnit, number> = { MINUTES: 60_000, HOURS: HOUR_MS, DAYS: DAY_MS };

export interface WindowArgs {
  from: Date;
  to: Date;
  period?: number | null;
  periodType?: PeriodUnit | null;
  playoutIds?: string[] | null;
}

export interface Window {
  from: Date;
  to: Date;
  /** Bucket length in ms; the whole window when no period was given. */
  stepMs: number;
  bucketCount: number;
  /** Distinct playout ids to keep, or null for all. */
  playoutIds: string[] | null;
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
  const bucketCount = Math.ceil(span / stepMs);
  if (bucketCount > MAX_BUCKETS) {
    throw badInput(`The window holds ${bucketCount} buckets; at most ${MAX_BUCKETS} are allowed (widen the period or narrow the window)`, { argument: "window" });
  }
  let playoutIds: string[] | null = null;
  if (args.playoutIds) {
    if (args.playoutIds.some((id) => id.trim() === "")) throw badInput("window.playoutIds must not hold empty ids", { argument: "window.playoutIds" });
    playoutIds = [...new Set(args.playoutIds)];
  }
  return { from: new Date(from.getTime()), to: new Date(to.getTime()), stepMs, bucketCount, playoutIds };
}

/** Start of the bucket holding instant t (t inside the window). */
export function bucketStart(window: Window, t: Date): Date {
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
  return window.from.getTime() % HOUR_MS === 0 && window.to.getTime() % HOUR_MS === 0 && window.stepMs % HOUR_MS === 0;
}

/**
 * Starts of the UTC hours that hold a bucket edge (from, each bucket start, to), sorted and
 * distinct: the only hours a rollup-backed query must read from raw samples.
 */
export function edgeHours(window: Window): Date[] {
  const hours = new Set<number>();
  const floorHour = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
  for (let k = 0; k < window.bucketCount; k++) hours.add(floorHour(window.from.getTime() + k * window.stepMs));
  hours.add(floorHour(window.to.getTime()));
  return [...hours].sort((a, b) => a - b).map((t) => new Date(t));
}

/** The UTC days [start, start + 1 day) that a window touches, for billing runs. */
export function utcDaysOf(window: Pick<Window, "from" | "to">): Date[] {
  const first = Math.floor(window.from.getTime() / DAY_MS) * DAY_MS;
  const days: Date[] = [];
  for (let d = first; d < window.to.getTime(); d += DAY_MS) days.push(new Date(d));
  return days;
}

/** UTC midnight of the day holding t. */
export function utcDay(t: Date): Date {
  return new Date(Math.floor(t.getTime() / DAY_MS) * DAY_MS);
}
