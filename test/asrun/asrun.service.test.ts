// AsRunService called directly with a Viewer (no HTTP, no GraphQL): ingestAsRun (idempotent by
// entry id, all or nothing, who may report what aired), Schedule.asRun's page, the reconciliation
// of plan against air and its export job. importAsRun needs an uploaded file and stays with the
// GraphQL tests. test/asrun/ingest.test.ts and reconciliation.test.ts cover the same over GraphQL.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Role, Viewer } from "../../src/common/auth.js";
import { queryRows } from "../../src/db/client.js";
import type { AsRunEntryValues } from "../../src/asrun/rules.js";
import type { EventInput } from "../../src/events/types.js";
import { ReconciliationState } from "../../src/asrun/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";
import { DAY, MIN, T0, type PlanSpec } from "./helpers.js";

const bed = useServices();

/** A fresh organization and a caller of it in each role. */
function org() {
  const { org, viewer: editor } = orgViewer();
  const as = (role: Role) => viewerOf(org, role);
  return { org, editor, admin: as("admin"), playout: as("playout"), viewer: as("viewer") };
}

/** A schedule with the events (one bulk edit); answers its id and the event ids in air order. */
async function plan(viewer: Viewer, specs: PlanSpec[]) {
  const s = await bed.services.schedules.create(viewer, { name: "Day" });
  await bed.services.events.bulkEdit(viewer, { scheduleId: s.id, version: s.version }, {
    created: specs.map(({ at, ...rest }) => ({ onAirTime: new Date(at), title: "Event", ...rest }) as EventInput),
  });
  const pages = await bed.services.events.pagesOf([Number(s.id)], { page: 0, size: 1000 });
  return { id: s.id, events: pages.get(Number(s.id))!.content.map((e) => e.id) };
}

const entry = (entryId: string, at: number, actualDurationMs: number, extra: Partial<AsRunEntryValues> = {}): AsRunEntryValues => ({
  entryId, actualStart: new Date(at), actualDurationMs, status: "AIRED", deviceId: "playout-1", ...extra,
});

const storedIds = async (scheduleId: string) =>
  (await queryRows<{ entry_id: string }>(bed.handle.db, sql`select entry_id from as_run_entries where schedule_id = ${Number(scheduleId)} order by actual_start, entry_id`)).map((r) => r.entry_id);


/** A 0-10 · AD 10-12 (two cues) · B 12-22 (media MB) · C 22-32 · D 32-42 · E 42-52, and what aired. */
async function day() {
  const o = org();
  const s = await plan(o.editor, DAY);
  const [a, ad, , c, d] = s.events;
  await bed.services.asRun.ingest(o.playout, s.id, [
    entry("1", T0 + 500, 10 * MIN, { eventId: a }), // 0.5 s late
    entry("2", T0 + 10 * MIN, 90_000, { eventId: ad, status: "PARTIAL", reason: "cut", scte35Cues: 1 }), // 30 s short
    entry("3", T0 + 12 * MIN - 3000, 10 * MIN, { mediaId: "MB" }), // 3 s early, matched by media
    entry("4", T0 + 22 * MIN, 10 * MIN + 5000, { eventId: c }), // 5 s long
    entry("5", T0 + 32 * MIN, 0, { eventId: d, status: "SKIPPED", reason: "operator" }),
    entry("6", T0 + 52 * MIN, 30_000, { mediaId: "SLATE", status: "UNPLANNED" }),
  ]);
  return { o, s };
}

const states = (r: { content: { state: string; title: string | null }[] }) => r.content.map((row) => [row.title, row.state]);

