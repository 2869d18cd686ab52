// Schedule history through GraphQL: entries with actor and operation, atVersion, scheduleDiff,
// revertSchedule and its refusals, imports and change-set applies recorded.
import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService, type GraphQLClient } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";
import { addEvents, createSchedule, iso, MIN, T0, minuteSlots } from "../events/helpers.js";
import { sql } from "drizzle-orm";
import { execute } from "../../src/db/client.js";
import { pruneHistory } from "../../src/history/retention.js";

const t = useOwnTestService(); // its own service: the retention test reaches into its database

const HISTORY = `query($id: ID!) { schedule(id: $id) { version history(size: 100) { totalElements content {
  versionBefore versionAfter actor operation eventsAdded eventsRemoved eventsChanged scheduleChanges { field before after }
  eventChanges { eventId kind changes { field before after } } } } } }`;
const AT = `query($id: ID!, $v: Int!, $page: Int, $size: Int) { schedule(id: $id) { atVersion(version: $v) { id name version
  events(page: $page, size: $size) { totalElements content { id title onAirTime duration } gaps } } } }`;
const DIFF = `query($s: ID!, $from: Int!, $to: Int!) { scheduleDiff(scheduleId: $s, fromVersion: $from, toVersion: $to) {
  added { id title } removed { id title } changed { id eventId fields before { id title onAirTime } after { id title onAirTime } } } }`;
const REVERT = `mutation($s: ID!, $to: Int!, $v: Int!) { revertSchedule(scheduleId: $s, toVersion: $to, version: $v) { id version name } }`;
const UPDATE = `mutation($s: ID!, $v: Int!, $events: [EventInput!]!) { updateEvents(scheduleId: $s, version: $v, events: $events) { version } }`;
const DELETE = `mutation($s: ID!, $ids: [ID!]!) { deleteEvents(scheduleId: $s, ids: $ids) { version } }`;

async function setup(gql: GraphQLClient) {
  const s = await createSchedule(gql, "Tonight", { startDate: iso(T0) });
  const ids = await addEvents(gql, s.id, [
    { at: T0, duration: 10 * MIN, title: "A" },
    { at: T0 + 10 * MIN, duration: 10 * MIN, title: "B" },
    { at: T0 + 20 * MIN, duration: 10 * MIN, title: "C" },
  ]);
  return { s, ids };
}

const version = async (gql: GraphQLClient, id: string) => (await gql.data(`query($id: ID!) { schedule(id: $id) { version } }`, { id })).schedule.version as number;

