import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Placement, resolveCollision, resolveCollisions, type ResolveType, type Slot, TimelineError } from "../../src/timeline/index.js";
import { anyTimeline, end, slot } from "./support.js";

interface State extends Slot {
  sourceId: number;
  somDelta: number;
}

/** The reference: resolveCollision once per placement, each result applied before the next. */
function oneByOne(existing: readonly Slot[], placements: readonly Placement[], type: ResolveType): State[] {
  const placedIds = new Set(placements.map((p) => p.id));
  let state: State[] = existing.filter((e) => !placedIds.has(e.id)).map((e) => ({ ...e, sourceId: e.id, somDelta: 0 }));
  let tailId = -1_000_000;
  for (const placed of placements) {
    const result = resolveCollision(state, placed, type);
    const byId = new Map(state.map((e) => [e.id, { ...e }]));
    for (const id of result.deletes) byId.delete(id);
    for (const move of result.moves) byId.get(move.id)!.onAirTime = move.onAirTime;
    for (const trim of result.trims) Object.assign(byId.get(trim.id)!, { onAirTime: trim.onAirTime, duration: trim.duration, somDelta: byId.get(trim.id)!.somDelta + trim.somDelta });
    for (const tail of result.tails) {
      const source = state.find((e) => e.id === tail.sourceId)!;
      byId.set(tailId, { id: tailId--, onAirTime: tail.onAirTime, duration: tail.duration, locked: false, sourceId: source.sourceId, somDelta: source.somDelta + tail.somDelta });
    }
    byId.set(placed.id, { ...placed, sourceId: placed.id, somDelta: 0 });
    state = [...byId.values()];
  }
  return state;
}

/** The batch result applied to the input. */
function batched(existing: readonly Slot[], placements: readonly Placement[], type: ResolveType): State[] {
  const result = resolveCollisions(existing, placements, type);
  const placedIds = new Set(placements.map((p) => p.id));
  const byId = new Map<number, State>();
  for (const e of [...existing.filter((x) => !placedIds.has(x.id)), ...placements]) byId.set(e.id, { ...e, sourceId: e.id, somDelta: 0 });
  for (const id of result.deletes) byId.delete(id);
  for (const change of result.changes) Object.assign(byId.get(change.id)!, change);
  for (const tail of result.tails) byId.set(tail.id, { id: tail.id, onAirTime: tail.onAirTime, duration: tail.duration, locked: false, sourceId: tail.sourceId, somDelta: tail.somDelta });
  return [...byId.values()];
}

/** Comparable form: tails (ids not among `known`) keyed by content, not by id. */
const canonical = (state: State[], known: Set<number>) =>
  state
    .map((e) => (known.has(e.id) ? e : { ...e, id: 0 }))
    .sort((a, b) => a.id - b.id || a.onAirTime - b.onAirTime || a.sourceId - b.sourceId || a.duration - b.duration || a.somDelta - b.somDelta);

describe("resolveCollisions", () => {
  const existing = [slot(1, 0, 100), slot(2, 100, 100), slot(3, 200, 100, true), slot(4, 300, 100)];

  it("places several events in turn: a later one may cover an earlier one", () => {
    const result = resolveCollisions(existing, [slot(-1, 50, 20), slot(-2, 40, 100)], "OVERRIDE");
    expect(result).toEqual({
      changes: [
        { id: 1, onAirTime: 0, duration: 40, somDelta: 0 },
        { id: 2, onAirTime: 140, duration: 60, somDelta: 40 },
      ],
      deletes: [-1],
      tails: [],
      lockedConflicts: [],
      remainders: [],
    });
  });

  it("cuts a tail of a tail back to the source event", () => {
    const result = resolveCollisions(existing, [slot(-1, 20, 10), slot(-2, 50, 10)], "SPLICE");
    // -1 cuts 1 at 20: tail -3 [30, 110) from 20 ms into 1; -2 then cuts that tail at 50.
    expect(result.tails).toEqual([
      { id: -3, sourceId: 1, onAirTime: 30, duration: 20, somDelta: 20 },
      { id: -4, sourceId: 1, onAirTime: 60, duration: 60, somDelta: 40 },
    ]);
    expect(result.changes).toContainEqual({ id: 1, onAirTime: 0, duration: 20, somDelta: 0 });
    expect(result.remainders).toEqual([
      { placedId: -1, lockedId: 3, gapMs: -10 },
      { placedId: -2, lockedId: 3, gapMs: -20 },
    ]);
  });

  it("moves an existing event: its old place is left out, its new place is as given", () => {
    const result = resolveCollisions(existing, [slot(4, 150, 100)], "OVERRIDE");
    expect(result.changes).toEqual([{ id: 2, onAirTime: 100, duration: 50, somDelta: 0 }]);
    expect(result.lockedConflicts).toEqual([{ placedId: 4, lockedId: 3 }]);
  });

  it("refuses placements sharing an id or with a negative duration", () => {
    expect(() => resolveCollisions(existing, [slot(-1, 0, 1), slot(-1, 5, 1)], "SPLICE")).toThrow(TimelineError);
    expect(() => resolveCollisions(existing, [slot(-1, 0, -1)], "SPLICE")).toThrow(/must not be negative/);
  });

  it("is the same as placing the events one by one", () => {
    const scenario = anyTimeline(25).chain((timeline) => {
      const lo = (timeline.length ? Math.min(...timeline.map((e) => e.onAirTime)) : 0) - 1000;
      const hi = (timeline.length ? Math.max(...timeline.map(end)) : 0) + 1000;
      const newPlacement = fc.record({ onAirTime: fc.integer({ min: lo, max: hi }), duration: fc.integer({ min: 0, max: 150_000 }), locked: fc.boolean() });
      return fc.record({
        timeline: fc.constant(timeline),
        placements: fc.array(fc.oneof(newPlacement.map((p) => ({ ...p, id: 0 })), timeline.length ? fc.constantFrom(...timeline.map((e) => e.id)).chain((id) => newPlacement.map((p) => ({ ...p, id }))) : newPlacement.map((p) => ({ ...p, id: 0 }))), { maxLength: 6 }),
        type: fc.constantFrom<ResolveType>("SPLICE", "OVERRIDE", "OVERLAP"),
      });
    });
    fc.assert(
      fc.property(scenario, ({ timeline, placements, type }) => {
        // New placements get ids -1, -2, …; an existing event is placed at most once.
        const seen = new Set<number>();
        const unique = placements.filter((p) => p.id === 0 || (!seen.has(p.id) && seen.add(p.id))).map((p, i) => (p.id === 0 ? { ...p, id: -1 - i } : p));
        const known = new Set([...timeline, ...unique].map((e) => e.id));
        expect(canonical(batched(timeline, unique, type), known)).toEqual(canonical(oneByOne(timeline, unique, type), known));
      }),
      { numRuns: 300 },
    );
  });
});
