// ingestAsRun and Schedule.asRun through GraphQL: idempotency, limits, roles, organizations, paging.
import { describe, expect, it } from "vitest";
import { useTestService } from "../helpers/service.js";
import { entry, INGEST, iso, MIN, org, plan, T0 } from "./helpers.js";

const t = useTestService();

const AS_RUN = `query($id: ID!, $from: DateTime, $to: DateTime, $page: Int, $size: Int, $status: [AsRunStatus!]) { schedule(id: $id) {
  asRun(from: $from, to: $to, page: $page, size: $size, status: $status) { number size totalElements totalPages first last
    content { entryId eventId mediaId actualStart actualDurationMs status deviceId reason scte35Cues ingestedBy } } } }`;

describe("ingestAsRun", () => {
  it("stores a batch once: a resent batch changes nothing and counts as duplicates", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, mediaId: "M1" }, { at: T0 + MIN, duration: MIN }]);
    const batch = [entry("a1", T0, MIN, { eventId: s.events[0] }), entry("a2", T0 + MIN, MIN, { mediaId: "M1" }), entry("a3", T0 + 2 * MIN, MIN, { mediaId: "NOPE" })];
    expect((await o.playout.data(INGEST, { s: s.id, entries: batch })).ingestAsRun).toEqual({ inserted: 3, duplicates: 0, unmatched: 1 });
    expect((await o.admin.data(INGEST, { s: s.id, entries: batch })).ingestAsRun).toEqual({ inserted: 0, duplicates: 3, unmatched: 1 });
    // A repeat inside one call counts once.
    const mixed = [entry("a4", T0 + 3 * MIN, MIN, { mediaId: "M1" }), entry("a4", T0 + 3 * MIN, MIN, { mediaId: "M1" }), batch[0]];
    expect((await o.playout.data(INGEST, { s: s.id, entries: mixed })).ingestAsRun).toEqual({ inserted: 1, duplicates: 2, unmatched: 0 });
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.totalElements).toBe(4);
    expect(schedule.asRun.content[0]).toEqual({
      entryId: "a1", eventId: s.events[0], mediaId: null, actualStart: iso(T0), actualDurationMs: MIN, status: "AIRED", deviceId: "playout-1", reason: null, scte35Cues: null, ingestedBy: "tester",
    });
  });

  it("the same entry id with other content is CONFLICT and writes nothing of the batch", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    await o.playout.data(INGEST, { s: s.id, entries: [entry("b1", T0, MIN, { eventId: s.events[0] })] });
    const error = await o.playout.error(INGEST, { s: s.id, entries: [entry("b2", T0, MIN, { mediaId: "X" }), entry("b1", T0, MIN + 1, { eventId: s.events[0] })] });
    expect(error.extensions.code).toBe("CONFLICT");
    expect(error.extensions.entryIds).toEqual(["b1"]);
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.content.map((e: { entryId: string }) => e.entryId)).toEqual(["b1"]);
    // Different content under one id within a call is bad input.
    const twice = await o.playout.error(INGEST, { s: s.id, entries: [entry("c1", T0, MIN, { mediaId: "X" }), entry("c1", T0, 2 * MIN, { mediaId: "X" })] });
    expect(twice.extensions.code).toBe("BAD_USER_INPUT");
  });

  it("refuses 10,001 entries, an empty batch and invalid entries", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    const many = Array.from({ length: 10_001 }, (_, i) => entry(`n${i}`, T0 + i * 1000, 1000, { mediaId: "M" }));
    const tooMany = await o.admin.error(INGEST, { s: s.id, entries: many });
    expect(tooMany.extensions.code).toBe("BAD_USER_INPUT");
    expect(tooMany.message).toContain("10000");
    for (const bad of [[], [entry("e", T0, MIN)], [entry("e", T0, -1, { mediaId: "M" })], [entry(" ", T0, MIN, { mediaId: "M" })], [entry("e", T0, MIN, { eventId: "x1" })], [entry("e", T0, MIN, { mediaId: "M", deviceId: "" })]]) {
      expect((await o.admin.error(INGEST, { s: s.id, entries: bad })).extensions.code).toBe("BAD_USER_INPUT");
    }
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.totalElements).toBe(0);
  });

  it("stores 10,000 entries in one call", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, mediaId: "M" }]);
    const many = Array.from({ length: 10_000 }, (_, i) => entry(`n${i}`, T0 + i * 1000, 1000, { mediaId: "M" }));
    expect((await o.admin.data(INGEST, { s: s.id, entries: many })).ingestAsRun).toEqual({ inserted: 10_000, duplicates: 0, unmatched: 0 });
  });

  it("admin and playout may ingest; editor and viewer are FORBIDDEN; another organization's schedule is NOT_FOUND", async () => {
    const o = await org(t);
    const other = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN }]);
    const one = [entry("r1", T0, MIN, { eventId: s.events[0] })];
    expect((await o.editor.error(INGEST, { s: s.id, entries: one })).extensions.code).toBe("FORBIDDEN");
    expect((await o.viewer.error(INGEST, { s: s.id, entries: one })).extensions.code).toBe("FORBIDDEN");
    expect((await other.playout.error(INGEST, { s: s.id, entries: one })).extensions.code).toBe("NOT_FOUND");
    expect((await other.admin.error(INGEST, { s: s.id, entries: one, org: o.org })).extensions.code).toBe("NOT_FOUND");
    expect((await o.playout.error(INGEST, { s: "999999999", entries: one })).extensions.code).toBe("NOT_FOUND");
    expect((await t.client().error(INGEST, { s: s.id, entries: one })).extensions.code).toBe("UNAUTHENTICATED");
    // The playout role reads like a viewer and writes nothing else.
    expect((await o.playout.error(`mutation { createSchedule(input: { name: "x" }) { id } }`)).extensions.code).toBe("FORBIDDEN");
    expect((await o.playout.data(INGEST, { s: s.id, entries: one })).ingestAsRun.inserted).toBe(1);
  });
});

