// The day planner (src/templates/plan-day.ts), pure: hand-worked days (a UTC day to the
// millisecond; the 23- and 25-hour broadcast days of London and Sydney), then properties over
// random templates and catalogs: every day covered exactly once, nothing passes a hard start, the
// same inputs plan the same days, and a series continues across generations as within one.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DayPlanner } from "../../src/templates/plan-day.js";
import type { CatalogItem, PlanCollection, PlanSlot, PlanTemplate, Weekday } from "../../src/templates/plan-types.js";
import { WEEKDAYS } from "../../src/templates/plan-types.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const item = (mediaId: string, durationMs: number | null): CatalogItem => ({ mediaId, durationMs, title: mediaId });
const collection = (id: string, kind: PlanCollection["kind"], items: CatalogItem[]): PlanCollection => ({ id, name: id, kind, items });
const slot = (over: Partial<PlanSlot> & Pick<PlanSlot, "id" | "startMs">): PlanSlot => ({
  days: [...WEEKDAYS],
  anchor: "HARD",
  source: "COLLECTION",
  title: null,
  eventType: "PRIMARY",
  asset: null,
  mediaId: null,
  collectionId: null,
  order: "SEQUENTIAL",
  items: null,
  durationMs: null,
  breakCollectionId: null,
  breakMs: null,
  fillerCollectionId: null,
  overrun: "DROP",
  ...over,
});
const at = (iso: string) => Date.parse(iso);
const brief = (events: { onAirTime: number; duration: number; mediaId: string | null; eventType: string }[]) =>
  events.map((e) => `${new Date(e.onAirTime).toISOString().slice(11, 19)} ${e.duration / 1000}s ${e.mediaId ?? e.eventType}`);

const COLLECTIONS = new Map(
  [
    collection("news", "PROGRAMMES", [item("NEWS-1", 25 * MIN), item("NEWS-2", 20 * MIN)]),
    collection("ads", "ADVERTISEMENTS", [item("AD-30", 30_000), item("AD-60", 60_000), item("AD-45", 45_000)]),
    collection("fill", "FILLER", [item("F-5", 5 * MIN), item("F-1", MIN)]),
    collection("films", "PROGRAMMES", [item("FILM-A", 100 * MIN), item("FILM-B", 50 * MIN), item("FILM-C", 70 * MIN)]),
  ].map((c) => [c.id, c]),
);

describe("a hand-worked UTC day", () => {
  const template: PlanTemplate = {
    zone: "UTC",
    dayStartMs: 6 * HOUR,
    slots: [
      slot({ id: "news", startMs: 6 * HOUR, collectionId: "news", items: 1, breakCollectionId: "ads", breakMs: 2 * MIN, fillerCollectionId: "fill" }),
      slot({ id: "live", startMs: 7 * HOUR, source: "LIVE", eventType: "LIVE", title: "Match", durationMs: 30 * MIN }),
      slot({ id: "films", startMs: 8 * HOUR, anchor: "SOFT", collectionId: "films", durationMs: 3 * HOUR, overrun: "TRIM" }),
      slot({ id: "night", startMs: 11 * HOUR, collectionId: "films", overrun: "TRIM", fillerCollectionId: "fill" }),
      slot({ id: "close", startMs: 13 * HOUR, source: "PLACEHOLDER", durationMs: 17 * HOUR }),
    ],
  };

  it("places each slot to the millisecond, with its break, its filler and its overruns named", () => {
    const day = new DayPlanner(template, COLLECTIONS, 0).planDay("2026-03-02");
    expect(brief(day.events)).toEqual([
      "06:00:00 1500s NEWS-1",
      // A 2-minute break in collection order, skipping what does not fit: 30 + 60 + (45 no) + 30.
      "06:25:00 30s AD-30",
      "06:25:30 60s AD-60",
      "06:26:30 30s AD-30",
      // 33 minutes to the live start, longest first round after round: 5+1, 5+1, 5+1, 5+1, 5+1, then 1, 1, 1.
      ...["06:27:00", "06:32:00", "06:33:00", "06:38:00", "06:39:00", "06:44:00", "06:45:00", "06:50:00", "06:51:00", "06:56:00"].map((t, i) => `${t} ${i % 2 ? 60 : 300}s ${i % 2 ? "F-1" : "F-5"}`),
      "06:57:00 60s F-1",
      "06:58:00 60s F-1",
      "06:59:00 60s F-1",
      "07:00:00 1800s LIVE",
      // SOFT after the live window, 3 hours of films in order: A (100) and B (50) fit, C (70) would pass 10:30.
      "07:30:00 6000s FILM-A",
      "09:10:00 3000s FILM-B",
      // The films slot has no filler: the rest to the 11:00 hard start is one placeholder.
      "10:00:00 3600s PLACEHOLDER",
      // Sequential across slots of one collection? No: each slot keeps its own place (night starts at A).
      "11:00:00 6000s FILM-A",
      // B (50 min) would pass 13:00: trimmed at the hard start.
      "12:40:00 1200s FILM-B",
      "13:00:00 61200s PLACEHOLDER",
    ]);
    expect(day.messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/^gap of 1980000 ms before 2026-03-02T07:00:00\+00:00 filled with 13 item\(s\) of "fill"$/),
      expect.stringMatching(/^placeholder of 3600000 ms at 2026-03-02T10:00:00\+00:00 before 2026-03-02T11:00:00\+00:00: no filler collection$/),
      expect.stringMatching(/^slot night: FILM-B trimmed at 2026-03-02T13:00:00\+00:00 \(1200000 of 3000000 ms\)$/),
    ]);
    expect(day.events.reduce((sum, e) => sum + e.duration, 0)).toBe(24 * HOUR);
  });
});