describe("AsRunService.ingest and Schedule.asRun", () => {
  it("stores a batch once: a resent batch changes nothing and counts as duplicates, a repeat inside one call counts once", async () => {
    const o = org();
    const s = await plan(o.editor, [{ at: T0, duration: MIN, mediaId: "M1" }, { at: T0 + MIN, duration: MIN }]);
    const batch = [entry("a1", T0, MIN, { eventId: s.events[0] }), entry("a2", T0 + MIN, MIN, { mediaId: "M1" }), entry("a3", T0 + 2 * MIN, MIN, { mediaId: "NOPE" })];
    expect(await bed.services.asRun.ingest(o.playout, s.id, batch)).toEqual({ inserted: 3, duplicates: 0, unmatched: 1 });
    expect(await bed.services.asRun.ingest(o.admin, s.id, batch)).toEqual({ inserted: 0, duplicates: 3, unmatched: 1 });
    const mixed = [entry("a4", T0 + 3 * MIN, MIN, { mediaId: "M1" }), entry("a4", T0 + 3 * MIN, MIN, { mediaId: "M1" }), batch[0]];
    expect(await bed.services.asRun.ingest(o.playout, s.id, mixed)).toEqual({ inserted: 1, duplicates: 2, unmatched: 0 });
    const page = await bed.services.asRun.page(o.viewer, await bed.services.schedules.get(o.viewer, s.id), {});
    expect(page.totalElements).toBe(4);
    expect(page.content[0]).toMatchObject({ entryId: "a1", eventId: s.events[0], mediaId: null, actualDurationMs: MIN, status: "AIRED", deviceId: "playout-1", reason: null, scte35Cues: null, ingestedBy: "tester" });
    expect(page.content[0].actualStart.getTime()).toBe(T0);
  });

  it("refuses invalid entries with BAD_USER_INPUT naming the field (the argument for the batch), writing nothing", async () => {
    const o = org();
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    const ok = entry("ok", T0, MIN, { mediaId: "M" });
    const cases: [AsRunEntryValues[], Record<string, string>][] = [
      [[], { argument: "entries" }],
      [Array.from({ length: 10_001 }, (_, i) => entry(`n${i}`, T0 + i * 1000, 1000, { mediaId: "M" })), { argument: "entries" }],
      [[ok, entry("e", T0, MIN)], { field: "entries[1]" }],
      [[ok, entry(" ", T0, MIN, { mediaId: "M" })], { field: "entries[1].entryId" }],
      [[ok, entry("e", T0, MIN, { eventId: "x1" })], { field: "entries[1].eventId" }],
      [[ok, entry("e", T0, -1, { mediaId: "M" })], { field: "entries[1].actualDurationMs" }],
      [[ok, entry("e", Number.NaN, MIN, { mediaId: "M" })], { field: "entries[1].actualStart" }],
      [[ok, entry("e", T0, MIN, { mediaId: "M", status: "LOST" })], { field: "entries[1].status" }],
      [[ok, entry("e", T0, MIN, { mediaId: "M", deviceId: "" })], { field: "entries[1].deviceId" }],
      [[ok, entry("e", T0, MIN, { mediaId: "M", scte35Cues: 1001 })], { field: "entries[1].scte35Cues" }],
      [[ok, entry("ok", T0, 2 * MIN, { mediaId: "M" })], { field: "entries[1].entryId" }],
    ];
    for (const [entries, named] of cases) {
      const error = await appError(bed.services.asRun.ingest(o.admin, s.id, entries), "BAD_USER_INPUT");
      expect(error.extensions, JSON.stringify(named)).toMatchObject(named);
    }
    expect(await storedIds(s.id)).toEqual([]);
  });

  it("lets admin and playout report what aired; editor and viewer are FORBIDDEN; another organization's schedule is NOT_FOUND", async () => {
    const o = org();
    const other = org();
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    const one = [entry("r1", T0, MIN, { eventId: s.events[0] })];
    await appError(bed.services.asRun.ingest(o.editor, s.id, one), "FORBIDDEN");
    await appError(bed.services.asRun.ingest(o.viewer, s.id, one), "FORBIDDEN");
    await appError(bed.services.asRun.ingest(other.playout, s.id, one), "NOT_FOUND");
    await appError(bed.services.asRun.ingest(other.admin, s.id, one, o.org), "NOT_FOUND");
    await appError(bed.services.asRun.ingest(o.playout, "999999999", one), "NOT_FOUND");
    await appError(bed.services.asRun.ingest(o.playout, "x", one), "BAD_USER_INPUT");
    expect(await storedIds(s.id)).toEqual([]);
    // The playout role writes nothing else.
    await appError(bed.services.schedules.create(o.playout, { name: "x" }), "FORBIDDEN");
    expect((await bed.services.asRun.ingest(o.playout, s.id, one)).inserted).toBe(1);
  });

  it("pages the entries in actualStart order and filters them by window and status", async () => {
    const o = org();
    const s = await plan(o.editor, [{ at: T0, duration: MIN, mediaId: "M" }]);
    const statuses = ["AIRED", "SKIPPED", "FAILED", "PARTIAL", "UNPLANNED"];
    // Sent out of order: the list comes back in air order.
    await bed.services.asRun.ingest(o.playout, s.id, Array.from({ length: 25 }, (_, i) => entry(`p${i}`, T0 + (24 - i) * MIN, MIN, { mediaId: "M", status: statuses[i % 5] })));
    const schedule = await bed.services.schedules.get(o.viewer, s.id);
    const page1 = await bed.services.asRun.page(o.viewer, schedule, { page: 1, size: 10 });
    expect(page1).toMatchObject({ number: 1, size: 10, totalElements: 25, totalPages: 3, first: false, last: false });
    expect(page1.content.map((e) => (e.actualStart.getTime() - T0) / MIN)).toEqual(Array.from({ length: 10 }, (_, i) => 10 + i));
    const window = await bed.services.asRun.page(o.viewer, schedule, { from: new Date(T0 + 5 * MIN), to: new Date(T0 + 10 * MIN), status: ["AIRED", "SKIPPED"] as never });
    expect(window.content.map((e) => [e.entryId, e.status])).toEqual([["p16", "SKIPPED"], ["p15", "AIRED"]]);
    expect((await appError(bed.services.asRun.page(o.viewer, schedule, { from: new Date(T0 + MIN), to: new Date(T0) }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "from" });
    expect((await appError(bed.services.asRun.page(o.viewer, schedule, { size: 1001 }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "size" });
  });

  it("nothing is half-written: an entry id stored with other content is CONFLICT, found inside the transaction, and no entry of the batch is stored", async () => {
    const o = org();
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    await bed.services.asRun.ingest(o.playout, s.id, [entry("b1", T0, MIN, { eventId: s.events[0] })]);
    const before = await storedIds(s.id);
    const error = await appError(
      bed.services.asRun.ingest(o.playout, s.id, [entry("b0", T0 - MIN, MIN, { mediaId: "X" }), entry("b1", T0, MIN + 1, { eventId: s.events[0] }), entry("b2", T0 + MIN, MIN, { mediaId: "X" })]),
      "CONFLICT",
    );
    expect(error.extensions).toMatchObject({ entryIds: ["b1"] });
    expect(error.message).toContain("new entry id");
    expect(await storedIds(s.id)).toEqual(before);
  });
});

describe("AsRunService.reconciliation and its export", () => {
  it("gives each planned event its state, lists unmatched entries as UNPLANNED, and sums the whole window", async () => {
    const { o, s } = await day();
    const r = await bed.services.asRun.reconciliation(o.viewer, s.id, { size: 100 });
    expect(states(r)).toEqual([["A", "LATE"], ["AD", "SHORT"], ["B", "EARLY"], ["C", "LONG"], ["D", "MISSED"], ["E", "MISSED"], [null, "UNPLANNED"]]);
    expect(r.content[0]).toMatchObject({ startDeviationMs: 500, durationDeviationMs: 0, entryId: "1", asRunStatus: "AIRED" });
    expect(r.content[2]).toMatchObject({ mediaId: "MB", entryId: "3", startDeviationMs: -3000 });
    expect(r.content[5]).toMatchObject({ entryId: null, startDeviationMs: null });
    expect(Object.fromEntries(r.summary.counts.map((c) => [c.state, c.count]))).toEqual({ ON_TIME: 0, EARLY: 1, LATE: 1, SHORT: 1, LONG: 1, MISSED: 2, UNPLANNED: 1 });
    expect(r.summary).toMatchObject({
      plannedEvents: 6, airedEntries: 5, plannedMs: 52 * MIN, unplannedMs: 30_000, airedMs: 10 * MIN + 90_000 + 10 * MIN + 10 * MIN + 5000 + 30_000,
      adBreakMinutesPlanned: 2, adBreakMinutesAired: 1.5, scte35CuesPlanned: 2, scte35CuesAired: 1,
    });
    expect(r.summary.worstDeviations.map((w) => w.eventId)).toEqual([s.events[1], s.events[3], s.events[2], s.events[0]]);
    expect(r).toMatchObject({ from: null, to: null, toleranceMs: 0 });
  });

  it("turns small deviations ON_TIME with a tolerance, keeps a window's events and entries, pages and filters rows by state", async () => {
    const { o, s } = await day();
    const tolerant = await bed.services.asRun.reconciliation(o.viewer, s.id, { toleranceMs: 5000, size: 100 });
    expect(states(tolerant).slice(0, 4)).toEqual([["A", "ON_TIME"], ["AD", "SHORT"], ["B", "ON_TIME"], ["C", "ON_TIME"]]);
    const window = await bed.services.asRun.reconciliation(o.viewer, s.id, { from: new Date(T0 + 10 * MIN), to: new Date(T0 + 32 * MIN), size: 100 });
    expect(states(window)).toEqual([["AD", "SHORT"], ["B", "EARLY"], ["C", "LONG"]]);
    expect(states(await bed.services.asRun.reconciliation(o.viewer, s.id, { from: new Date(T0 + 42 * MIN) }))).toEqual([["E", "MISSED"], [null, "UNPLANNED"]]);
    const p1 = await bed.services.asRun.reconciliation(o.viewer, s.id, { page: 1, size: 3 });
    expect(p1).toMatchObject({ number: 1, size: 3, totalElements: 7, totalPages: 3 });
    expect(states(p1)).toEqual([["C", "LONG"], ["D", "MISSED"], ["E", "MISSED"]]);
    expect(p1.summary.plannedEvents).toBe(6);
    const missed = await bed.services.asRun.reconciliation(o.viewer, s.id, { states: [ReconciliationState.MISSED] });
    expect([missed.totalElements, states(missed)]).toEqual([2, [["D", "MISSED"], ["E", "MISSED"]]]);
    for (const [args, argument] of [[{ toleranceMs: -1 }, "toleranceMs"], [{ toleranceMs: 86_400_001 }, "toleranceMs"], [{ from: new Date(T0 + MIN), to: new Date(T0) }, "from"], [{ size: 0 }, "size"]] as const) {
      expect((await appError(bed.services.asRun.reconciliation(o.viewer, s.id, args), "BAD_USER_INPUT")).extensions).toMatchObject({ argument });
    }
  });

  it("treats another organization's schedule as missing (NOT_FOUND) for the reconciliation and its export", async () => {
    const { o, s } = await day();
    const other = org();
    await appError(bed.services.asRun.reconciliation(other.viewer, s.id, {}), "NOT_FOUND");
    await appError(bed.services.asRun.reconciliation(other.admin, s.id, {}, o.org), "NOT_FOUND");
    await appError(bed.services.asRun.exportReconciliation(other.editor, s.id, "report", "CSV", {}), "NOT_FOUND");
    const jobs = await queryRows<{ n: number }>(bed.handle.db, sql`select count(*)::int as n from jobs where organization in (${o.org}, ${other.org})`);
    expect(Number(jobs[0].n)).toBe(0);
  });

  it("exports as a job named for its format (editor or admin); refuses a viewer, a playout machine and a bad tolerance", async () => {
    const { o, s } = await day();
    const csv = await bed.services.asRun.exportReconciliation(o.editor, s.id, " report ", "CSV", { toleranceMs: 1000 });
    expect(csv).toMatchObject({ type: "AS_RUN_RECONCILIATION_EXPORT", status: "PENDING", entityId: s.id, organization: o.org, fileName: "report.csv", resourceExtension: "csv" });
    expect((await bed.services.asRun.exportReconciliation(o.admin, s.id, "air", "BXF", {})).fileName).toBe("air.xml");
    expect((await bed.services.asRun.exportReconciliation(o.editor, s.id, "day.json", "JSON", {})).fileName).toBe("day.json");
    for (const role of [o.viewer, o.playout]) await appError(bed.services.asRun.exportReconciliation(role, s.id, "report", "CSV", {}), "FORBIDDEN");
    expect((await appError(bed.services.asRun.exportReconciliation(o.editor, s.id, "report", "CSV", { toleranceMs: 0.5 }), "BAD_USER_INPUT")).extensions).toMatchObject({ argument: "toleranceMs" });
  });
});
