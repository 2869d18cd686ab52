// Breaks for validation: maximal runs of consecutive advertisement events.
import { orderTimeline, slotEnd } from "./order.js";
import { type Slot } from "./types.js";

export interface TypedSlot extends Slot {
  eventType: string;
}

export interface Break {
  /** The run's events in air order. */
  eventIds: number[];
  start: number;
  /** The latest end among the run's events. */
  end: number;
  /** Sum of the run's durations (the figure checked against breakMin/breakMax). */
  duration: number;
  /** The run overlaps the event just before or just after it. */
  overlapping: boolean;
}

/** Event types that make up a break; a BLOCK (a block of spots) counts as one event of the run. */
export const BREAK_EVENT_TYPES: ReadonlySet<string> = new Set(["ADVERTISEMENT", "BLOCK"]);

/** The breaks of a schedule in air order: maximal runs of consecutive ADVERTISEMENT/BLOCK events. */
export function findBreaks(events: readonly TypedSlot[]): Break[] {
  const ordered = orderTimeline(events);
  const breaks: Break[] = [];
  let i = 0;
  while (i < ordered.length) {
    if (!BREAK_EVENT_TYPES.has(ordered[i].eventType)) {
      i++;
      continue;
    }
    const first = i;
    const found: Break = { eventIds: [], start: ordered[i].onAirTime, end: ordered[i].onAirTime, duration: 0, overlapping: false };
    while (i < ordered.length && BREAK_EVENT_TYPES.has(ordered[i].eventType)) {
      found.eventIds.push(ordered[i].id);
      found.duration += ordered[i].duration;
      found.end = Math.max(found.end, slotEnd(ordered[i]));
      i++;
    }
    const before = first > 0 ? ordered[first - 1] : null;
    const after = i < ordered.length ? ordered[i] : null;
    found.overlapping = (before !== null && slotEnd(before) > found.start) || (after !== null && after.onAirTime < found.end);
    breaks.push(found);
  }
  return breaks;
}