describe("broadcast days across a change of clocks", () => {
  const cases: { zone: string; date: string; dayStart: number; hour: number; start: string; length: number; what: string }[] = [
    // London springs forward at 01:00 UTC on 29 March 2026: 01:30 local does not exist; the slot starts when the skip ends (02:00 BST).
    { zone: "Europe/London", date: "2026-03-28", dayStart: 6 * HOUR, hour: 1.5 * HOUR, start: "2026-03-29T01:00:00.000Z", length: 23 * HOUR, what: "skipped" },
    // London falls back at 01:00 UTC on 25 October 2026: 01:30 local happens twice; the first (BST).
    { zone: "Europe/London", date: "2026-10-24", dayStart: 6 * HOUR, hour: 1.5 * HOUR, start: "2026-10-25T00:30:00.000Z", length: 25 * HOUR, what: "repeated" },
    // Sydney falls back at 03:00 AEDT on 5 April 2026: 02:30 happens twice; the first (AEDT, +11).
    { zone: "Australia/Sydney", date: "2026-04-04", dayStart: 5 * HOUR, hour: 2.5 * HOUR, start: "2026-04-04T15:30:00.000Z", length: 25 * HOUR, what: "repeated" },
    // Sydney springs forward at 02:00 AEST on 4 October 2026: 02:30 does not exist; 03:00 AEDT.
    { zone: "Australia/Sydney", date: "2026-10-03", dayStart: 5 * HOUR, hour: 2.5 * HOUR, start: "2026-10-03T16:00:00.000Z", length: 23 * HOUR, what: "skipped" },
  ];
  for (const c of cases) {
    it(`${c.zone} ${c.date}: a ${c.length / HOUR}-hour day generated whole, the ${c.what} hard start at ${c.start}`, () => {
      const template: PlanTemplate = {
        zone: c.zone,
        dayStartMs: c.dayStart,
        slots: [
          slot({ id: "day", startMs: c.dayStart, collectionId: "films", fillerCollectionId: "fill" }),
          slot({ id: "night", startMs: c.hour, source: "LIVE", eventType: "LIVE", durationMs: 30 * MIN, fillerCollectionId: "fill" }),
        ],
      };
      const day = new DayPlanner(template, COLLECTIONS, 0).planDay(c.date);
      expect(day.end - day.start).toBe(c.length);
      expect(day.events.find((e) => e.eventType === "LIVE")!.onAirTime).toBe(at(c.start));
      expect(day.events.reduce((sum, e) => sum + e.duration, 0)).toBe(c.length);
    });
  }
});

