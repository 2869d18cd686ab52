// SCTE-35 at the service level. The slice itself is pure (encode, decode: test/scte35/*.test.ts);
// what services add is the rule that every signal a caller writes makes a cue at its event's time
// (events/rules.ts checkCueSignals), enforced by EventService (create, update, bulk edit) and by
// MarkService (markScte writes cue-out/cue-in pairs, updateByCriteria sets signals), with their
// versions, roles and organizations. test/scte35/graphql.test.ts and test/checks/writes.test.ts
// cover the same over GraphQL (and the cue fields and decodeScte35 of the schema).
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "../../src/db/client.js";
import { decodeCueText, eventCues, ptsAt, type Scte35SignalData } from "../../src/scte35/index.js";
import type { Viewer } from "../../src/common/auth.js";
import type { Event, EventInput } from "../../src/events/types.js";
import { appError, orgViewer, useServices, viewerOf } from "../helpers/services.js";

const bed = useServices();
const SEC = 1000;
const MIN = 60 * SEC;
const T0 = Date.UTC(2026, 2, 1, 6);

const CUE_OUT = { scteEventType: "SPLICE", command: "ON", origin: "FROM_START", offset: 5_000, duration: 60_000, spliceEventId: 42, hasSegment: true, segmentationEventId: 7, segmentationTypeId: 0x34, segmentationUpidType: 0x09, segmentationUpid: "SIGNAL:abc" };
const CUE_IN = { scteEventType: "TIME_SIGNAL", origin: "FROM_END", offset: 0, hasSegment: true, segmentationEventId: 7, segmentationTypeId: 0x35 };

const input = (at: number, duration: number, rest: Record<string, unknown> = {}) => ({ onAirTime: new Date(T0 + at), duration, ...rest }) as EventInput;
const cuesOf = (e: Event) => eventCues((e.scte35Signals ?? []) as Scte35SignalData[], { eventOnAirMs: e.onAirTime.getTime(), eventDurationMs: e.duration });

async function eventsOf(scheduleId: string): Promise<Event[]> {
  return (await bed.services.events.pagesOf([Number(scheduleId)], { page: 0, size: 100 })).get(Number(scheduleId))!.content;
}

/** The schedule's version, event count and every event's stored signals: what a refused write must leave. */
async function stateOf(scheduleId: string) {
  const [row] = await queryRows<{ version: number; events: number; signals: string | null }>(
    bed.handle.db,
    sql`select s.version, (select count(*) from events where schedule_id = s.id)::int as events,
      (select json_agg(data->'scte35Signals' order by id)::text from events where schedule_id = s.id) as signals from schedules s where s.id = ${Number(scheduleId)}`,
  );
  return row;
}

/** Programme 0–10 · AD 10–10.5 · AD 10.5–11 · Programme 11–20 · AD 20–20.5 (version 6). */
async function breaks(viewer: Viewer) {
  const s = await bed.services.schedules.create(viewer, { name: "Breaks" });
  const ids: string[] = [];
  for (const [at, duration, rest] of [[0, 10 * MIN, { title: "P1" }], [10 * MIN, 30 * SEC, { title: "Ad 1", eventType: "ADVERTISEMENT" }], [10 * MIN + 30 * SEC, 30 * SEC, { title: "Ad 2", eventType: "ADVERTISEMENT" }], [11 * MIN, 9 * MIN, { title: "P2" }], [20 * MIN, 30 * SEC, { title: "Ad 3", eventType: "ADVERTISEMENT" }]] as const) {
    ids.push((await bed.services.events.create(viewer, { scheduleId: s.id }, input(at, duration, rest))).id);
  }
  return { scheduleId: s.id, ids, version: 6 };
}

