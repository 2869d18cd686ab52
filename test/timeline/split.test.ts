import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitEvent, splitInTimeline, TimelineError } from "../../src/timeline/index.js";
import { slot } from "./support.js";

const news = { ...slot(7, 1_000_000, 100_000), title: "News" };

describe("splitEvent", () => {
  it("cuts parts by segments, drops stubs and puts breaks between parts", () => {
    const { pieces, end } = splitEvent(news, {
      segments: [{ startTime: 60_000, endTime: 100_000 }, { startTime: 0, endTime: 40_000 }, { startTime: 40_000, duration: 20_000, stub: true }],
      breakDuration: 30_000,
      partSuffix: " - {n}",
      breakTitlePattern: "{title} break {n}",
    });
    expect(pieces).toEqual([
      { kind: "PART", n: 1, onAirTime: 1_000_000, duration: 40_000, title: "News - 1", somDelta: 0 },
      { kind: "BREAK", n: 1, onAirTime: 1_040_000, duration: 30_000, title: "News break 1", somDelta: 0 },
      { kind: "PART", n: 2, onAirTime: 1_070_000, duration: 40_000, title: "News - 2", somDelta: 60_000 },
    ]);
    expect(end).toBe(1_110_000);
  });

  it("uses default names and no breaks without a breakDuration", () => {
    const { pieces } = splitEvent(news, { segments: [{ startTime: 0, endTime: 50_000 }, { startTime: 50_000, endTime: 100_000 }] });
    expect(pieces.map((p) => [p.kind, p.title, p.onAirTime])).toEqual([
      ["PART", "News (part 1)", 1_000_000],
      ["PART", "News (part 2)", 1_050_000],
    ]);
  });

  it("keeps the title of a single part (a trim)", () => {
    expect(splitEvent(news, { segments: [{ startTime: 10_000, endTime: 20_000 }], breakDuration: 5 }).pieces).toEqual([
      { kind: "PART", n: 1, onAirTime: 1_000_000, duration: 10_000, title: "News", somDelta: 10_000 },
    ]);
  });

  it.each([
    ["no segments", [], /at least one segment/],
    ["only stubs", [{ startTime: 0, endTime: 10, stub: true }], /not a stub/],
    ["a segment beyond the event", [{ startTime: 90_000, endTime: 100_001 }], /after the event's 100000 ms/],
    ["a segment ending before it starts", [{ startTime: 50, endTime: 50 }], /must end after it starts/],
    ["a negative start", [{ startTime: -1, endTime: 50 }], /must not be negative/],
    ["overlapping segments", [{ startTime: 0, endTime: 50 }, { startTime: 40, endTime: 60 }], /segments overlap at 40 ms/],
    ["segments overlapping by 1 ms", [{ startTime: 10, endTime: 20, stub: true }, { startTime: 0, endTime: 11 }], /segments overlap at 10 ms/],
    ["neither end nor duration", [{ startTime: 0 }], /needs an endTime or a duration/],
    ["a duration that contradicts endTime", [{ startTime: 0, endTime: 50, duration: 40 }], /does not match/],
  ])("refuses %s", (_name, segments, message) => {
    expect(() => splitEvent(news, { segments })).toThrow(TimelineError);
    expect(() => splitEvent(news, { segments })).toThrow(message);
  });

  it("refuses a negative break", () => expect(() => splitEvent(news, { segments: [{ startTime: 0, endTime: 10 }], breakDuration: -1 })).toThrow(/breakDuration/));

  // Cut points tile the event; each piece is a stub or not.
  const tiling = fc.integer({ min: 1, max: 10_000_000 }).chain((duration) =>
    fc.record({
      duration: fc.constant(duration),
      cuts: fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, duration - 1) }), { maxLength: 8 }).map((cuts) => [...cuts].filter((c) => c < duration).sort((a, b) => a - b)),
      stubs: fc.array(fc.boolean(), { minLength: 9, maxLength: 9 }),
      breakDuration: fc.oneof(fc.constantFrom(0, 1), fc.integer({ min: 0, max: 600_000 })),
    }),
  );

  it("keeps the total duration (less stubs) plus the inserted breaks, back to back", () => {
    fc.assert(
      fc.property(tiling, ({ duration, cuts, stubs, breakDuration }) => {
        const bounds = [0, ...cuts, duration];
        const segments = bounds.slice(1).map((endTime, i) => ({ startTime: bounds[i], endTime, stub: stubs[i] }));
        fc.pre(segments.some((s) => !s.stub));
        const event = slot(1, 1_700_000_000_000, duration);
        const { pieces, end } = splitEvent(event, { segments: [...segments].reverse(), breakDuration });
        const parts = segments.filter((s) => !s.stub);
        const aired = parts.reduce((sum, s) => sum + s.endTime - s.startTime, 0);
        const breaks = breakDuration > 0 ? (parts.length - 1) * breakDuration : 0;
        expect(pieces.reduce((sum, p) => sum + p.duration, 0)).toBe(aired + breaks);
        if (parts.length === segments.length) expect(aired).toBe(duration);
        expect(end).toBe(event.onAirTime + aired + breaks);
        let cursor = event.onAirTime;
        for (const piece of pieces) {
          expect(piece.onAirTime).toBe(cursor);
          cursor += piece.duration;
        }
        expect(pieces.filter((p) => p.kind === "PART").map((p) => p.somDelta)).toEqual(parts.map((s) => s.startTime));
      }),
    );
  });
});

describe("splitInTimeline", () => {
  it("ripples what follows up to the next locked event", () => {
    const events = [news, slot(8, 1_100_000, 10_000), slot(9, 1_120_000, 10_000), slot(10, 1_150_000, 10_000, true), slot(11, 1_200_000, 5)];
    const result = splitInTimeline(events, 7, { segments: [{ startTime: 0, endTime: 50_000 }, { startTime: 50_000, endTime: 100_000 }], breakDuration: 20_000 });
    expect(result.end).toBe(1_120_000);
    expect(result.moves).toEqual([
      { id: 8, onAirTime: 1_120_000 },
      { id: 9, onAirTime: 1_130_000 },
    ]);
    expect(result.remainders).toEqual([{ lockedId: 10, gapMs: 10_000 }]);
  });

  it("refuses an unknown event", () => expect(() => splitInTimeline([news], 1, { segments: [{ startTime: 0, endTime: 1 }] })).toThrow(/event 1 is not/));
});

describe("splitEvent on arbitrary segments", () => {
  it("either refuses them or airs disjoint pieces of the event, each at its own offset", () => {
    const segment = fc.record({ startTime: fc.integer({ min: -10, max: 1_100 }), endTime: fc.integer({ min: -10, max: 1_100 }), stub: fc.boolean() });
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
        let result;
        try {
          result = splitEvent(slot(1, 0, 1_000), { segments, breakDuration: 3 });
        } catch (error) {
          expect(error).toBeInstanceOf(TimelineError);
          return;
        }
        const sources = result.pieces.filter((p) => p.kind === "PART").map((p) => [p.somDelta, p.somDelta + p.duration]);
        for (let i = 0; i < sources.length; i++) {
          expect(sources[i][0]).toBeGreaterThanOrEqual(i === 0 ? 0 : sources[i - 1][1]);
          expect(sources[i][1]).toBeLessThanOrEqual(1_000);
          expect(segments.some((s) => !s.stub && s.startTime === sources[i][0] && s.endTime === sources[i][1])).toBe(true);
        }
        expect(sources.length).toBe(segments.filter((s) => !s.stub).length);
      }),
    );
  });
});
