import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { eventOnAirAt, findGaps, findOverlaps, orderTimeline, timelineBounds, TimelineError } from "../../src/timeline/index.js";
import { anyTimeline, sequentialTimeline, slot } from "./support.js";

describe("orderTimeline", () => {
  it("sorts by onAirTime then id without touching the input", () => {
    const input = [slot(3, 20, 5), slot(2, 10, 5), slot(1, 20, 5)];
    expect(orderTimeline(input).map((e) => e.id)).toEqual([2, 1, 3]);
    expect(input.map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it.each([
    ["a duplicate id", [slot(1, 0, 5), slot(1, 10, 5)], /appears twice/],
    ["a negative duration", [slot(1, 0, -5)], /duration must not be negative/],
    ["a fractional time", [slot(1, 0.5, 5)], /onAirTime must be an integer/],
    ["a non-finite duration", [slot(1, 0, Number.POSITIVE_INFINITY)], /duration must be an integer/],
  ])("refuses %s", (_name, events, message) => {
    expect(() => orderTimeline(events)).toThrow(TimelineError);
    expect(() => orderTimeline(events)).toThrow(message);
  });

  it("orders any timeline by (onAirTime, id)", () => {
    fc.assert(
      fc.property(anyTimeline(), (events) => {
        const ordered = orderTimeline(events);
        expect(ordered).toHaveLength(events.length);
        for (let i = 1; i < ordered.length; i++) {
          const [a, b] = [ordered[i - 1], ordered[i]];
          expect(a.onAirTime < b.onAirTime || (a.onAirTime === b.onAirTime && a.id < b.id)).toBe(true);
        }
      }),
    );
  });
});

describe("timelineBounds", () => {
  it("is null without events", () => expect(timelineBounds([])).toBeNull());
  it("takes the first start and the last end, even of an earlier long event", () => {
    expect(timelineBounds([slot(1, 100, 1000), slot(2, 200, 10), slot(3, 50, 10)])).toEqual({ start: 50, end: 1100 });
  });
});

describe("eventOnAirAt", () => {
  const events = [slot(1, 0, 10), slot(2, 10, 10), slot(3, 15, 20), slot(4, 40, 0), slot(5, 50, 10)];
  it.each([
    [0, 1],
    [9, 1],
    [10, 2],
    [16, 3], // 2 and 3 overlap: the later start is on air
    [34, 3],
    [35, null], // a gap
    [40, null], // a zero-length event is never on air
    [59, 5],
    [60, null], // ends are exclusive
    [-1, null],
  ])("at %i answers %s", (time, id) => {
    expect(eventOnAirAt(events, time)?.id ?? null).toBe(id);
  });

  it("picks the highest id among equal starts", () => {
    expect(eventOnAirAt([slot(7, 0, 10), slot(3, 0, 10)], 5)?.id).toBe(7);
  });
});

describe("findGaps and findOverlaps", () => {
  it("reports a worked example", () => {
    const events = [slot(4, 40, 10), slot(1, 0, 10), slot(2, 15, 10), slot(3, 22, 10), slot(5, 50, 0), slot(6, 45, 2)];
    expect(findGaps(events)).toEqual([
      { previousId: 1, nextId: 2, start: 10, duration: 5 },
      { previousId: 3, nextId: 4, start: 32, duration: 8 },
    ]);
    expect(findOverlaps(events)).toEqual([
      { previousId: 2, nextId: 3, start: 22, duration: 3 },
      { previousId: 4, nextId: 6, start: 45, duration: 2 }, // 6 lies inside 4: its whole length
    ]);
  });

  it("opens no gap after an event lying inside a longer one", () => {
    const events = [slot(1, 0, 100), slot(2, 10, 10), slot(3, 100, 10), slot(4, 30, 5)];
    expect(findGaps(events)).toEqual([]);
    expect(findOverlaps(events)).toEqual([
      { previousId: 1, nextId: 2, start: 10, duration: 10 },
      { previousId: 1, nextId: 4, start: 30, duration: 5 },
    ]);
    expect(findGaps([...events, slot(5, 120, 1)])).toEqual([{ previousId: 3, nextId: 5, start: 110, duration: 10 }]);
  });

  it("reports as gaps exactly the time no event covers (any timeline)", () => {
    fc.assert(
      fc.property(anyTimeline(25), (events) => {
        const gaps = findGaps(events);
        for (const gap of gaps) {
          expect(events.some((e) => e.onAirTime < gap.start + gap.duration && e.onAirTime + e.duration > gap.start)).toBe(false);
          expect(events.find((e) => e.id === gap.nextId)!.onAirTime).toBe(gap.start + gap.duration);
          expect(events.find((e) => e.id === gap.previousId)!.onAirTime + events.find((e) => e.id === gap.previousId)!.duration).toBe(gap.start);
        }
        // Complete: the gaps add up to the span minus the union of the events (merged intervals).
        if (events.length > 0) {
          const bounds = timelineBounds(events)!;
          const sorted = [...events].sort((x, y) => x.onAirTime - y.onAirTime);
          let union = 0;
          let [from, to] = [sorted[0].onAirTime, sorted[0].onAirTime];
          for (const e of sorted) {
            if (e.onAirTime > to) {
              union += to - from;
              from = e.onAirTime;
            }
            to = Math.max(to, e.onAirTime + e.duration);
          }
          union += to - from;
          expect(gaps.reduce((sum, gap) => sum + gap.duration, 0)).toBe(bounds.end - bounds.start - union);
        }
      }),
    );
  });

  it("finds exactly the gaps and overlaps a timeline was built with", () => {
    fc.assert(
      fc.property(sequentialTimeline(), ({ events, gaps }) => {
        const expectedGaps = gaps.flatMap((gap, i) => (gap > 0 ? [{ previousId: i + 1, nextId: i + 2, start: events[i + 1].onAirTime - gap, duration: gap }] : []));
        const expectedOverlaps = gaps.flatMap((gap, i) => (gap < 0 ? [{ previousId: i + 1, nextId: i + 2, start: events[i + 1].onAirTime, duration: -gap }] : []));
        expect(findGaps([...events].reverse())).toEqual(expectedGaps);
        expect(findOverlaps([...events].reverse())).toEqual(expectedOverlaps);
      }),
    );
  });
});
