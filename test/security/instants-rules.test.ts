// The instant range (src/common/instants.ts), pure: years 1900 to 9999, checked before writes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/common/errors.js";
import {
  EARLIEST_INSTANT_MS,
  LATEST_INSTANT_MS,
  MAX_SPAN_MS,
  checkInstantInRange,
  checkMoveInRange,
  checkSpanInRange,
  isInstantInRange,
  spanOf,
} from "../../src/common/instants.js";

const code = (f: () => unknown) => {
  try {
    f();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe("the instant range", () => {
  it("is 1900-01-01 to the last millisecond of 9999", () => {
    expect(new Date(EARLIEST_INSTANT_MS).toISOString()).toBe("1900-01-01T00:00:00.000Z");
    expect(new Date(LATEST_INSTANT_MS).toISOString()).toBe("9999-12-31T23:59:59.999Z");
    expect(MAX_SPAN_MS).toBe(LATEST_INSTANT_MS - EARLIEST_INSTANT_MS);
  });

  it.each([
    [EARLIEST_INSTANT_MS, true],
    [LATEST_INSTANT_MS, true],
    [0, true],
    [EARLIEST_INSTANT_MS - 1, false],
    [LATEST_INSTANT_MS + 1, false],
    [Date.UTC(50, 0, 1), true], // Date.UTC maps year 50 to 1950: in range, which is why parsers must not use it for years < 100
    [new Date("0050-01-01T00:00:00Z").getTime(), false],
    [Number.MAX_SAFE_INTEGER, false],
    [-Number.MAX_SAFE_INTEGER, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])("%d in range: %s", (ms, inRange) => {
    expect(isInstantInRange(ms)).toBe(inRange);
    expect(code(() => checkInstantInRange(ms, "onAirTime"))).toBe(inRange ? null : "BAD_USER_INPUT");
  });

  it("names the field and the range in its message", () => {
    expect(() => checkInstantInRange(LATEST_INSTANT_MS + 1, "onAirTime")).toThrow(/onAirTime must lie from 1900-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z \(got \+010000-01-01T00:00:00.000Z\)/);
    expect(() => checkInstantInRange(1e300, "x")).toThrow(/got 1e\+300 ms/);
  });

  it("checks both ends of a span", () => {
    expect(code(() => checkSpanInRange(LATEST_INSTANT_MS - 10, 10, "event"))).toBe(null);
    expect(code(() => checkSpanInRange(LATEST_INSTANT_MS - 10, 11, "event"))).toBe("BAD_USER_INPUT");
    expect(code(() => checkSpanInRange(0, Number.MAX_SAFE_INTEGER, "event"))).toBe("BAD_USER_INPUT");
    expect(() => checkSpanInRange(0, Number.MAX_SAFE_INTEGER, "event")).toThrow(/event end/);
  });

  it("checks a move of a whole span, and passes one with nothing to move", () => {
    const bounds = { start: Date.UTC(2026, 0, 1), end: Date.UTC(2026, 0, 2) };
    expect(code(() => checkMoveInRange(bounds, 86_400_000, "shiftSchedule"))).toBe(null);
    expect(code(() => checkMoveInRange(bounds, Number.MAX_SAFE_INTEGER, "shiftSchedule"))).toBe("BAD_USER_INPUT");
    expect(code(() => checkMoveInRange(bounds, -Number.MAX_SAFE_INTEGER, "shiftSchedule"))).toBe("BAD_USER_INPUT");
    expect(code(() => checkMoveInRange({ start: null, end: null }, Number.MAX_SAFE_INTEGER, "shiftSchedule"))).toBe(null);
  });

  it("a move passes exactly when both moved bounds are in range (property)", () => {
    const instant = fc.integer({ min: EARLIEST_INSTANT_MS, max: LATEST_INSTANT_MS });
    fc.assert(
      fc.property(instant, fc.nat({ max: MAX_SPAN_MS }), fc.integer({ min: -2 * MAX_SPAN_MS, max: 2 * MAX_SPAN_MS }), (start, length, by) => {
        const end = Math.min(start + length, LATEST_INSTANT_MS);
        const ok = code(() => checkMoveInRange({ start, end }, by, "move")) === null;
        expect(ok).toBe(isInstantInRange(start + by) && isInstantInRange(end + by));
      }),
    );
  });

  it("spans timed things", () => {
    expect(spanOf([])).toEqual({ start: null, end: null });
    expect(spanOf([{ onAirTime: 10, duration: 100 }, { onAirTime: 5, duration: 1 }, { onAirTime: 50, duration: 10 }])).toEqual({ start: 5, end: 110 });
  });
});

describe("XMLTV times keep years 0001–0099 (io/formats/times.ts)", () => {
  it("reads 0050 as year 50, never 1950, so that the import refuses it as out of range", async () => {
    const { parseXmltvTime } = await import("../../src/io/formats/times.js");
    const ms = parseXmltvTime("00500101000000 +0000")!;
    expect(new Date(ms).toISOString()).toBe("0050-01-01T00:00:00.000Z");
    expect(isInstantInRange(ms)).toBe(false);
    expect(new Date(parseXmltvTime("20260301063000 +0100")!).toISOString()).toBe("2026-03-01T05:30:00.000Z");
    expect(parseXmltvTime("20260231000000")).toBeNull();
  });
});
