// What happens to existing events when an inserted or moved event lands on them (bulk edit resolveType).
import { checkMs, checkSlots, compareSlots, orderTimeline, slotEnd } from "./order.js";
import { type Move, type Remainder, type Slot, type Tail, TimelineError, type Trim } from "./types.js";

export const RESOLVE_TYPES = ["SPLICE", "OVERRIDE", "OVERLAP"] as const;
export type ResolveType = (typeof RESOLVE_TYPES)[number];

/** The event being placed; `id` when it is an existing event that moved (it is left out of `existing`). */
export interface Placed {
  id?: number | null;
  onAirTime: number;
  duration: number;
}

/** Changes to existing events (by id), in air order; all empty for OVERLAP. */
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

/**
 * Resolves the collision of `placed` with the `existing` events:
 * - OVERLAP: nothing changes (validation reports the overlap).
 * - OVERRIDE: events inside [start, end) are deleted; one starting before trims its tail, one
 *   ending after trims its head (somDelta > 0); one spanning the whole placed event keeps its head
 *   and gets a tail after it.
 * - SPLICE: the unlocked event the start lands inside is cut in two (head trimmed, tail after the
 *   placed event); what follows the start is pushed later, as one block, by just enough to make
 *   room (the placed duration when an event was cut), up to the next locked event.
 * Locked events are never changed (see lockedConflicts). O(n) on input already in order.
 * To place many events, use resolveCollisions: one sort for all of them.
 */
export function resolveCollision(existing: readonly Slot[], placed: Placed, resolveType: ResolveType): CollisionResult {
  checkResolveType(resolveType);
  const others = orderTimeline(placed.id == null ? existing : existing.filter((event) => event.id !== placed.id));
  const id = placed.id ?? lowestId(others) - 1;
  const placement = { id, onAirTime: placed.onAirTime, duration: placed.duration, locked: false };
  checkPlacements([placement]);
  const batch = resolveInOrder(others, [placement], resolveType, id - 1);
  const result: CollisionResult = { moves: [], trims: [], deletes: batch.deletes, tails: [], lockedConflicts: [], remainders: [] };
  const changed = new Map(batch.changes.map((change) => [change.id, change]));
  for (const event of others) {
    const change = changed.get(event.id);
    if (!change) continue;
    if (change.duration === event.duration && change.somDelta === 0) result.moves.push({ id: event.id, onAirTime: change.onAirTime });
    else result.trims.push(change);
  }
  result.tails = batch.tails.map(({ sourceId, onAirTime, duration, somDelta }) => ({ sourceId, onAirTime, duration, somDelta }));
  result.lockedConflicts = batch.lockedConflicts.map((conflict) => conflict.lockedId);
  result.remainders = batch.remainders.map(({ lockedId, gapMs }) => ({ lockedId, gapMs }));
  return result;
}

/**
 * An event placed by resolveCollisions: a new one (any id not in use, negative say) or an existing
 * one that moved. A locked placement is placed as given and then never changed.
 */
export type Placement = Slot;

/** The lowest id, or 0 when all are positive: new ids can count down from below it. */
function lowestId(events: Iterable<Slot>): number {
  let lowest = 0;
  for (const event of events) lowest = Math.min(lowest, event.id);
  return lowest;
}

export interface BatchCollisionResult {
  /**
   * Final timing of every existing event or placement whose start, duration or media start
   * changed; `somDelta` is counted from the event as it was given.
   */
  changes: Trim[];
  /** Existing events and placements to delete (a later placement may cover an earlier one). */
  deletes: number[];
  /**
   * New events left at the end, each with a fresh id (from `firstTailId` down): copies of
   * `sourceId` (an existing event or a placement, never another tail) whose media starts
   * `somDelta` later than the source's as given.
   */
  tails: (Tail & { id: number })[];
  lockedConflicts: { placedId: number; lockedId: number }[];
  remainders: (Remainder & { placedId: number })[];
}

interface Entry extends Slot {
  /** The existing event or placement this entry copies (itself unless it is a tail). */
  sourceId: number;
  /** Media start relative to the source as given. */
  somDelta: number;
  isTail: boolean;
  givenStart: number;
  givenDuration: number;
}

