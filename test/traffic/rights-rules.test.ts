// The traffic rules against a plain reading of docs/CHECKS.md "Rights and separation", over
// random catalogs, schedules, other schedules' runs and rules: every rights reason and every
// separation issue equal, in air order. The rules count in one pass (merged runs, a count per
// broadcast day); the reading here counts each event's runs again from scratch.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { broadcastDateLookup, broadcastDateOf } from "../../src/localtime/index.js";
import {
  rightsAndSeparation,
  windowHolds,
  windowsOf,
  listsChannel,
  type OtherRun,
  type RightsAsset,
  type RightsIssueValue,
  type SeparationIssueValue,
  type SeparationMs,
} from "../../src/traffic/index.js";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 27, 20); // the spring-forward weekend in London: a 23-hour broadcast day
const CLOCK = { zone: "Europe/London", dayStartMs: 6 * HOUR };
const CHANNELS = ["One", "Two"];
const iso = (ms: number) => new Date(ms).toISOString();

const arbWindow = fc.record({
  from: fc.option(fc.integer({ min: -10, max: 60 }), { nil: null }),
  hours: fc.integer({ min: 1, max: 72 }),
  channels: fc.subarray(CHANNELS),
  maxRuns: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
  maxRunsPerDay: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  open: fc.boolean(),
});
const arbAsset = fc.record({
  windows: fc.array(arbWindow, { maxLength: 2 }),
  advertiser: fc.option(fc.constantFrom("Cars", "Banks"), { nil: null }),
  category: fc.option(fc.constantFrom("Auto", "Finance", "Food"), {
    nil: null,
  }),
});
const arbCase = fc.record({
  assets: fc.array(arbAsset, { minLength: 1, maxLength: 6 }),
  own: fc.array(
    fc.record({
      minutes: fc.integer({ min: 0, max: 60 * 72 }),
      asset: fc.nat(7),
    }),
    { maxLength: 60 },
  ),
  others: fc.array(
    fc.record({
      minutes: fc.integer({ min: 0, max: 60 * 72 }),
      asset: fc.nat(5),
    }),
    { maxLength: 30 },
  ),
  channel: fc.option(fc.constantFrom(...CHANNELS), { nil: null }),
  separation: fc.record({
    sameAssetMinMs: fc.constantFrom(0, HOUR),
    sameAdvertiserMinMs: fc.constantFrom(0, 20 * 60_000),
    sameCategoryMinMs: fc.constantFrom(0, 5 * 60_000),
  }),
});

type Case = typeof arbCase extends fc.Arbitrary<infer T> ? T : never;

function catalogOf(c: Case): Map<string, RightsAsset> {
  return new Map(
    c.assets.map((a, n): [string, RightsAsset] => [
      `A${n}`,
      {
        assetId: `A${n}`,
        mediaId: `M${n}`,
        advertiser: a.advertiser,
        productCategory: a.category,
        rights: a.windows.map((w) => ({
          start: w.from === null ? null : iso(T0 + w.from * HOUR),
          end: w.open ? null : iso(T0 + ((w.from ?? 0) + w.hours) * HOUR),
          channels: w.channels,
          maxRuns: w.maxRuns,
          maxRunsPerDay: w.maxRunsPerDay,
        })),
      },
    ]),
  );
}

