// Planned against aired: the matching and the states of as-run reconciliation (docs/ASRUN.md).
// Pure: no database, no GraphQL. The service loads the planned events and the as-run entries of a
// window and hands them here.
import type { PlannedEventRow } from "../schedules/index.js";

export const AS_RUN_STATUSES = ["AIRED", "PARTIAL", "SKIPPED", "FAILED", "UNPLANNED"] as const;
export type AsRunStatusValue = (typeof AS_RUN_STATUSES)[number];

export const RECONCILIATION_STATES = ["ON_TIME", "EARLY", "LATE", "SHORT", "LONG", "MISSED", "UNPLANNED"] as const;
export type ReconciliationStateValue = (typeof RECONCILIATION_STATES)[number];

/** The event type whose time counts as ad-break minutes. */
export const AD_BREAK_TYPE = "ADVERTISEMENT";
/** How many rows `worstDeviations` holds. */
export const WORST_DEVIATIONS = 10;

/** A planned event as matching takes it (start in ms since the epoch): the store's row, defined once. */
export type PlannedEvent = PlannedEventRow;

export interface AiredEntry {
  /** The stored row's id (ties and the order of the answer). */
  id: number;
  entryId: string;
  eventId: number | null;
  mediaId: string | null;
  start: number;
  duration: number;
  status: AsRunStatusValue;
  deviceId: string;
  reason: string | null;
  /** SCTE-35 cues the device reports it sent; null: not reported. */
  scte35Cues: number | null;
}

export interface ReconciledRow {
  event: PlannedEvent | null;
  entry: AiredEntry | null;
  state: ReconciliationStateValue;
  startDeviationMs: number | null;
  durationDeviationMs: number | null;
}

/** Statuses that put the item on air (their time counts as aired). */
export const ON_AIR: ReadonlySet<AsRunStatusValue> = new Set(["AIRED", "PARTIAL", "UNPLANNED"]);

/** Event ↔ entry pairs: the index of the entry matched to each event, or -1. */
export interface Matching {
  entryOfEvent: Int32Array;
  eventOfEntry: Int32Array;
}

const byStartThenId = (a: { start: number; id: number }, b: { start: number; id: number }) => a.start - b.start || a.id - b.id;

/**
 * Matches planned events to entries (docs/ASRUN.md "Matching"):
 * 1. An entry naming an event of `events` by eventId belongs to that event; when several name the
 *    same event, the one starting nearest the planned start wins (ties: earlier start, then lower id).
 * 2. Events still without an entry and entries naming no event of `events` (eventId absent or of
 *    no planned event here) pair by equal mediaId, nearest |actual start − planned start| first
 *    (ties: earlier planned start, lower event id, earlier actual start, lower entry id), each
 *    event and entry at most once. This is the greedy of all such pairs in that order.
 * Entries with status UNPLANNED are never matched: the device says they were not in the plan.
 * `events` and `entries` must be sorted by (start, id).
 */
export function matchEntries(events: readonly PlannedEvent[], entries: readonly AiredEntry[]): Matching {
  const entryOfEvent = new Int32Array(events.length).fill(-1);
  const eventOfEntry = new Int32Array(entries.length).fill(-1);
  const indexOfEvent = new Map<number, number>();
  events.forEach((e, i) => indexOfEvent.set(e.id, i));
  const named: boolean[] = new Array<boolean>(entries.length).fill(false);
  entries.forEach((entry, j) => {
    if (entry.status === "UNPLANNED" || entry.eventId === null) return;
    const i = indexOfEvent.get(entry.eventId);
    if (i === undefined) return;
    named[j] = true;
    const current = entryOfEvent[i];
    if (current === -1 || nearer(events[i], entry, entries[current])) {
      if (current !== -1) eventOfEntry[current] = -1;
      entryOfEvent[i] = j;
      eventOfEntry[j] = i;
    }
  });
  matchByMedia(events, entries, named, entryOfEvent, eventOfEntry);
  return { entryOfEvent, eventOfEntry };
}

function nearer(event: PlannedEvent, a: AiredEntry, b: AiredEntry): boolean {
  const da = Math.abs(a.start - event.start);
  const db = Math.abs(b.start - event.start);
  return da < db || (da === db && byStartThenId(a, b) < 0);
}

