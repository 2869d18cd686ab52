// The matching and states of reconciliation (src/asrun/reconcile.ts), table-driven and by property.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byStartThenId, matchEntries, reconcile, type AiredEntry, type PlannedEvent } from "../../src/asrun/reconcile.js";
import { summarize } from "../../src/asrun/summary.js";

const T0 = Date.parse("2026-03-01T06:00:00.000Z");
const ev = (id: number, at: number, duration: number, extra: Partial<PlannedEvent> = {}): PlannedEvent => ({
  id, start: T0 + at, duration, eventType: "PRIMARY", title: `E${id}`, mediaId: null, scte35Cues: 0, ...extra,
});
const aired = (id: number, at: number, duration: number, extra: Partial<AiredEntry> = {}): AiredEntry => ({
  id, entryId: `x${id}`, eventId: null, mediaId: null, start: T0 + at, duration, status: "AIRED", deviceId: "d", reason: null, scte35Cues: null, ...extra,
});
const sorted = <T extends { start: number; id: number }>(list: T[]) => [...list].sort(byStartThenId);

describe("reconcile: states", () => {
  const plan = [ev(1, 0, 1000)];
  const cases: [string, AiredEntry | null, number, string][] = [
    ["exact", aired(1, 0, 1000, { eventId: 1 }), 0, "ON_TIME"],
    ["within tolerance", aired(1, 40, 1030, { eventId: 1 }), 50, "ON_TIME"],
    ["early", aired(1, -51, 1000, { eventId: 1 }), 50, "EARLY"],
    ["late beats short", aired(1, 51, 10, { eventId: 1 }), 50, "LATE"],
    ["short", aired(1, 0, 949, { eventId: 1 }), 50, "SHORT"],
    ["long", aired(1, 0, 1051, { eventId: 1 }), 50, "LONG"],
    ["skipped", aired(1, 0, 0, { eventId: 1, status: "SKIPPED" }), 0, "MISSED"],
    ["failed", aired(1, 0, 0, { eventId: 1, status: "FAILED" }), 0, "MISSED"],
    ["partial and short", aired(1, 0, 500, { eventId: 1, status: "PARTIAL" }), 0, "SHORT"],
    ["nothing", null, 0, "MISSED"],
  ];
  it.each(cases)("%s", (_name, entry, tolerance, state) => {
    const rows = reconcile(plan, entry ? [entry] : [], tolerance);
    expect(rows[0].state).toBe(state);
    if (entry) expect(rows[0].startDeviationMs).toBe(entry.start - plan[0].start);
  });

  it("an entry with status UNPLANNED is never matched, even naming the event", () => {
    const rows = reconcile(plan, [aired(1, 0, 1000, { eventId: 1, status: "UNPLANNED" })], 0);
    expect(rows.map((r) => r.state)).toEqual(["MISSED", "UNPLANNED"]);
  });

  it("eventId first: several entries naming one event, the nearest start wins, the others are UNPLANNED", () => {
    const entries = sorted([aired(1, 500, 1000, { eventId: 1 }), aired(2, -100, 1000, { eventId: 1 }), aired(3, 100, 1000, { eventId: 1 })]);
    const rows = reconcile(plan, entries, 0);
    expect(rows.filter((r) => r.event).map((r) => r.entry?.id)).toEqual([2]);
    expect(rows.filter((r) => r.state === "UNPLANNED").map((r) => r.entry!.id).sort()).toEqual([1, 3]);
  });

  it("then mediaId, nearest in time; an eventId of no planned event counts as absent", () => {
    const events = [ev(1, 0, 1000, { mediaId: "M" }), ev(2, 10_000, 1000, { mediaId: "M" }), ev(3, 20_000, 1000, { mediaId: "N" })];
    const entries = sorted([aired(1, 9_000, 1000, { mediaId: "M", eventId: 999 }), aired(2, 500, 1000, { mediaId: "M" }), aired(3, 20_000, 1000, { mediaId: "M" })]);
    const rows = reconcile(events, entries, 0);
    expect(rows.map((r) => [r.event?.id ?? null, r.entry?.id ?? null, r.state])).toEqual([
      [1, 2, "LATE"],
      [2, 1, "EARLY"],
      [3, null, "MISSED"],
      [null, 3, "UNPLANNED"],
    ]);
  });
});

// Small plans and as-runs: a few media ids and coarse times so that ties and contention happen.
const plannedArb = fc.array(fc.record({ at: fc.integer({ min: 0, max: 20 }), duration: fc.integer({ min: 0, max: 5 }), media: fc.constantFrom("A", "B", "C", null) }), { maxLength: 25 });
const airedArb = fc.array(
  fc.record({
    at: fc.integer({ min: -2, max: 22 }),
    duration: fc.integer({ min: 0, max: 6 }),
    media: fc.constantFrom("A", "B", "C", null),
    names: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
    status: fc.constantFrom("AIRED", "PARTIAL", "SKIPPED", "FAILED", "UNPLANNED" as const),
  }),
  { maxLength: 25 },
);

