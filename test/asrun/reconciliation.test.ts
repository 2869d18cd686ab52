// asRunReconciliation through GraphQL: states, the window, tolerance, the summary and paging.
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/service.js";
import { DAY, entry, INGEST, iso, MIN, org, plan, RECONCILE, T0 } from "./helpers.js";

const t = useTestService();


/** A  0-10 · AD 10-12 (two cues) · B 12-22 (media MB) · C 22-32 · D 32-42 · E 42-52 */
async function day() {
  const o = await org(t);
  const s = await plan(o.editor, DAY);
  const [a, ad, , c, d, e] = s.events;
  await o.playout.data(INGEST, {
    s: s.id,
    entries: [
      entry("1", T0 + 500, 10 * MIN, { eventId: a }), // 0.5 s late
      entry("2", T0 + 10 * MIN, 90_000, { eventId: ad, status: "PARTIAL", reason: "cut", scte35Cues: 1 }), // 30 s short
      entry("3", T0 + 12 * MIN - 3000, 10 * MIN, { mediaId: "MB" }), // 3 s early, matched by media
      entry("4", T0 + 22 * MIN, 10 * MIN + 5000, { eventId: c }), // 5 s long
      entry("5", T0 + 32 * MIN, 0, { eventId: d, status: "SKIPPED", reason: "operator" }),
      entry("6", T0 + 52 * MIN, 30_000, { mediaId: "SLATE", status: "UNPLANNED" }),
    ],
  });
  return { o, s, ids: s.events, e };
}

const states = (r: { content: { state: string; title: string | null }[] }) => r.content.map((row) => [row.title, row.state]);

describe("asRunReconciliation", () => {
  it("gives each planned event its state and lists unmatched entries as UNPLANNED", async () => {
    const { o, s } = await day();
    const r = (await o.viewer.data(RECONCILE, { s: s.id, size: 100 })).asRunReconciliation;
    expect(states(r)).toEqual([["A", "LATE"], ["AD", "SHORT"], ["B", "EARLY"], ["C", "LONG"], ["D", "MISSED"], ["E", "MISSED"], [null, "UNPLANNED"]]);
    expect(r.content[0]).toMatchObject({ startDeviationMs: 500, durationDeviationMs: 0, entryId: "1", asRunStatus: "AIRED", plannedStart: iso(T0), actualStart: iso(T0 + 500) });
    expect(r.content[2]).toMatchObject({ mediaId: "MB", entryId: "3", startDeviationMs: -3000 });
    expect(r.content[4]).toMatchObject({ asRunStatus: "SKIPPED", reason: "operator" });
    expect(r.content[5]).toMatchObject({ entryId: null, startDeviationMs: null });
    expect(r.content[6]).toMatchObject({ eventId: null, mediaId: "SLATE", asRunStatus: "UNPLANNED" });
    const counts = Object.fromEntries(r.summary.counts.map((c: { state: string; count: number }) => [c.state, c.count]));
    expect(counts).toEqual({ ON_TIME: 0, EARLY: 1, LATE: 1, SHORT: 1, LONG: 1, MISSED: 2, UNPLANNED: 1 });
    expect(r.summary).toMatchObject({
      plannedEvents: 6,
      airedEntries: 5,
      plannedMs: 52 * MIN,
      unplannedMs: 30_000,
      airedMs: 10 * MIN + 90_000 + 10 * MIN + 10 * MIN + 5000 + 30_000,
      adBreakMinutesPlanned: 2,
      adBreakMinutesAired: 1.5,
      scte35CuesPlanned: 2,
      scte35CuesAired: 1,
    });
    expect(r.summary.byEventType).toEqual([
      { eventType: "ADVERTISEMENT", plannedMs: 2 * MIN, airedMs: 90_000 },
      { eventType: "PRIMARY", plannedMs: 50 * MIN, airedMs: 30 * MIN + 5000 },
    ]);
    expect(r.summary.worstDeviations.map((w: { eventId: string }) => w.eventId)).toEqual([s.events[1], s.events[3], s.events[2], s.events[0]]);
  });

  it("the tolerance turns small deviations ON_TIME", async () => {
    const { o, s } = await day();
    const r = (await o.viewer.data(RECONCILE, { s: s.id, tol: 5000, size: 100 })).asRunReconciliation;
    expect(r.toleranceMs).toBe(5000);
    expect(states(r).slice(0, 4)).toEqual([["A", "ON_TIME"], ["AD", "SHORT"], ["B", "ON_TIME"], ["C", "ON_TIME"]]);
    expect((await o.viewer.error(RECONCILE, { s: s.id, tol: -1 })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("a window holds the events planned in it and the entries naming them or aired in it", async () => {
    const { o, s } = await day();
    const r = (await o.viewer.data(RECONCILE, { s: s.id, from: iso(T0 + 10 * MIN), to: iso(T0 + 32 * MIN), size: 100 })).asRunReconciliation;
    expect(states(r)).toEqual([["AD", "SHORT"], ["B", "EARLY"], ["C", "LONG"]]);
    // A and its entry (aired in [0, 10)) and the slate aired at 52 min lie outside.
    const late = (await o.viewer.data(RECONCILE, { s: s.id, from: iso(T0 + 42 * MIN), size: 100 })).asRunReconciliation;
    expect(states(late)).toEqual([["E", "MISSED"], [null, "UNPLANNED"]]);
    expect((await o.viewer.error(RECONCILE, { s: s.id, from: iso(T0 + MIN), to: iso(T0) })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("pages like events and filters rows by state; the summary covers the whole window", async () => {
    const { o, s } = await day();
    const p1 = (await o.viewer.data(RECONCILE, { s: s.id, page: 1, size: 3 })).asRunReconciliation;
    expect(p1).toMatchObject({ number: 1, size: 3, totalElements: 7, totalPages: 3, first: false, last: false });
    expect(states(p1)).toEqual([["C", "LONG"], ["D", "MISSED"], ["E", "MISSED"]]);
    expect(p1.summary.plannedEvents).toBe(6);
    const missed = (await o.viewer.data(RECONCILE, { s: s.id, states: ["MISSED"] })).asRunReconciliation;
    expect(missed).toMatchObject({ totalElements: 2 });
    expect(states(missed)).toEqual([["D", "MISSED"], ["E", "MISSED"]]);
    expect((await o.viewer.error(RECONCILE, { s: s.id, size: 0 })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("another organization's schedule is NOT_FOUND; a viewer may read", async () => {
    const { s } = await day();
    const other = await org(t);
    expect((await other.viewer.error(RECONCILE, { s: s.id })).extensions.code).toBe("NOT_FOUND");
    expect((await t.client().error(RECONCILE, { s: s.id })).extensions.code).toBe("UNAUTHENTICATED");
  });

  it("an exact as-run of the plan is all ON_TIME", async () => {
    const o = await org(t);
    const specs = Array.from({ length: 30 }, (_, i) => ({ at: T0 + i * MIN, duration: MIN, mediaId: `M${i % 4}` }));
    const s = await plan(o.editor, specs);
    await o.playout.data(INGEST, { s: s.id, entries: specs.map((p, i) => entry(`x${i}`, p.at, p.duration, i % 2 ? { eventId: s.events[i] } : { mediaId: p.mediaId })) });
    const r = (await o.viewer.data(RECONCILE, { s: s.id, size: 100 })).asRunReconciliation;
    expect(r.content.every((row: { state: string }) => row.state === "ON_TIME")).toBe(true);
    expect(r.summary.plannedMs).toBe(r.summary.airedMs);
  });
});
