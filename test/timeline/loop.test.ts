import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loopEvents, TimelineError } from "../../src/timeline/index.js";

describe("loopEvents", () => {
  it("repeats the templates in order and trims the last one", () => {
    expect(loopEvents([{ duration: 30 }, { duration: 20 }], 1000, 1120)).toEqual([
      { template: 0, onAirTime: 1000, duration: 30 },
      { template: 1, onAirTime: 1030, duration: 20 },
      { template: 0, onAirTime: 1050, duration: 30 },
      { template: 1, onAirTime: 1080, duration: 20 },
      { template: 0, onAirTime: 1100, duration: 20 },
    ]);
  });

  it("ends on a whole repetition without adding a zero-length one at loopTo", () => {
    expect(loopEvents([{ duration: 10 }, { duration: 0 }], 0, 20)).toEqual([
      { template: 0, onAirTime: 0, duration: 10 },
      { template: 1, onAirTime: 10, duration: 0 },
      { template: 0, onAirTime: 10, duration: 10 },
    ]);
  });

  it.each([
    ["loopTo before loopFrom", [{ duration: 10 }], 100, 50, /loopTo must be after loopFrom/],
    ["an empty window", [{ duration: 10 }], 100, 100, /loopTo must be after loopFrom/],
    ["no templates", [], 0, 100, /at least one event/],
    ["templates lasting nothing", [{ duration: 0 }], 0, 100, /more than 0 ms/],
    ["a negative duration", [{ duration: -5 }], 0, 100, /must not be negative/],
    ["too many events", [{ duration: 1 }], 0, 2_000_000, /more than 1000000/],
  ])("refuses %s", (_name, templates, from, to, message) => {
    expect(() => loopEvents(templates, from, to)).toThrow(TimelineError);
    expect(() => loopEvents(templates, from, to)).toThrow(message);
  });

  it("fills exactly [loopFrom, loopTo), back to back, in template order", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }).filter((d) => d.reduce((a, b) => a + b, 0) >= 1000),
        fc.integer({ min: 1_600_000_000_000, max: 1_900_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (durations, loopFrom, length) => {
          const placements = loopEvents(durations.map((duration) => ({ duration })), loopFrom, loopFrom + length);
          expect(placements[0].onAirTime).toBe(loopFrom);
          let cursor = loopFrom;
          placements.forEach((p, i) => {
            expect(p.onAirTime).toBe(cursor);
            expect(p.template).toBe(i % durations.length);
            if (i < placements.length - 1) expect(p.duration).toBe(durations[p.template]);
            else expect(p.duration).toBeLessThanOrEqual(durations[p.template]);
            cursor += p.duration;
          });
          expect(cursor).toBe(loopFrom + length);
        },
      ),
    );
  });
});
