// Moving events as a block: shift (bulk edit shiftBy/shiftFrom), transpose, append.
import { checkMs, checkSlots, compareSlots, orderTimeline, overlapsInOrder, timelineBounds } from "./order.js";
import { type Interval, type Move, type Slot } from "./types.js";

export interface ShiftOptions {
  /** Only events starting at or after this instant move (default: every event). */
  fromTime?: number | null;
  /** Move locked events too: the whole list as one. Default false: they stay. (shiftSchedule moves its events in SQL.) */
  includeLocked?: boolean;
}

export interface ShiftResult {
  moves: Move[];
  /**
   * Overlaps of the result between a moved event and one that stayed (a locked event, or one
   * before `fromTime`): for messages. Events are placed as asked either way.
   */
  collisions: Interval[];
}

/** Moves events by `byMs` (may be negative). Locked events stay unless `includeLocked`. */
export function shiftEvents(events: readonly Slot[], byMs: number, options: ShiftOptions = {}): ShiftResult {
  checkMs(byMs, "shiftBy");
  const fromTime = options.fromTime ?? null;
  if (fromTime !== null) checkMs(fromTime, "shiftFrom");
  if (byMs === 0) return { moves: [], collisions: [] };
  if (fromTime === null && options.includeLocked) {
    checkSlots(events);
    // The whole schedule moves as one: nothing can collide.
    return { moves: events.map((event) => ({ id: event.id, onAirTime: event.onAirTime + byMs })), collisions: [] };
  }
  // Moved and unmoved events each stay in order: merge the two lists instead of sorting again.
  const ordered = orderTimeline(events);
  const movedIds = new Set<number>();
  const moved: Slot[] = [];
  const unmoved: Slot[] = [];
  for (const event of ordered) {
    if ((fromTime !== null && event.onAirTime < fromTime) || (event.locked && !options.includeLocked)) {
      unmoved.push(event);
    } else {
      movedIds.add(event.id);
      moved.push({ ...event, onAirTime: event.onAirTime + byMs });
    }
  }
  const moves: Move[] = moved.map((event) => ({ id: event.id, onAirTime: event.onAirTime }));
  const collisions = moved.length === 0 || unmoved.length === 0 ? [] : overlapsInOrder(mergeInOrder(moved, unmoved)).filter((overlap) => movedIds.has(overlap.previousId) !== movedIds.has(overlap.nextId));
  return { moves, collisions };
}

function mergeInOrder(a: readonly Slot[], b: readonly Slot[]): Slot[] {
  const merged: Slot[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && compareSlots(a[i], b[j]) <= 0)) merged.push(a[i++]);
    else merged.push(b[j++]);
  }
  return merged;
}

/** Moves every event, locked ones included, so that the first starts at `newStart`; offsets and durations stay. */
export function transpose(events: readonly Slot[], newStart: number): Move[] {
  checkMs(newStart, "startTime");
  checkSlots(events);
  const bounds = timelineBounds(events);
  if (!bounds || bounds.start === newStart) return [];
  const by = newStart - bounds.start;
  return events.map((event) => ({ id: event.id, onAirTime: event.onAirTime + by }));
}

/**
 * Starts for new events appended in order after the last end of the schedule (bulk edit
 * sentToEnd), back to back; `emptyStart` is where they go when the schedule has no events.
 */
export function appendToEnd(events: readonly Slot[], durations: readonly number[], emptyStart: number): { onAirTime: number; duration: number }[] {
  checkSlots(events);
  return appendAfter(timelineBounds(events)?.end ?? null, durations, emptyStart);
}

/** appendToEnd when the last end is known (`end`; null: the schedule has no events). */
export function appendAfter(end: number | null, durations: readonly number[], emptyStart: number): { onAirTime: number; duration: number }[] {
  checkMs(emptyStart, "startDate");
  let cursor = end ?? emptyStart;
  return durations.map((duration) => {
    checkMs(duration, "sentToEnd.duration", true);
    const placed = { onAirTime: cursor, duration };
    cursor += duration;
    return placed;
  });
}
