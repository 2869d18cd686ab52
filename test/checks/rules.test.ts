// Pure modules of the checks: validation rules and placeholder evaluation, table-driven.
import "reflect-metadata";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluateParameters, type ParameterContext, type ParameterEvent } from "../../src/checks/parameters.js";
import { validate, validateCooperatively, type CheckedEvent, type ValidationInput } from "../../src/checks/validation-rules.js";

const ev = (id: number, onAirTime: number, duration: number, extra: Partial<CheckedEvent> = {}): CheckedEvent => ({
  id, onAirTime, duration, locked: false, eventType: "PRIMARY", assetKey: null, ...extra,
});

const input = (events: CheckedEvent[], extra: Partial<ValidationInput> = {}): ValidationInput => ({
  scheduleId: 1, start: events[0]?.onAirTime ?? null, breakMin: null, breakMax: null, channelId: null, scheduleChannelId: null,
  events, assets: new Map(), fullList: true, limit: 10, ...extra,
});

describe("validate", () => {
  it.each([
    ["back to back", [ev(1, 0, 10), ev(2, 10, 10)], { gaps: 0, overlaps: 0 }],
    ["a gap", [ev(1, 0, 10), ev(2, 15, 10)], { gaps: 1, overlaps: 0 }],
    ["an overlap", [ev(1, 0, 10), ev(2, 5, 10)], { gaps: 0, overlaps: 1 }],
    ["an event inside a longer one opens no gap", [ev(1, 0, 100), ev(2, 10, 10), ev(3, 50, 10)], { gaps: 0, overlaps: 2 }],
  ])("%s", (_, events, expected) => {
    expect(validate(input(events)).totals).toMatchObject(expected);
  });

  it("checks breaks against breakMin and breakMax; a null bound is not checked", () => {
    const events = [ev(1, 0, 100), ev(2, 100, 30, { eventType: "ADVERTISEMENT" }), ev(3, 130, 100), ev(4, 230, 30, { eventType: "ADVERTISEMENT" }), ev(5, 260, 30, { eventType: "BLOCK" })];
    expect(validate(input(events, { breakMin: 40, breakMax: 100 })).breakIssues).toEqual([{ timeFrom: 100, value: 30, overlapping: false, eventIds: ["2"] }]);
    expect(validate(input(events, { breakMax: 50 })).breakIssues).toEqual([{ timeFrom: 230, value: 60, overlapping: false, eventIds: ["4", "5"] }]);
    expect(validate(input(events)).totals.breakIssues).toBe(0);
  });

  it("sorts assets into missing, archived, failed QC and too short", () => {
    const assets = new Map([
      ["A", { assetId: "A", storageType: "ARCHIVED", qcStatus: "FAILED", durationMs: 5 }],
      ["M", { assetId: "B", storageType: "ONLINE", qcStatus: "PASSED", durationMs: null }],
    ]);
    const r = validate(input([ev(1, 0, 10, { assetKey: "A" }), ev(2, 10, 10, { assetKey: "M" }), ev(3, 20, 10, { assetKey: "X" }), ev(4, 30, 10)], { assets }));
    expect(r.archivedAssets).toEqual(["A"]);
    expect(r.failedQcAssetEvents).toEqual(["1"]);
    expect(r.missingAssetIssues).toEqual([{ key: "X", assetId: null, eventIds: ["3"] }]);
    expect(r.durationIssues).toEqual([{ eventId: "1", assetId: "A", duration: 10, assetDuration: 5 }]);
  });

  it("keeps totals complete and cuts every list with fullList false", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 30 })), { maxLength: 60 }), fc.integer({ min: 1, max: 5 }), (spans, limit) => {
        let t = 0;
        const events = spans.map(([gap, d], i) => ev(i + 1, (t += gap), d, { assetKey: `K${i % 7}` }));
        const full = validate(input(events));
        const short = validate(input(events, { fullList: false, limit }));
        expect(short.totals).toEqual(full.totals);
        expect(short.gaps).toEqual(full.gaps.slice(0, limit));
        expect(short.missingAssets).toEqual(full.missingAssets.slice(0, limit));
        expect(full.valid).toBe(full.totals.problems === 0);
      }),
    );
  });
});

describe("validateCooperatively", () => {
  it("answers what validate answers, pausing once per item handled", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: -5, max: 50 }), fc.integer({ min: 0, max: 30 }), fc.boolean()), { maxLength: 60 }), async (spans) => {
        let t = 0;
        const events = spans.map(([gap, d, ad], i) => ev(i + 1, (t += gap), d, { assetKey: `K${i % 7}`, eventType: ad ? "ADVERTISEMENT" : "PRIMARY" }));
        const assets = new Map([["K1", { assetId: "A1", storageType: "ARCHIVED", qcStatus: "FAILED", durationMs: 3 }]]);
        const counts: number[] = [];
        const cooperative = await validateCooperatively(input(events, { assets }), async (n) => void counts.push(n));
        expect(cooperative).toEqual(validate(input(events, { assets })));
        // A count that never goes back, at least one pause per event.
        expect(counts.every((n, i) => i === 0 || n >= counts[i - 1])).toBe(true);
        expect(counts.length).toBeGreaterThanOrEqual(events.length);
      }),
    );
  });
});

describe("evaluateParameters", () => {
  const event = (id: number, title: string, assetKey: string | null = null): ParameterEvent => ({
    id, onAirTime: Date.UTC(2026, 0, 1), duration: 1000, eventType: "PRIMARY", title, mediaId: assetKey, houseId: `H${id}`, assetKey,
  });
  const context: ParameterContext = {
    schedule: { id: "9", name: "Day", channel: "One", channelId: 1 },
    current: event(2, "Now", "A1"),
    previous: null,
    next: event(3, "Later", "GONE"),
    assets: new Map([["A1", { assetId: "A1", name: "Asset one", systemFields: { title: "T1" }, metadata: { durationInMilliseconds: 900 } }]]),
    substitution: { "current.title": "Overridden" },
  };

  it.each([
    ["${current.title}", "Overridden", false, false, []],
    ["${next.title}/${previous.title}", "Later/", false, false, []],
    ["${current.houseId} ${current.endTime}", "H2 2026-01-01T00:00:01.000Z", false, false, []],
    ["${asset.title} ${asset.duration} ${asset.systemFields.title}", "T1 900 T1", true, true, []],
    ["${next.assetId}", "GONE", true, false, []],
    ["${asset.nope} ${}", "${asset.nope} ${}", false, false, ["${asset.nope}", "${}"]],
    ["${channel}:${schedule.channelId}", "One:1", false, false, []],
    ["plain", "plain", false, false, []],
  ])("%s", (raw, value, asset, exists, unknown) => {
    expect(evaluateParameters({ p: raw }, context)).toEqual([{ name: "p", evaluatedValue: value, asset, assetExists: exists, unknownPlaceholders: unknown }]);
  });
});