describe("Schedule.asRun", () => {
  it("pages in actualStart order and filters by window and status", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, mediaId: "M" }]);
    const statuses = ["AIRED", "SKIPPED", "FAILED", "PARTIAL", "UNPLANNED"];
    // Sent out of order: the list comes back in air order.
    const entries = Array.from({ length: 25 }, (_, i) => entry(`p${i}`, T0 + (24 - i) * MIN, MIN, { mediaId: "M", status: statuses[i % 5] }));
    await o.playout.data(INGEST, { s: s.id, entries });
    const page1 = (await o.viewer.data(AS_RUN, { id: s.id, page: 1, size: 10 })).schedule.asRun;
    expect(page1).toMatchObject({ number: 1, size: 10, totalElements: 25, totalPages: 3, first: false, last: false });
    expect(page1.content.map((e: { actualStart: string }) => e.actualStart)).toEqual(Array.from({ length: 10 }, (_, i) => iso(T0 + (10 + i) * MIN)));
    const window = (await o.viewer.data(AS_RUN, { id: s.id, from: iso(T0 + 5 * MIN), to: iso(T0 + 10 * MIN), status: ["AIRED", "SKIPPED"] })).schedule.asRun;
    expect(window.content.map((e: { entryId: string; status: string }) => [e.entryId, e.status])).toEqual([["p16", "SKIPPED"], ["p15", "AIRED"]]);
    expect((await o.viewer.error(AS_RUN, { id: s.id, from: iso(T0 + MIN), to: iso(T0) })).extensions.code).toBe("BAD_USER_INPUT");
    expect((await o.viewer.error(AS_RUN, { id: s.id, size: 1001 })).extensions.code).toBe("BAD_USER_INPUT");
  });
});
