// The lock horizon (docs/EVENTS.md "Lock horizon"), as a class: every mutation of the schema that
// changes events runs against a schedule whose first events start inside the horizon. Touching one
// of those answers CONFLICT with extensions.reason LOCK_HORIZON and writes nothing (the schedule's
// version and every field of every event, or the draft's, stay as they were); touching only events
// beyond the horizon succeeds. The list of mutations is checked against the schema: a mutation
// added later needs a case here, or a place among those that change no event of a schedule.
// The service's clock (src/common/clock.ts) stands still at NOW, so nothing depends on timing.
import { buildSchema, getNamedType, isLeafType, isNonNullType, type GraphQLObjectType } from "graphql";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Viewer } from "../../src/common/auth.js";
import { setClock } from "../../src/common/clock.js";
import { editScheduleEvents, outcome } from "../../src/schedules/index.js";
import { problemSchedule } from "../checks/helpers.js";
import { iso, MIN, T0 } from "../events/helpers.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";

const t = useOwnTestService();
const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
const DAY = 86_400_000;

// problemSchedule's events start at T0 + 0, 10, 10.5, 11 (inside), 20, 25, 30 and 40 minutes (beyond).
const NOW = T0 - 5 * MIN;
const HORIZON_MS = 20 * MIN;

const EVENT_LEAVES = Object.values((schema.getType("Event") as GraphQLObjectType).getFields())
  .filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)))
  .map((f) => f.name)
  .join(" ");

interface Fixture {
  gql: GraphQLClient;
  scheduleId: string;
  ids: string[];
  /** The change set whose draft the case edits; null: the schedule's own events. */
  cs: string | null;
  /** The version the mutation names: the change set's for a draft, else the schedule's. */
  version: number;
  [key: string]: unknown;
}

/** One side of a case: what runs before the horizon is set (setup), and the mutation. */
interface Run {
  setup?: (f: Fixture) => Promise<Record<string, unknown>>;
  mutation: (f: Fixture) => { document: string; variables: Record<string, unknown> };
  /** The service's clock for this run, when not NOW. */
  now?: number;
}
interface Case {
  /** Touches an event inside the horizon: refused. */
  inside: Run;
  /** Touches only events beyond it: succeeds. */
  beyond: Run;
  /** Also run on a change set's draft (the mutation takes changeSetId). */
  draft?: boolean;
}

const run = (document: string, variables: (f: Fixture) => Record<string, unknown>): Run["mutation"] => (f) => ({ document, variables: variables(f) });
const at = (ms: number) => iso(ms);

