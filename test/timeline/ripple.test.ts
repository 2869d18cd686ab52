import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderTimeline, ripple, TimelineError } from "../../src/timeline/index.js";
import { anyTimeline, applyMoves, end, sequentialTimeline, slot } from "./support.js";

// 1 [0,10) · gap · 2 [15,25) overlaps 3 [22,32) · gap · 4 locked [40,50) · 5 [55,65) · 6 locked [60,70) · 7 [80,90)
const events = [slot(1, 0, 10), slot(2, 15, 10), slot(3, 22, 10), slot(4, 40, 10, true), slot(5, 55, 10), slot(6, 60, 10, true), slot(7, 80, 10)];

describe("ripple", () => {
  it.each([
    ["from the first event to the next locked one", 1, false, [{ id: 2, onAirTime: 10 }, { id: 3, onAirTime: 20 }], [{ lockedId: 4, gapMs: 10 }]],
    ["every segment with fixAll", 1, true, [{ id: 2, onAirTime: 10 }, { id: 3, onAirTime: 20 }, { id: 5, onAirTime: 50 }, { id: 7, onAirTime: 70 }], [{ lockedId: 4, gapMs: 10 }]],
    ["from the middle (the start event stays)", 3, false, [], [{ lockedId: 4, gapMs: 8 }]],
    ["from a locked event", 4, false, [{ id: 5, onAirTime: 50 }], []], // 5 ends exactly where 6 starts: no remainder
    ["to the end after the last locked event", 6, false, [{ id: 7, onAirTime: 70 }], []],
    ["from the last event", 7, true, [], []],
  ])("ripples %s", (_name, fromId, fixAll, moves, remainders) => {
    expect(ripple(events, fromId, { fixAll })).toEqual({ moves, remainders });
  });

  it("reports the overlap left when the segment is too long for its locked event", () => {
    const tight = [slot(1, 0, 30), slot(2, 40, 30), slot(3, 50, 10, true), slot(4, 70, 5)];
    expect(ripple(tight, 1)).toEqual({ moves: [{ id: 2, onAirTime: 30 }], remainders: [{ lockedId: 3, gapMs: -10 }] });
    expect(ripple(tight, 1, { fixAll: true })).toEqual({ moves: [{ id: 2, onAirTime: 30 }, { id: 4, onAirTime: 60 }], remainders: [{ lockedId: 3, gapMs: -10 }] });
  });

  it("refuses an unknown start event", () => {
    expect(() => ripple(events, 99)).toThrow(TimelineError);
    expect(() => ripple(events, 99)).toThrow("event 99 is not in the schedule");
  });

  const withStart = anyTimeline(30).filter((e) => e.length > 0).chain((timeline) => fc.record({ timeline: fc.constant(timeline), from: fc.constantFrom(...timeline.map((e) => e.id)), fixAll: fc.boolean() }));

  it("leaves no gap or overlap from the start event to the next locked one, and never moves a locked event", () => {
    fc.assert(
      fc.property(withStart, ({ timeline, from, fixAll }) => {
        const { moves, remainders } = ripple(timeline, from, { fixAll });
        const after = new Map(applyMoves(timeline, moves).map((e) => [e.id, e]));
        const ordered = orderTimeline(timeline); // the original order decides who follows whom
        const start = ordered.findIndex((e) => e.id === from);
        const moved = new Set(moves.map((m) => m.id));
        for (const e of ordered.slice(0, start + 1)) expect(moved.has(e.id)).toBe(false);
        let previous = after.get(from)!;
        let stopped = false;
        for (const original of ordered.slice(start + 1)) {
          const now = after.get(original.id)!;
          if (original.locked) {
            expect(now.onAirTime).toBe(original.onAirTime);
            const gap = now.onAirTime - end(previous);
            if (!stopped) expect(remainders.find((r) => r.lockedId === original.id)?.gapMs ?? 0).toBe(gap);
            if (!fixAll) stopped = true;
          } else if (stopped) {
            expect(now).toEqual(original);
          } else {
            expect(now.onAirTime).toBe(end(previous));
          }
          previous = now;
        }
        for (const e of timeline) expect(after.get(e.id)!.duration).toBe(e.duration);
      }),
    );
  });

  it("is idempotent on a timeline without locked events: rippling again moves nothing", () => {
    const unlocked = sequentialTimeline({ minLength: 1, lockedRate: 0 }).chain(({ events: timeline }) => fc.record({ timeline: fc.constant(timeline), from: fc.constantFrom(...timeline.map((e) => e.id)) }));
    fc.assert(
      fc.property(unlocked, ({ timeline, from }) => {
        const once = applyMoves(timeline, ripple(timeline, from).moves);
        // Zero-length events may swap places with equal starts; then the order is not the same timeline.
        fc.pre(orderTimeline(once).map((e) => e.id).join() === orderTimeline(timeline).map((e) => e.id).join());
        expect(ripple(once, from, { fixAll: true }).moves).toEqual([]);
      }),
    );
  });
});
