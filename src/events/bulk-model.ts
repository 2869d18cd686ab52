// The in-memory timeline a bulk edit works on: every member of BulkEditInput changes this model
// (through the pure timeline module), and the service then writes the difference set-based.
import { type Move, type Remainder, type Slot, type Trim } from "../timeline/index.js";
import type { EventValues } from "./rules.js";

/** An event of the model: an existing one (id > 0) or a new one (id < 0, inserted at the end). */
export interface ModelEvent extends Slot {
  eventType: string;
  title: string | null;
  /** How far the media start moved (add to som when writing). */
  somDelta: number;
  /** Full values: new events always, existing ones when a member changed more than timing. */
  values: EventValues | null;
  /** For a tail made of an event cut in two: whose values it copies. */
  copyOf?: number;
}

/**
 * Holds the events a bulk edit touches. It starts empty and loads lazily: the events a member
 * names (by id) as it needs them, and the whole timeline only for members that place events
 * among the others (collisions, sentToEnd, shift, loop, split, a time lookup), so that an edit
 * of 1,000 events' fields never reads the other 99,000.
 */
export class BulkModel {
  readonly events = new Map<number, ModelEvent>();
  readonly deletedExisting = new Set<number>();
  /** Every stored event was removed first (`empty`): the write deletes them all. */
  cleared = false;
  /** The whole timeline is loaded (or was cleared). */
  complete = false;
  private readonly original = new Map<number, { onAirTime: number; duration: number }>();
  private nextNewId = -1;

  /** Adds stored events the model does not know yet (their timing fields, copied: the rest of a row is not kept); deleted ones stay deleted. */
  addExisting(existing: readonly Omit<ModelEvent, "somDelta" | "values">[]): void {
    if (this.cleared) return;
    for (const e of existing) {
      if (this.events.has(e.id) || this.deletedExisting.has(e.id)) continue;
      this.events.set(e.id, { id: e.id, onAirTime: e.onAirTime, duration: e.duration, locked: e.locked, eventType: e.eventType, title: e.title, somDelta: 0, values: null });
      this.original.set(e.id, { onAirTime: e.onAirTime, duration: e.duration });
    }
  }

  /** The rest of the timeline, once loaded. */
  loadRest(all: readonly Omit<ModelEvent, "somDelta" | "values">[]): void {
    this.addExisting(all);
    this.complete = true;
  }

  /** Whether an existing event is known and not deleted. */
  knows(id: number): boolean {
    return this.events.has(id);
  }

  wasDeleted(id: number): boolean {
    return this.cleared || this.deletedExisting.has(id);
  }

  slots(): ModelEvent[] {
    return [...this.events.values()];
  }

  has(id: number): boolean {
    return this.events.has(id);
  }

  get(id: number): ModelEvent {
    const event = this.events.get(id);
    if (!event) throw new Error(`model has no event ${id}`);
    return event;
  }

  /** No stored event was removed, moved or resized (so far): the stored timeline's extremes still hold for the events the model does not know. */
  storedTimingKept(): boolean {
    if (this.cleared || this.deletedExisting.size > 0) return false;
    for (const [id, before] of this.original) {
      const now = this.events.get(id);
      if (!now || now.onAirTime !== before.onAirTime || now.duration !== before.duration) return false;
    }
    return true;
  }

  /** Last end of the model (complete), or null when it has no events. */
  end(): number | null {
    let end: number | null = null;
    for (const e of this.events.values()) end = Math.max(end ?? -Infinity, e.onAirTime + e.duration);
    return end;
  }

  /** Removes every event, stored ones included (bulk edit `empty`). */
  clearAll(): void {
    this.events.clear();
    this.deletedExisting.clear();
    this.original.clear();
    this.cleared = true;
    this.complete = true;
  }

  /**
   * The time span the edit changed on air: from the earliest start to the latest end among the
   * events it deleted, created, moved or resized (before and after). Null when it moved nothing
   * (an edit of other fields leaves the timeline as it was).
   */
  touchedSpan(): { start: number; end: number } | null {
    let start = Infinity;
    let end = -Infinity;
    const take = (t: { onAirTime: number; duration: number }) => {
      start = Math.min(start, t.onAirTime);
      end = Math.max(end, t.onAirTime + t.duration);
    };
    for (const id of this.deletedExisting) {
      const before = this.original.get(id);
      if (before) take(before);
    }
    for (const e of this.events.values()) {
      const before = this.original.get(e.id);
      if (e.id < 0 || !before || before.onAirTime !== e.onAirTime || before.duration !== e.duration || e.somDelta !== 0) {
        take(e);
        if (before) take(before);
      }
    }
    return start === Infinity ? null : { start, end };
  }

