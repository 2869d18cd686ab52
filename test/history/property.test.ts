// Property: whatever sequence of event and schedule mutations ran, atVersion(k) answers exactly
// the state observed after the step that made version k, and reverting to k leaves no difference
// to k (scheduleDiff empty, the same events under the same ids).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { createSchedule, iso, MIN, T0 } from "../events/helpers.js";

const t = useTestService();

const FIELDS = `id title onAirTime duration eventType locked som version`;
const STATE = `query($id: ID!) { schedule(id: $id) { version name events(size: 1000) { totalElements content { ${FIELDS} } } } }`;
// An earlier version's events have ids of their own (docs/CLIENTS.md "Cache identity"); eventId is the live id.
const AT = `query($id: ID!, $v: Int!) { schedule(id: $id) { atVersion(version: $v) { version name events(size: 1000) { totalElements content { ${FIELDS.replace("id ", "id: eventId ")} } } } } }`;
const DIFF = `query($s: ID!, $from: Int!, $to: Int!) { scheduleDiff(scheduleId: $s, fromVersion: $from, toVersion: $to) { added { id } removed { id } changed { id fields } } }`;
const REVERT = `mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { version } }`;

type Op =
  | { kind: "create"; at: number; duration: number; title: string }
  | { kind: "update"; pick: number; title: string; duration: number }
  | { kind: "delete"; pick: number }
  | { kind: "bulk"; create: number; pickDelete: number; pickUpdate: number; title: string }
  | { kind: "shift"; ms: number }
  | { kind: "rename"; name: string };

const title = fc.constantFrom("News", "Film", "Ad", "Promo", "Weather");
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), at: fc.integer({ min: 0, max: 300 }), duration: fc.integer({ min: 1, max: 30 }), title }),
  fc.record({ kind: fc.constant("update" as const), pick: fc.nat(), title, duration: fc.integer({ min: 1, max: 30 }) }),
  fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("bulk" as const), create: fc.integer({ min: 0, max: 3 }), pickDelete: fc.nat(), pickUpdate: fc.nat(), title }),
  fc.record({ kind: fc.constant("shift" as const), ms: fc.integer({ min: -60, max: 60 }).map((m) => m * MIN) }),
  fc.record({ kind: fc.constant("rename" as const), name: title }),
);

async function state(gql: GraphQLClient, id: string) {
  const { schedule } = await gql.data(STATE, { id });
  return schedule as { version: number; name: string; events: { totalElements: number; content: any[] } };
}

async function apply(gql: GraphQLClient, s: string, step: Op, now: { version: number; events: any[] }): Promise<void> {
  const pick = (n: number) => now.events[n % now.events.length]?.id as string | undefined;
  switch (step.kind) {
    case "create":
      await gql.request(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id } }`, {
        s,
        input: { onAirTime: iso(T0 + step.at * MIN), duration: step.duration * MIN, title: step.title },
      });
      return;
    case "update": {
      const id = pick(step.pick);
      if (!id) return;
      await gql.request(`mutation($s: ID!, $v: Int!, $e: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $e) { version } }`, {
        s,
        v: now.version,
        e: [{ id, title: step.title, duration: step.duration * MIN }],
      });
      return;
    }
    case "delete": {
      const id = pick(step.pick);
      if (id) await gql.request(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s, ids: [id] });
      return;
    }
    case "bulk": {
      const deleted = pick(step.pickDelete);
      const updated = pick(step.pickUpdate);
      const created = Array.from({ length: step.create }, (_, i) => ({ onAirTime: iso(T0 + (400 + i * 10) * MIN), duration: 5 * MIN, title: step.title }));
      await gql.request(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { messages { message } } }`, {
        s,
        v: now.version,
        input: {
          created,
          deleted: deleted && deleted !== updated ? [deleted] : [],
          updated: updated ? [{ id: updated, title: `${step.title}!` }] : [],
        },
      });
      return;
    }
    case "shift":
      await gql.request(`mutation($id: ID!, $ms: SafeInt!) { shiftSchedule(id: $id, milliseconds: $ms) { version } }`, { id: s, ms: step.ms });
      return;
    case "rename":
      await gql.request(`mutation($id: ID!, $name: String!) { updateSchedule(id: $id, input: { name: $name }) { version } }`, { id: s, name: step.name });
  }
}

const withoutVersions = (events: any[]) => events.map(({ version: _version, ...rest }) => rest);

describe("history property", () => {
  it("atVersion(k) is the state after the step that made k; revert to k then diff against k is empty", async () => {
    const { gql } = await orgClient(t);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), fc.nat(), async (steps, revertPick) => {
        const s = (await createSchedule(gql, "Prop", { startDate: iso(T0) })).id;
        const observed = new Map<number, { name: string; events: any[] }>();
        let now = await state(gql, s);
        observed.set(now.version, { name: now.name, events: now.events.content });
        for (const step of steps) {
          await apply(gql, s, step, { version: now.version, events: now.events.content });
          now = await state(gql, s);
          observed.set(now.version, { name: now.name, events: now.events.content });
        }
        for (const [version, expected] of observed) {
          const { atVersion } = (await gql.data(AT, { id: s, v: version })).schedule;
          expect({ version: atVersion.version, name: atVersion.name, events: atVersion.events.content }).toEqual({ version, ...expected });
          expect(atVersion.events.totalElements).toBe(expected.events.length);
        }
        const versions = [...observed.keys()];
        const k = versions[revertPick % versions.length];
        const { revertSchedule } = await gql.data(REVERT, { s, to: k, v: now.version });
        expect((await gql.data(DIFF, { s, from: k, to: revertSchedule.version })).scheduleDiff).toEqual({ added: [], removed: [], changed: [] });
        const after = await state(gql, s);
        expect({ name: after.name, events: withoutVersions(after.events.content) }).toEqual({ name: observed.get(k)!.name, events: withoutVersions(observed.get(k)!.events) });
      }),
      { numRuns: 12 },
    );
  });
});