describe("SCTE-35 signals written through the event services", () => {
  it("stores an event's signals as given; each makes its cue at the event's on-air time + offset (FROM_END: from its end)", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Cues" });
    const created = await bed.services.events.create(viewer, { scheduleId: s.id }, input(0, 2 * MIN, { scte35Signals: [CUE_OUT, CUE_IN] }));
    expect(created.scte35Signals).toEqual([CUE_OUT, CUE_IN]);
    const [stored] = await eventsOf(s.id);
    const [out, back] = cuesOf(stored).map((cue) => decodeCueText(cue!));
    expect(out.spliceInsert).toMatchObject({ spliceEventId: 42, outOfNetworkIndicator: true, spliceTime: { ptsTime: ptsAt(T0 + 5_000) } });
    expect(out.descriptors[0].segmentation).toMatchObject({ segmentationEventId: 7, segmentationTypeId: 0x34, segmentationUpidType: 0x09 });
    expect(back.timeSignal?.ptsTime).toBe(ptsAt(T0 + 2 * MIN));
    // Moving the event moves its cues: they are made from the event, not stored.
    await bed.services.events.update(viewer, { scheduleId: s.id }, [{ id: created.id, onAirTime: new Date(T0 + MIN) }]);
    const [moved] = await eventsOf(s.id);
    expect(decodeCueText(cuesOf(moved)[0]!).spliceInsert?.spliceTime?.ptsTime).toBe(ptsAt(T0 + MIN + 5_000));
  });

  it("refuses a signal that makes no cue with BAD_USER_INPUT naming the signal and its field, and writes nothing", async () => {
    const { viewer } = orgViewer();
    const s = await bed.services.schedules.create(viewer, { name: "Refused" });
    const before = await stateOf(s.id);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ scteEventType: "SPLICE", availNum: 300 }, "scte35Signals[1].availNum", /availNum must be a whole number from 0 to 255/],
      [{ spliceEventId: -1 }, "scte35Signals[1].spliceEventId", /spliceEventId/],
      [{ duration: Number.MAX_SAFE_INTEGER }, "scte35Signals[1].duration", /duration/],
      [{ hasSegment: true, segmentationUpid: "abc" }, "scte35Signals[1].segmentationUpidType", /segmentationUpidType/],
      [{ hasSegment: true, segmentationUpidType: 0x08, segmentationUpid: "0x01" }, "scte35Signals[1].segmentationUpid", /segmentationUpid/],
    ];
    for (const [signal, field, message] of cases) {
      const error = await appError(bed.services.events.create(viewer, { scheduleId: s.id }, input(0, MIN, { scte35Signals: [CUE_IN, signal] })), "BAD_USER_INPUT");
      expect(error.extensions, field).toMatchObject({ field });
      expect(error.message).toMatch(message);
    }
    expect(await stateOf(s.id)).toEqual(before);
  });

  it("nothing is half-written: an update or bulk edit whose later event carries a bad signal writes none of its events", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, version } = await breaks(viewer);
    const before = await stateOf(scheduleId);
    const update = await appError(
      bed.services.events.update(viewer, { scheduleId, version }, [{ id: ids[1], scte35Signals: [CUE_OUT] }, { id: ids[2], title: "renamed", scte35Signals: [{ availNum: 256 }] }] as EventInput[]),
      "BAD_USER_INPUT",
    );
    expect(update.message).toMatch(/^events\[1\]: scte35Signals\[0\]: availNum/);
    expect(update.extensions).toMatchObject({ field: "scte35Signals[0].availNum" });
    const bulk = await appError(
      bed.services.events.bulkEdit(viewer, { scheduleId, version }, {
        updated: [{ id: ids[1], scte35Signals: [CUE_OUT] }] as EventInput[],
        created: [input(30 * MIN, 30 * SEC), input(31 * MIN, 30 * SEC, { scte35Signals: [CUE_IN, { spliceEventId: 2 ** 32 }] })],
      }),
      "BAD_USER_INPUT",
    );
    expect(bulk.message).toMatch(/^created\[1\]: scte35Signals\[1\]: spliceEventId/);
    expect(await stateOf(scheduleId)).toEqual(before);
  });
});

