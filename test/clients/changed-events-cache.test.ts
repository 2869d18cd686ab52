// Every mutation that answers a Schedule keeps both clients' caches true: a page of events is read
// through Apollo Client's InMemoryCache and through urql's graphcache (the docs' configurations),
// the mutation runs through the same client selecting changedEvents, and every event the cache
// then holds must equal a fresh read, field for field, with no refetch between. The fields are all
// of Event's leaf fields, drawn from the schema, so a field added later is compared too; the list
// of mutations is checked against the schema, so a mutation added later needs a case here.
import { gql as apolloGql, type ApolloClient } from "@apollo/client";
import type { Client as UrqlClient } from "@urql/core";
import { buildSchema, getNamedType, isLeafType, isNonNullType, isObjectType, type GraphQLObjectType } from "graphql";
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { createCache, updateChangedEvents } from "../../docs/clients/apollo.js";
import { createClient as urqlClient } from "../../docs/clients/urql.js";
import { problemSchedule } from "../checks/helpers.js";
import { T0 } from "../events/helpers.js";
import { uniqueOrg, useTestService, type GraphQLClient } from "../helpers/service.js";
import { apolloClient } from "./helpers.js";

const t = useTestService();
const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
const DAY = 86_400_000;

/** Every leaf field of Event a client can select without arguments. */
const EVENT_LEAVES = Object.values((schema.getType("Event") as GraphQLObjectType).getFields())
  .filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)))
  .map((f) => f.name)
  .join(" ");
const PAGE = `query Page($id: ID!) { schedule(id: $id) { id version events(size: 100) { totalElements content { ${EVENT_LEAVES} } } } }`;
const CHANGED = `changedEvents(size: 100) { totalElements content { eventId removed event { ${EVENT_LEAVES} } } }`;

interface Fixture {
  gql: GraphQLClient;
  scheduleId: string;
  version: number;
  ids: string[];
}
/** A mutation's case: what runs before the caches read (setup), and the mutation itself. */
interface Case {
  setup?: (f: Fixture) => Promise<Record<string, unknown>>;
  mutation: (f: Fixture & Record<string, unknown>) => { document: string; variables: Record<string, unknown> };
}
const SCHEDULE_ANSWER = `id version ${CHANGED}`;
const simple = (field: string, args: string, variables: (f: Fixture & Record<string, unknown>) => Record<string, unknown>, wrap = (s: string) => s): Case => ({
  mutation: (f) => ({ document: `mutation ${field}(${args}) { ${field}${wrap(SCHEDULE_ANSWER)} }`, variables: variables(f) }),
});
const versioned = async (f: Fixture) => ({ v: (await f.gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: f.scheduleId })).schedule.version });