const CASES: Record<string, Case> = {
  createEvent: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID, $at: DateTime!) { createEvent(scheduleId: $s, changeSetId: $cs, input: { onAirTime: $at, duration: 60000, title: "Breaking" }) { id } }`, () => ({ at: at(T0 + 12 * MIN) })) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $at: DateTime!) { createEvent(scheduleId: $s, changeSetId: $cs, input: { onAirTime: $at, duration: 60000, title: "Later" }) { id } }`, () => ({ at: at(T0 + 2 * 60 * MIN) })) },
  },
  updateEvents: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: [{ id: $e, title: "Headlines" }]) { version } }`, (f) => ({ e: f.ids[3] })) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: [{ id: $e, title: "Headlines" }]) { version } }`, (f) => ({ e: f.ids[5] })) },
  },
  "updateEvents(move in)": {
    draft: true,
    // An event beyond the horizon moved into it.
    inside: { mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!, $at: DateTime!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: [{ id: $e, onAirTime: $at }]) { version } }`, (f) => ({ e: f.ids[7], at: at(T0 + 14 * MIN) })) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!, $at: DateTime!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: [{ id: $e, onAirTime: $at }]) { version } }`, (f) => ({ e: f.ids[7], at: at(T0 + 50 * MIN) })) },
  },
  deleteEvents: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $cs, ids: $ids) { version } }`, (f) => ({ ids: [f.ids[1]] })) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $cs, ids: $ids) { version } }`, (f) => ({ ids: [f.ids[7]] })) },
  },
  rippleSchedule: {
    inside: {
      // The spot at T0 + 10 min made 45 s long: the ripple would push the next one (inside) back.
      setup: async (f) => {
        await f.gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, duration: 45000 }]) { version } }`, { s: f.scheduleId, v: f.version, e: f.ids[1] });
        return {};
      },
      mutation: run(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e, fixAll: true) { version } }`, (f) => ({ e: f.ids[0] })),
    },
    // From the event at T0 + 20 min: only later events move.
    beyond: { mutation: run(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e, fixAll: true) { version } }`, (f) => ({ e: f.ids[4] })) },
  },
  bulkEditEvents: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!) { bulkEditEvents(scheduleId: $s, changeSetId: $cs, version: $v, input: { deleted: [$e] }) { content { version } } }`, (f) => ({ e: f.ids[2] })) },
    beyond: {
      mutation: run(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!, $from: DateTime!) { bulkEditEvents(scheduleId: $s, changeSetId: $cs, version: $v, input: { deleted: [$e], shiftBy: 60000, shiftFrom: $from }) { content { version } } }`, (f) => ({
        e: f.ids[7],
        from: at(T0 + 25 * MIN),
      })),
    },
  },
  syncEventTitles: {
    inside: { mutation: run(`mutation($s: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $s, eventIds: $ids) { version } }`, (f) => ({ ids: [f.ids[0]] })) },
    beyond: {
      setup: async (f) => {
        await f.gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, mediaId: "M-OK", assetData: { assetId: "A-OK" } }]) { version } }`, { s: f.scheduleId, v: f.version, e: f.ids[5] });
        return {};
      },
      mutation: run(`mutation($s: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $s, eventIds: $ids) { version } }`, (f) => ({ ids: [f.ids[5]] })),
    },
  },
  replaceAsset: {
    inside: { mutation: run(`mutation($s: ID!, $v: Int!) { replaceAsset(scheduleId: $s, assetId: "A-OK", version: $v, replacement: { assetId: "A-SHORT" }) { schedule { version } } }`, () => ({})) },
    beyond: { mutation: run(`mutation($s: ID!, $v: Int!) { replaceAsset(scheduleId: $s, assetId: "A-QC", version: $v, replacement: { assetId: "A-SHORT" }) { schedule { version } } }`, () => ({})) },
  },
  markEpgEvents: {
    draft: true,
    // The spots inside have no programme yet (the news have theirs: markEpgEvents leaves them).
    inside: { mutation: run(`mutation($s: ID!, $cs: ID) { markEpgEvents(scheduleId: $s, changeSetId: $cs, criteria: { eventType: ADVERTISEMENT }) { schedule { version } } }`, () => ({})) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $from: DateTime!) { markEpgEvents(scheduleId: $s, changeSetId: $cs, criteria: { eventType: PRIMARY, from: $from }) { schedule { version } } }`, () => ({ from: at(T0 + 20 * MIN) })) },
  },
  markScteEvents: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID) { markScteEvents(scheduleId: $s, changeSetId: $cs, criteria: { eventType: PRIMARY }) { schedule { version } } }`, () => ({})) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $from: DateTime!) { markScteEvents(scheduleId: $s, changeSetId: $cs, criteria: { eventType: PRIMARY, from: $from }) { schedule { version } } }`, () => ({ from: at(T0 + 20 * MIN) })) },
  },
  updateEventsByCriteria: {
    draft: true,
    inside: { mutation: run(`mutation($s: ID!, $cs: ID) { updateEventsByCriteria(scheduleId: $s, changeSetId: $cs, criteria: { eventType: ADVERTISEMENT }, programme: { title: "Spots" }) { schedule { version } } }`, () => ({})) },
    beyond: { mutation: run(`mutation($s: ID!, $cs: ID, $ids: [ID!]) { updateEventsByCriteria(scheduleId: $s, changeSetId: $cs, ids: $ids, programme: { title: "Spots" }) { schedule { version } } }`, (f) => ({ ids: [f.ids[7]] })) },
  },
  shiftSchedule: {
    inside: { mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, milliseconds: 3600000) { version } }`, () => ({})) },
    // A shift moves every event: it passes only while all of them lie beyond the horizon.
    beyond: { now: T0 - DAY, mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, milliseconds: 3600000) { version } }`, () => ({})) },
  },
  "shiftSchedule(wallClock)": {
    inside: { mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, days: 1, wallClock: true) { version } }`, () => ({})) },
    beyond: { now: T0 - DAY, mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, days: 1, wallClock: true) { version } }`, () => ({})) },
  },
  "shiftSchedule(into)": {
    // Every event beyond the horizon, moved back into it.
    inside: { now: T0 - DAY, mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, milliseconds: -86000000) { version } }`, () => ({})) },
    beyond: { now: T0 - DAY, mutation: run(`mutation($s: ID!) { shiftSchedule(id: $s, milliseconds: -3600000) { version } }`, () => ({})) },
  },
  transposeSchedule: {
    inside: { mutation: run(`mutation($s: ID!, $at: DateTime!) { transposeSchedule(id: $s, startTime: $at) { version } }`, () => ({ at: at(T0 + 3 * DAY) })) },
    beyond: { now: T0 - DAY, mutation: run(`mutation($s: ID!, $at: DateTime!) { transposeSchedule(id: $s, startTime: $at) { version } }`, () => ({ at: at(T0 + 3 * DAY) })) },
  },
  revertSchedule: {
    inside: {
      // A retitle inside the horizon, undone by the revert.
      setup: async (f) => {
        await f.gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, title: "Retitled" }]) { version } }`, { s: f.scheduleId, v: f.version, e: f.ids[0] });
        return { to: f.version };
      },
      mutation: run(`mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { version } }`, (f) => ({ to: f.to })),
    },
    beyond: {
      setup: async (f) => {
        await f.gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, title: "Retitled" }]) { version } }`, { s: f.scheduleId, v: f.version, e: f.ids[6] });
        return { to: f.version };
      },
      mutation: run(`mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { version } }`, (f) => ({ to: f.to })),
    },
  },
  applyChangeSet: {
    inside: { setup: (f) => drafted(f, [f.ids[0]], f.ids[7]), mutation: run(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`, (f) => ({ id: f.draft })) },
    beyond: { setup: (f) => drafted(f, [f.ids[5]], f.ids[7]), mutation: run(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`, (f) => ({ id: f.draft })) },
  },
};

