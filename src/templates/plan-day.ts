// The day planner: a template's slots made into the events of broadcast days. Pure (rules in
// docs/TEMPLATES.md). Per broadcast day, the slots of its weekday in broadcast-day order: a HARD
// slot starts at its local time exactly, a SOFT one where the previous ended; each plays its asset,
// its collection's items (a count, a duration, or up to the next HARD start), a live window or a
// placeholder, with a break after each item when one fits; what is left before a HARD start or
// the day's end is filled from the slot's filler collection, longest items first, and what no
// filler fits becomes one PLACEHOLDER event. Nothing passes a HARD start: an item that would is
// left out (DROP) or cut there (TRIM). Every such decision is a message.
import { broadcastDay, DAY_MS, formatLocal, instantsOfLocal, offsetAt, parseDate, type LocalClock } from "../localtime/index.js";
import { Draw } from "./draws.js";
import type { PlacementRules } from "./placement-rules.js";
import { WEEKDAYS, type CatalogItem, type PlanCollection, type PlannedDay, type PlannedEvent, type PlanSlot, type PlanTemplate } from "./plan-types.js";

/** A day of one-second fillers stays a day of events a schedule can hold; past this, one placeholder. */
export const MAX_EVENTS_PER_DAY = 5_000;

/** The events one slot is placing: where it stands, and how far it may go. */
interface Placing {
  day: PlannedDay;
  cursor: number;
  /** The next HARD start (or the day's end): nothing passes it. */
  hard: number;
  /** Where this slot's own time ends (its durationMs), at most `hard`. */
  limit: number;
}

export class DayPlanner {
  private readonly draws = new Map<string, Draw>();
  private readonly clock: LocalClock;

  constructor(
    private readonly template: PlanTemplate,
    private readonly collections: ReadonlyMap<string, PlanCollection>,
    private readonly seed: number,
    private readonly startPositions: ReadonlyMap<string, number> = new Map(),
    /** The traffic rules every placed item keeps (rights, separation); none: every item may air. */
    private readonly rules: PlacementRules | null = null,
  ) {
    this.clock = { zone: template.zone, dayStartMs: template.dayStartMs };
  }

  /** Where each SEQUENTIAL slot that played continues next time (the position after its last item). */
  positions(): Map<string, number> {
    const out = new Map<string, number>();
    for (const slot of this.template.slots) {
      const draw = this.draws.get(slot.id);
      if (draw && slot.order === "SEQUENTIAL" && slot.source === "COLLECTION") out.set(slot.id, draw.position);
    }
    return out;
  }

  /** The events and messages of one broadcast day, "YYYY-MM-DD". */
  planDay(date: string): PlannedDay {
    const span = broadcastDay(this.clock, date);
    // Break spots rotate within a broadcast day and start again with each: a day plans alike
    // whether it is generated alone or after others.
    for (const key of [...this.draws.keys()]) if (key.endsWith("/break")) this.draws.delete(key);
    const day: PlannedDay = { date, start: span.start, end: span.end, events: [], messages: [] };
    const slots = this.slotsOf(date);
    if (slots.length === 0) {
      this.fill(day, span.start, span.end, null, "no slot plays on this weekday");
      return day;
    }
    const starts = slots.map((slot) => (slot.anchor === "HARD" ? this.hardStart(date, slot, span.start, span.end) : null));
    let cursor = span.start;
    slots.forEach((slot, i) => {
      const start = starts[i];
      if (start !== null) {
        if (start > cursor) cursor = this.fill(day, cursor, start, (slots[i - 1] ?? slot).fillerCollectionId, `before ${this.local(start)}`);
        cursor = Math.max(cursor, start);
      }
      const next = starts.slice(i + 1).find((s): s is number => s !== null);
      const hard = next ?? span.end;
      const own = slot.source === "COLLECTION" || slot.source === "ASSET" ? slot.durationMs : null;
      const placing: Placing = { day, cursor, hard, limit: own === null ? hard : Math.min(hard, cursor + own) };
      this.playSlot(slot, placing);
      cursor = placing.cursor;
    });
    if (cursor < span.end) this.fill(day, cursor, span.end, slots[slots.length - 1].fillerCollectionId, "before the end of the broadcast day");
    return day;
  }

  /** The slots of the date's weekday, in broadcast-day order (a start before the day start ends the day). */
  private slotsOf(date: string): PlanSlot[] {
    const weekday = WEEKDAYS[(new Date(parseDate(date)).getUTCDay() + 6) % 7];
    const key = (slot: PlanSlot) => (slot.startMs - this.template.dayStartMs + DAY_MS) % DAY_MS;
    return this.template.slots.filter((slot) => slot.days.includes(weekday)).sort((a, b) => key(a) - key(b));
  }

