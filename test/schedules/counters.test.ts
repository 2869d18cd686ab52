// The counters of a target (schedule: version, start_date, finish_date, max_event_duration,
// event_count; a change set's draft: version, max_event_duration, event_count) after random
// sequences of edits, every kind of edit of events the API offers (those that report their
// count or keep the extremes included: ripples, marks, appends, shifts, transposes, replacements,
// reverts, applied drafts), equal a recomputation from scratch (the aggregate over every event).
// A request the schema refuses fails the test (until 2026-12-06 its deletes and bulk edits were
// refused for an argument or field that does not exist, and so never ran). And a
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
        s.start_date is not distinct from coalesce(to_timestamp((b.first_start + s.time_origin) / 1000.0), s.start_date) as start_ok,
        s.finish_date is not distinct from coalesce(to_timestamp((b.last_end + s.time_origin) / 1000.0), s.finish_date) as finish_ok,
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
  | { kind: "scheduleDates"; at: number }
  // The edits that report their count or keep the extremes (docs/DECISIONS.md 88–90); those marked
  // "schedule" name no change set and are skipped on a draft.
  | { kind: "ripple"; i: number; fixAll: boolean } // schedule
  | { kind: "mark"; which: "scte" | "epg" | "criteria"; picks: number[] }
  | { kind: "append"; durations: number[]; deleteLast: boolean }
  | { kind: "shift"; minutes: number; days: number | null; wallClock: boolean } // schedule
  | { kind: "transpose"; at: number } // schedule
  | { kind: "replace"; fillGaps: boolean } // schedule
  | { kind: "revert" } // schedule
  | { kind: "apply"; i: number; duration: number; at: number }; // schedule

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
  fc.record({ kind: fc.constant("ripple" as const), i: fc.nat(), fixAll: fc.boolean() }),
  fc.record({ kind: fc.constant("mark" as const), which: fc.constantFrom("scte" as const, "epg" as const, "criteria" as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }) }),
  fc.record({ kind: fc.constant("append" as const), durations: fc.array(length, { minLength: 1, maxLength: 2 }), deleteLast: fc.boolean() }),
  fc.record({ kind: fc.constant("shift" as const), minutes: fc.integer({ min: -90, max: 90 }), days: fc.option(fc.integer({ min: -3, max: 3 })), wallClock: fc.boolean() }),
  fc.record({ kind: fc.constant("transpose" as const), at: minute }),
  fc.record({ kind: fc.constant("replace" as const), fillGaps: fc.boolean() }),
  fc.record({ kind: fc.constant("revert" as const) }),
  fc.record({ kind: fc.constant("apply" as const), i: fc.nat(), duration: length, at: minute }),
);

/** Two catalog assets of different lengths: created events play R-LONG when they start on an even minute; a replacement swaps them. */
const CATALOG = [
  { assetId: "R-LONG", name: "Long", metadata: { durationInMilliseconds: 7 * MIN } },
  { assetId: "R-SHORT", name: "Short", metadata: { durationInMilliseconds: 2 * MIN } },
];

/** The input of an update of event `id`: a new start, a new duration and/or a new title. */
function change(id: number, at: number | null, duration: number | null, title = true): Record<string, unknown> {
  return { id: String(id), ...(at === null ? {} : { onAirTime: iso(T0 + at * MIN) }), ...(duration === null ? {} : { duration: duration * MIN }), ...(title ? { title: `t${at}-${duration}` } : {}) };
}