/** A change set (taken before the horizon is set) whose draft retitles `retitled` and deletes `deleted`. */
async function drafted(f: Fixture, retitled: string[], deleted: string): Promise<Record<string, unknown>> {
  const { createChangeSet: cs } = await f.gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: f.scheduleId });
  const { updateEvents } = await f.gql.data(`mutation($s: ID!, $cs: ID, $v: Int!, $e: [EventInput!]!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: $e) { version } }`, {
    s: f.scheduleId,
    cs: cs.id,
    v: cs.version,
    e: retitled.map((id) => ({ id, title: "Drafted" })),
  });
  expect(updateEvents).toBeTruthy();
  await f.gql.data(`mutation($s: ID!, $cs: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $cs, ids: $ids) { version } }`, { s: f.scheduleId, cs: cs.id, ids: [deleted] });
  return { draft: cs.id };
}

/**
 * Mutations that change no event of an existing schedule, each with why. A mutation of the schema
 * in neither list fails the first test.
 */
const NO_EVENT_EDIT: Record<string, string> = {
  updateSchedule: "changes the schedule's own fields; timeZone, broadcastDayStart, fps and dropFrame change labels of events, not when they air (checked below)",
  createSchedule: "a new schedule has no events",
  copySchedule: "makes a new schedule; its source is only read",
  importSchedule: "always makes a new schedule",
  importScheduleAsync: "always makes a new schedule",
  deleteSchedule: "removes a whole schedule, not an edit of its events (docs/DECISIONS.md 61)",
  deleteSchedules: "removes whole schedules, not an edit of their events (docs/DECISIONS.md 61)",
  archiveSchedule: "changes a whole schedule's state, not what airs (docs/DECISIONS.md 61)",
  restoreSchedules: "changes whole schedules' state, not what airs (docs/DECISIONS.md 61)",
  createChangeSet: "copies the events into a new draft; the schedule's events do not change",
  discardChangeSet: "drops a draft; nothing that airs changes",
  cancelJob: "jobs",
  exportSchedule: "reads",
  exportAsRunReconciliation: "reads",
  importAsRun: "writes as-run records, not events",
  ingestAsRun: "writes as-run records, not events",
  reportExecution: "writes executions, not events",
  ingestTelemetry: "writes telemetry, not events",
  generateBillingUsage: "writes billing records",
  generateAllBillingUsage: "writes billing records",
  upsertAssets: "writes the asset catalog; events keep their own copy until syncEventTitles or replaceAsset",
  createAssetCollection: "writes collections, not events",
  updateAssetCollection: "writes collections, not events",
  deleteAssetCollection: "writes collections, not events",
  createScheduleTemplate: "writes templates, not events",
  updateScheduleTemplate: "writes templates, not events",
  deleteScheduleTemplate: "writes templates, not events",
  generateSchedule: "opens a draft and a job; the job writes the draft through the unit of work of event edits, which keeps the horizon (test/templates/generate.test.ts)",
};

const STATE = `query($id: ID!) { schedule(id: $id) { version lockHorizonMs events(size: 100) { content { ${EVENT_LEAVES} } } } }`;
const DRAFT_STATE = `query($id: ID!) { changeSet(id: $id) { version events(size: 100) { content { ${EVENT_LEAVES} } } } }`;