const CASES: Record<string, Case> = {
  updateEvents: simple("updateEvents", "$s: ID!, $v: Int!, $e: ID!", (f) => ({ s: f.scheduleId, v: f.version, e: f.ids[0] }), (a) => `(scheduleId: $s, version: $v, events: [{ id: $e, title: "Headlines", duration: 540000 }]) { ${a} }`),
  deleteEvents: simple("deleteEvents", "$s: ID!, $ids: [ID!]!", (f) => ({ s: f.scheduleId, ids: f.ids.slice(1, 3) }), (a) => `(scheduleId: $s, ids: $ids) { ${a} }`),
  rippleSchedule: simple("rippleSchedule", "$s: ID!, $v: Int!, $e: ID!", (f) => ({ s: f.scheduleId, v: f.version, e: f.ids[0] }), (a) => `(scheduleId: $s, version: $v, fromEventId: $e, fixAll: true) { ${a} }`),
  bulkEditEvents: simple("bulkEditEvents", "$s: ID!, $v: Int!, $e: ID!", (f) => ({ s: f.scheduleId, v: f.version, e: f.ids[4] }), (a) => `(scheduleId: $s, version: $v, input: { deleted: [$e], shiftBy: 60000, shiftFrom: "${new Date(T0 + 25 * 60_000).toISOString()}" }) { content { ${a} } }`),
  syncEventTitles: simple("syncEventTitles", "$s: ID!, $ids: [ID!]!", (f) => ({ s: f.scheduleId, ids: f.ids }), (a) => `(scheduleId: $s, eventIds: $ids) { ${a} }`),
  replaceAsset: simple("replaceAsset", "$s: ID!, $v: Int!", (f) => ({ s: f.scheduleId, v: f.version }), (a) => `(scheduleId: $s, assetId: "A-OK", version: $v, replacement: { assetId: "A-SHORT" }) { schedule { ${a} } }`),
  markEpgEvents: simple("markEpgEvents", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(scheduleId: $s, criteria: { eventType: PRIMARY }) { schedule { ${a} } }`),
  markScteEvents: simple("markScteEvents", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(scheduleId: $s, criteria: { eventType: PRIMARY }) { schedule { ${a} } }`),
  updateEventsByCriteria: simple("updateEventsByCriteria", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(scheduleId: $s, criteria: { eventType: ADVERTISEMENT }, programme: { title: "Spots" }) { schedule { ${a} } }`),
  shiftSchedule: simple("shiftSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, milliseconds: 3600000) { ${a} }`),
  "shiftSchedule(wallClock)": simple("shiftSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, days: 30, wallClock: true) { ${a} }`),
  transposeSchedule: simple("transposeSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, startTime: "${new Date(T0 + 3 * DAY + 17_000).toISOString()}") { ${a} }`),
  "updateSchedule(timeZone)": simple("updateSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, input: { timeZone: "America/New_York" }) { ${a} }`),
  "updateSchedule(broadcastDayStart)": simple("updateSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, input: { broadcastDayStart: "06:30" }) { ${a} }`),
  "updateSchedule(fps)": simple("updateSchedule", "$s: ID!", (f) => ({ s: f.scheduleId }), (a) => `(id: $s, input: { fps: 29.97, dropFrame: true }) { ${a} }`),
  revertSchedule: {
    // The caches read the schedule after a shift and a retitle; the revert undoes both.
    async setup(f) {
      await f.gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $e, title: "Later" }]) { version } }`, { s: f.scheduleId, v: f.version, e: f.ids[1] });
      await f.gql.data(`mutation($s: ID!) { shiftSchedule(id: $s, milliseconds: -7200000) { version } }`, { s: f.scheduleId });
      return versioned(f);
    },
    mutation: (f) => ({ document: `mutation revertSchedule($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { ${SCHEDULE_ANSWER} } }`, variables: { s: f.scheduleId, to: f.version, v: f.v } }),
  },
  applyChangeSet: {
    async setup(f) {
      const { createChangeSet: cs } = await f.gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id version } }`, { s: f.scheduleId });
      await f.gql.data(`mutation($s: ID!, $cs: ID, $v: Int!, $e: ID!) { updateEvents(scheduleId: $s, changeSetId: $cs, version: $v, events: [{ id: $e, title: "Drafted" }]) { version } }`, {
        s: f.scheduleId, cs: cs.id, v: cs.version, e: f.ids[0],
      });
      await f.gql.data(`mutation($s: ID!, $cs: ID, $ids: [ID!]!) { deleteEvents(scheduleId: $s, changeSetId: $cs, ids: $ids) { version } }`, { s: f.scheduleId, cs: cs.id, ids: [f.ids[3]] });
      return { cs: cs.id };
    },
    mutation: (f) => ({ document: `mutation applyChangeSet($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { ${SCHEDULE_ANSWER} } }`, variables: { id: f.cs, v: f.version } }),
  },
};
/** Mutations that answer a Schedule but change no events a client holds: they make or remove schedules. */
const NEW_OR_GONE = ["createSchedule", "copySchedule", "importSchedule", "deleteSchedule", "deleteSchedules"];

/** The mutations of the schema whose answer holds a Schedule (directly, as `schedule`, or as `content`). */
function scheduleAnsweringMutations(): string[] {
  return Object.values(schema.getMutationType()!.getFields())
    .filter((f) => {
      const type = getNamedType(f.type);
      if (type.name === "Schedule") return true;
      if (!isObjectType(type)) return false;
      const fields = type.getFields();
      return [fields.schedule, fields.content].some((member) => member && getNamedType(member.type).name === "Schedule");
    })
    .map((f) => f.name);
}

async function fixture(token: string): Promise<Fixture> {
  const gql = t.client(token);
  const { scheduleId, ids } = await problemSchedule(gql);
  // A zone with a change of offset inside the month the wall-clock case moves across.
  const { updateSchedule } = await gql.data(`mutation($s: ID!) { updateSchedule(id: $s, input: { timeZone: "Europe/London", broadcastDayStart: "05:00" }) { version } }`, { s: scheduleId });
  return { gql, scheduleId, version: updateSchedule.version, ids };
}

type Event = Record<string, unknown> & { id: string };
const freshEvents = async (f: Fixture): Promise<Map<string, Event>> =>
  new Map(((await f.gql.data(PAGE, { id: f.scheduleId })).schedule.events.content as Event[]).map((e) => [e.id, e]));

/** Each cached event equals the server's; a cached event the server no longer has fails. */
function expectTrue(cached: Event[], fresh: Map<string, Event>, what: string) {
  expect(cached.length, what).toBeGreaterThan(0);
  for (const event of cached) expect({ ...event, __typename: undefined }, `${what}: event ${event.id}`).toEqual({ ...fresh.get(event.id), __typename: undefined });
}

