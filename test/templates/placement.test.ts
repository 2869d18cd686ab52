// Generation keeps the traffic rules (src/templates/placement-rules.ts): a refused item is swapped
// for another of its collection, or its time filled, and the rule is named; and, over random
// catalogs (rights windows, run caps, advertisers, categories) and random separation rules, every
// generated day validates clean by the validation's own rules (src/traffic rightsAndSeparation).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { broadcastDateOf } from "../../src/localtime/index.js";
import { DayPlanner } from "../../src/templates/plan-day.js";
import { PlacementRules } from "../../src/templates/placement-rules.js";
import type { CatalogItem, PlanCollection, PlanSlot, PlanTemplate } from "../../src/templates/plan-types.js";
import { WEEKDAYS } from "../../src/templates/plan-types.js";
import { rightsAndSeparation, type RightsAsset, type RightsWindowRule, type SeparationMs } from "../../src/traffic/index.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const CLOCK = { zone: "UTC", dayStartMs: 6 * HOUR };
const slot = (over: Partial<PlanSlot> & Pick<PlanSlot, "id" | "startMs">): PlanSlot => ({
  days: [...WEEKDAYS], anchor: "HARD", source: "COLLECTION", title: null, eventType: "PRIMARY", asset: null, mediaId: null, collectionId: "p",
  order: "SEQUENTIAL", items: null, durationMs: null, breakCollectionId: null, breakMs: null, fillerCollectionId: null, overrun: "DROP", ...over,
});
const rulesOf = (separation: SeparationMs, channel = "One") =>
  new PlacementRules({ channel, separation, broadcastDate: (ms) => broadcastDateOf(CLOCK, ms), runs: new Map() });
const NO_SEPARATION = { sameAssetMinMs: 0, sameAdvertiserMinMs: 0, sameCategoryMinMs: 0 };