describe("SCTE-35 signals written by MarkService", () => {
  it("markScte gives matching events without signals a cue-out at their start and a cue-in at their end, once", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, version } = await breaks(viewer);
    const marked = await bed.services.marks.markScte(viewer, { scheduleId, version }, { eventType: "ADVERTISEMENT" as never, to: new Date(T0 + 15 * MIN) });
    expect(marked.content.page.totalElements).toBe(2);
    expect(marked.schedule.version).toBe(version + 1);
    const [first] = marked.content.page.content;
    expect(first.scte35Signals).toEqual([
      { command: "ON", origin: "FROM_START", offset: 0, duration: 30 * SEC, hasSegment: true, segmentationTypeId: 0x34, segmentationEventId: Number(ids[1]), scteEventType: "SPLICE" },
      { command: "OFF", origin: "FROM_END", offset: 0, hasSegment: true, segmentationTypeId: 0x35, segmentationEventId: Number(ids[1]), scteEventType: "SPLICE" },
    ]);
    // Both make cues: out of the network at the ad's start, back at its end.
    const [out, back] = cuesOf(first).map((cue) => decodeCueText(cue!));
    expect([out.spliceInsert?.outOfNetworkIndicator, out.spliceInsert?.spliceTime?.ptsTime]).toEqual([true, ptsAt(T0 + 10 * MIN)]);
    expect([back.spliceInsert?.outOfNetworkIndicator, back.spliceInsert?.spliceTime?.ptsTime]).toEqual([false, ptsAt(T0 + 10 * MIN + 30 * SEC)]);
    const events = await eventsOf(scheduleId);
    expect(events.map((e) => [e.title, e.version, e.scte35Signals?.length ?? 0])).toEqual([["P1", 1, 0], ["Ad 1", 2, 2], ["Ad 2", 2, 2], ["P2", 1, 0], ["Ad 3", 1, 0]]);
    // Events that have signals keep theirs: marking again changes nothing, and the version stays.
    const again = await bed.services.marks.markScte(viewer, { scheduleId }, { eventType: "ADVERTISEMENT" as never, to: new Date(T0 + 15 * MIN) });
    expect(again.messages[0].message).toMatch(/^0 of 2/);
    expect(again.schedule.version).toBe(version + 1);
  });

  it("markScte on a change set's draft leaves the schedule alone; the draft's version moves and is checked", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, version } = await breaks(viewer);
    const cs = await bed.services.changeSets.create(viewer, scheduleId);
    const marked = await bed.services.marks.markScte(viewer, { scheduleId, changeSetId: cs.id, version: 1 }, { eventType: "ADVERTISEMENT" as never });
    expect(marked.content.page.content.every((e) => e.scte35Signals?.length === 2 && e.id.endsWith(`@changeSet${cs.id}`))).toBe(true);
    expect((await bed.services.changeSets.get(viewer, cs.id))?.version).toBe(2);
    expect((await stateOf(scheduleId)).version).toBe(version);
    expect((await eventsOf(scheduleId)).every((e) => !e.scte35Signals)).toBe(true);
    expect((await appError(bed.services.marks.markScte(viewer, { scheduleId, changeSetId: cs.id, version: 1 }, { locked: false }), "CONFLICT")).extensions).toMatchObject({ currentVersion: 2 });
  });

  it("updateByCriteria sets the signals of every matching event, refusing one that makes no cue (naming it) or a negative duration", async () => {
    const { viewer } = orgViewer();
    const { scheduleId, ids, version } = await breaks(viewer);
    const set = await bed.services.marks.updateByCriteria(viewer, { scheduleId }, { criteria: { term: "Ad" }, scte35Signals: [CUE_OUT] as never });
    expect(set.content.page.content.map((e) => [e.id, e.scte35Signals])).toEqual([[ids[1], [CUE_OUT]], [ids[2], [CUE_OUT]], [ids[4], [CUE_OUT]]]);
    const before = await stateOf(scheduleId);
    expect(before.version).toBe(version + 1);
    expect((await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { ids: [ids[0]], scte35Signals: [CUE_IN, { availNum: 300 }] as never }), "BAD_USER_INPUT")).extensions).toMatchObject({ field: "scte35Signals[1].availNum" });
    expect((await appError(bed.services.marks.updateByCriteria(viewer, { scheduleId }, { ids: [ids[0]], scte35Signals: [{ duration: -1 }] as never }), "BAD_USER_INPUT")).extensions).toMatchObject({ field: "scte35Signals[0].duration" });
    expect(await stateOf(scheduleId)).toEqual(before);
  });

  it("marking needs the editor role (FORBIDDEN), the current version (CONFLICT) and the caller's own schedule (NOT_FOUND)", async () => {
    const { org, viewer } = orgViewer();
    const { scheduleId, version } = await breaks(viewer);
    const criteria = { eventType: "ADVERTISEMENT" as never };
    for (const role of ["viewer", "playout"] as const) await appError(bed.services.marks.markScte(viewerOf(org, role), { scheduleId }, criteria), "FORBIDDEN");
    expect((await appError(bed.services.marks.markScte(viewer, { scheduleId, version: version - 1 }, criteria), "CONFLICT")).extensions).toMatchObject({ currentVersion: version });
    const stranger = orgViewer();
    await appError(bed.services.marks.markScte(stranger.viewer, { scheduleId }, criteria), "NOT_FOUND");
    await appError(bed.services.marks.markScte(stranger.viewer, { scheduleId, organization: org }, criteria), "NOT_FOUND");
    await appError(bed.services.marks.markScte(viewer, { scheduleId }, {}), "BAD_USER_INPUT");
    expect(await stateOf(scheduleId)).toMatchObject({ version, signals: expect.not.stringContaining("SPLICE") });
  });
});