/** gql.request, failing on what only a mistake of the test's own would cause (a document or variables the schema refuses). */
function checked(client: GraphQLClient): GraphQLClient {
  return {
    ...client,
    async request(query: string, variables?: Record<string, unknown>) {
      const result = await client.request(query, variables);
      const own = result.errors?.find((error) => ["GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED"].includes(String(error.extensions?.code)) || /Variable "\$/.test(error.message));
      if (own) throw new Error(`the test's request is wrong: ${own.message}`);
      return result;
    },
  };
}

/** Runs one edit on the schedule or on the draft (changeSetId); a refused edit (overlap, say) is fine: the counters must hold either way. */
async function run(client: GraphQLClient, scheduleId: string, changeSetId: string | null, version: number, e: Edit): Promise<void> {
  const gql = checked(client);
  const ids = changeSetId ? await eventIds("change_set_events", "change_set_id", changeSetId) : await eventIds("events", "schedule_id", scheduleId);
  const pick = (i: number) => ids[i % ids.length];
  const at = { s: scheduleId, c: changeSetId, v: version };
  const distinct = <T extends { i: number }>(picks: T[]) => [...new Map(picks.map((p) => [pick(p.i), p])).entries()];
  switch (e.kind) {
    case "create":
      await gql.request(`mutation($s: ID!, $c: ID, $input: EventInput!) { createEvent(scheduleId: $s, changeSetId: $c, input: $input) { id } }`, {
        ...at,
        input: { onAirTime: iso(T0 + e.at * MIN), duration: e.duration * MIN, title: "new", ...(e.at % 2 === 0 ? { mediaId: "R-LONG" } : {}) },
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
      await gql.request(`mutation($s: ID!, $c: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $c, ids: $ids) { version } }`, {
        s: scheduleId,
        c: changeSetId,
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
      await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, changeSetId: $c, version: $v, input: $input) { messages { message } } }`, { ...at, input });
      return;
    }
    case "scheduleDates":
      // Not an edit of events: the stored dates become the caller's until the next one.
      if (changeSetId) return;
      await gql.request(`mutation($s: ID!, $input: ScheduleInput!) { updateSchedule(id: $s, input: $input) { version } }`, {
        s: scheduleId,
        input: { name: "Day", startDate: iso(T0 - (e.at + 1) * MIN), finishDate: iso(T0 + 200 * MIN) },
      });
      return;
    case "ripple":
      if (!ids.length || changeSetId) return;
      await gql.request(`mutation($s: ID!, $v: Int!, $e: ID!, $f: Boolean) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e, fixAll: $f) { version } }`, { s: scheduleId, v: version, e: String(pick(e.i)), f: e.fixAll });
      return;
    case "mark": {
      if (!ids.length) return;
      const criteria = { ids: [...new Set(e.picks.map(pick))].map(String) };
      const vars = { s: scheduleId, c: changeSetId, criteria };
      if (e.which === "scte") await gql.request(`mutation($s: ID!, $c: ID, $criteria: EventCriteriaInput!) { markScteEvents(scheduleId: $s, changeSetId: $c, criteria: $criteria) { messages { message } } }`, vars);
      else if (e.which === "epg") await gql.request(`mutation($s: ID!, $c: ID, $criteria: EventCriteriaInput!) { markEpgEvents(scheduleId: $s, changeSetId: $c, criteria: $criteria) { messages { message } } }`, vars);
      else await gql.request(`mutation($s: ID!, $c: ID, $ids: [ID!]) { updateEventsByCriteria(scheduleId: $s, changeSetId: $c, ids: $ids, replacementType: LIVE) { messages { message } } }`, { s: scheduleId, c: changeSetId, ids: criteria.ids });
      return;
    }
    case "append": {
      // With the last event removed first, the last end is no longer the stored one.
      const deleted = e.deleteLast && ids.length ? [String(ids[ids.length - 1])] : [];
      const input = { deleted, sentToEnd: e.durations.map((d) => ({ duration: d * MIN, title: "appended" })) };
      await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, changeSetId: $c, version: $v, input: $input) { messages { message } } }`, { ...at, input });
      return;
    }
    case "shift":
      if (changeSetId) return;
      await gql.request(`mutation($s: ID!, $ms: SafeInt, $d: Int, $w: Boolean) { shiftSchedule(id: $s, milliseconds: $ms, days: $d, wallClock: $w) { version } }`, {
        s: scheduleId,
        ...(e.days === null ? { ms: e.minutes * MIN } : { d: e.days, w: e.wallClock }),
      });
      return;
    case "transpose":
      if (changeSetId) return;
      await gql.request(`mutation($s: ID!, $t: DateTime!) { transposeSchedule(id: $s, startTime: $t) { version } }`, { s: scheduleId, t: iso(T0 + e.at * MIN) });
      return;
    case "replace": {
      if (changeSetId) return;
      const [from, to] = version % 2 === 0 ? ["R-LONG", "R-SHORT"] : ["R-SHORT", "R-LONG"];
      await gql.request(`mutation($s: ID!, $v: Int!, $a: String!, $r: AssetReplacementInput!) { replaceAsset(scheduleId: $s, version: $v, assetId: $a, replacement: $r) { eventsModified } }`, {
        s: scheduleId, v: version, a: from, r: { assetId: to, fillGaps: e.fillGaps },
      });
      return;
    }
    case "revert":
      if (changeSetId || version < 2) return;
      await gql.request(`mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { version } }`, { s: scheduleId, to: version - 1, v: version });
      return;
    case "apply": {
      if (changeSetId) return;
      // A draft that changes one event, removes another and adds one, applied (its edits are the draft's, the apply is the schedule's one edit).
      const { data } = await gql.request(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: scheduleId });
      const draft = data?.createChangeSet as { id: string; version: number } | undefined;
      if (!draft) return;
      const d = { s: scheduleId, c: draft.id };
      let v = draft.version;
      if (ids.length) {
        const one = pick(e.i);
        const r1 = await gql.request(`mutation($s: ID!, $c: ID, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, changeSetId: $c, version: $v, events: $events) { version } }`, { ...d, v, events: [change(one, null, e.duration, false)] });
        if (!r1.errors) v++;
        if (ids.length > 1) {
          const r2 = await gql.request(`mutation($s: ID!, $c: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $c, ids: $ids) { version } }`, { ...d, ids: [String(pick(e.i + 1))] });
          if (!r2.errors) v++;
        }
      }
      await gql.request(`mutation($s: ID!, $c: ID, $input: EventInput!) { createEvent(scheduleId: $s, changeSetId: $c, input: $input) { id } }`, { ...d, input: { onAirTime: iso(T0 + e.at * MIN), duration: MIN, title: "drafted" } });
      await gql.request(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`, { id: draft.id, v: version });
    }
  }
}

describe("the counters of a target", () => {
  it("equal a recomputation from every event after each edit of the schedule's events", async () => {
    const { gql } = await orgClient(t);
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: CATALOG });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.record({ at: minute, duration: length }), { maxLength: 4 }), fc.array(edit, { minLength: 1, maxLength: 10 }), async (initial, edits) => {
        const schedule = await createSchedule(gql);
        await addEvents(gql, schedule.id, initial.map((s) => ({ at: T0 + s.at * MIN, duration: s.duration * MIN, ...(s.at % 2 === 0 ? { mediaId: "R-LONG" } : {}) })));
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