async function state(f: Fixture) {
  const live = (await f.gql.data(STATE, { id: f.scheduleId })).schedule;
  const draft = f.cs ? (await f.gql.data(DRAFT_STATE, { id: f.cs })).changeSet : null;
  return { live, draft };
}

/** problemSchedule, the run's setup, then the horizon; for a draft run, a change set taken then. */
async function fixture(r: Run, onDraft: boolean): Promise<Fixture> {
  const { gql } = await orgClient(t);
  const { scheduleId, ids, version } = await problemSchedule(gql);
  const f: Fixture = { gql, scheduleId, ids, cs: null, version };
  Object.assign(f, r.setup ? await r.setup(f) : {});
  await gql.data(`mutation($s: ID!, $h: SafeInt!) { updateSchedule(id: $s, input: { lockHorizonMs: $h }) { id } }`, { s: scheduleId, h: HORIZON_MS });
  if (onDraft) {
    const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: scheduleId });
    f.cs = createChangeSet.id;
    f.version = createChangeSet.version;
  } else {
    f.version = (await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: scheduleId })).schedule.version;
  }
  return f;
}

async function attempt(r: Run, onDraft: boolean) {
  const f = await fixture(r, onDraft);
  setClock(() => r.now ?? NOW);
  const before = await state(f);
  const { document, variables } = r.mutation(f);
  const result = await f.gql.request(document, { s: f.scheduleId, cs: f.cs, v: f.version, ...variables });
  return { f, before, result, after: await state(f) };
}

beforeAll(() => setClock(() => NOW));
afterAll(() => setClock(null));