  /**
   * The instant a HARD slot starts: its local time in the broadcast day; in a repeated hour its
   * first occurrence; in a skipped hour the first instant after the skip (the change of offset).
   */
  private hardStart(date: string, slot: PlanSlot, dayStart: number, dayEnd: number): number {
    const zone = this.clock.zone;
    const local = parseDate(date) + (slot.startMs < this.clock.dayStartMs ? DAY_MS : 0) + slot.startMs;
    const found = instantsOfLocal(zone, local);
    const instant = found.length ? found[0] : changeOfOffsetBefore(zone, local - offsetAt(zone, local - DAY_MS));
    return Math.min(Math.max(instant, dayStart), dayEnd);
  }

  private playSlot(slot: PlanSlot, p: Placing): void {
    const name = slotName(slot);
    switch (slot.source) {
      case "LIVE":
      case "PLACEHOLDER": {
        const eventType = slot.source === "PLACEHOLDER" ? "PLACEHOLDER" : slot.eventType;
        const title = slot.title ?? (slot.source === "LIVE" ? "Live" : "Placeholder");
        this.place(slot, p, { mediaId: null, durationMs: slot.durationMs, title }, eventType, name);
        return;
      }
      case "ASSET": {
        if (!slot.asset) return void this.warn(p.day, `${name}: asset ${slot.mediaId} is not in the catalog; its time is filled`);
        for (let n = 0; n < (slot.items ?? 1); n++) {
          const rule = this.rules?.refusal(slot.asset, p.cursor) ?? null;
          if (rule) return void this.warn(p.day, `${name}: ${slot.asset.mediaId} may not play at ${this.local(p.cursor)} (${rule}); its time is filled`);
          if (this.place(slot, p, slot.asset, slot.eventType, name) !== "placed") return;
          this.playBreak(slot, p);
        }
        return;
      }
      case "COLLECTION":
        return this.playCollection(slot, p, name);
    }
  }

  private playCollection(slot: PlanSlot, p: Placing, name: string): void {
    const collection = slot.collectionId ? this.collections.get(slot.collectionId) : undefined;
    if (!collection || collection.items.length === 0) return void this.warn(p.day, `${name}: its collection ${collection ? `"${collection.name}" ` : ""}has no items; its time is filled`);
    const draw = this.drawOf(slot, collection);
    let played = 0;
    while ((slot.items === null || played < slot.items) && p.cursor < p.limit) {
      const choice = this.choose(collection, draw, p, name);
      if (!choice) return;
      const outcome = this.place(slot, p, choice.item, slot.eventType, name);
      if (outcome === "stop") return;
      draw.takeAt(choice.ahead);
      played++;
      if (outcome === "trimmed") return;
      this.playBreak(slot, p);
    }
  }

  /**
   * The item that plays next: the draw's next one that has a duration and that no rule refuses at
   * the cursor (`ahead` of the next), each one passed over named; null when none of the collection may.
   */
  private choose(collection: PlanCollection, draw: Draw, p: Placing, name: string): { item: CatalogItem; ahead: number } | null {
    const refused: string[] = [];
    for (let ahead = 0; ahead < collection.items.length; ahead++) {
      const item = collection.items[draw.peekAhead(ahead)];
      if (!item.durationMs || item.durationMs <= 0) {
        refused.push(`${item.mediaId} (no duration)`);
        continue;
      }
      const rule = this.rules?.refusal(item, p.cursor) ?? null;
      if (rule) {
        refused.push(`${item.mediaId} (${rule})`);
        continue;
      }
      if (refused.length) p.day.messages.push({ type: "INFO", message: `${name}: left out at ${this.local(p.cursor)}: ${refused.join(", ")}; ${item.mediaId} plays instead` });
      return { item, ahead };
    }
    this.warn(p.day, `${name}: no item of "${collection.name}" may play at ${this.local(p.cursor)}: ${refused.join(", ")}; its time is filled`);
    return null;
  }

  /** After a programme item: a break of breakMs from the break collection, when it fits. */
  private playBreak(slot: PlanSlot, p: Placing): void {
    if (!slot.breakCollectionId || !slot.breakMs) return;
    const breaks = this.collections.get(slot.breakCollectionId);
    if (!breaks || breaks.items.length === 0) return;
    if (p.cursor + slot.breakMs > p.limit) {
      p.day.messages.push({ type: "INFO", message: `${slotName(slot)}: the break at ${this.local(p.cursor)} does not fit before ${this.local(p.limit)}; left out` });
      return;
    }
    const draw = this.drawOf({ ...slot, id: `${slot.id}/break`, order: "SEQUENTIAL" }, breaks);
    let remaining = slot.breakMs;
    for (let misses = 0; remaining > 0 && misses < breaks.items.length && p.day.events.length < MAX_EVENTS_PER_DAY; ) {
      const item = breaks.items[draw.peek()];
      draw.take();
      if (item.durationMs && item.durationMs > 0 && item.durationMs <= remaining && !this.rules?.refusal(item, p.cursor)) {
        this.push(p, item, "ADVERTISEMENT", slot.id, item.durationMs);
        remaining -= item.durationMs;
        misses = 0;
      } else misses++;
    }
  }