describe("history entries", () => {
  it("records each mutation with versions, actor, operation and what changed", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await setup(gql);
    await gql.data(UPDATE, { s: s.id, v: 4, events: [{ id: ids[1], title: "B2" }] });
    await gql.data(DELETE, { s: s.id, ids: [ids[2]] });
    const { schedule } = await gql.data(HISTORY, { id: s.id });
    expect(schedule.version).toBe(6);
    const entries = schedule.history.content;
    expect(entries.map((e: any) => [e.versionBefore, e.versionAfter, e.operation, e.actor])).toEqual([
      [5, 6, "deleteEvents", "tester"],
      [4, 5, "updateEvents", "tester"],
      [3, 4, "createEvent", "tester"],
      [2, 3, "createEvent", "tester"],
      [1, 2, "createEvent", "tester"],
      [null, 1, "createSchedule", "tester"],
    ]);
    expect(entries[0]).toMatchObject({ eventsRemoved: 1, eventsAdded: 0, eventsChanged: 0 });
    expect(entries[0].eventChanges).toEqual([
      expect.objectContaining({ eventId: ids[2], kind: "REMOVED", changes: expect.arrayContaining([{ field: "title", before: "C", after: null }]) }),
    ]);
    expect(entries[1].eventChanges).toEqual([
      { eventId: ids[1], kind: "CHANGED", changes: expect.arrayContaining([{ field: "title", before: "B", after: "B2" }, { field: "version", before: 1, after: 2 }]) },
    ]);
    expect(entries[1].scheduleChanges.map((c: any) => c.field)).toContain("dateUpdated");
  });

  it("records a shift as the schedule's time origin, and an import and a change-set apply as one entry each", async () => {
    const { org, gql } = await orgClient(t);
    const { s, ids } = await setup(gql);
    await gql.data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 60000) { version } }`, { id: s.id });
    const { createChangeSet: cs } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: s.id });
    await gql.data(`mutation($s: ID!, $v: Int!, $cs: ID) { updateEvents(scheduleId: $s, version: $v, events: [{ id: "${ids[0]}", title: "A2" }], changeSetId: $cs) { id } }`, {
      s: s.id,
      v: 1,
      cs: cs.id,
    });
    const v = await version(gql, s.id);
    await gql.data(`mutation($id: ID!, $v: Int!) { applyChangeSet(id: $id, version: $v) { version } }`, { id: cs.id, v });
    const entries = (await gql.data(HISTORY, { id: s.id })).schedule.history.content;
    expect(entries[0]).toMatchObject({ operation: "applyChangeSet", versionBefore: v, versionAfter: v + 1, eventsChanged: 1 });
    expect(entries[1]).toMatchObject({ operation: "shiftSchedule", eventsChanged: 0 });
    expect(entries[1].scheduleChanges).toContainEqual({ field: "timeOrigin", before: expect.any(Number), after: expect.any(Number) });
    const imported = await uploadRequest(t.url, await t.token(org), `mutation($file: Upload!) { importSchedule(file: $file) { id } }`, {
      name: "day.csv",
      content: "onAirTime,duration,title,eventType\n2026-05-01T00:00:00Z,10000,One,PRIMARY\n2026-05-01T00:00:10Z,10000,Two,PRIMARY\n",
    });
    expect(imported.errors).toBeUndefined();
    const importedHistory = (await gql.data(HISTORY, { id: imported.data!.importSchedule.id })).schedule.history.content;
    expect(importedHistory.every((e: any) => e.operation === "importSchedule" && e.actor === "tester")).toBe(true);
    expect(importedHistory.reduce((n: number, e: any) => n + e.eventsAdded, 0)).toBe(2);
  });
});

describe("atVersion, scheduleDiff and revertSchedule", () => {
  it("answers the schedule and its events as they were, and the diff between two versions", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await setup(gql);
    await gql.data(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "Renamed" }) { version } }`, { id: s.id });
    await gql.data(UPDATE, { s: s.id, v: 5, events: [{ id: ids[0], title: "A2", duration: 5 * MIN }] });
    await gql.data(DELETE, { s: s.id, ids: [ids[1]] });
    const at3 = (await gql.data(AT, { id: s.id, v: 3 })).schedule.atVersion;
    // An earlier version is not the live record: ids of its own (the live ones stay eventId).
    expect(at3).toMatchObject({ id: `${s.id}@v3`, name: "Tonight", version: 3 });
    expect(at3.events.content.map((e: any) => e.id)).toEqual([`${ids[0]}@v3`, `${ids[1]}@v3`]);
    expect(minuteSlots(at3.events.content)).toEqual([[0, 10, "A"], [10, 10, "B"]]);
    const at5 = (await gql.data(AT, { id: s.id, v: 5, page: 1, size: 2 })).schedule.atVersion;
    expect(at5.name).toBe("Renamed");
    expect(at5.events.totalElements).toBe(3);
    expect(minuteSlots(at5.events.content)).toEqual([[20, 10, "C"]]);
    const diff = (await gql.data(DIFF, { s: s.id, from: 4, to: 7 })).scheduleDiff;
    expect(diff.added).toEqual([]);
    expect(diff.removed).toEqual([{ id: `${ids[1]}@v4`, title: "B" }]);
    expect(diff.changed).toEqual([
      { id: `${ids[0]}@v4..v7`, eventId: ids[0], fields: ["duration", "title"], before: { id: `${ids[0]}@v4`, title: "A", onAirTime: iso(T0) }, after: { id: `${ids[0]}@v7`, title: "A2", onAirTime: iso(T0) } },
    ]);
    const back = (await gql.data(DIFF, { s: s.id, from: 7, to: 4 })).scheduleDiff;
    expect(back.added).toEqual([{ id: `${ids[1]}@v4`, title: "B" }]);
  });

  it("reverts as a new version, keeping history; a stale version is CONFLICT, another organization NOT_FOUND", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await setup(gql);
    await gql.data(`mutation($id: ID!) { updateSchedule(id: $id, input: { name: "Renamed" }) { version } }`, { id: s.id });
    await gql.data(DELETE, { s: s.id, ids: [ids[0], ids[2]] });
    expect((await gql.error(REVERT, { s: s.id, to: 4, v: 5 })).extensions.code).toBe("CONFLICT");
    const { revertSchedule } = await gql.data(REVERT, { s: s.id, to: 4, v: 6 });
    expect(revertSchedule).toEqual({ id: s.id, version: 7, name: "Tonight" });
    const now = (await gql.data(AT, { id: s.id, v: 7, size: 10 })).schedule.atVersion;
    // The current version is the live record itself.
    expect(now.events.content.map((e: any) => e.id)).toEqual(ids);
    expect((await gql.data(DIFF, { s: s.id, from: 4, to: 7 })).scheduleDiff).toEqual({ added: [], removed: [], changed: [] });
    const entries = (await gql.data(HISTORY, { id: s.id })).schedule.history;
    expect(entries.totalElements).toBe(7);
    expect(entries.content[0]).toMatchObject({ operation: "revertSchedule", versionBefore: 6, versionAfter: 7, eventsAdded: 2 });
    const other = await orgClient(t);
    expect((await other.gql.error(REVERT, { s: s.id, to: 4, v: 7 })).extensions.code).toBe("NOT_FOUND");
    expect((await other.gql.error(DIFF, { s: s.id, from: 4, to: 7 })).extensions.code).toBe("NOT_FOUND");
    expect((await gql.error(AT, { id: s.id, v: 99 })).extensions.code).toBe("BAD_USER_INPUT");
  });

  it("refuses to change a locked event on air now", async () => {
    const { gql } = await orgClient(t);
    const s = await createSchedule(gql, "Live");
    const now = Date.now();
    const [live] = await addEvents(gql, s.id, [{ at: now - MIN, duration: 60 * MIN, title: "Live", locked: true }]);
    const v = await version(gql, s.id);
    await gql.data(UPDATE, { s: s.id, v, events: [{ id: live, title: "Live 2", locked: true }] });
    const error = await gql.error(REVERT, { s: s.id, to: v, v: v + 1 });
    expect(error.extensions).toMatchObject({ code: "CONFLICT", eventIds: [live] });
  });

  it("forgets entries past HISTORY_RETENTION_DAYS: older versions answer BAD_USER_INPUT, newer ones still rewind", async () => {
    const { gql } = await orgClient(t);
    const { s, ids } = await setup(gql);
    await gql.data(UPDATE, { s: s.id, v: 4, events: [{ id: ids[0], title: "A2" }] });
    const db = t.service.database.db;
    await execute(db, sql`update schedule_history set date_created = now() - interval '100 days' where schedule_id = ${Number(s.id)} and version_after <= 3`);
    expect(await pruneHistory(db, 90)).toBe(3);
    const error = await gql.error(AT, { id: s.id, v: 2 });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", oldestVersion: 3 });
    const at3 = (await gql.data(AT, { id: s.id, v: 3 })).schedule.atVersion;
    expect(minuteSlots(at3.events.content)).toEqual([[0, 10, "A"], [10, 10, "B"]]);
  });
});
