import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/common/errors.js";
import { bucketStart, contains, edgeHours, fitsHourlyRollup, MAX_BUCKETS, parseWindow, rangesOutside, utcDaysOf, wholeDayRanges, type WindowArgs } from "../../src/reporting/window.js";

const d = (iso: string) => new Date(iso);
const code = (args: WindowArgs) => {
  try {
    parseWindow(args);
    return "OK";
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
};

describe("parseWindow", () => {
  it.each([
    ["from = to", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-01T00:00:00Z") }, "BAD_USER_INPUT"],
    ["from > to", { from: d("2026-01-02T00:00:00Z"), to: d("2026-01-01T00:00:00Z") }, "BAD_USER_INPUT"],
    ["period without periodType", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-02T00:00:00Z"), period: 1 }, "BAD_USER_INPUT"],
    ["periodType without period", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-02T00:00:00Z"), periodType: "HOURS" as const }, "BAD_USER_INPUT"],
    ["period 0", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-02T00:00:00Z"), period: 0, periodType: "HOURS" as const }, "BAD_USER_INPUT"],
    ["negative period", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-02T00:00:00Z"), period: -2, periodType: "DAYS" as const }, "BAD_USER_INPUT"],
    ["empty playout id", { from: d("2026-01-01T00:00:00Z"), to: d("2026-01-02T00:00:00Z"), playoutIds: [" "] }, "BAD_USER_INPUT"],
    ["invalid date", { from: new Date(NaN), to: d("2026-01-02T00:00:00Z") }, "BAD_USER_INPUT"],
    ["exactly 10,000 minute buckets", { from: d("2026-01-01T00:00:00Z"), to: new Date(Date.parse("2026-01-01T00:00:00Z") + MAX_BUCKETS * 60_000), period: 1, periodType: "MINUTES" as const }, "OK"],
    ["10,001 minute buckets", { from: d("2026-01-01T00:00:00Z"), to: new Date(Date.parse("2026-01-01T00:00:00Z") + MAX_BUCKETS * 60_000 + 1), period: 1, periodType: "MINUTES" as const }, "BAD_USER_INPUT"],
    ["one bucket without a period, however long", { from: d("1970-01-01T00:00:00Z"), to: d("2100-01-01T00:00:00Z") }, "OK"],
  ])("%s", (_name, args, expected) => {
    expect(code(args as WindowArgs)).toBe(expected);
  });

  it("counts a partial last bucket and dedupes playout ids", () => {
    const w = parseWindow({ from: d("2026-01-01T00:00:00Z"), to: d("2026-01-03T12:00:00Z"), period: 1, periodType: "DAYS", playoutIds: ["a", "b", "a"] });
    expect(w.bucketCount).toBe(3);
    expect(w.stepMs).toBe(86_400_000);
    expect(w.playoutIds).toEqual(["a", "b"]);
  });

  it("without a period the whole window is one bucket starting at from", () => {
    const w = parseWindow({ from: d("2026-01-01T00:17:00Z"), to: d("2026-01-09T00:00:00Z") });
    expect(w.bucketCount).toBe(1);
    expect(bucketStart(w, d("2026-01-08T23:59:59Z")).toISOString()).toBe("2026-01-01T00:17:00.000Z");
  });
});

describe("buckets", () => {
  const w = parseWindow({ from: d("2026-03-29T00:30:00Z"), to: d("2026-03-30T00:30:00Z"), period: 2, periodType: "HOURS" });

  it("are aligned on from, in UTC (no daylight-saving day is 23 or 25 hours)", () => {
    expect(bucketStart(w, d("2026-03-29T00:30:00Z")).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(bucketStart(w, d("2026-03-29T02:29:59.999Z")).toISOString()).toBe("2026-03-29T00:30:00.000Z");
    expect(bucketStart(w, d("2026-03-29T02:30:00Z")).toISOString()).toBe("2026-03-29T02:30:00.000Z");
    expect(w.bucketCount).toBe(12);
  });

  it("the window is half-open", () => {
    expect(contains(w, w.from)).toBe(true);
    expect(contains(w, new Date(w.to.getTime() - 1))).toBe(true);
    expect(contains(w, w.to)).toBe(false);
  });

  it("a bucket start is never after the instant and less than a step before it (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), fc.integer({ min: 1, max: 48 }), fc.integer({ min: 0, max: 10 ** 9 }), (fromMs, hours, offset) => {
        const win = parseWindow({ from: new Date(fromMs), to: new Date(fromMs + 10_000 * hours * 3_600_000), period: hours, periodType: "HOURS" });
        const t = new Date(fromMs + offset);
        const start = bucketStart(win, t).getTime();
        return start <= t.getTime() && t.getTime() - start < win.stepMs && (start - fromMs) % win.stepMs === 0;
      }),
    );
  });

  it("the hourly rollup fits only whole hours aligned on the hour", () => {
    const at = (from: string, to: string, period?: number, periodType?: "MINUTES" | "HOURS" | "DAYS") => fitsHourlyRollup(parseWindow({ from: d(from), to: d(to), period, periodType }));
    expect(at("2026-01-01T00:00:00Z", "2026-01-31T00:00:00Z", 1, "DAYS")).toBe(true);
    expect(at("2026-01-01T00:00:00Z", "2026-01-31T00:00:00Z")).toBe(true);
    expect(at("2026-01-01T00:00:00Z", "2026-01-01T05:00:00Z", 1, "HOURS")).toBe(true);
    expect(at("2026-01-01T00:00:00Z", "2026-01-01T05:00:00Z", 90, "MINUTES")).toBe(false);
    expect(at("2026-01-01T00:00:00Z", "2026-01-01T05:00:00Z", 120, "MINUTES")).toBe(true);
    expect(at("2026-01-01T00:30:00Z", "2026-01-01T05:00:00Z", 1, "HOURS")).toBe(false);
    expect(at("2026-01-01T00:00:00Z", "2026-01-01T05:30:00Z", 1, "HOURS")).toBe(false);
  });

  it("edge hours are the hours holding from, each bucket start and to", () => {
    const hours = (from: string, to: string, period?: number, periodType?: "MINUTES" | "HOURS" | "DAYS") =>
      edgeHours(parseWindow({ from: d(from), to: d(to), period, periodType })).map((h) => h.toISOString().slice(0, 16));
    expect(hours("2026-01-01T00:30:00Z", "2026-01-03T00:30:00Z", 1, "DAYS")).toEqual(["2026-01-01T00:00", "2026-01-02T00:00", "2026-01-03T00:00"]);
    expect(hours("2026-01-01T00:30:00Z", "2026-01-01T04:00:00Z", 90, "MINUTES")).toEqual(["2026-01-01T00:00", "2026-01-01T02:00", "2026-01-01T03:00", "2026-01-01T04:00"]);
    expect(hours("2026-01-01T00:10:00Z", "2026-01-01T00:50:00Z")).toEqual(["2026-01-01T00:00"]);
  });

  it("billing days are the UTC days a window touches", () => {
    expect(utcDaysOf({ from: d("2026-01-01T23:00:00Z"), to: d("2026-01-03T00:00:00Z") }).map((x) => x.toISOString())).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-01-02T00:00:00.000Z",
    ]);
    expect(utcDaysOf({ from: d("2026-01-01T00:00:00Z"), to: d("2026-01-01T00:00:01Z") })).toHaveLength(1);
  });

  it("whole UTC days are those inside one bucket, joined across buckets; the rest of the window is left to the hours", () => {
    const DAY = 86_400_000;
    const iso = (ranges: { from: number; to: number }[]) => ranges.map((r) => `${new Date(r.from).toISOString().slice(0, 13)}..${new Date(r.to).toISOString().slice(0, 13)}`);
    const split = (args: WindowArgs) => {
      const window = parseWindow(args);
      const days = wholeDayRanges(window);
      return { days: iso(days), hours: iso(rangesOutside(window, days)) };
    };
    // Daily buckets from midnight UTC: one range of days, no hours (a 30-day report reads 30 rows per playout).
    expect(split({ from: d("2026-05-02T00:00:00Z"), to: d("2026-06-01T00:00:00Z"), period: 1, periodType: "DAYS" })).toEqual({ days: ["2026-05-02T00..2026-06-01T00"], hours: [] });
    // "The last 3 days" from 09:00, daily buckets: every day is cut by a bucket edge.
    expect(split({ from: d("2026-01-01T09:00:00Z"), to: d("2026-01-04T09:00:00Z"), period: 1, periodType: "DAYS" })).toEqual({ days: [], hours: ["2026-01-01T09..2026-01-04T09"] });
    // One bucket off midnight: the days inside it, the hours at both ends.
    expect(split({ from: d("2026-01-01T09:00:00Z"), to: d("2026-01-04T09:00:00Z") })).toEqual({
      days: ["2026-01-02T00..2026-01-04T00"],
      hours: ["2026-01-01T09..2026-01-02T00", "2026-01-04T00..2026-01-04T09"],
    });
    // Buckets of 36 hours from midnight: the day that a bucket edge cuts at noon goes to the hours.
    expect(split({ from: d("2026-01-01T00:00:00Z"), to: d("2026-01-07T00:00:00Z"), period: 36, periodType: "HOURS" })).toEqual({
      days: ["2026-01-01T00..2026-01-02T00", "2026-01-03T00..2026-01-05T00", "2026-01-06T00..2026-01-07T00"],
      hours: ["2026-01-02T00..2026-01-03T00", "2026-01-05T00..2026-01-06T00"],
    });
    // Hourly buckets: no day is inside one bucket.
    expect(split({ from: d("2026-01-01T00:00:00Z"), to: d("2026-01-03T00:00:00Z"), period: 1, periodType: "HOURS" }).days).toEqual([]);
    // Local weeks in Asia/Kolkata (+05:30): the UTC days inside each week, the two cut ones to the hours.
    expect(split({ from: d("2025-12-31T18:30:00Z"), to: d("2026-01-14T18:30:00Z"), period: 7, periodType: "DAYS", timeZone: "Asia/Kolkata" })).toEqual({
      days: ["2026-01-01T00..2026-01-07T00", "2026-01-08T00..2026-01-14T00"],
      hours: ["2025-12-31T18..2026-01-01T00", "2026-01-07T00..2026-01-08T00", "2026-01-14T00..2026-01-14T18"],
    });
    // A window of a century in one bucket: one range, not 36,500 days.
    expect(wholeDayRanges(parseWindow({ from: d("2000-01-01T00:00:00Z"), to: d("2100-01-01T00:00:00Z") }))).toEqual([{ from: Date.parse("2000-01-01T00:00:00Z"), to: Date.parse("2100-01-01T00:00:00Z") }]);
    // Whatever the window: days and hours tile it, the days are whole UTC days, each inside one bucket.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.integer({ min: 1, max: 40 * DAY }),
        fc.constantFrom<[number, "MINUTES" | "HOURS" | "DAYS"] | null>(null, [90, "MINUTES"], [5, "HOURS"], [36, "HOURS"], [1, "DAYS"], [3, "DAYS"]),
        (offset, span, period) => {
          const from = Date.parse("2026-01-01T00:00:00Z") + Math.floor(offset / 60_000) * 60_000;
          const window = parseWindow({ from: new Date(from), to: new Date(from + span), period: period?.[0], periodType: period?.[1] });
          const days = wholeDayRanges(window);
          const tiles = [...days, ...rangesOutside(window, days)].sort((x, y) => x.from - y.from);
          expect(tiles[0].from).toBe(window.from.getTime());
          for (let i = 1; i < tiles.length; i++) expect(tiles[i].from).toBe(tiles[i - 1].to);
          expect(tiles[tiles.length - 1].to).toBe(window.to.getTime());
          for (const range of days) {
            expect(range.from % DAY).toBe(0);
            expect(range.to % DAY).toBe(0);
            for (let day = range.from; day < range.to; day += DAY) expect(bucketStart(window, new Date(day)).getTime()).toBe(bucketStart(window, new Date(day + DAY - 1)).getTime());
          }
        },
      ),
    );
  });
});
