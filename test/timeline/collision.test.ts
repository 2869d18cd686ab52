import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CollisionResult, findOverlaps, resolveCollision, type Slot, TimelineError } from "../../src/timeline/index.js";
import { anyTimeline, applyCollision, end, sequentialTimeline, slot } from "./support.js";

// 1 [0,100) · 2 [100,150) · gap · 3 [200,260) · 4 locked [300,400) · 5 [400,450)
const events = [slot(1, 0, 100), slot(2, 100, 50), slot(3, 200, 60), slot(4, 300, 100, true), slot(5, 400, 50)];
const none: CollisionResult = { moves: [], trims: [], deletes: [], tails: [], lockedConflicts: [], remainders: [] };

describe("resolveCollision", () => {
  it("OVERLAP changes nothing", () => {
    expect(resolveCollision(events, { onAirTime: 50, duration: 500 }, "OVERLAP")).toEqual(none);
  });

  it.each<[string, { onAirTime: number; duration: number; id?: number }, Partial<CollisionResult>]>([
    ["deletes covered events and trims partly covered ones", { onAirTime: 50, duration: 170 }, {
      trims: [{ id: 1, onAirTime: 0, duration: 50, somDelta: 0 }, { id: 3, onAirTime: 220, duration: 40, somDelta: 20 }],
      deletes: [2],
    }],
    ["cuts an event that spans the placed one into head and tail", { onAirTime: 20, duration: 30 }, {
      trims: [{ id: 1, onAirTime: 0, duration: 20, somDelta: 0 }],
      tails: [{ sourceId: 1, onAirTime: 50, duration: 50, somDelta: 50 }],
    }],
    ["never touches a locked event", { onAirTime: 250, duration: 200 }, {
      trims: [{ id: 3, onAirTime: 200, duration: 50, somDelta: 0 }],
      deletes: [5],
      lockedConflicts: [4],
    }],
    ["leaves out the event being moved", { id: 2, onAirTime: 90, duration: 50 }, {
      trims: [{ id: 1, onAirTime: 0, duration: 90, somDelta: 0 }],
    }],
    ["changes nothing when it lands in a gap", { onAirTime: 150, duration: 50 }, {}],
  ])("OVERRIDE %s", (_name, placed, expected) => {
    expect(resolveCollision(events, placed, "OVERRIDE")).toEqual({ ...none, ...expected });
  });

  it.each<[string, { onAirTime: number; duration: number }, Partial<CollisionResult>]>([
    ["splits the event it lands in and pushes what follows up to the locked event", { onAirTime: 40, duration: 30 }, {
      trims: [{ id: 1, onAirTime: 0, duration: 40, somDelta: 0 }],
      tails: [{ sourceId: 1, onAirTime: 70, duration: 60, somDelta: 40 }],
      moves: [{ id: 2, onAirTime: 130 }, { id: 3, onAirTime: 230 }],
      remainders: [{ lockedId: 4, gapMs: 10 }],
    }],
    ["inserts before an event starting where it lands", { onAirTime: 100, duration: 60 }, {
      moves: [{ id: 2, onAirTime: 160 }, { id: 3, onAirTime: 260 }],
      remainders: [{ lockedId: 4, gapMs: -20 }],
    }],
    ["pushes only as far as needed from a gap", { onAirTime: 160, duration: 50 }, {
      moves: [{ id: 3, onAirTime: 210 }],
      remainders: [{ lockedId: 4, gapMs: 30 }],
    }],
    ["changes nothing when the gap is long enough", { onAirTime: 150, duration: 50 }, {}],
    ["never splits a locked event", { onAirTime: 350, duration: 10 }, {
      lockedConflicts: [4],
      moves: [],
    }],
    ["pushes to the end after the last locked event", { onAirTime: 400, duration: 10 }, {
      moves: [{ id: 5, onAirTime: 410 }],
    }],
  ])("SPLICE %s", (_name, placed, expected) => {
    expect(resolveCollision(events, placed, "SPLICE")).toEqual({ ...none, ...expected });
  });

  it("finds the event it lands in 1 ms before that event ends, and leaves a 1 ms tail", () => {
    const one = [slot(1, 0, 100)];
    expect(resolveCollision(one, { onAirTime: 99, duration: 10 }, "SPLICE")).toEqual({
      ...none,
      trims: [{ id: 1, onAirTime: 0, duration: 99, somDelta: 0 }],
      tails: [{ sourceId: 1, onAirTime: 109, duration: 1, somDelta: 99 }],
    });
    expect(resolveCollision(one, { onAirTime: 10, duration: 89 }, "OVERRIDE")).toEqual({
      ...none,
      trims: [{ id: 1, onAirTime: 0, duration: 10, somDelta: 0 }],
      tails: [{ sourceId: 1, onAirTime: 99, duration: 1, somDelta: 99 }],
    });
    expect(resolveCollision(one, { onAirTime: 99, duration: 5 }, "OVERRIDE").trims).toEqual([{ id: 1, onAirTime: 0, duration: 99, somDelta: 0 }]);
  });

  it("refuses a negative duration or an unknown resolve type", () => {
    expect(() => resolveCollision(events, { onAirTime: 0, duration: -1 }, "SPLICE")).toThrow(TimelineError);
    expect(() => resolveCollision(events, { onAirTime: 0, duration: 1 }, "MERGE" as never)).toThrow(/resolveType must be one of/);
  });

  const placedOn = (timeline: fc.Arbitrary<Slot[]>) =>
    timeline.chain((existing) => {
      // Land anywhere from a little before the first event to a little after the last one.
      const lo = (existing.length ? Math.min(...existing.map((e) => e.onAirTime)) : 0) - 1000;
      const hi = (existing.length ? Math.max(...existing.map(end)) : 0) + 1000;
      return fc.record({ existing: fc.constant(existing), onAirTime: fc.integer({ min: lo, max: hi }), duration: fc.integer({ min: 0, max: 200_000 }) });
    });

  const pieceOf = (after: ReturnType<typeof applyCollision>, id: number) => after.filter((e) => e.id === id || e.sourceId === id);

  it("OVERRIDE leaves no overlap with the placed event and keeps everything outside it", () => {
    fc.assert(
      fc.property(placedOn(anyTimeline(25)), ({ existing, onAirTime, duration }) => {
        const result = resolveCollision(existing, { onAirTime, duration }, "OVERRIDE");
        const after = applyCollision(existing, result);
        const placedEnd = onAirTime + duration;
        for (const e of after) {
          if (e.locked) continue;
          const inside = e.onAirTime < placedEnd && (end(e) > onAirTime || (e.duration === 0 && e.onAirTime >= onAirTime));
          expect(inside && duration > 0).toBe(false);
        }
        for (const original of existing) {
          const pieces = pieceOf(after, original.id);
          if (original.locked) {
            expect(pieces).toEqual([{ ...original, somDelta: 0 }]);
            continue;
          }
          const covered = Math.max(0, Math.min(end(original), placedEnd) - Math.max(original.onAirTime, onAirTime));
          expect(pieces.reduce((sum, p) => sum + p.duration, 0)).toBe(original.duration - covered);
          for (const p of pieces) {
            expect(p.onAirTime - original.onAirTime).toBe(p.somDelta); // media stays in step with time
            expect(p.onAirTime).toBeGreaterThanOrEqual(original.onAirTime);
            expect(end(p)).toBeLessThanOrEqual(end(original));
          }
        }
      }),
    );
  });

  it("SPLICE makes room on a timeline without overlaps: no unlocked overlap, nothing lost, locked untouched", () => {
    const sequential = sequentialTimeline({ minGap: 0, maxGap: 20_000 }).map(({ events: timeline }) => timeline);
    fc.assert(
      fc.property(placedOn(sequential), ({ existing, onAirTime, duration }) => {
        const result = resolveCollision(existing, { onAirTime, duration }, "SPLICE");
        const after = applyCollision(existing, result);
        const placedEnd = onAirTime + duration;
        const locked = new Set(existing.filter((e) => e.locked).map((e) => e.id));
        for (const id of [...result.moves.map((m) => m.id), ...result.trims.map((t) => t.id), ...result.tails.map((t) => t.sourceId)]) expect(locked.has(id)).toBe(false);
        // The push stops at the first locked event from the placed start: what lies beyond it stays.
        const stop = Math.min(...existing.filter((e) => e.locked && e.onAirTime >= onAirTime).map((e) => e.onAirTime));
        for (const e of after) {
          const beyondStop = existing.some((o) => o.id === e.id && o.onAirTime >= stop);
          if (!e.locked && !beyondStop && duration > 0) expect(e.onAirTime < placedEnd && end(e) > onAirTime).toBe(false);
        }
        expect(after.reduce((sum, e) => sum + e.duration, 0)).toBe(existing.reduce((sum, e) => sum + e.duration, 0));
        for (const tail of result.tails) {
          const head = after.find((e) => e.id === tail.sourceId)!;
          expect(tail.somDelta).toBe(head.duration);
          expect(tail.onAirTime).toBe(placedEnd);
        }
        // Everything pushed moves by the same amount, so gaps between pushed events stay.
        const pushes = new Set(result.moves.map((m) => m.onAirTime - existing.find((e) => e.id === m.id)!.onAirTime));
        expect(pushes.size).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("SPLICE on a timeline without locked events or overlaps leaves none, placed event included", () => {
    const free = sequentialTimeline({ minGap: 0, maxGap: 20_000, lockedRate: 0 }).map(({ events: timeline }) => timeline);
    fc.assert(
      fc.property(placedOn(free), ({ existing, onAirTime, duration }) => {
        const after = applyCollision(existing, resolveCollision(existing, { onAirTime, duration }, "SPLICE"));
        expect(findOverlaps([...after, slot(-1, onAirTime, duration)])).toEqual([]);
      }),
    );
  });
});