/** The rules read plainly: each event's reasons, its runs counted again for each window. */
function plainReading(events: { id: number; onAirTime: number; assetKey: string | null }[], assets: Map<string, RightsAsset>, channel: string | null, others: OtherRun[], separation: SeparationMs) {
  const rights: RightsIssueValue[] = [];
  const ownRuns = events.filter((e) => {
    const asset = e.assetKey ? assets.get(e.assetKey) : undefined;
    const inTime = asset ? windowsOf(asset).filter((w) => windowHolds(w, e.onAirTime)) : [];
    return inTime.some((w) => listsChannel(w, channel));
  });
  for (const e of events) {
    const asset = e.assetKey ? assets.get(e.assetKey) : undefined;
    if (!asset || windowsOf(asset).length === 0) continue;
    const inTime = windowsOf(asset).filter((w) => windowHolds(w, e.onAirTime));
    const reasons = new Set<string>();
    if (inTime.length === 0) reasons.add("OUTSIDE_WINDOW");
    else if (!inTime.some((w) => listsChannel(w, channel))) reasons.add("CHANNEL");
    else {
      const all = [...ownRuns.filter((r) => assets.get(r.assetKey!)!.assetId === asset.assetId), ...others.filter((r) => r.assetId === asset.assetId)];
      const upTo = all.filter((r) => r.onAirTime < e.onAirTime || (r.onAirTime === e.onAirTime && r.id <= e.id));
      for (const w of windowsOf(asset)) {
        if (!listsChannel(w, channel)) continue;
        const counted = upTo.filter((r) => windowHolds(w, r.onAirTime));
        if (!windowHolds(w, e.onAirTime)) continue;
        if (w.maxRuns !== null && counted.length > w.maxRuns) reasons.add("MAX_RUNS");
        const day = broadcastDateOf(CLOCK, e.onAirTime);
        if (w.maxRunsPerDay !== null && counted.filter((r) => broadcastDateOf(CLOCK, r.onAirTime) === day).length > w.maxRunsPerDay) reasons.add("MAX_RUNS_PER_DAY");
      }
    }
    for (const reason of ["OUTSIDE_WINDOW", "CHANNEL", "MAX_RUNS", "MAX_RUNS_PER_DAY"] as const)
      if (reasons.has(reason))
        rights.push({
          eventId: String(e.id),
          mediaId: asset.mediaId ?? asset.assetId,
          reason,
        });
  }
  const sep: SeparationIssueValue[] = [];
  const rules = [
    ["ASSET", separation.sameAssetMinMs, (a: RightsAsset) => a.assetId],
    ["ADVERTISER", separation.sameAdvertiserMinMs, (a: RightsAsset) => a.advertiser],
    ["CATEGORY", separation.sameCategoryMinMs, (a: RightsAsset) => a.productCategory],
  ] as const;
  events.forEach((e, i) => {
    const asset = e.assetKey ? assets.get(e.assetKey) : undefined;
    if (!asset) return;
    for (const [rule, ms, valueOf] of rules) {
      const value = valueOf(asset);
      if (ms <= 0 || value === null || value === undefined) continue;
      const previous = events
        .slice(0, i)
        .reverse()
        .find((p) => p.assetKey && assets.get(p.assetKey) && valueOf(assets.get(p.assetKey)!) === value);
      if (previous && e.onAirTime - previous.onAirTime < ms)
        sep.push({
          eventId: String(e.id),
          otherEventId: String(previous.id),
          rule,
          gapMs: e.onAirTime - previous.onAirTime,
        });
    }
  });
  return { rights, separation: sep };
}

describe("rights and separation rules", () => {
  it("equal a plain reading of the rules over random catalogs, schedules, other runs and separations", () => {
    fc.assert(
      fc.property(arbCase, (c) => {
        const assets = catalogOf(c);
        // Air order (start, id); a key naming no asset (7) stays unknown.
        const events = c.own
          .map((e, n) => ({
            id: 100 + n,
            onAirTime: T0 + e.minutes * 60_000,
            assetKey: e.asset < c.assets.length ? `A${e.asset}` : e.asset === 7 ? null : `GONE${e.asset}`,
          }))
          .sort((a, b) => a.onAirTime - b.onAirTime || a.id - b.id);
        const others: OtherRun[] = c.others
          .filter((r) => r.asset < c.assets.length)
          .map((r, n) => ({
            id: 1000 - n,
            onAirTime: T0 + r.minutes * 60_000,
            assetId: `A${r.asset}`,
          }));
        const steps = rightsAndSeparation(
          {
            events,
            assets,
            channel: c.channel,
            broadcastDate: broadcastDateLookup(CLOCK),
            otherRuns: others,
            separation: c.separation,
          },
          () => 0,
        );
        let result = steps.next();
        while (!result.done) result = steps.next();
        const found = {
          rights: result.value.rightsIssues(null),
          separation: result.value.separationIssues(null),
        };
        expect(found).toEqual(plainReading(events, assets, c.channel, others, c.separation));
        expect([result.value.rightsCount, result.value.separationCount]).toEqual([found.rights.length, found.separation.length]);
        expect(result.value.rightsIssues(2)).toEqual(found.rights.slice(0, 2));
      }),
      { numRuns: 300 },
    );
  });
});