  /** One item at the cursor: placed, cut at the HARD start (TRIM), or left out (DROP, or past the slot's own end). */
  private place(slot: PlanSlot, p: Placing, item: CatalogItem, eventType: PlannedEvent["eventType"], name: string): "placed" | "trimmed" | "stop" {
    const duration = item.durationMs ?? 0;
    if (duration <= 0) {
      this.warn(p.day, `${name}: it has no duration (durationMs); nothing placed`);
      return "stop";
    }
    if (p.day.events.length >= MAX_EVENTS_PER_DAY) return "stop";
    if (p.cursor + duration <= p.limit) {
      this.push(p, item, eventType, slot.id, duration);
      return "placed";
    }
    // Past the slot's own duration: the slot ends here (its time is the next slot's, or filled).
    if (p.limit < p.hard) return "stop";
    const what = item.mediaId ?? item.title ?? "the event";
    if (slot.overrun === "TRIM" && p.hard > p.cursor) {
      p.day.messages.push({ type: "INFO", message: `${name}: ${what} trimmed at ${this.local(p.hard)} (${p.hard - p.cursor} of ${duration} ms)` });
      this.push(p, item, eventType, slot.id, p.hard - p.cursor);
      return "trimmed";
    }
    p.day.messages.push({ type: "INFO", message: `${name}: ${what} (${duration} ms) dropped: it would pass the hard start at ${this.local(p.hard)}` });
    return "stop";
  }

  private push(p: Placing, item: CatalogItem, eventType: PlannedEvent["eventType"], slotId: string, duration: number): void {
    if (item.mediaId !== null) this.rules?.placed(item, p.cursor);
    p.day.events.push({ onAirTime: p.cursor, duration, eventType, title: item.title ?? item.mediaId ?? "Event", mediaId: item.mediaId, slotId });
    p.cursor += duration;
  }

  /** [from, to) from the filler collection, longest items first, round after round; the rest one PLACEHOLDER. Answers `to`. */
  private fill(day: PlannedDay, from: number, to: number, fillerId: string | null, where: string): number {
    const filler = fillerId ? this.collections.get(fillerId) : undefined;
    const longestFirst = (filler?.items ?? []).filter((item) => item.durationMs && item.durationMs > 0).sort((a, b) => b.durationMs! - a.durationMs!);
    const p: Placing = { day, cursor: from, hard: to, limit: to };
    let placed = 0;
    for (let round = true; round && day.events.length < MAX_EVENTS_PER_DAY; ) {
      round = false;
      for (const item of longestFirst) {
        if (p.cursor + item.durationMs! > to || day.events.length >= MAX_EVENTS_PER_DAY || this.rules?.refusal(item, p.cursor)) continue;
        this.push(p, item, "PRIMARY", "filler", item.durationMs!);
        placed++;
        round = true;
      }
    }
    if (placed > 0) day.messages.push({ type: "INFO", message: `gap of ${p.cursor - from} ms ${where} filled with ${placed} item(s) of "${filler!.name}"` });
    if (p.cursor < to) {
      const rest = to - p.cursor;
      day.events.push({ onAirTime: p.cursor, duration: rest, eventType: "PLACEHOLDER", title: "Placeholder", mediaId: null, slotId: "filler" });
      day.messages.push({ type: "WARNING", message: `placeholder of ${rest} ms at ${this.local(p.cursor)} ${where}: ${filler ? `no item of "${filler.name}" fits` : "no filler collection"}` });
    }
    return to;
  }

  private drawOf(slot: PlanSlot, collection: PlanCollection): Draw {
    let draw = this.draws.get(slot.id);
    if (!draw) {
      draw = new Draw(slot.order, collection.items.length, this.seed, slot.id, slot.order === "SEQUENTIAL" ? (this.startPositions.get(slot.id) ?? 0) : 0);
      this.draws.set(slot.id, draw);
    }
    return draw;
  }

  private warn(day: PlannedDay, message: string): void {
    day.messages.push({ type: "WARNING", message });
  }

  private local(instant: number): string {
    return formatLocal(this.clock.zone, instant);
  }
}

const slotName = (slot: PlanSlot) => `slot ${slot.id}${slot.title ? ` "${slot.title}"` : ""}`;

/** The instant a zone's offset changed at, found between `late` (after it) and an hour earlier. */
function changeOfOffsetBefore(zone: string, late: number): number {
  const after = offsetAt(zone, late);
  let low = late - 3 * 3_600_000;
  let high = late;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetAt(zone, mid) === after) high = mid;
    else low = mid;
  }
  return high;
}
