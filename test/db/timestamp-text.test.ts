// An instant read from PostgreSQL's text of a `timestamp with time zone` (src/db/timestamp-text.ts)
// is the instant that text names, for every instant and offset PostgreSQL writes in DateStyle ISO
// (whole hours, hours and minutes, and the local mean times of old zones with seconds), and the
// same Date as `new Date(text)` (what drizzle gave) wherever V8 reads the text. Texts it does not
// know for sure go to `new Date(text)`. The texts of a real database under several time zones are
// checked in planned-select.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateOfTimestampText, timestampTextMs } from "../../src/db/timestamp-text.js";

const DAY = 86_400_000;
const two = (n: number) => String(n).padStart(2, "0");

/** PostgreSQL's text of `ms` at `offset` seconds east of UTC: fraction without trailing zeros, offset as ±HH[:MM[:SS]]. */
function pgText(ms: number, offset: number): string {
  const local = new Date(ms + offset * 1000);
  const fraction = local.getUTCMilliseconds() ? "." + String(local.getUTCMilliseconds()).padStart(3, "0").replace(/0+$/, "") : "";
  const size = Math.abs(offset);
  const [h, m, s] = [Math.floor(size / 3600), Math.floor((size % 3600) / 60), size % 60];
  const zone = (offset < 0 ? "-" : "+") + two(h) + (m || s ? ":" + two(m) : "") + (s ? ":" + two(s) : "");
  const iso = local.toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${fraction}${zone}`;
}

// Years 0100–9999: a day of them and a time of that day (fc.integer stops at 32 bits).
const instant = fc.tuple(fc.integer({ min: -676_000, max: 2_932_000 }), fc.integer({ min: 0, max: DAY - 1 })).map(([day, ms]) => day * DAY + ms);
const offset = fc.oneof(
  fc.integer({ min: -15, max: 15 }).map((h) => h * 3600),
  fc.integer({ min: -15 * 60, max: 15 * 60 }).map((m) => m * 60),
  fc.integer({ min: -(15 * 3600 + 59 * 60 + 59), max: 15 * 3600 + 59 * 60 + 59 }),
);

describe("an instant from PostgreSQL's text", () => {
  it("is the instant the text names, and new Date(text) wherever V8 reads it", () => {
    fc.assert(
      fc.property(instant, offset, (ms, east) => {
        const text = pgText(ms, east);
        expect(timestampTextMs(text)).toBe(ms);
        expect(dateOfTimestampText(text).getTime()).toBe(ms);
        const general = new Date(text).getTime();
        if (!Number.isNaN(general)) expect(general).toBe(ms);
      }),
      { numRuns: 5000 },
    );
  });

  it("leaves to new Date(text) what it does not know for sure", () => {
    for (const text of ["infinity", "-infinity", "2026-12-04 16:24:16.186123+00", "0099-01-01 00:00:00+00", "2026-12-04 16:24:16+00 BC", "12026-12-04 16:24:16+00", "2026-12-04T16:24:16Z", "2026-12-04 16:24:16", "2026-12-04 16:24:16.+00", "2026-13-04 16:24:16+00", "2026-12-04 16:24:16+00:3"]) {
      expect(Number.isNaN(timestampTextMs(text)), text).toBe(true);
      const general = new Date(text);
      expect(dateOfTimestampText(text).getTime(), text).toEqual(general.getTime());
    }
  });

  it("never throws and answers a Date for any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), instant.map((ms) => pgText(ms, 0)).chain((t) => fc.integer({ min: 0, max: t.length }).map((cut) => t.slice(0, cut) + t.slice(cut + 1)))), (text) => {
        const ms = timestampTextMs(text);
        expect(typeof ms).toBe("number");
        expect(dateOfTimestampText(text)).toBeInstanceOf(Date);
      }),
      { numRuns: 2000 },
    );
  });
});
