// One rule for gaps and overlaps (issue 14): Schedule.events computes them in SQL (the latest end
// before each event), validation in TypeScript (the timeline module). With random timelines,
// nested and zero-length events included, both must name the same events with the same ms.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";
import { createSchedule, iso, T0 } from "./helpers.js";

const t = useTestService();

const BULK = `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`;
const BOTH = `query($id: ID!) { schedule(id: $id) {
  events(size: 1000) { content { id } gaps overlaps }
  validation { gaps { eventId value } overlaps { eventId value } }
} }`;

/** Starts and lengths in seconds: small ranges, so that ties, nesting and zero lengths come often. */
const timelines = fc.array(fc.record({ start: fc.integer({ min: 0, max: 60 }), length: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 12 });

const asMap = (issues: { eventId: string; value: number }[]) => Object.fromEntries(issues.map((i) => [i.eventId, i.value]));

describe("gaps and overlaps", () => {
  it("are the same in Schedule.events (SQL) and in validation (TypeScript)", async () => {
    const { gql } = await orgClient(t);
    await fc.assert(
      fc.asyncProperty(timelines, async (spec) => {
        const s = await createSchedule(gql, "Random");
        const created = spec.map((e, i) => ({ onAirTime: iso(T0 + e.start * 1000), duration: e.length * 1000, title: `E${i}` }));
        await gql.data(BULK, { s: s.id, v: s.version, input: { created } });
        const { schedule } = await gql.data(BOTH, { id: s.id });
        expect(schedule.events.gaps).toEqual(asMap(schedule.validation.gaps));
        expect(schedule.events.overlaps).toEqual(asMap(schedule.validation.overlaps));
      }),
      { numRuns: 40, seed: 14 },
    );
  });

  it("counts the gap from the latest end, also when the event holding it is the longest and ends before", async () => {
    // A (0–30 s, the longest) holds B (5–10 s); C starts at 40 s: the gap is 10 s (from A's end), not 30 s.
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Nested");
    const created = [
      { onAirTime: iso(T0), duration: 30_000, title: "A" },
      { onAirTime: iso(T0 + 5_000), duration: 5_000, title: "B" },
      { onAirTime: iso(T0 + 40_000), duration: 5_000, title: "C" },
    ];
    await gql.data(BULK, { s: s.id, v: s.version, input: { created } });
    const { schedule } = await gql.data(BOTH, { id: s.id });
    const c = schedule.events.content[2].id;
    expect(schedule.events.gaps).toEqual({ [c]: 10_000 });
    expect(asMap(schedule.validation.gaps)).toEqual({ [c]: 10_000 });
  });
});
