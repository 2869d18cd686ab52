// The pure rewind: its cooperative form answers what the synchronous one answers.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rewindEvents, rewindEventsCooperatively, type Columns, type EventChangeRecord } from "../../src/history/rewind.js";

const change = fc.record({
  eventId: fc.integer({ min: 1, max: 8 }),
  kind: fc.constantFrom("A" as const, "R" as const, "C" as const),
  old: fc.integer({ min: 0, max: 99 }),
  now: fc.integer({ min: 0, max: 99 }),
});

describe("rewindEventsCooperatively", () => {
  it("answers what rewindEvents answers, pausing with a running count", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { maxLength: 40 }), fc.uniqueArray(fc.integer({ min: 1, max: 8 })), async (drawn, present) => {
        const current = new Map<number, Columns>(present.map((id) => [id, { title: `now ${id}`, duration: id, version: 9 }]));
        const changes: EventChangeRecord[] = drawn.map((c, i) => ({
          historyId: i + 1,
          eventId: c.eventId,
          kind: c.kind,
          oldValues: c.kind === "A" ? null : c.kind === "R" ? { title: `old ${c.old}`, duration: c.old } : { duration: c.old },
          newValues: c.kind === "R" ? null : c.kind === "A" ? { title: `new ${c.now}`, duration: c.now } : { duration: c.now },
        }));
        const counts: number[] = [];
        const cooperative = await rewindEventsCooperatively(current, changes, async (n) => void counts.push(n));
        expect(cooperative).toEqual(rewindEvents(current, changes));
        expect(counts).toEqual(counts.map((_, i) => i + 1));
      }),
    );
  });
});
