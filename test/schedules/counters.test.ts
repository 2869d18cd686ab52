// The counters of a target (schedule: version, start_date, finish_date, max_event_duration,
// event_count; a change set's draft: version, max_event_duration, event_count) after random
// sequences of edits equal a recomputation from scratch (the aggregate over every event), and a
// single-event update sends a fixed handful of statements, none of them an aggregate over every
// event. Runs on either driver (DATABASE_URL: a fresh database on the server).
import fc from "fast-check";
import { sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { INDEXED_DURATION_MS } from "../../src/schedules/store/look-back.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { statementsOf } from "../helpers/statements.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";

const t = useOwnTestService(); // its own service: the test reads its database and counts its statements

/** The bound kept as max_event_duration from the aggregate `b` (longest, n): the longest duration, a minute at least while there are events. */
const wantLongest = (b: SQL) => sql`case when ${b}.n = 0 then 0 else greatest(${b}.longest, ${INDEXED_DURATION_MS}) end`;

/** The stored counters of a schedule beside the old aggregate's (touchSchedule before 0026). */
async function scheduleCounters(scheduleId: string) {
  const [row] = await queryRows<{ start_ok: boolean; finish_ok: boolean; empty: boolean; start: string | null; finish: string | null } & Record<string, unknown>>(
    t.service.database.db,
    sql`select s.version, s.event_count as count, s.max_event_duration as longest,
        s.start_date = coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date) as start_ok,
        s.finish_date = coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date) as finish_ok,
        b.n as want_count, ${wantLongest(sql`b`)} as want_longest, b.n = 0 as empty, s.start_date::text as start, s.finish_date::text as finish
      from schedules s, (select min(on_air_time) as first_start, max(on_air_time + duration) as last_end, coalesce(max(duration), 0) as longest, count(*) as n
        from events where schedule_id = ${Number(scheduleId)}) b
      where s.id = ${Number(scheduleId)}`,
  );
  return { ...row, version: Number(row.version), count: Number(row.count), longest: Number(row.longest), want_count: Number(row.want_count), want_longest: Number(row.want_longest) };
}

async function draftCounters(changeSetId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.service.database.db,
    sql`select c.version, c.event_count as count, c.max_event_duration as longest, b.n as want_count, ${wantLongest(sql`b`)} as want_longest
      from change_sets c, (select coalesce(max(duration), 0) as longest, count(*) as n from change_set_events where change_set_id = ${Number(changeSetId)}) b
      where c.id = ${Number(changeSetId)}`,
  );
  return { version: Number(row.version), count: Number(row.count), longest: Number(row.longest), want_count: Number(row.want_count), want_longest: Number(row.want_longest) };
}

async function eventIds(table: "events" | "change_set_events", key: "schedule_id" | "change_set_id", id: string): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(t.service.database.db, sql`select id from ${sql.raw(table)} where ${sql.raw(key)} = ${Number(id)} order by on_air_time, id`);
  return rows.map((r) => Number(r.id));
}

/** One edit, drawn: which event (an index into the target's events, modulo their number), and what. */
type Edit =
  | { kind: "create"; at: number; duration: number }
  | { kind: "update"; picks: { i: number; at: number | null; duration: number | null; title: boolean }[] }
  | { kind: "delete"; picks: number[] }
  | { kind: "bulk"; updated: { i: number; at: number | null; duration: number | null }[]; created: { at: number; duration: number }[]; deleted: number[] }
  | { kind: "scheduleDates"; at: number };

