// Ripple: following events start where the previous one ends, up to a locked event that never moves.
import { orderTimeline, slotEnd } from "./order.js";
import { type Move, type Remainder, type Slot, TimelineError } from "./types.js";

export interface RippleOptions {
  /** Ripple every segment after the start event: each locked event starts the next segment. */
  fixAll?: boolean;
}

export interface RippleResult {
  /** Events whose start changes (unchanged ones are left out). */
  moves: Move[];
  /** The gap (> 0) or overlap (< 0) left before each locked event that stopped a segment; zeros are left out. */
  remainders: Remainder[];
}

/**
 * Ripple from event `fromId` (which stays where it is): each following event, in timeline order,
 * starts where the previous one ends, up to the next locked event (or the end). Locked events never
 * move. With `fixAll`, the segment after each locked event is rippled too, from that event's end.
 * To ripple a whole schedule, start from its first event.
 */
export function ripple(events: readonly Slot[], fromId: number, options: RippleOptions = {}): RippleResult {
  const ordered = orderTimeline(events);
  const index = ordered.findIndex((event) => event.id === fromId);
  if (index < 0) throw new TimelineError(`event ${fromId} is not in the schedule`, "fromId");
  return rippleAfter(ordered, index + 1, slotEnd(ordered[index]), options.fixAll ?? false);
}

/**
 * The ripple loop on a sorted timeline: events from `startIndex` on are placed back to back from
 * `cursor`. Shared with the split, which ripples what follows the event it cut.
 */
export function rippleAfter(ordered: readonly Slot[], startIndex: number, cursor: number, fixAll: boolean): RippleResult {
  const moves: Move[] = [];
  const remainders: Remainder[] = [];
  for (let i = startIndex; i < ordered.length; i++) {
    const event = ordered[i];
    if (event.locked) {
      const gapMs = event.onAirTime - cursor;
      if (gapMs !== 0) remainders.push({ lockedId: event.id, gapMs });
      if (!fixAll) break;
      cursor = slotEnd(event);
      continue;
    }
    if (event.onAirTime !== cursor) moves.push({ id: event.id, onAirTime: cursor });
    cursor += event.duration;
  }
  return { moves, remainders };
}