// Random templates: up to six slots of every kind on random weekdays, over random catalogs.
const arbItem = fc.record({ mediaId: fc.stringMatching(/^M-[0-9]{1,3}$/), durationMs: fc.oneof(fc.integer({ min: 1_000, max: 3 * HOUR }), fc.constant(null)), title: fc.constant(null) });
const arbCollections = fc.tuple(
  fc.array(arbItem, { maxLength: 6 }),
  fc.array(arbItem, { maxLength: 4 }),
  fc.array(fc.record({ mediaId: fc.stringMatching(/^F-[0-9]$/), durationMs: fc.integer({ min: 1_000, max: 20 * MIN }), title: fc.constant(null) }), { maxLength: 4 }),
);
const arbSlot = fc.record({
  id: fc.stringMatching(/^s[0-9]$/),
  days: fc.subarray([...WEEKDAYS] as Weekday[], { minLength: 1 }),
  startMs: fc.integer({ min: 0, max: 24 * 3600 - 1 }).map((s) => s * 1000),
  anchor: fc.constantFrom("HARD", "SOFT"),
  source: fc.constantFrom("COLLECTION", "COLLECTION", "LIVE", "PLACEHOLDER", "ASSET"),
  order: fc.constantFrom("SEQUENTIAL", "SHUFFLE", "RANDOM"),
  items: fc.option(fc.integer({ min: 1, max: 5 })),
  durationMs: fc.option(fc.integer({ min: MIN, max: 6 * HOUR })),
  breakMs: fc.option(fc.integer({ min: 10_000, max: 4 * MIN })),
  filler: fc.boolean(),
  overrun: fc.constantFrom("DROP", "TRIM"),
});
const arbPlan = fc.record({
  zone: fc.constantFrom("UTC", "Europe/London", "Australia/Sydney", "America/New_York"),
  dayStart: fc.integer({ min: 0, max: 23 }).map((h) => h * HOUR),
  slots: fc.uniqueArray(arbSlot, { maxLength: 6, selector: (s) => s.id }),
  catalog: arbCollections,
  seed: fc.integer(),
  from: fc.constantFrom("2026-03-26", "2026-10-22", "2026-04-02", "2026-10-01", "2026-06-10"),
});
type Plan = typeof arbPlan extends fc.Arbitrary<infer T> ? T : never;

function planOf(plan: Plan): { template: PlanTemplate; collections: Map<string, PlanCollection> } {
  const [programmes, ads, fill] = plan.catalog;
  const collections = new Map([collection("p", "PROGRAMMES", programmes), collection("a", "ADVERTISEMENTS", ads), collection("f", "FILLER", fill)].map((c) => [c.id, c]));
  const slots = plan.slots.map((s) =>
    slot({
      ...s,
      collectionId: "p",
      asset: s.source === "ASSET" ? (programmes[0] ?? null) : null,
      mediaId: s.source === "ASSET" ? (programmes[0]?.mediaId ?? "M-0") : null,
      durationMs: s.source === "LIVE" || s.source === "PLACEHOLDER" ? (s.durationMs ?? HOUR) : s.items === null ? s.durationMs : null,
      breakCollectionId: s.breakMs ? "a" : null,
      fillerCollectionId: s.filler ? "f" : null,
    }),
  );
  return { template: { zone: plan.zone, dayStartMs: plan.dayStart, slots }, collections };
}
const datesFrom = (from: string, days: number) => Array.from({ length: days }, (_, i) => new Date(Date.parse(from) + i * 24 * HOUR).toISOString().slice(0, 10));

describe("properties over random templates and catalogs", () => {
  it("covers each broadcast day exactly once, passes no hard start, and plans the same days from the same inputs", () => {
    fc.assert(
      fc.property(arbPlan, (plan) => {
        const { template, collections } = planOf(plan);
        const dates = datesFrom(plan.from, 4);
        const first = new DayPlanner(template, collections, plan.seed);
        const days = dates.map((date) => first.planDay(date));
        for (const day of days) {
          let cursor = day.start;
          for (const event of day.events) {
            expect(event.onAirTime).toBe(cursor);
            expect(event.duration).toBeGreaterThan(0);
            cursor += event.duration;
          }
          expect(cursor).toBe(day.end);
          // No event crosses the start of a HARD slot that played (a LIVE or PLACEHOLDER slot starts exactly there).
          for (const live of day.events.filter((e) => e.slotId !== "filler" && template.slots.find((s) => s.id === e.slotId)?.source === "LIVE")) {
            expect(day.events.some((e) => e.onAirTime < live.onAirTime && e.onAirTime + e.duration > live.onAirTime)).toBe(false);
          }
        }
        const again = new DayPlanner(template, collections, plan.seed);
        expect(dates.map((date) => again.planDay(date))).toEqual(days);
      }),
      { numRuns: 150 },
    );
  });

  it("continues a series across generations as within one (SEQUENTIAL positions carried)", () => {
    fc.assert(
      fc.property(arbPlan, fc.integer({ min: 1, max: 3 }), (plan, split) => {
        const { template, collections } = planOf(plan);
        const dates = datesFrom(plan.from, 4);
        const sequential = { ...template, slots: template.slots.map((s) => ({ ...s, order: "SEQUENTIAL" as const })) };
        const whole = new DayPlanner(sequential, collections, plan.seed);
        const all = dates.map((date) => whole.planDay(date));
        const before = new DayPlanner(sequential, collections, plan.seed);
        const head = dates.slice(0, split).map((date) => before.planDay(date));
        const after = new DayPlanner(sequential, collections, plan.seed, before.positions());
        const tail = dates.slice(split).map((date) => after.planDay(date));
        expect([...head, ...tail].map((d) => d.events)).toEqual(all.map((d) => d.events));
      }),
      { numRuns: 100 },
    );
  });
});