/**
 * Places `placements` one after the other, in the order given, each resolved by `resolveType`
 * (as resolveCollision) against the existing events and the placements before it. Existing
 * entries with a placement's id are replaced by that placement at its turn. O(n log n) for the
 * sort, then per placement O(log n) plus the events it changes (SPLICE: those it pushes).
 */
export function resolveCollisions(existing: readonly Slot[], placements: readonly Placement[], resolveType: ResolveType, options: { firstTailId?: number } = {}): BatchCollisionResult {
  checkResolveType(resolveType);
  checkPlacements(placements);
  const placedIds = new Set(placements.map((placed) => placed.id));
  const others = orderTimeline(existing.filter((event) => !placedIds.has(event.id)));
  return resolveInOrder(others, placements, resolveType, options.firstTailId ?? Math.min(lowestId(others), lowestId(placements)) - 1);
}

function checkResolveType(resolveType: string): void {
  if (!(RESOLVE_TYPES as readonly string[]).includes(resolveType)) throw new TimelineError(`resolveType must be one of ${RESOLVE_TYPES.join(", ")}`, "resolveType");
}

function checkPlacements(placements: readonly Placement[]): void {
  placements.forEach((placed) => {
    checkMs(placed.onAirTime, "onAirTime");
    checkMs(placed.duration, "duration", true);
  });
  checkSlots(placements);
}

/** resolveCollisions on checked input: `ordered` sorted, without the placements. */
function resolveInOrder(ordered: readonly Slot[], placements: readonly Placement[], resolveType: ResolveType, firstTailId: number): BatchCollisionResult {
  const result: BatchCollisionResult = { changes: [], deletes: [], tails: [], lockedConflicts: [], remainders: [] };
  if (resolveType === "OVERLAP") return result;
  const timeline = new Timeline(ordered.map(entry));
  let nextTailId = firstTailId;
  const newTail = (source: Entry, onAirTime: number, duration: number, somDelta: number): Entry => ({
    id: nextTailId--, onAirTime, duration, locked: false, sourceId: source.sourceId, somDelta: source.somDelta + somDelta, isTail: true, givenStart: onAirTime, givenDuration: duration,
  });
  for (const placed of placements) {
    if (placed.duration > 0) {
      const start = placed.onAirTime;
      const end = start + placed.duration;
      for (const lockedId of timeline.lockedOverlapping(start, end)) result.lockedConflicts.push({ placedId: placed.id, lockedId });
      if (resolveType === "OVERRIDE") timeline.override(start, end, newTail);
      else for (const remainder of timeline.splice(start, end, newTail)) result.remainders.push({ placedId: placed.id, ...remainder });
    }
    timeline.insert(entry(placed));
  }

  for (const event of timeline.entries) {
    if (event.isTail) {
      result.tails.push({ id: event.id, sourceId: event.sourceId, onAirTime: event.onAirTime, duration: event.duration, somDelta: event.somDelta });
      continue;
    }
    if (event.givenStart !== event.onAirTime || event.givenDuration !== event.duration || event.somDelta !== 0) {
      result.changes.push({ id: event.id, onAirTime: event.onAirTime, duration: event.duration, somDelta: event.somDelta });
    }
  }
  result.deletes = [...timeline.deleted];
  return result;
}

const entry = (event: Slot): Entry => ({
  id: event.id, onAirTime: event.onAirTime, duration: event.duration, locked: event.locked, sourceId: event.id, somDelta: 0, isTail: false, givenStart: event.onAirTime, givenDuration: event.duration,
});

/** Whether an event shares air time with [start, end): zero-length events count when inside it. */
const overlaps = (event: Slot, start: number, end: number) =>
  event.onAirTime < end && (slotEnd(event) > start || (event.duration === 0 && event.onAirTime >= start));

/** A sorted working timeline: binary search to find, local edits, removed entries re-inserted in order. */
class Timeline {
  /** Ids of existing events and placements removed (tails are just dropped). */
  readonly deleted = new Set<number>();
  /** Longest duration ever held: bounds the walk back to events still on air at an instant. */
  private longest = 0;

  constructor(readonly entries: Entry[]) {
    for (const event of entries) this.longest = Math.max(this.longest, event.duration);
  }