async function throughApollo(token: string, name: string, c: Case): Promise<void> {
  const f = await fixture(token);
  const extra = c.setup ? await c.setup(f) : {};
  const client: ApolloClient = apolloClient(t.url, token, createCache());
  await client.query({ query: apolloGql(PAGE), variables: { id: f.scheduleId } });
  const { document, variables } = c.mutation({ ...f, ...extra });
  await client.mutate({ mutation: apolloGql(document), variables, update: (cache, { data }) => updateChangedEvents(cache, data) });
  const cached = client.readQuery<{ schedule: { events: { content: Event[] } } }>({ query: apolloGql(PAGE), variables: { id: f.scheduleId } });
  expectTrue(cached!.schedule.events.content, await freshEvents(f), `Apollo, ${name}`);
}

async function throughUrql(token: string, name: string, c: Case): Promise<void> {
  const f = await fixture(token);
  const extra = c.setup ? await c.setup(f) : {};
  const client: UrqlClient = urqlClient(t.url, token);
  expect((await client.query(PAGE, { id: f.scheduleId }).toPromise()).error).toBeUndefined();
  const { document, variables } = c.mutation({ ...f, ...extra });
  expect((await client.mutation(document, variables).toPromise()).error).toBeUndefined();
  const cached = await client.query(PAGE, { id: f.scheduleId }, { requestPolicy: "cache-only" }).toPromise();
  expectTrue(cached.data.schedule.events.content, await freshEvents(f), `urql, ${name}`);
}

describe("every mutation answering a Schedule keeps the clients' cached events true", () => {
  it("has a case for every such mutation of the schema", () => {
    const covered = new Set([...Object.keys(CASES).map((name) => name.replace(/\(.*$/, "")), ...NEW_OR_GONE]);
    expect(scheduleAnsweringMutations().filter((name) => !covered.has(name))).toEqual([]);
  });

  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const warn = vi.spyOn(console, "warn");
      const error = vi.spyOn(console, "error");
      try {
        const token = await t.token(uniqueOrg(), "editor");
        await throughApollo(token, name, c);
        await throughUrql(token, name, c);
        expect([...warn.mock.calls, ...error.mock.calls].map((call) => String(call[0]))).toEqual([]);
      } finally {
        warn.mockRestore();
        error.mockRestore();
      }
    });
  }
});

describe("a change of more events than the answer's page", () => {
  const SHIFT = `mutation Shift($s: ID!) { shiftSchedule(id: $s, milliseconds: 60000) { id version changedEvents(size: 2) { pageable { hasNextPage } content { eventId removed event { ${EVENT_LEAVES} } } } } }`;
  type Page = { schedule: { events: { content: Event[] } } };

  it("says so (hasNextPage); the docs' update and updater evict what the page left out, which is read again", async () => {
    const token = await t.token(uniqueOrg(), "editor");
    const apolloSide = await fixture(token);
    const apollo = apolloClient(t.url, token, createCache());
    await apollo.query({ query: apolloGql(PAGE), variables: { id: apolloSide.scheduleId } });
    const shifted = await apollo.mutate<any>({ mutation: apolloGql(SHIFT), variables: { s: apolloSide.scheduleId }, update: (cache, { data }) => updateChangedEvents(cache, data) });
    expect(shifted.data.shiftSchedule.changedEvents.pageable.hasNextPage).toBe(true);
    expect(apollo.readQuery({ query: apolloGql(PAGE), variables: { id: apolloSide.scheduleId } })).toBeNull();
    const again = await apollo.query<Page>({ query: apolloGql(PAGE), variables: { id: apolloSide.scheduleId } });
    expectTrue(again.data!.schedule.events.content, await freshEvents(apolloSide), "Apollo after the eviction");

    const urqlSide = await fixture(token);
    const urql = urqlClient(t.url, token);
    await urql.query(PAGE, { id: urqlSide.scheduleId }).toPromise();
    const urqlAnswer = await urql.mutation(SHIFT, { s: urqlSide.scheduleId }).toPromise();
    expect(urqlAnswer.data.shiftSchedule.changedEvents.pageable.hasNextPage).toBe(true);
    expect((await urql.query(PAGE, { id: urqlSide.scheduleId }, { requestPolicy: "cache-only" }).toPromise()).data).toBeNull();
    const read = await urql.query(PAGE, { id: urqlSide.scheduleId }).toPromise();
    expectTrue(read.data.schedule.events.content, await freshEvents(urqlSide), "urql after the invalidation");
  });
});
