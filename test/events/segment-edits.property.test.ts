// A replacement with fillGaps reads each segment it ripples on its own, and an append to the end
// (bulk edit sentToEnd) reads the stored last end when the edit moved nothing stored before it
// (docs/DECISIONS.md 89). Both must answer what the timeline module answers over the whole
// schedule: random small schedules (overlaps, gaps, locked events, the replaced asset on locked
// and unlocked events) are edited through the services and compared with the pure rules run on
// every event.
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import type { AssetInput } from "../../src/assets/types.js";
import type { EventInput } from "../../src/events/types.js";
import { appendToEnd, rippleAfter, type Slot } from "../../src/timeline/index.js";
import { orgViewer, useServices } from "../helpers/services.js";

const bed = useServices();
const T0 = Date.UTC(2026, 0, 1, 6);
const SHORT_MS = 4_000;

/** A schedule's events in air order, as the timeline module takes them. */
async function timeline(scheduleId: string): Promise<(Slot & { media: string | null; title: string | null })[]> {
  const rows = await queryRows<{ id: number; t: number; d: number; l: boolean; m: string | null; title: string | null }>(
    bed.handle.db,
    sql`select e.id, e.on_air_time + s.time_origin as t, e.duration as d, e.locked as l, e.media_id as m, e.title
      from events e join schedules s on s.id = e.schedule_id where e.schedule_id = ${Number(scheduleId)} order by e.on_air_time, e.id`,
  );
  return rows.map((r) => ({ id: Number(r.id), onAirTime: Number(r.t), duration: Number(r.d), locked: r.l, media: r.m, title: r.title }));
}

const eventSpec = fc.record({ gap: fc.integer({ min: -3_000, max: 5_000 }), duration: fc.integer({ min: 1_000, max: 10_000 }), locked: fc.boolean(), rare: fc.boolean() });
const specs = fc.array(eventSpec, { minLength: 1, maxLength: 14 });

async function scheduleOf(name: string, events: { gap: number; duration: number; locked: boolean; rare: boolean }[]) {
  const { viewer } = orgViewer();
  await bed.services.assets.upsert(viewer, [{ assetId: "SHORT", name: "Short", metadata: { durationInMilliseconds: SHORT_MS } }] as unknown as AssetInput[]);
  const s = await bed.services.schedules.create(viewer, { name });
  let at = T0;
  let version = 1;
  for (const e of events) {
    at = Math.max(T0, at + e.gap);
    const input = { onAirTime: new Date(at), duration: e.duration, locked: e.locked, title: "E", mediaId: e.rare ? "RARE" : "COMMON" } as EventInput;
    await bed.services.events.create(viewer, { scheduleId: s.id, version }, input);
    version++;
    at += e.duration;
  }
  return { viewer, scheduleId: s.id, version };
}

describe("edits that read a segment or the last end answer as the whole timeline does", () => {
  it("replaceAsset with fillGaps moves what a ripple from each segment's first shortened event moves", async () => {
    await fc.assert(
      fc.asyncProperty(specs, async (events) => {
        const { viewer, scheduleId, version } = await scheduleOf("Fill gaps", events);
        // The reference: durations replaced, then per segment between locked events one ripple from its first shortened event.
        const before = await timeline(scheduleId);
        const after = before.map((e) => (e.media === "RARE" ? { ...e, duration: SHORT_MS } : e));
        const expected = new Map(after.map((e) => [e.id, e.onAirTime]));
        let segmentDone = false;
        after.forEach((e, i) => {
          const shortened = before[i].media === "RARE" && SHORT_MS < before[i].duration;
          if (shortened && !segmentDone) {
            const { moves } = rippleAfter(after, i + 1, e.onAirTime + e.duration, false);
            for (const m of moves) expected.set(m.id, m.onAirTime);
            segmentDone = true;
          }
          // A locked event ends the segment before it and starts the next (itself included).
          if (after[i + 1]?.locked) segmentDone = false;
        });
        if (!before.some((e) => e.media === "RARE")) return;
        const result = await bed.services.eventCatalog.replaceAsset(viewer, { scheduleId, version }, "RARE", { assetId: "SHORT", fillGaps: true });
        const now = await timeline(scheduleId);
        expect(new Map(now.map((e) => [e.id, e.onAirTime]))).toEqual(expected);
        const replacedStarts = now.filter((e) => e.media === "SHORT").map((e) => e.onAirTime);
        expect([result.firstEventTime?.getTime(), result.lastEventTime?.getTime()]).toEqual([Math.min(...replacedStarts), Math.max(...replacedStarts)]);
      }),
      { numRuns: 25, seed: 89 },
    );
  });

  it("sentToEnd appends after the last end the edit leaves, whatever its other members did", async () => {
    const members = fc.record({
      deleteFirst: fc.boolean(),
      resizeLast: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
      created: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: null }),
      appended: fc.integer({ min: 1, max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(specs, members, async (events, m) => {
        const { viewer, scheduleId, version } = await scheduleOf("Append", events);
        const before = await timeline(scheduleId);
        const last = before.reduce((a, e) => (e.onAirTime + e.duration >= a.onAirTime + a.duration ? e : a));
        const deleted = m.deleteFirst ? [String(last.id)] : [];
        const updated = m.resizeLast !== null && !m.deleteFirst ? [{ id: String(last.id), duration: m.resizeLast }] : [];
        const created = m.created !== null ? [{ title: "New", onAirTime: new Date(T0 + m.created), duration: 2_000 }] : [];
        await bed.services.events.bulkEdit(viewer, { scheduleId, version }, {
          deleted, updated, created, resolveType: "OVERLAP",
          sentToEnd: Array.from({ length: m.appended }, (_, i) => ({ title: `End ${i}`, duration: 3_000 })),
        } as never);
        const now = await timeline(scheduleId);
        const others = now.filter((e) => !e.title?.startsWith("End "));
        const ends = now.filter((e) => e.title?.startsWith("End ")).sort((a, b) => a.title!.localeCompare(b.title!));
        const expected = appendToEnd(others, ends.map((e) => e.duration), T0);
        expect(ends.map((e) => e.onAirTime)).toEqual(expected.map((p) => p.onAirTime));
      }),
      { numRuns: 25, seed: 89 },
    );
  });
});