function build(planned: { at: number; duration: number; media: string | null }[], entries: { at: number; duration: number; media: string | null; names: number | null; status: AiredEntry["status"] }[]) {
  const events = sorted(planned.map((p, i) => ev(i + 1, p.at * 1000, p.duration * 1000, { mediaId: p.media })));
  const airedEntries = sorted(entries.map((e, i) => aired(i + 1, e.at * 1000, e.duration * 1000, { mediaId: e.media, eventId: e.names, status: e.status })));
  if (airedEntries.some((e) => e.eventId === null && e.mediaId === null)) airedEntries.forEach((e) => (e.mediaId ??= "A"));
  return { events, airedEntries };
}

/** Rule 2 by the book: every (event, entry) pair of equal mediaId, taken in order while both are free. */
function naiveMediaPairs(events: PlannedEvent[], entries: AiredEntry[], entryOfEvent: number[], eventOfEntry: number[], named: boolean[]) {
  const pairs: [number, number][] = [];
  events.forEach((e, i) => entries.forEach((x, j) => {
    if (entryOfEvent[i] === -1 && !named[j] && x.status !== "UNPLANNED" && e.mediaId !== null && e.mediaId === x.mediaId) pairs.push([i, j]);
  }));
  pairs.sort(([i, j], [k, l]) => Math.abs(entries[j].start - events[i].start) - Math.abs(entries[l].start - events[k].start)
    || events[i].start - events[k].start || events[i].id - events[k].id || byStartThenId(entries[j], entries[l]));
  const result = new Map<number, number>();
  const used = new Set<number>();
  for (const [i, j] of pairs) if (!result.has(i) && !used.has(j)) { result.set(i, j); used.add(j); }
  return result;
}

describe("reconcile: properties", () => {
  it("each entry is matched at most once and each event at most once, both ways consistent", () => {
    fc.assert(fc.property(plannedArb, airedArb, (p, a) => {
      const { events, airedEntries } = build(p, a);
      const { entryOfEvent, eventOfEntry } = matchEntries(events, airedEntries);
      const matched = [...entryOfEvent].filter((j) => j !== -1);
      expect(new Set(matched).size).toBe(matched.length);
      entryOfEvent.forEach((j, i) => { if (j !== -1) expect(eventOfEntry[j]).toBe(i); });
      eventOfEntry.forEach((i, j) => { if (i !== -1) expect(entryOfEvent[i]).toBe(j); });
      // Matched pairs share the event id or the media id; UNPLANNED entries never match.
      entryOfEvent.forEach((j, i) => {
        if (j === -1) return;
        const x = airedEntries[j];
        expect(x.status).not.toBe("UNPLANNED");
        expect(x.eventId === events[i].id || x.mediaId === events[i].mediaId).toBe(true);
      });
    }));
  });

  it("the mediaId pass equals the greedy of all pairs in the documented order", () => {
    fc.assert(fc.property(plannedArb, airedArb, (p, a) => {
      const { events, airedEntries } = build(p, a);
      const ids = new Set(events.map((e) => e.id));
      // Without eventIds only rule 2 acts.
      const noNames = airedEntries.map((x) => ({ ...x, eventId: ids.has(x.eventId ?? -1) ? null : x.eventId }));
      const { entryOfEvent } = matchEntries(events, noNames);
      const expected = naiveMediaPairs(events, noNames, events.map(() => -1), noNames.map(() => -1), noNames.map(() => false));
      events.forEach((_, i) => expect(entryOfEvent[i]).toBe(expected.get(i) ?? -1));
    }));
  });

  it("an exact as-run of the plan reconciles all ON_TIME, by eventId or by mediaId alone", () => {
    fc.assert(fc.property(plannedArb, fc.boolean(), fc.integer({ min: 0, max: 1000 }), (p, byMedia, tolerance) => {
      const events = sorted(p.map((x, i) => ev(i + 1, x.at * 1000, x.duration * 1000, { mediaId: x.media ?? "Z" })));
      const entries = events.map((e, i) => aired(i + 1, e.start - T0, e.duration, byMedia ? { mediaId: e.mediaId } : { eventId: e.id }));
      const rows = reconcile(events, entries, tolerance);
      expect(rows.every((r) => r.state === "ON_TIME" || (byMedia && (r.state === "SHORT" || r.state === "LONG")))).toBe(true);
      if (!byMedia) expect(rows.every((r) => r.state === "ON_TIME" && r.entry?.eventId === r.event?.id)).toBe(true);
      else expect(rows.every((r) => r.event && r.startDeviationMs === 0)).toBe(true);
      const summary = summarize(rows);
      expect(summary.plannedMs).toBe(summary.airedMs);
    }));
  });

  it("every event appears once, every unmatched entry once, in time order; the counts add up", () => {
    fc.assert(fc.property(plannedArb, airedArb, fc.integer({ min: 0, max: 3000 }), (p, a, tolerance) => {
      const { events, airedEntries } = build(p, a);
      const rows = reconcile(events, airedEntries, tolerance);
      expect(rows.filter((r) => r.event).map((r) => r.event!.id)).toEqual(events.map((e) => e.id));
      const entryIds = rows.filter((r) => r.entry).map((r) => r.entry!.id).sort((x, y) => x - y);
      expect(new Set(entryIds).size).toBe(entryIds.length);
      const times = rows.map((r) => (r.event ? r.event.start : r.entry!.start));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      const summary = summarize(rows);
      expect(summary.counts.reduce((n, c) => n + c.count, 0)).toBe(rows.length);
      expect(summary.plannedEvents).toBe(events.length);
      expect(summary.worstDeviations.length).toBeLessThanOrEqual(10);
    }));
  });
});
