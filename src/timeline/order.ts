// Ordering and reading a timeline: the order every other function relies on, the schedule's
// bounds, the event on air at an instant, gaps and overlaps.
import { type Interval, type Slot, TimelineError } from "./types.js";

export const slotEnd = (slot: Pick<Slot, "onAirTime" | "duration">): number => slot.onAirTime + slot.duration;

/** Order of a schedule: by onAirTime, then by id so that equal starts are stable. */
export const compareSlots = (a: Pick<Slot, "onAirTime" | "id">, b: Pick<Slot, "onAirTime" | "id">): number =>
  a.onAirTime - b.onAirTime || a.id - b.id;

/** Throws TimelineError unless `value` is an integer number of ms (optionally ≥ 0). */
export function checkMs(value: number, field: string, nonNegative = false): void {
  if (!Number.isSafeInteger(value)) throw new TimelineError(`${field} must be an integer number of milliseconds`, field);
  if (nonNegative && value < 0) throw new TimelineError(`${field} must not be negative`, field);
}

/** Throws TimelineError unless ids are unique, times are integers and durations are not negative. */
export function checkSlots(events: readonly Slot[]): void {
  const seen = new Set<number>();
  for (const event of events) {
    if (seen.has(event.id)) throw new TimelineError(`event ${event.id} appears twice`, "id");
    seen.add(event.id);
    checkMs(event.onAirTime, "onAirTime");
    checkMs(event.duration, "duration", true);
  }
}

/**
 * A sorted copy of the events (the inputs are never mutated), checked by checkSlots. Events that
 * already come in order (ORDER BY on_air_time, id) are only copied: one linear pass.
 */
export function orderTimeline<T extends Slot>(events: readonly T[]): T[] {
  checkSlots(events);
  for (let i = 1; i < events.length; i++) {
    if (compareSlots(events[i - 1], events[i]) > 0) return [...events].sort(compareSlots);
  }
  return events.slice();
}

/** The first start and the last end (schedule startDate/finishDate), or null without events. */
export function timelineBounds(events: readonly Slot[]): { start: number; end: number } | null {
  if (events.length === 0) return null;
  let start = Infinity;
  let end = -Infinity;
  for (const event of events) {
    if (event.onAirTime < start) start = event.onAirTime;
    if (slotEnd(event) > end) end = slotEnd(event);
  }
  return { start, end };
}

/**
 * The event on air at `time` (start ≤ time < end), or null. When several overlap there, the one
 * that started last (then the highest id) wins: it is the one the viewer sees. One linear pass.
 */
export function eventOnAirAt<T extends Slot>(events: readonly T[], time: number): T | null {
  let found: T | null = null;
  for (const event of events) {
    if (event.onAirTime <= time && slotEnd(event) > time && (found === null || compareSlots(event, found) > 0)) found = event;
  }
  return found;
}

/**
 * Gaps: time on air by no event, between the earlier event that ends last (`previousId`) and the
 * next event to start (`nextId`). For events one after the other that is simply the previous one;
 * an event lying inside a longer one does not open a gap after it.
 */
export function findGaps(events: readonly Slot[]): Interval[] {
  const gaps: Interval[] = [];
  walkInOrder(orderTimeline(events), (latest, next) => {
    const gap = next.onAirTime - slotEnd(latest);
    if (gap > 0) gaps.push({ previousId: latest.id, nextId: next.id, start: slotEnd(latest), duration: gap });
  });
  return gaps;
}

/**
 * Overlaps: the next event to start begins before the earlier event that ends last (`previousId`)
 * is over. `duration` is the time both are on air (at most the next event's duration, so a
 * zero-length event is never an overlap).
 */
export function findOverlaps(events: readonly Slot[]): Interval[] {
  return overlapsInOrder(orderTimeline(events));
}

/** findOverlaps on events already sorted by compareSlots (not checked again). */
export function overlapsInOrder(ordered: readonly Slot[]): Interval[] {
  const overlaps: Interval[] = [];
  walkInOrder(ordered, (latest, next) => {
    const shared = Math.min(slotEnd(latest), slotEnd(next)) - next.onAirTime;
    if (shared > 0) overlaps.push({ previousId: latest.id, nextId: next.id, start: next.onAirTime, duration: shared });
  });
  return overlaps;
}

/** Visits each event after the first with the earlier event that ends last (the later one on ties). */
function walkInOrder(ordered: readonly Slot[], visit: (latest: Slot, next: Slot) => void): void {
  let latest = ordered[0];
  for (let i = 1; i < ordered.length; i++) {
    visit(latest, ordered[i]);
    if (slotEnd(ordered[i]) >= slotEnd(latest)) latest = ordered[i];
  }
}