describe("generation keeps the traffic rules", () => {
  it("plays the next item a rule allows, names the rule, and fills the time when none may", () => {
    const items: CatalogItem[] = [
      // Its window ended before the day: OUTSIDE_WINDOW.
      { mediaId: "OLD", assetId: "OLD", durationMs: 30 * MIN, title: "Old", rights: [{ start: null, end: "2026-03-01T00:00:00Z", channels: [], maxRuns: null, maxRunsPerDay: null }] },
      // Licensed for another channel only: CHANNEL.
      { mediaId: "ELSE", assetId: "ELSE", durationMs: 30 * MIN, title: "Else", rights: [{ start: null, end: null, channels: ["Two"], maxRuns: null, maxRunsPerDay: null }] },
      // Once a broadcast day.
      { mediaId: "ONCE", assetId: "ONCE", durationMs: 30 * MIN, title: "Once", rights: [{ start: null, end: null, channels: ["One"], maxRuns: null, maxRunsPerDay: 1 }] },
    ];
    const template: PlanTemplate = { zone: "UTC", dayStartMs: 6 * HOUR, slots: [slot({ id: "s", startMs: 6 * HOUR, items: 2 })] };
    const day = new DayPlanner(template, new Map([["p", { id: "p", name: "Films", kind: "PROGRAMMES", items }]]), 0, new Map(), rulesOf(NO_SEPARATION)).planDay("2026-03-02");
    expect(day.events.filter((e) => e.mediaId).map((e) => e.mediaId)).toEqual(["ONCE"]);
    expect(day.messages.map((m) => m.message)).toEqual([
      expect.stringMatching(/^slot s: left out at 2026-03-02T06:00:00\+00:00: OLD \(OUTSIDE_WINDOW\), ELSE \(CHANNEL\); ONCE plays instead$/),
      expect.stringMatching(/^slot s: no item of "Films" may play at 2026-03-02T06:30:00\+00:00: OLD \(OUTSIDE_WINDOW\), ELSE \(CHANNEL\), ONCE \(MAX_RUNS_PER_DAY\); its time is filled$/),
      expect.stringMatching(/^placeholder of .* no filler collection$/),
    ]);
  });

  // Random catalogs: items with or without windows (open or closed sides, channels, caps), advertisers and categories from small sets.
  const arbWindow = fc.record({
    start: fc.option(fc.constantFrom("2026-03-01T00:00:00Z", "2026-03-02T12:00:00Z", "2026-03-03T06:00:00Z"), { nil: null }),
    end: fc.option(fc.constantFrom("2026-03-02T18:00:00Z", "2026-03-04T00:00:00Z", "2026-03-10T00:00:00Z"), { nil: null }),
    channels: fc.subarray(["One", "Two"]),
    maxRuns: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    maxRunsPerDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  });
  const arbItem = (prefix: string, minMs: number, maxMs: number) =>
    fc.record({
      n: fc.integer({ min: 0, max: 99 }),
      durationMs: fc.integer({ min: minMs, max: maxMs }),
      rights: fc.oneof(fc.constant<RightsWindowRule[]>([]), fc.array(arbWindow, { minLength: 1, maxLength: 2 })),
      advertiser: fc.option(fc.constantFrom("Acme", "Globex"), { nil: null }),
      productCategory: fc.option(fc.constantFrom("cars", "food"), { nil: null }),
    }).map((x): CatalogItem => ({ mediaId: `${prefix}-${x.n}`, assetId: `${prefix}-${x.n}`, title: null, durationMs: x.durationMs, rights: x.rights, advertiser: x.advertiser, productCategory: x.productCategory }));
  const unique = (items: CatalogItem[]) => [...new Map(items.map((i) => [i.mediaId, i])).values()];
  const arbCase = fc.record({
    programmes: fc.array(arbItem("P", 10 * MIN, 90 * MIN), { minLength: 1, maxLength: 8 }).map(unique),
    spots: fc.array(arbItem("S", 10_000, 60_000), { maxLength: 8 }).map(unique),
    fillers: fc.array(arbItem("F", 10_000, 10 * MIN), { maxLength: 5 }).map(unique),
    separation: fc.record({ sameAssetMinMs: fc.constantFrom(0, 30 * MIN, 3 * HOUR), sameAdvertiserMinMs: fc.constantFrom(0, 2 * MIN, HOUR), sameCategoryMinMs: fc.constantFrom(0, 5 * MIN) }),
    order: fc.constantFrom("SEQUENTIAL", "SHUFFLE", "RANDOM") as fc.Arbitrary<PlanSlot["order"]>,
    seed: fc.integer(),
  });

  it("generates days that validate clean: no rights or separation issue, over random catalogs and rules", () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const collections = new Map<string, PlanCollection>([
          ["p", { id: "p", name: "P", kind: "PROGRAMMES", items: c.programmes }],
          ["a", { id: "a", name: "A", kind: "ADVERTISEMENTS", items: c.spots }],
          ["f", { id: "f", name: "F", kind: "FILLER", items: c.fillers }],
        ]);
        const template: PlanTemplate = {
          zone: "UTC",
          dayStartMs: 6 * HOUR,
          slots: [6, 12, 18].map((h) => slot({ id: `s${h}`, startMs: h * HOUR, order: c.order, breakCollectionId: "a", breakMs: 2 * MIN, fillerCollectionId: "f" })),
        };
        const planner = new DayPlanner(template, collections, c.seed, new Map(), rulesOf(c.separation));
        const events = ["2026-03-02", "2026-03-03", "2026-03-04"].flatMap((date) => planner.planDay(date).events);
        const assets = new Map<string, RightsAsset>([...c.programmes, ...c.spots, ...c.fillers].map((i) => [i.mediaId!, { assetId: i.assetId!, mediaId: i.mediaId, rights: i.rights, advertiser: i.advertiser, productCategory: i.productCategory }]));
        const steps = rightsAndSeparation(
          { events: events.map((e, id) => ({ id, onAirTime: e.onAirTime, assetKey: e.mediaId })), assets, channel: "One", broadcastDate: (ms) => broadcastDateOf(CLOCK, ms), otherRuns: [], separation: c.separation },
          () => 0,
        );
        let result = steps.next();
        while (!result.done) result = steps.next();
        expect({ rights: result.value.rightsIssues(null), separation: result.value.separationIssues(null) }).toEqual({ rights: [], separation: [] });
      }),
      { numRuns: 150 },
    );
  });
});
