// What happens to existing events when an inserted or moved event lands on them (bulk edit resolveType).
import { checkMs, orderTimeline, slotEnd } from "./order.js";
import { type Move, type Remainder, type Slot, type Tail, TimelineError, type Trim } from "./types.js";

export const RESOLVE_TYPES = ["SPLICE", "OVERRIDE", "OVERLAP"] as const;
export type ResolveType = (typeof RESOLVE_TYPES)[number];

/** The event being placed; `id` when it is an existing event that moved (it is left out of `existing`). */
export interface Placed {
  id?: number | null;
  onAirTime: number;
  duration: number;
}

/** Changes to existing events (by id); all empty for OVERLAP. */
export interface CollisionResult {
  /** Pushed later, duration unchanged (SPLICE). */
  moves: Move[];
  /** Shortened (OVERRIDE; SPLICE: the head of the event it lands in). */
  trims: Trim[];
  /** Fully covered, to delete (OVERRIDE). */
  deletes: number[];
  /** New events: the rest of an event cut in two (SPLICE, or OVERRIDE inside a longer event). */
  tails: Tail[];
  /** Locked events the placed event overlaps: never changed, left for messages. */
  lockedConflicts: number[];
  /** SPLICE: the gap (> 0) or overlap (< 0) left before the locked event that stopped the push. */
  remainders: Remainder[];
}

const empty = (): CollisionResult => ({ moves: [], trims: [], deletes: [], tails: [], lockedConflicts: [], remainders: [] });

/** Whether an event shares air time with [start, end): zero-length events count when inside it. */
const overlaps = (event: Slot, start: number, end: number) =>
  event.onAirTime < end && (slotEnd(event) > start || (event.duration === 0 && event.onAirTime >= start));

/**
 * Resolves the collision of `placed` with the `existing` events:
 * - OVERLAP: nothing changes (validation reports the overlap).
 * - OVERRIDE: events inside [start, end) are deleted; one starting before trims its tail, one
 *   ending after trims its head (somDelta > 0); one spanning the whole placed event keeps its head
 *   and gets a tail after it.
 * - SPLICE: the unlocked event the start lands inside is cut in two (head trimmed, tail after the
 *   placed event); what follows the start is pushed later, as one block, by just enough to make
 *   room (the placed duration when an event was cut), up to the next locked event.
 * Locked events are never changed (see lockedConflicts). O(n log n).
 */
export function resolveCollision(existing: readonly Slot[], placed: Placed, resolveType: ResolveType): CollisionResult {
  if (!(RESOLVE_TYPES as readonly string[]).includes(resolveType)) throw new TimelineError(`resolveType must be one of ${RESOLVE_TYPES.join(", ")}`, "resolveType");
  checkMs(placed.onAirTime, "onAirTime");
  checkMs(placed.duration, "duration", true);
  const result = empty();
  if (resolveType === "OVERLAP" || placed.duration === 0) return result;
  const ordered = orderTimeline(placed.id == null ? existing : existing.filter((event) => event.id !== placed.id));
  const start = placed.onAirTime;
  const end = start + placed.duration;
  for (const event of ordered) {
    if (event.locked && overlaps(event, start, end)) result.lockedConflicts.push(event.id);
  }
  if (resolveType === "OVERRIDE") override(ordered, start, end, result);
  else splice(ordered, start, end, result);
  return result;
}

function override(ordered: readonly Slot[], start: number, end: number, result: CollisionResult): void {
  for (const event of ordered) {
    if (event.locked || !overlaps(event, start, end)) continue;
    const eventEnd = slotEnd(event);
    if (event.onAirTime >= start && eventEnd <= end) {
      result.deletes.push(event.id);
    } else if (event.onAirTime < start) {
      result.trims.push({ id: event.id, onAirTime: event.onAirTime, duration: start - event.onAirTime, somDelta: 0 });
      if (eventEnd > end) result.tails.push({ sourceId: event.id, onAirTime: end, duration: eventEnd - end, somDelta: end - event.onAirTime });
    } else {
      result.trims.push({ id: event.id, onAirTime: end, duration: eventEnd - end, somDelta: end - event.onAirTime });
    }
  }
}

function splice(ordered: readonly Slot[], start: number, end: number, result: CollisionResult): void {
  // The event the start lands inside: the last one in order that is on air at `start`.
  let container: Slot | null = null;
  let first = ordered.length; // the first event starting at or after `start`
  for (let i = 0; i < ordered.length; i++) {
    const event = ordered[i];
    if (event.onAirTime >= start) {
      first = i;
      break;
    }
    if (!event.locked && slotEnd(event) > start) container = event;
  }
  let push: number;
  let cursor: number; // where the pushed content ends so far
  if (container) {
    const containerEnd = slotEnd(container);
    result.trims.push({ id: container.id, onAirTime: container.onAirTime, duration: start - container.onAirTime, somDelta: 0 });
    result.tails.push({ sourceId: container.id, onAirTime: end, duration: containerEnd - start, somDelta: start - container.onAirTime });
    push = end - start;
    cursor = containerEnd + push;
  } else {
    push = first < ordered.length ? Math.max(0, end - ordered[first].onAirTime) : 0;
    cursor = end;
  }
  if (push === 0) return;
  for (let i = first; i < ordered.length; i++) {
    const event = ordered[i];
    if (event.locked) {
      if (event.onAirTime !== cursor) result.remainders.push({ lockedId: event.id, gapMs: event.onAirTime - cursor });
      return;
    }
    result.moves.push({ id: event.id, onAirTime: event.onAirTime + push });
    cursor = Math.max(cursor, slotEnd(event) + push);
  }
}