  /** The first index whose event starts at or after `time`. */
  firstFrom(time: number): number {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.entries[mid].onAirTime < time) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  insert(event: Entry): void {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compareSlots(this.entries[mid], event) < 0) low = mid + 1;
      else high = mid;
    }
    this.entries.splice(low, 0, event);
    this.longest = Math.max(this.longest, event.duration);
  }

  /** Indexes of the events that start before `time` and are still on air at it, latest start first. */
  private onAirBefore(index: number, time: number): number[] {
    const found: number[] = [];
    for (let i = index - 1; i >= 0 && this.entries[i].onAirTime + this.longest > time; i--) {
      if (slotEnd(this.entries[i]) > time) found.push(i);
    }
    return found;
  }

  lockedOverlapping(start: number, end: number): number[] {
    const first = this.firstFrom(start);
    const ids = this.onAirBefore(first, start).reverse().filter((i) => this.entries[i].locked).map((i) => this.entries[i].id);
    for (let i = first; i < this.entries.length && this.entries[i].onAirTime < end; i++) {
      if (this.entries[i].locked) ids.push(this.entries[i].id);
    }
    return ids;
  }

  private drop(event: Entry): void {
    if (!event.isTail) this.deleted.add(event.id);
  }

  override(start: number, end: number, newTail: (source: Entry, onAirTime: number, duration: number, somDelta: number) => Entry): void {
    const first = this.firstFrom(start);
    const hit = this.onAirBefore(first, start);
    for (let i = first; i < this.entries.length && this.entries[i].onAirTime < end; i++) hit.push(i);
    const affected = new Set(hit.filter((i) => !this.entries[i].locked && overlaps(this.entries[i], start, end)));
    if (affected.size === 0) return;
    let low = Infinity;
    let high = -Infinity;
    for (const i of affected) [low, high] = [Math.min(low, i), Math.max(high, i)];
    const keep: Entry[] = [];
    const reinsert: Entry[] = [];
    for (let i = low; i <= high; i++) {
      const event = this.entries[i];
      if (!affected.has(i)) {
        keep.push(event);
        continue;
      }
      const eventEnd = slotEnd(event);
      if (event.onAirTime >= start && eventEnd <= end) {
        this.drop(event);
      } else if (event.onAirTime < start) {
        if (eventEnd > end) reinsert.push(newTail(event, end, eventEnd - end, end - event.onAirTime));
        event.duration = start - event.onAirTime; // same start: same place
        keep.push(event);
      } else {
        event.somDelta += end - event.onAirTime;
        event.onAirTime = end;
        event.duration = eventEnd - end;
        reinsert.push(event);
      }
    }
    this.entries.splice(low, high - low + 1, ...keep);
    for (const event of reinsert) this.insert(event);
  }

  /** Returns the remainder left before the locked event that stopped the push, if any. */
  splice(start: number, end: number, newTail: (source: Entry, onAirTime: number, duration: number, somDelta: number) => Entry): Remainder[] {
    const first = this.firstFrom(start);
    const containerIndex = this.onAirBefore(first, start).find((i) => !this.entries[i].locked);
    let push: number;
    let cursor: number; // where the pushed content ends so far
    let tail: Entry | null = null;
    if (containerIndex !== undefined) {
      const container = this.entries[containerIndex];
      const containerEnd = slotEnd(container);
      tail = newTail(container, end, containerEnd - start, start - container.onAirTime);
      container.duration = start - container.onAirTime;
      push = end - start;
      cursor = containerEnd + push;
    } else {
      push = first < this.entries.length ? Math.max(0, end - this.entries[first].onAirTime) : 0;
      cursor = end;
    }
    const remainders: Remainder[] = [];
    let stop = first;
    if (push > 0) {
      for (; stop < this.entries.length; stop++) {
        const event = this.entries[stop];
        if (event.locked) {
          if (event.onAirTime !== cursor) remainders.push({ lockedId: event.id, gapMs: event.onAirTime - cursor });
          break;
        }
        event.onAirTime += push;
        cursor = Math.max(cursor, slotEnd(event));
      }
      this.restoreOrder(first, stop);
    }
    if (tail) this.insert(tail);
    return remainders;
  }

  /** The pushed block [from, to) stays sorted, but its end may now pass the events after it. */
  private restoreOrder(from: number, to: number): void {
    if (to >= this.entries.length || to === from) return;
    let cut = to;
    while (cut > from && compareSlots(this.entries[cut - 1], this.entries[to]) > 0) cut--;
    if (cut === to) return;
    const moved = this.entries.splice(cut, to - cut);
    for (const event of moved) this.insert(event);
  }
}