const minute = fc.integer({ min: 0, max: 60 });
const length = fc.integer({ min: 0, max: 20 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), at: minute, duration: length }),
  fc.record({
    kind: fc.constant("update" as const),
    picks: fc.array(fc.record({ i: fc.nat(), at: fc.option(minute), duration: fc.option(length), title: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant("delete" as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }) }),
  fc.record({
    kind: fc.constant("bulk" as const),
    updated: fc.array(fc.record({ i: fc.nat(), at: fc.option(minute), duration: fc.option(length) }), { maxLength: 3 }),
    created: fc.array(fc.record({ at: minute, duration: length }), { maxLength: 2 }),
    deleted: fc.array(fc.nat(), { maxLength: 2 }),
  }),
  fc.record({ kind: fc.constant("scheduleDates" as const), at: minute }),
);

/** The input of an update of event `id`: a new start, a new duration and/or a new title. */
function change(id: number, at: number | null, duration: number | null, title = true): Record<string, unknown> {
  return { id: String(id), ...(at === null ? {} : { onAirTime: iso(T0 + at * MIN) }), ...(duration === null ? {} : { duration: duration * MIN }), ...(title ? { title: `t${at}-${duration}` } : {}) };
}

/** Runs one edit on the schedule or on the draft (changeSetId); a refused edit (overlap, say) is fine: the counters must hold either way. */
async function run(gql: GraphQLClient, scheduleId: string, changeSetId: string | null, version: number, e: Edit): Promise<void> {
  const ids = changeSetId ? await eventIds("change_set_events", "change_set_id", changeSetId) : await eventIds("events", "schedule_id", scheduleId);
  const pick = (i: number) => ids[i % ids.length];
  const at = { s: scheduleId, c: changeSetId, v: version };
  const distinct = <T extends { i: number }>(picks: T[]) => [...new Map(picks.map((p) => [pick(p.i), p])).entries()];
  switch (e.kind) {
    case "create":
      await gql.request(`mutation($s: ID!, $c: ID, $input: EventInput!) { createEvent(scheduleId: $s, changeSetId: $c, input: $input) { id } }`, {
        ...at,
        input: { onAirTime: iso(T0 + e.at * MIN), duration: e.duration * MIN, title: "new" },
      });
      return;
    case "update":
      if (!ids.length) return;
      await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, changeSetId: $c, version: $v, events: $events) { version } }`, {
        ...at,
        events: distinct(e.picks).map(([id, p]) => change(id, p.at, p.duration, p.title)),
      });
      return;
    case "delete":
      if (!ids.length) return;
      await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $c, version: $v, ids: $ids) { version } }`, {
        ...at,
        ids: [...new Set(e.picks.map(pick))].map(String),
      });
      return;
    case "bulk": {
      const deleted = ids.length ? [...new Set(e.deleted.map(pick))] : [];
      const updated = ids.length ? distinct(e.updated).filter(([id]) => !deleted.includes(id)) : [];
      const input = {
        updated: updated.map(([id, p]) => change(id, p.at, p.duration)),
        created: e.created.map((c) => ({ onAirTime: iso(T0 + c.at * MIN), duration: c.duration * MIN, title: "bulk" })),
        deleted: deleted.map(String),
      };
      await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, changeSetId: $c, version: $v, input: $input) { messages { text } } }`, { ...at, input });
      return;
    }
    case "scheduleDates":
      // Not an edit of events: the stored dates become the caller's until the next one.
      if (changeSetId) return;
      await gql.request(`mutation($s: ID!, $input: ScheduleInput!) { updateSchedule(id: $s, input: $input) { version } }`, {
        s: scheduleId,
        input: { name: "Day", startDate: iso(T0 - (e.at + 1) * MIN), finishDate: iso(T0 + 200 * MIN) },
      });
  }
}

describe("the counters of a target", () => {
  it("equal a recomputation from every event after each edit of the schedule's events", async () => {
    const { gql } = await orgClient(t);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ at: minute, duration: length }), { maxLength: 4 }), fc.array(edit, { minLength: 1, maxLength: 10 }), async (initial, edits) => {
        const schedule = await createSchedule(gql);
        await addEvents(gql, schedule.id, initial.map((s) => ({ at: T0 + s.at * MIN, duration: s.duration * MIN })));
        for (const e of edits) {
          const before = await scheduleCounters(schedule.id);
          await run(gql, schedule.id, null, before.version, e);
          const after = await scheduleCounters(schedule.id);
          if (e.kind === "scheduleDates" || after.version === before.version) continue;
          expect(after.version, JSON.stringify(e)).toBe(before.version + 1);
          expect({ count: after.count, longest: after.longest, start: after.start_ok, finish: after.finish_ok }, JSON.stringify(e)).toEqual({
            count: after.want_count,
            longest: after.want_longest,
            start: true,
            finish: true,
          });
          // Without events the stored dates stay as they were.
          if (after.empty) expect([after.start, after.finish]).toEqual([before.start, before.finish]);
        }
      }),
      { numRuns: 12, seed: 20261204 },
    );
  }, 240_000);

  it("equal a recomputation from every draft event after each edit of a change set's draft", async () => {
    const { gql } = await orgClient(t);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ at: minute, duration: length }), { maxLength: 4 }), fc.array(edit, { minLength: 1, maxLength: 8 }), async (initial, edits) => {
        const schedule = await createSchedule(gql);
        await addEvents(gql, schedule.id, initial.map((s) => ({ at: T0 + s.at * MIN, duration: s.duration * MIN })));
        const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: schedule.id });
        for (const e of edits) {
          const before = await draftCounters(createChangeSet.id);
          await run(gql, schedule.id, createChangeSet.id, before.version, e);
          const after = await draftCounters(createChangeSet.id);
          if (after.version === before.version) continue;
          expect(after.version, JSON.stringify(e)).toBe(before.version + 1);
          expect({ count: after.count, longest: after.longest }, JSON.stringify(e)).toEqual({ count: after.want_count, longest: after.want_longest });
        }
      }),
      { numRuns: 8, seed: 20261205 },
    );
  }, 240_000);
});

/** The most statements a single-event updateEvents sends (the lock setting history's actor, the event read, its write, the touch answering the row). */
const SINGLE_UPDATE_STATEMENTS = 4;

describe("a single-event updateEvents", () => {
  it(`sends at most ${SINGLE_UPDATE_STATEMENTS} statements, none an aggregate over the schedule's events`, async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    const ids = await addEvents(gql, schedule.id, Array.from({ length: 20 }, (_, i) => ({ at: T0 + i * MIN, duration: MIN })));
    const query = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) { version } }`;
    const version = (await scheduleCounters(schedule.id)).version;
    await gql.data(query, { s: schedule.id, v: version, events: [{ id: ids[3], title: "warm" }] });
    const { statements, texts, data } = await statementsOf(gql, query, { s: schedule.id, v: version + 1, events: [{ id: ids[3], title: "counted" }] });
    expect(data.updateEvents.version).toBe(version + 2);
    expect(statements, texts.join("\n---\n")).toBeLessThanOrEqual(SINGLE_UPDATE_STATEMENTS);
    for (const text of texts) expect(text).not.toMatch(/count\(\*\)/i);
    const after = await scheduleCounters(schedule.id);
    expect([after.count, after.longest, after.start_ok, after.finish_ok]).toEqual([20, MIN, true, true]);
  });
});

describe("the partial indexes of long events", () => {
  it("hold the events longer than INDEXED_DURATION_MS, the bound the store's probe names", async () => {
    const rows = await queryRows<{ indexdef: string }>(
      t.service.database.db,
      sql`select indexdef from pg_indexes where indexname in ('events_schedule_long_idx', 'change_set_events_long_idx') order by indexname`,
    );
    expect(rows).toHaveLength(2);
    for (const { indexdef } of rows) expect(indexdef).toContain(`WHERE (duration > ${INDEXED_DURATION_MS})`);
  });
});