/** The free events of one mediaId, sorted, with "nearest free index" look-ups (path-halving union-find). */
class FreeEvents {
  private readonly next: Int32Array;
  private readonly prev: Int32Array;
  constructor(readonly events: PlannedEvent[]) {
    const n = events.length;
    this.next = Int32Array.from({ length: n + 1 }, (_, i) => i);
    this.prev = Int32Array.from({ length: n + 1 }, (_, i) => i);
  }
  /** The first free index ≥ i, or n. */
  nextFree(i: number): number {
    const p = this.next;
    while (p[i] !== i) i = p[i] = p[p[i]];
    return i;
  }
  /** The last free index ≤ i (prev is shifted by one: slot 0 means none), or -1. */
  prevFree(i: number): number {
    const p = this.prev;
    let k = i + 1;
    while (p[k] !== k) k = p[k] = p[p[k]];
    return k - 1;
  }
  take(i: number): void {
    this.next[i] = i + 1;
    this.prev[i + 1] = i;
  }
  /** The first index whose start is ≥ t. */
  lowerBound(t: number): number {
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.events[mid].start < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  /** The best free event for an entry starting at t (see matchEntries, rule 2), or -1. */
  best(t: number): number {
    const n = this.events.length;
    const p = this.lowerBound(t);
    const right = this.nextFree(p);
    let left = this.prevFree(p - 1);
    // Among free events of the same start, the lowest id (the first in order) wins.
    if (left !== -1) left = this.nextFree(this.lowerBound(this.events[left].start));
    if (right === n) return left;
    if (left === -1) return right;
    const dl = t - this.events[left].start;
    const dr = this.events[right].start - t;
    return dl <= dr ? left : right;
  }
}

interface Candidate {
  distance: number;
  eventStart: number;
  eventId: number;
  entry: number;
  group: FreeEvents;
  slot: number;
}

function before(a: Candidate, b: Candidate, entries: readonly AiredEntry[]): boolean {
  if (a.distance !== b.distance) return a.distance < b.distance;
  if (a.eventStart !== b.eventStart) return a.eventStart < b.eventStart;
  if (a.eventId !== b.eventId) return a.eventId < b.eventId;
  return byStartThenId(entries[a.entry], entries[b.entry]) < 0;
}

/**
 * Rule 2 as the exact greedy without listing every pair: each free entry keeps its best free
 * event in a heap; a popped pair whose event was taken meanwhile is recomputed (a best pair only
 * gets worse), so the pair popped with a free event is the least of all free pairs.
 */
function matchByMedia(events: readonly PlannedEvent[], entries: readonly AiredEntry[], named: boolean[], entryOfEvent: Int32Array, eventOfEntry: Int32Array): void {
  const groups = new Map<string, { group: FreeEvents; index: number[] }>();
  const freeByMedia = new Map<string, number[]>();
  events.forEach((e, i) => {
    if (entryOfEvent[i] !== -1 || e.mediaId === null) return;
    let list = freeByMedia.get(e.mediaId);
    if (!list) freeByMedia.set(e.mediaId, (list = []));
    list.push(i);
  });
  for (const [media, index] of freeByMedia) groups.set(media, { group: new FreeEvents(index.map((i) => events[i])), index });
  const heap: Candidate[] = [];
  const push = (c: Candidate) => {
    heap.push(c);
    let k = heap.length - 1;
    while (k > 0) {
      const parent = (k - 1) >> 1;
      if (!before(heap[k], heap[parent], entries)) break;
      [heap[k], heap[parent]] = [heap[parent], heap[k]];
      k = parent;
    }
  };
  const pop = (): Candidate => {
    const top = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let k = 0;
      for (;;) {
        const l = 2 * k + 1;
        const r = l + 1;
        let m = k;
        if (l < heap.length && before(heap[l], heap[m], entries)) m = l;
        if (r < heap.length && before(heap[r], heap[m], entries)) m = r;
        if (m === k) break;
        [heap[k], heap[m]] = [heap[m], heap[k]];
        k = m;
      }
    }
    return top;
  };
  const offer = (entry: number, group: FreeEvents) => {
    const slot = group.best(entries[entry].start);
    if (slot === -1) return;
    const e = group.events[slot];
    push({ distance: Math.abs(entries[entry].start - e.start), eventStart: e.start, eventId: e.id, entry, group, slot });
  };
  entries.forEach((entry, j) => {
    if (named[j] || entry.status === "UNPLANNED" || entry.mediaId === null) return;
    const g = groups.get(entry.mediaId);
    if (g) offer(j, g.group);
  });
  while (heap.length) {
    const c = pop();
    if (c.group.nextFree(c.slot) !== c.slot) {
      offer(c.entry, c.group);
      continue;
    }
    c.group.take(c.slot);
    const i = groups.get(entries[c.entry].mediaId!)!.index[c.slot];
    entryOfEvent[i] = c.entry;
    eventOfEntry[c.entry] = i;
  }
}

/** The state of a planned event and the entry matched to it (null: none). */
export function stateOf(event: PlannedEvent, entry: AiredEntry | null, toleranceMs: number): ReconciledRow {
  if (!entry) return { event, entry: null, state: "MISSED", startDeviationMs: null, durationDeviationMs: null };
  const startDeviationMs = entry.start - event.start;
  const durationDeviationMs = entry.duration - event.duration;
  if (!ON_AIR.has(entry.status)) return { event, entry, state: "MISSED", startDeviationMs, durationDeviationMs };
  let state: ReconciliationStateValue = "ON_TIME";
  // The start decides first: an item that went out late is LATE even when also short.
  if (startDeviationMs < -toleranceMs) state = "EARLY";
  else if (startDeviationMs > toleranceMs) state = "LATE";
  else if (durationDeviationMs < -toleranceMs) state = "SHORT";
  else if (durationDeviationMs > toleranceMs) state = "LONG";
  return { event, entry, state, startDeviationMs, durationDeviationMs };
}

/** Every planned event with its state, and every entry matched to none as UNPLANNED; in time order. */
export function reconcile(events: readonly PlannedEvent[], entries: readonly AiredEntry[], toleranceMs: number): ReconciledRow[] {
  const { entryOfEvent, eventOfEntry } = matchEntries(events, entries);
  const rows: ReconciledRow[] = events.map((e, i) => stateOf(e, entryOfEvent[i] === -1 ? null : entries[entryOfEvent[i]], toleranceMs));
  const unplanned: ReconciledRow[] = [];
  entries.forEach((entry, j) => {
    if (eventOfEntry[j] === -1) unplanned.push({ event: null, entry, state: "UNPLANNED", startDeviationMs: null, durationDeviationMs: null });
  });
  return mergeByTime(rows, unplanned);
}

/** A row's place in time: the planned start, else the actual start. */
export const rowTime = (r: ReconciledRow): number => (r.event ? r.event.start : r.entry!.start);

/** Two lists already in time order merged into one (planned rows first on equal times). */
function mergeByTime(a: ReconciledRow[], b: ReconciledRow[]): ReconciledRow[] {
  if (b.length === 0) return a;
  const out: ReconciledRow[] = new Array<ReconciledRow>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = rowTime(a[i]) <= rowTime(b[j]) ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

export { byStartThenId };
