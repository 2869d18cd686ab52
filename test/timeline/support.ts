// Generators and helpers shared by the timeline tests.
import fc from "fast-check";
import type { CollisionResult, Move, Slot } from "../../src/timeline/index.js";

export const slot = (id: number, onAirTime: number, duration: number, locked = false): Slot => ({ id, onAirTime, duration, locked });

/** Any events, in any order, overlapping or not; ids 1..n shuffled. */
export const anyTimeline = (maxLength = 40): fc.Arbitrary<Slot[]> =>
  fc
    .array(fc.record({ onAirTime: fc.integer({ min: -1_000_000, max: 1_000_000 }), duration: fc.integer({ min: 0, max: 100_000 }), locked: fc.boolean() }), { maxLength })
    .chain((rows) => fc.shuffledSubarray(rows.map((row, i) => ({ id: i + 1, ...row })), { minLength: rows.length, maxLength: rows.length }));

/**
 * Events one after the other with a chosen gap (> 0) or overlap (< 0, never more than either
 * duration: the order is the id order and no event lies inside the previous one): ids 1..n in air order.
 */
export const sequentialTimeline = (options: { maxLength?: number; minLength?: number; minGap?: number; maxGap?: number; lockedRate?: number } = {}): fc.Arbitrary<{ events: Slot[]; gaps: number[] }> =>
  fc
    .array(
      fc.record({
        duration: fc.integer({ min: 0, max: 60_000 }),
        // Back to back (gap 0) often: that is what schedules mostly look like.
        gap: fc.oneof(fc.constant(0), fc.integer({ min: options.minGap ?? -30_000, max: options.maxGap ?? 30_000 })),
        locked: fc.integer({ min: 0, max: 99 }).map((n) => n < (options.lockedRate ?? 0.2) * 100),
      }),
      { minLength: options.minLength ?? 0, maxLength: options.maxLength ?? 40 },
    )
    .chain((rows) =>
      fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map((start) => {
        const events: Slot[] = [];
        const gaps: number[] = [];
        let cursor = start;
        rows.forEach((row, i) => {
          if (i > 0) {
            const gap = Math.max(row.gap, -events[i - 1].duration, -row.duration);
            gaps.push(gap);
            cursor += gap;
          }
          events.push({ id: i + 1, onAirTime: cursor, duration: row.duration, locked: row.locked });
          cursor += row.duration;
        });
        return { events, gaps };
      }),
    );

/** The events with their moves applied (moves name existing ids only). */
export function applyMoves(events: readonly Slot[], moves: readonly Move[]): Slot[] {
  const byId = new Map(events.map((event) => [event.id, event]));
  const next = new Map(events.map((event) => [event.id, { ...event }]));
  for (const move of moves) {
    if (!byId.has(move.id)) throw new Error(`move of unknown event ${move.id}`);
    next.get(move.id)!.onAirTime = move.onAirTime;
  }
  return [...next.values()];
}

/** The events after a collision: deletes removed, trims and moves applied, tails added with new ids from `nextId`. */
export function applyCollision(events: readonly Slot[], result: CollisionResult, nextId = 1_000_000): (Slot & { sourceId?: number; somDelta: number })[] {
  const deleted = new Set(result.deletes);
  const out = new Map(events.filter((event) => !deleted.has(event.id)).map((event) => [event.id, { ...event, somDelta: 0 } as Slot & { sourceId?: number; somDelta: number }]));
  for (const move of result.moves) out.get(move.id)!.onAirTime = move.onAirTime;
  for (const trim of result.trims) Object.assign(out.get(trim.id)!, { onAirTime: trim.onAirTime, duration: trim.duration, somDelta: trim.somDelta });
  const tails = result.tails.map((tail, i) => ({ id: nextId + i, onAirTime: tail.onAirTime, duration: tail.duration, locked: false, sourceId: tail.sourceId, somDelta: tail.somDelta }));
  return [...out.values(), ...tails];
}

export const end = (event: Pick<Slot, "onAirTime" | "duration">) => event.onAirTime + event.duration;
