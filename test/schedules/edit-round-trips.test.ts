// How an edit of events goes to the database (src/schedules/edit-events.ts): the reads that depend
// only on the arguments go out right behind the target's lock, the work's last write together
// with the touch. Order is what makes that safe (the read comes after the lock it needs, the touch
// after the write it counts), so it is checked here for the schedule's own events and for a draft,
// and on PostgreSQL the round trips themselves are counted as writes to its socket.
import { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { VALUE_COLUMN_NAMES } from "../../src/schedules/store/rows.js";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { addEvents, createSchedule, MIN, T0 } from "../events/helpers.js";

const t = useOwnTestService(); // its own service: this file reads the statements this process sends

const UPDATE = `mutation($s: ID!, $v: Int!, $e: [EventInput!]!, $cs: ID) { updateEvents(scheduleId: $s, version: $v, events: $e, changeSetId: $cs) { id version } }`;

/** What each statement of an edit is, by its text. */
function kindOf(text: string): string {
  if (/from schedules where .* for update$/s.test(text)) return "lock schedule";
  if (/^select .* from schedules where /s.test(text)) return "read schedule";
  if (/from "change_sets" .* for update$/s.test(text)) return "lock change set";
  if (/^select id from (events|change_set_events) where/.test(text)) return "find events";
  if (/^select .* from (events|change_set_events) e where .*e\.id = any\(/s.test(text)) return "read events";
  if (/^\s*update (events|change_set_events) e set/.test(text)) return "update events";
  if (/^(delete from events|with removed as \(delete from change_set_events)/.test(text.trim())) return "delete events";
  if (/^(update schedules set version|with touched as \(\s*update change_sets)/.test(text.trim())) return "touch";
  return "other";
}

/** The texts of the statements one request sends, in the order they were sent. */
async function statementTexts(gql: GraphQLClient, query: string, variables: Record<string, unknown>): Promise<string[]> {
  statementCounter.texts = [];
  statementCounter.enabled = true;
  try {
    await gql.data(query, variables);
    return statementCounter.texts;
  } finally {
    statementCounter.enabled = false;
  }
}

/** The kinds of the statements one request sends, in the order they were sent. */
async function statementKinds(gql: GraphQLClient, query: string, variables: Record<string, unknown>): Promise<string[]> {
  return (await statementTexts(gql, query, variables)).map(kindOf).filter((kind) => kind !== "other");
}

let restore: (() => void) | null = null;
afterEach(() => restore?.());

/** Counts the writes to sockets whose remote port is `port` while `run` runs. */
async function socketWrites(port: number, run: () => Promise<unknown>): Promise<number> {
  const write = Socket.prototype.write;
  let writes = 0;
  Socket.prototype.write = function (this: Socket, ...args: any[]) {
    if (this.remotePort === port) writes++;
    return (write as any).apply(this, args);
  } as typeof write;
  restore = () => (Socket.prototype.write = write);
  try {
    await run();
    return writes;
  } finally {
    restore();
    restore = null;
  }
}

async function scheduleWithEvents(gql: GraphQLClient): Promise<{ s: string; ids: string[] }> {
  const schedule = await createSchedule(gql);
  const ids = await addEvents(gql, schedule.id, [0, 1, 2].map((k) => ({ at: T0 + k * MIN, duration: MIN, title: `E${k}` })));
  return { s: schedule.id, ids };
}

/** The version an edit of the schedule (or of the change set's draft) must name now. */
async function versionOf(gql: GraphQLClient, s: string, cs?: string): Promise<number> {
  if (cs) return (await gql.data(`query($id: ID!) { changeSet(id: $id) { version } }`, { id: cs })).changeSet.version;
  return (await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id: s })).schedule.version;
}

describe("an update of events", () => {
  it("reads its events right after the schedule's lock and updates them right before the touch", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await scheduleWithEvents(gql);
    for (const [round, picked] of [[ids[0]], [ids[1], ids[2]], [ids[2], ids[0]]].entries()) {
      const kinds = await statementKinds(gql, UPDATE, { s, v: await versionOf(gql, s), e: picked.map((id) => ({ id, title: `T${round}` })) });
      expect(kinds).toEqual(["lock schedule", "read events", "update events", "touch"]);
    }
  });

  it("reads the events' documents and columns only when an input or a rule needs them", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await scheduleWithEvents(gql);
    const BULK = `mutation($s: ID!, $v: Int!, $e: [EventInput!]!) { bulkEditEvents(scheduleId: $s, version: $v, input: { updated: $e }) { content { version } } }`;
    // What an edit of column fields reads: the id, the timing and rule columns, and the columns its inputs name.
    const RULES = ["id", "on_air_time", "duration", "event_type", "locked"];
    const EVERY = ["id", ...VALUE_COLUMN_NAMES];
    const cases: [string, Record<string, unknown>, string[]][] = [
      [UPDATE, { title: "Column" }, [...RULES, "title"]],
      [UPDATE, { status: "READY", locked: true }, [...RULES, "status"]],
      [UPDATE, { mediaId: "M-9", locked: false }, [...RULES, "media_id"]],
      [UPDATE, { houseId: "H9" }, EVERY],
      [UPDATE, { duration: 2 * MIN }, EVERY],
      [BULK, { title: "Column" }, [...RULES, "title"]],
      [BULK, { title: "Both", houseId: "H8" }, EVERY],
    ];
    for (const [mutation, fields, columns] of cases) {
      const texts = await statementTexts(gql, mutation, { s, v: await versionOf(gql, s), e: [{ id: ids[0], ...fields }] });
      const read = texts.find((text) => kindOf(text) === "read events");
      expect(read, JSON.stringify(fields)).toBeDefined();
      const selected = [...read!.split(/ from (?:events|change_set_events) e where /)[0].matchAll(/\be\.(\w+)/g)].map((m) => m[1]);
      expect(selected.sort(), JSON.stringify(fields)).toEqual([...columns].sort());
    }
    // What an edit of columns did not read is still there.
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events(size: 5) { content { id title houseId mediaId status } } } }`, { id: s });
    expect(schedule.events.content[0]).toEqual({ id: ids[0], title: "Both", houseId: "H8", mediaId: "M-9", status: "READY" });
  });

  it("does the same in a change set's draft: the change set's lock, then its events", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await scheduleWithEvents(gql);
    const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s });
    const kinds = await statementKinds(gql, UPDATE, { s, v: await versionOf(gql, s, createChangeSet.id), cs: createChangeSet.id, e: [{ id: ids[1], title: "In the draft" }] });
    expect(kinds).toEqual(["read schedule", "lock change set", "read events", "update events", "touch"]);
  });

  it("takes two round trips on PostgreSQL: begin with the lock and the read, the update with the touch and commit", async () => {
    if (!t.databaseUrl) return; // PGlite has no socket
    const port = Number(new URL(t.databaseUrl).port || 5432);
    const { gql } = await orgClient(t);
    const { s, ids } = await scheduleWithEvents(gql);
    // Once before: a statement's first run on a connection prepares it (a round trip of its own).
    for (let i = 0; i < 3; i++) await gql.data(UPDATE, { s, v: await versionOf(gql, s), e: [{ id: ids[0], title: `Warm ${i}` }] });
    const v = await versionOf(gql, s);
    const writes = await socketWrites(port, () => gql.data(UPDATE, { s, v, e: [{ id: ids[0], title: "Counted" }] }));
    expect(writes).toBe(2);
  });
});

describe("a delete of events", () => {
  it("finds its events right after the lock and deletes them right before the touch, in a schedule and in a draft", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await scheduleWithEvents(gql);
    const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s });
    const DELETE = `mutation($s: ID!, $ids: [ID!]!, $cs: ID) { deleteEvents(scheduleId: $s, ids: $ids, changeSetId: $cs) { id version } }`;
    expect(await statementKinds(gql, DELETE, { s, cs: createChangeSet.id, ids: [ids[0]] })).toEqual(["read schedule", "lock change set", "find events", "delete events", "touch"]);
    expect(await statementKinds(gql, DELETE, { s, ids: [ids[1], ids[2]] })).toEqual(["lock schedule", "find events", "delete events", "touch"]);
    const { schedule } = await gql.data(`query($id: ID!) { schedule(id: $id) { events { totalElements content { id } } } }`, { id: s });
    expect(schedule.events.totalElements).toBe(1);
    expect(schedule.events.content.map((e: { id: string }) => e.id)).toEqual([ids[0]]);
    const missing = await gql.request(DELETE, { s, ids: [ids[0], ids[1]] });
    expect(missing.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });
});