  remove(id: number): void {
    this.events.delete(id);
    if (id > 0 && !this.cleared) this.deletedExisting.add(id);
  }

  add(values: EventValues, copyOf?: number): ModelEvent {
    const id = this.nextNewId--;
    const event: ModelEvent = { id, onAirTime: values.onAirTime, duration: values.duration, locked: values.locked, eventType: values.eventType, title: values.title, somDelta: 0, values, copyOf };
    this.events.set(id, event);
    return event;
  }

  /** Sets the full values of an event (timing included). */
  setValues(id: number, values: EventValues): void {
    const event = this.get(id);
    event.values = values;
    event.onAirTime = values.onAirTime;
    event.duration = values.duration;
    event.locked = values.locked;
    event.eventType = values.eventType;
    event.title = values.title;
  }

  applyMoves(moves: readonly Move[]): void {
    for (const m of moves) this.get(m.id).onAirTime = m.onAirTime;
  }

  applyTrims(trims: readonly Trim[]): void {
    for (const t of trims) {
      const e = this.get(t.id);
      e.onAirTime = t.onAirTime;
      e.duration = t.duration;
      e.somDelta += t.somDelta;
    }
  }

  /** The id the next new event would get: tails of a collision batch count down from it. */
  nextId(): number {
    return this.nextNewId;
  }

  /**
   * A tail: a copy of the event it was cut from (its values, later media start), with the id the
   * timeline gave it. `valuesOf` answers the stored values of an existing event when loaded.
   */
  addTail(id: number, sourceId: number, onAirTime: number, duration: number, somDelta: number, valuesOf: (id: number) => EventValues | null): ModelEvent {
    const source = this.get(sourceId);
    const base = source.values ?? valuesOf(sourceId);
    const values: EventValues = base
      ? { ...base, data: { ...base.data }, locked: false }
      : { onAirTime: 0, duration: 0, eventType: source.eventType, title: source.title, locked: false, mediaId: null, assetId: null, status: null, data: {} };
    const event: ModelEvent = {
      id, onAirTime, duration, locked: false, eventType: values.eventType, title: values.title,
      somDelta: source.somDelta + somDelta, values: { ...values, onAirTime, duration }, copyOf: base ? undefined : sourceId,
    };
    this.events.set(id, event);
    this.nextNewId = Math.min(this.nextNewId, id - 1);
    return event;
  }

  /** Existing events whose timing or media start changed but whose other values did not. */
  retimed(): { id: number; onAirTime: number; duration: number; somDelta: number }[] {
    const out: { id: number; onAirTime: number; duration: number; somDelta: number }[] = [];
    for (const e of this.events.values()) {
      if (e.id < 0 || e.values) continue;
      const before = this.original.get(e.id)!;
      if (before.onAirTime !== e.onAirTime || before.duration !== e.duration || e.somDelta !== 0) {
        out.push({ id: e.id, onAirTime: e.onAirTime, duration: e.duration, somDelta: e.somDelta });
      }
    }
    return out;
  }

  /** Existing events with new full values, their final timing and media start applied. */
  rewritten(): { id: number; values: EventValues }[] {
    return [...this.events.values()].filter((e) => e.id > 0 && e.values).map((e) => ({ id: e.id, values: finalValues(e) }));
  }

  /** New events in air order, with their final timing. Tails of existing events still need their values. */
  created(): ModelEvent[] {
    return [...this.events.values()].filter((e) => e.id < 0).sort((a, b) => a.onAirTime - b.onAirTime || b.id - a.id);
  }
}

/** The values to write for a model event: its final timing, som moved by somDelta. */
export function finalValues(e: ModelEvent, base: EventValues | null = e.values): EventValues {
  const values = base!;
  // The document itself when som stays (an unread one stays unread: rows.ts isUnreadValue).
  const data = e.somDelta === 0 ? values.data : { ...values.data, som: (typeof values.data.som === "number" ? values.data.som : 0) + e.somDelta };
  return { ...values, onAirTime: e.onAirTime, duration: e.duration, locked: e.locked, data };
}

export function remainderMessages(remainders: readonly Remainder[], what: string): string[] {
  return remainders.map((r) =>
    r.gapMs > 0 ? `${what}: gap of ${r.gapMs} ms left before locked event ${r.lockedId}` : `${what}: overlap of ${-r.gapMs} ms left with locked event ${r.lockedId}`,
  );
}
