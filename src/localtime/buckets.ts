// Report buckets of whole days in a zone: each starts at the same local time of day as the window
// (at local midnight when the window starts at one), so a day of a 23- or 25-hour date is one
// bucket of 23 or 25 hours. Pure.
import { wallClockMove } from "./wall-clock.js";

/** Starts of the buckets of `periodDays` local days from `from` until `to` (exclusive), first = from; at most `max` + 1 computed. */
export function localDayBucketStarts(zone: string, from: number, to: number, periodDays: number, max: number): number[] {
  const starts: number[] = [];
  for (let k = 0; starts.length <= max; k++) {
    const start = k === 0 ? from : wallClockMove(zone, from, k * periodDays);
    if (start >= to) break;
    // A skipped local time can map two days' starts onto one instant only if a day were shorter than the skip: never.
    starts.push(start);
  }
  return starts;
}
