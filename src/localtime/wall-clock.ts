// Moving instants by whole days of a zone's calendar, keeping their local time of day (a copy of
// last week onto next week keeps the 06:00 news at 06:00 across a change of offset). Pure.
import { DAY_MS, instantOfLocal, localOf, offsetAt } from "./zone.js";

/** The instant `days` calendar days after `ms` at the same local time of day (see instantOfLocal for skipped and repeated times). */
export function wallClockMove(zone: string, ms: number, days: number): number {
  return instantOfLocal(zone, localOf(zone, ms) + days * DAY_MS);
}

/** From `from` on (up to the next step), instants move by `by` ms. */
export interface MoveStep {
  from: number;
  by: number;
}

/**
 * The moves of a wall-clock shift by `days` over sorted instants, as steps: consecutive instants
 * with the same move share one step, so a set-based write needs one range per change of offset,
 * not one row per event.
 */
export function wallClockSteps(zone: string, sortedInstants: Iterable<number>, days: number): MoveStep[] {
  const steps: MoveStep[] = [];
  for (const ms of sortedInstants) {
    const by = wallClockMove(zone, ms, days) - ms;
    if (!steps.length || steps[steps.length - 1].by !== by) steps.push({ from: ms, by });
  }
  return steps;
}

/** A change of offset between two instants (the first instant with the new offset), or null. */
export function offsetChangeBetween(zone: string, from: number, to: number): { at: number; before: number; after: number } | null {
  const before = offsetAt(zone, from);
  const after = offsetAt(zone, to);
  if (before === after || to <= from) return null;
  let low = from, high = to;
  while (high - low > 1) {
    const mid = low + Math.floor((high - low) / 2);
    if (offsetAt(zone, mid) === before) low = mid;
    else high = mid;
  }
  return { at: high, before, after };
}
