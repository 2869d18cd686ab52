import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendToEnd, findOverlaps, shiftEvents, TimelineError, transpose } from "../../src/timeline/index.js";
import { anyTimeline, applyMoves, slot } from "./support.js";

const byId = <T extends { id: number }>(events: readonly T[]) => [...events].sort((a, b) => a.id - b.id);

describe("shiftEvents", () => {
  const events = [slot(1, 0, 10), slot(2, 10, 10), slot(3, 20, 10, true), slot(4, 30, 10)];

  it.each([
    ["every unlocked event", 5, {}, [{ id: 1, onAirTime: 5 }, { id: 2, onAirTime: 15 }, { id: 4, onAirTime: 35 }], [{ previousId: 2, nextId: 3, start: 20, duration: 5 }]],
    ["from an instant", 5, { fromTime: 10 }, [{ id: 2, onAirTime: 15 }, { id: 4, onAirTime: 35 }], [{ previousId: 2, nextId: 3, start: 20, duration: 5 }]],
    ["backwards from an instant", -5, { fromTime: 30 }, [{ id: 4, onAirTime: 25 }], [{ previousId: 3, nextId: 4, start: 25, duration: 5 }]],
    ["the whole schedule, locked included", -5, { includeLocked: true }, [{ id: 1, onAirTime: -5 }, { id: 2, onAirTime: 5 }, { id: 3, onAirTime: 15 }, { id: 4, onAirTime: 25 }], []],
    ["nothing by 0", 0, {}, [], []],
  ])("shifts %s", (_name, by, options, moves, collisions) => {
    expect(shiftEvents(events, by, options)).toEqual({ moves, collisions });
  });

  it("refuses a fractional shift", () => expect(() => shiftEvents(events, 1.5)).toThrow(TimelineError));

  it("then shifted back is the identity, and never moves a locked event", () => {
    fc.assert(
      fc.property(anyTimeline(), fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.boolean(), (timeline, by, includeLocked) => {
        const there = shiftEvents(timeline, by, { includeLocked });
        if (!includeLocked) for (const move of there.moves) expect(timeline.find((e) => e.id === move.id)!.locked).toBe(false);
        const shifted = applyMoves(timeline, there.moves);
        expect(byId(applyMoves(shifted, shiftEvents(shifted, -by, { includeLocked }).moves))).toEqual(byId(timeline));
      }),
    );
  });

  it("from an instant, then back from the moved instant, is the identity (forward shifts)", () => {
    fc.assert(
      fc.property(anyTimeline(), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: -1_000_000, max: 1_000_000 }), (timeline, by, from) => {
        const shifted = applyMoves(timeline, shiftEvents(timeline, by, { fromTime: from }).moves);
        for (const e of timeline) if (e.onAirTime < from) expect(shifted.find((s) => s.id === e.id)).toEqual(e);
        expect(byId(applyMoves(shifted, shiftEvents(shifted, -by, { fromTime: from + by }).moves))).toEqual(byId(timeline));
      }),
    );
  });
});

describe("shiftEvents collisions", () => {
  it("are the overlaps of the result between a moved and an unmoved event", () => {
    fc.assert(
      fc.property(anyTimeline(), fc.integer({ min: -200_000, max: 200_000 }), fc.option(fc.integer({ min: -1_000_000, max: 1_000_000 })), (timeline, by, from) => {
        const { moves, collisions } = shiftEvents(timeline, by, { fromTime: from });
        const moved = new Set(moves.map((m) => m.id));
        const expected = findOverlaps(applyMoves(timeline, moves)).filter((o) => moved.has(o.previousId) !== moved.has(o.nextId));
        expect(collisions).toEqual(expected);
      }),
    );
  });
});

describe("transpose", () => {
  it("moves every event, locked included, so that the first starts at the new start", () => {
    expect(transpose([slot(2, 100, 10, true), slot(1, 50, 10)], 1000)).toEqual([{ id: 2, onAirTime: 1050 }, { id: 1, onAirTime: 1000 }]);
    expect(transpose([], 1000)).toEqual([]);
    expect(transpose([slot(1, 1000, 5)], 1000)).toEqual([]);
  });

  it("keeps every duration and relative offset", () => {
    fc.assert(
      fc.property(anyTimeline().filter((t) => t.length > 0), fc.integer({ min: 0, max: 4_000_000_000_000 }), (timeline, newStart) => {
        const after = applyMoves(timeline, transpose(timeline, newStart));
        const oldStart = Math.min(...timeline.map((e) => e.onAirTime));
        expect(Math.min(...after.map((e) => e.onAirTime))).toBe(newStart);
        for (const e of timeline) {
          const now = after.find((a) => a.id === e.id)!;
          expect(now.duration).toBe(e.duration);
          expect(now.onAirTime - newStart).toBe(e.onAirTime - oldStart);
        }
      }),
    );
  });
});

describe("appendToEnd", () => {
  it("places new events back to back after the last end", () => {
    expect(appendToEnd([slot(1, 0, 100), slot(2, 10, 10)], [5, 0, 7], 999)).toEqual([
      { onAirTime: 100, duration: 5 },
      { onAirTime: 105, duration: 0 },
      { onAirTime: 105, duration: 7 },
    ]);
  });
  it("starts an empty schedule at the given instant", () => expect(appendToEnd([], [5], 999)).toEqual([{ onAirTime: 999, duration: 5 }]));
  it("refuses a negative duration", () => expect(() => appendToEnd([], [-1], 0)).toThrow("must not be negative"));
});
