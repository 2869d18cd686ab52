// Moving events as a block: shift (bulk edit shiftBy/shiftFrom, shiftSchedule), transpose, append.
import { checkMs, findOverlaps, orderTimeline, timelineBounds } from "./order.js";
import { type Interval, type Move, type Slot } from "./types.js";

export interface ShiftOptions {
  /** Only events starting at or after this instant move (default: every event). */
  fromTime?: number | null;
  /** Move locked events too (shiftSchedule moves the whole schedule). Default false: they stay. */
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
  const ordered = orderTimeline(events);
  if (byMs === 0) return { moves: [], collisions: [] };
  const moved = new Set<number>();
  const moves: Move[] = [];
  const result = ordered.map((event) => {
    if ((fromTime !== null && event.onAirTime < fromTime) || (event.locked && !options.includeLocked)) return event;
    moved.add(event.id);
    moves.push({ id: event.id, onAirTime: event.onAirTime + byMs });
    return { ...event, onAirTime: event.onAirTime + byMs };
  });
  const collisions = moved.size === ordered.length ? [] : findOverlaps(result).filter((overlap) => moved.has(overlap.previousId) !== moved.has(overlap.nextId));
  return { moves, collisions };
}

/** Moves every event, locked ones included, so that the first starts at `newStart`; offsets and durations stay. */
export function transpose(events: readonly Slot[], newStart: number): Move[] {
  checkMs(newStart, "startTime");
  const bounds = timelineBounds(orderTimeline(events));
  if (!bounds || bounds.start === newStart) return [];
  const by = newStart - bounds.start;
  return events.map((event) => ({ id: event.id, onAirTime: event.onAirTime + by }));
}

/**
 * Starts for new events appended in order after the last end of the schedule (bulk edit
 * sentToEnd), back to back; `emptyStart` is where they go when the schedule has no events.
 */
export function appendToEnd(events: readonly Slot[], durations: readonly number[], emptyStart: number): { onAirTime: number; duration: number }[] {
  checkMs(emptyStart, "startDate");
  let cursor = timelineBounds(orderTimeline(events))?.end ?? emptyStart;
  return durations.map((duration) => {
    checkMs(duration, "sentToEnd.duration", true);
    const placed = { onAirTime: cursor, duration };
    cursor += duration;
    return placed;
  });
}