describe("the lock horizon holds for every mutation that changes events", () => {
  it("has a case for every mutation of the schema, or says why it changes no event", () => {
    const named = new Set([...Object.keys(CASES).map((name) => name.replace(/\(.*$/, "")), ...Object.keys(NO_EVENT_EDIT)]);
    const mutations = Object.keys(schema.getMutationType()!.getFields());
    expect(mutations.filter((name) => !named.has(name))).toEqual([]);
    expect([...named].filter((name) => !mutations.includes(name))).toEqual([]);
  });

  for (const [name, c] of Object.entries(CASES)) {
    for (const onDraft of c.draft ? [false, true] : [false]) {
      const where = onDraft ? " on a draft" : "";
      it(`${name}${where}: inside the horizon → CONFLICT LOCK_HORIZON, nothing written`, async () => {
        const { before, result, after } = await attempt(c.inside, onDraft);
        expect(result.errors, JSON.stringify(result.data)).toHaveLength(1);
        const [error] = result.errors!;
        expect(error.extensions.code, error.message).toBe("CONFLICT");
        expect(error.extensions.reason).toBe("LOCK_HORIZON");
        expect(error.extensions.eventIds.length).toBeGreaterThan(0);
        expect(error.extensions.eventIds.length).toBeLessThanOrEqual(10);
        expect(error.extensions.horizon).toBe(iso((c.inside.now ?? NOW) + HORIZON_MS));
        expect(error.extensions.lockHorizonMs).toBe(HORIZON_MS);
        expect(after).toEqual(before);
      });
      it(`${name}${where}: only beyond the horizon → done`, async () => {
        const { before, result, after } = await attempt(c.beyond, onDraft);
        expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
        if (onDraft) expect(after.draft.version).toBeGreaterThan(before.draft.version);
        else expect(after.live.version).toBeGreaterThan(before.live.version);
        // Nothing before the horizon moved or changed.
        const early = (events: { onAirTime: string }[]) => events.filter((e) => Date.parse(e.onAirTime) < (c.beyond.now ?? NOW) + HORIZON_MS);
        const side = onDraft ? "draft" : "live";
        expect(early(after[side].events.content)).toEqual(early(before[side].events.content));
      });
    }
  }
});

describe("the lock horizon's edges", () => {
  it("names the events inside the horizon that the change touched", async () => {
    const { f, result } = await attempt(CASES.deleteEvents.inside, false);
    expect(result.errors![0].extensions.eventIds).toEqual([f.ids[1]]);
    expect(result.errors![0].message).toMatch(/lock horizon/);
  });

  it("counts an event that started before now (on air, or aired) as inside", async () => {
    setClock(() => T0 + 15 * MIN);
    const { gql } = await orgClient(t);
    const { scheduleId, ids } = await problemSchedule(gql);
    await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { lockHorizonMs: 1 }) { id } }`, { s: scheduleId });
    const error = await gql.error(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: scheduleId, ids: [ids[0]] });
    expect(error.extensions.reason).toBe("LOCK_HORIZON");
    await gql.data(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: scheduleId, ids: [ids[4]] });
    setClock(() => NOW);
  });

  it("is off at 0 (the default), and follows the clock", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId, ids } = await problemSchedule(gql);
    expect((await gql.data(STATE, { id: scheduleId })).schedule.lockHorizonMs).toBe(0);
    await gql.data(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: scheduleId, ids: [ids[0]] });
    await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { lockHorizonMs: ${HORIZON_MS} }) { id } }`, { s: scheduleId });
    const done = await gql.request(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: scheduleId, ids: [ids[4]] });
    expect(done.errors).toBeUndefined(); // T0 + 20 min is not before NOW + 20 min
    setClock(() => NOW + 11 * MIN); // T0 + 25 min now is
    expect((await gql.error(`mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`, { s: scheduleId, ids: [ids[5]] })).extensions.reason).toBe("LOCK_HORIZON");
    setClock(() => NOW);
  });

  it("lets updateSchedule change the zone, the broadcast day start and the frame rate (labels, not air times)", async () => {
    const { gql } = await orgClient(t);
    const { scheduleId } = await problemSchedule(gql);
    await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { lockHorizonMs: ${HORIZON_MS} }) { id } }`, { s: scheduleId });
    const before = await gql.data(STATE, { id: scheduleId });
    await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { timeZone: "Europe/London", broadcastDayStart: "06:00", fps: 29.97, dropFrame: true }) { id } }`, { s: scheduleId });
    const after = await gql.data(STATE, { id: scheduleId });
    expect(after.schedule.events.content.map((e: { onAirTime: string }) => e.onAirTime)).toEqual(before.schedule.events.content.map((e: { onAirTime: string }) => e.onAirTime));
  });

  it("takes 0 to 31 days; a negative or longer one is BAD_USER_INPUT naming the field; null is 0", async () => {
    const { gql } = await orgClient(t);
    for (const bad of [-1, 31 * DAY + 1]) {
      const error = await gql.error(`mutation($h: SafeInt) { createSchedule(input: { name: "H", lockHorizonMs: $h }) { id } }`, { h: bad });
      expect(error.extensions.code).toBe("BAD_USER_INPUT");
      expect(error.message).toMatch(/lockHorizonMs/);
      expect(error.extensions.field).toBe("lockHorizonMs");
    }
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "H", lockHorizonMs: ${31 * DAY} }) { id lockHorizonMs } }`);
    expect(createSchedule.lockHorizonMs).toBe(31 * DAY);
    const { updateSchedule } = await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { lockHorizonMs: null }) { lockHorizonMs } }`, { s: createSchedule.id });
    expect(updateSchedule.lockHorizonMs).toBe(0);
  });

  it("is copied by copySchedule", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "H", lockHorizonMs: 900000 }) { id } }`);
    const { copySchedule } = await gql.data(`mutation($s: ID!) { copySchedule(id: $s) { lockHorizonMs } }`, { s: createSchedule.id });
    expect(copySchedule.lockHorizonMs).toBe(900_000);
  });

  it("notes a write of any code path inside the edit, not one that changes nothing or another schedule's", async () => {
    const { org, gql } = await orgClient(t);
    const { scheduleId, ids } = await problemSchedule(gql);
    const other = await problemSchedule(gql, "Other");
    await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { lockHorizonMs: ${HORIZON_MS} }) { id } }`, { s: scheduleId });
    const viewer: Viewer = { userId: "tester", orgs: [org], role: "editor" };
    const edit = (statement: ReturnType<typeof sql>) =>
      editScheduleEvents(t.service.database.db, viewer, { operation: "test", scheduleId }, async ({ tx }) => {
        await tx.execute(statement);
        return outcome(true, (row) => row.version);
      });
    // A statement of no store function: what a later writer (generation, say) might send.
    await expect(edit(sql`update events set title = 'Raw' where id = ${Number(ids[2])}`)).rejects.toMatchObject({ code: "CONFLICT", extensions: { reason: "LOCK_HORIZON", eventIds: [ids[2]] } });
    await expect(edit(sql`update events set title = title where id = ${Number(ids[2])}`)).resolves.toBeGreaterThan(0);
    await expect(edit(sql`update events set title = 'Raw' where id = ${Number(other.ids[0])}`)).resolves.toBeGreaterThan(0);
    await expect(edit(sql`delete from events where schedule_id = ${Number(scheduleId)}`)).rejects.toMatchObject({ extensions: { eventIds: ids.slice(0, 4) } });
    expect((await gql.data(STATE, { id: scheduleId })).schedule.events.content.map((e: { id: string; title: string }) => e.id)).toEqual(ids);
  });
});
