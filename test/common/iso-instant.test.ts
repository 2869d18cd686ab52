// An instant's ISO text made without a Date (src/common/iso-instant.ts) is the text Date#toISOString
// writes, for every instant a Date holds, in any order of calls (it keeps the last day's text).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DateTimeScalar } from "../../src/common/graphql-types.js";
import { isoInstant } from "../../src/common/iso-instant.js";

const LIMIT = 8.64e15;
const DAY = 86_400_000;

describe("isoInstant", () => {
  it("writes what toISOString writes, over the whole range of a Date", () => {
    // fc.integer stops at 32 bits: any safe integer, folded into the range of a Date.
    const instant = fc.maxSafeInteger().map((n) => n % (LIMIT + 1));
    fc.assert(
      fc.property(instant, (ms) => {
        expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 5000 },
    );
  });

  it("writes what toISOString writes for runs of instants around day boundaries, in and out of order", () => {
    const nearMidnight = fc.tuple(fc.integer({ min: -30_000, max: 30_000 }), fc.integer({ min: -1000, max: 1000 })).map(([day, off]) => day * DAY + off);
    fc.assert(
      fc.property(fc.array(nearMidnight, { minLength: 1, maxLength: 50 }), (instants) => {
        for (const ms of instants) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 500 },
    );
  });

  it("writes what toISOString writes for instants of years 0000–9999 drawn at random, each on another day than the last", () => {
    // The day's text is worked out without a Date there: every day of every year can come up,
    // leap days and century years included.
    // fc.integer stops at 32 bits: a day of 0000-01-01 … 9999-12-31 and a time of that day.
    const instant = fc.tuple(fc.integer({ min: -719_528, max: 2_932_896 }), fc.integer({ min: 0, max: DAY - 1 })).map(([day, ms]) => day * DAY + ms);
    fc.assert(
      fc.property(fc.array(instant, { minLength: 1, maxLength: 20 }), (instants) => {
        for (const ms of instants) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 2000 },
    );
    for (const [y, m, d] of [[0, 1, 29], [100, 2, 1], [400, 1, 29], [1900, 1, 28], [1900, 2, 1], [2000, 1, 29], [2024, 1, 29], [9999, 11, 31], [1000, 0, 1], [999, 11, 31]]) {
      const ms = Date.UTC(2000, m, d, 23, 59, 59, 999);
      const date = new Date(ms);
      date.setUTCFullYear(y, m, d);
      expect(isoInstant(date.getTime())).toBe(date.toISOString());
    }
  });

  it("writes the signed six-digit years toISOString writes outside 0000–9999, to the ends of a Date", () => {
    const edges = [-LIMIT, LIMIT, Date.UTC(-1, 11, 31, 23, 59, 59, 999), -62_167_219_200_000, Date.UTC(10000, 0, 1), Date.UTC(10000, 0, 1) - 1, -1, 0, 1];
    for (const ms of edges) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it("throws toISOString's RangeError where a Date cannot hold the instant", () => {
    expect(() => isoInstant(LIMIT + 1)).toThrow(RangeError);
    expect(() => isoInstant(NaN)).toThrow(RangeError);
  });
});

describe("the DateTime scalar's answers", () => {
  it("are the ISO text of a Date or of ms since the epoch", () => {
    const ms = Date.UTC(2026, 10, 26, 21, 30, 0, 40);
    expect(DateTimeScalar.serialize(new Date(ms))).toBe("2026-11-26T21:30:00.040Z");
    expect(DateTimeScalar.serialize(ms)).toBe("2026-11-26T21:30:00.040Z");
    expect(JSON.stringify(DateTimeScalar.serialize("2026-11-26T21:30:00.040Z"))).toBe('"2026-11-26T21:30:00.040Z"');
  });

  it("refuses an invalid Date, as graphql-scalars does", () => {
    expect(() => DateTimeScalar.serialize(new Date(NaN))).toThrow(/invalid Date/);
  });
});
