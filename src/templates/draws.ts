// How a slot draws the items of its collection: in order, continuing where it stopped
// (SEQUENTIAL), each item once before any repeats (SHUFFLE), or at random (RANDOM). The random
// ones are seeded by the generation's seed and the slot's id, so the same inputs draw the same
// items, and one slot's draws never depend on another's. Pure.
import type { CollectionOrder } from "./plan-types.js";

/** mulberry32: small, fast and fixed, so a seed draws the same numbers on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of a text: a slot's id mixed into the seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * The positions a slot plays, one after another. `peek` names the next without taking it (an item
 * left out at a hard start stays next), `take` moves on. `position` is where SEQUENTIAL stands.
 */
export class Draw {
  private readonly random: () => number;
  private deck: number[] = [];
  private next: number;

  constructor(
    private readonly order: CollectionOrder,
    private readonly size: number,
    seed: number,
    slotId: string,
    start = 0,
  ) {
    this.random = seededRandom((seed ^ hashText(slotId)) >>> 0);
    this.next = size > 0 ? ((start % size) + size) % size : 0;
    if (order === "RANDOM" && size > 0) this.next = Math.floor(this.random() * size);
  }

  /** The position that plays next. */
  peek(): number {
    if (this.order === "SHUFFLE") {
      if (this.deck.length === 0) this.deck = this.shuffled();
      return this.deck[0];
    }
    return this.next;
  }

  /**
   * The position that plays `k` items after the next, not taken (k = 0: peek). A slot looks ahead
   * when a rule refuses the next item; SEQUENTIAL and RANDOM look at the positions that follow.
   */
  peekAhead(k: number): number {
    if (k === 0) return this.peek();
    if (this.order === "SHUFFLE") {
      while (this.deck.length <= k) this.deck.push(...this.shuffled());
      return this.deck[k];
    }
    return (this.next + k) % this.size;
  }

  /** Takes the item `k` after the next: SEQUENTIAL goes on after it (the ones passed over are skipped), SHUFFLE takes it out of its round. */
  takeAt(k: number): void {
    if (k === 0) return this.take();
    if (this.order === "SHUFFLE") {
      this.peekAhead(k);
      this.deck.splice(k, 1);
    } else if (this.order === "RANDOM") this.next = Math.floor(this.random() * this.size);
    else this.next = (this.next + k + 1) % this.size;
  }

  take(): void {
    if (this.order === "SHUFFLE") {
      this.peek();
      this.deck.shift();
    } else if (this.order === "RANDOM") this.next = Math.floor(this.random() * this.size);
    else this.next = (this.next + 1) % this.size;
  }

  /** Where a SEQUENTIAL slot continues next time: the position after the last it played. */
  get position(): number {
    return this.next;
  }

  /** Fisher–Yates over every position: one round in which each item plays once. */
  private shuffled(): number[] {
    const deck = Array.from({ length: this.size }, (_, i) => i);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    return deck;
  }
}
