// The one unit of work (src/schedules/edit-events.ts): every writer of events passes through it,
// the hooks hear each change once with the operation's name and the caller, and a change is
// touched once (schedule version + 1) however many members a mutation has.
import { afterEach, describe, expect, it } from "vitest";
import { onScheduleChange, type EventsEdit } from "../../src/schedules/change-hooks.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, SCHEDULE_FIELDS, T0 } from "../events/helpers.js";
import type { Database } from "../../src/db/client.js";
import { EventService } from "../../src/events/service.js";
import { ownerViewer } from "../../src/schedules/index.js";
import { rolledBack } from "../helpers/tuples.js";

const t = useOwnTestService(); // its own service: the hooks it registers run in this process

interface Heard {
  phase: "opened" | "changed";
  operation: string;
  userId: string;
  scheduleId: number;
  changeSetId: number | null;
  version?: number;
}

let remove: (() => void) | null = null;
afterEach(() => remove?.());

/** Records what the hooks hear about one schedule. */
function listen(scheduleId: string): Heard[] {
  const heard: Heard[] = [];
  const of = (e: EventsEdit) => e.schedule.id === Number(scheduleId) || e.target.scheduleId === Number(scheduleId);
  remove = onScheduleChange({
    opened(e) {
      if (of(e)) heard.push({ phase: "opened", operation: e.operation, userId: e.viewer.userId, scheduleId: e.target.scheduleId, changeSetId: e.target.changeSetId });
    },
    changed(e, schedule) {
      if (of(e)) heard.push({ phase: "changed", operation: e.operation, userId: e.viewer.userId, scheduleId: e.target.scheduleId, changeSetId: e.target.changeSetId, version: schedule.version });
    },
  });
  return heard;
}

describe("editScheduleEvents", () => {
  it("tells the hooks the mutation's name and caller, once opened and once changed", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    const [a] = await addEvents(gql, schedule.id, [{ at: T0, duration: MIN }, { at: T0 + MIN, duration: MIN }]);
    const heard = listen(schedule.id);
    const { rippleSchedule } = await gql.data(`mutation($s: ID!, $v: Int!, $e: ID!) { rippleSchedule(scheduleId: $s, version: $v, fromEventId: $e) { ${SCHEDULE_FIELDS} } }`, {
      s: schedule.id,
      v: 3,
      e: a,
    });
    expect(heard.map((h) => [h.phase, h.operation])).toEqual([
      ["opened", "rippleSchedule"],
      ["changed", "rippleSchedule"],
    ]);
    expect(heard[1].version).toBe(rippleSchedule.version);
    expect(heard[0].userId).toBeTruthy();
  });

  it("touches once however many members a bulk edit has", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    await addEvents(gql, schedule.id, [{ at: T0, duration: MIN }]);
    const heard = listen(schedule.id);
    const { bulkEditEvents } = await gql.data(
      `mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { ${SCHEDULE_FIELDS} } } }`,
      { s: schedule.id, v: 2, input: { created: [{ title: "b", duration: MIN }, { title: "c", duration: MIN }], shiftBy: 1000 } },
    );
    expect(bulkEditEvents.content.version).toBe(3);
    expect(heard.filter((h) => h.phase === "changed")).toHaveLength(1);
  });

  it("reports nothing changed when the work changed nothing (no touch, no changed hook)", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    const [a] = await addEvents(gql, schedule.id, [{ at: T0, duration: MIN, title: "x" }]);
    const heard = listen(schedule.id);
    const { syncEventTitles } = await gql.data(`mutation($s: ID!, $ids: [ID!]!) { syncEventTitles(scheduleId: $s, eventIds: $ids) { version } }`, { s: schedule.id, ids: [a] });
    expect(syncEventTitles.version).toBe(2);
    expect(heard.map((h) => h.phase)).toEqual(["opened"]);
  });

  it("names a draft edit by its change set and leaves the schedule's version", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    await addEvents(gql, schedule.id, [{ at: T0, duration: MIN }]);
    const { createChangeSet } = await gql.data(`mutation($s: ID!) { createChangeSet(scheduleId: $s) { id } }`, { s: schedule.id });
    const heard = listen(schedule.id);
    await gql.data(`mutation($s: ID!, $c: ID, $input: EventInput!) { createEvent(scheduleId: $s, changeSetId: $c, input: $input) { id } }`, {
      s: schedule.id,
      c: createChangeSet.id,
      input: { onAirTime: iso(T0 + MIN), duration: MIN, title: "draft" },
    });
    expect(heard.map((h) => [h.phase, h.operation, h.changeSetId])).toEqual([
      ["opened", "createEvent", Number(createChangeSet.id)],
      ["changed", "createEvent", Number(createChangeSet.id)],
    ]);
    expect(heard[1].version).toBe(2);
  });

  it("rolls the whole edit back when a hook fails", async () => {
    const { gql } = await orgClient(t);
    const schedule = await createSchedule(gql);
    remove = onScheduleChange({
      changed(e) {
        if (e.target.scheduleId === Number(schedule.id)) throw new Error("history is down");
      },
    });
    const result = await gql.request(`mutation($s: ID!, $input: EventInput!) { createEvent(scheduleId: $s, input: $input) { id } }`, {
      s: schedule.id,
      input: { onAirTime: iso(T0), duration: MIN, title: "lost" },
    });
    expect(result.errors?.[0].extensions.code).toBe("INTERNAL_SERVER_ERROR");
    const { schedule: after } = await gql.data(`query($id: ID!) { schedule(id: $id) { version events { totalElements } } }`, { id: schedule.id });
    expect(after).toEqual({ version: 1, events: { totalElements: 0 } });
  });

  it("never ends a transaction it was given: every kind of edit inside a caller's transaction is rolled back with it", async () => {
    const { org, gql } = await orgClient(t, "editor");
    const schedule = await createSchedule(gql, "Nested");
    const ids = await addEvents(gql, schedule.id, [0, 1, 2].map((k) => ({ at: k * MIN, duration: MIN, title: `E${k}` })));
    const viewer = ownerViewer({ organization: org, userId: "nested" });
    const state = async () => (await gql.data(`query($id: ID!) { schedule(id: $id) { version events { content { id title duration } } } }`, { id: schedule.id })).schedule;
    const before = await state();
    const at = { scheduleId: schedule.id, organization: org, version: before.version };
    // Edits whose last write may carry the COMMIT of a transaction of their own (commit-behind.ts), and one that reads after it.
    const edits: ((events: EventService) => Promise<unknown>)[] = [
      (events) => events.update(viewer, at, [{ id: ids[0], title: "Changed" }] as never),
      (events) => events.delete(viewer, at, [ids[1]]),
      (events) => events.create(viewer, at, { title: "New", duration: MIN } as never),
      (events) => events.bulkEdit(viewer, at, { updated: [{ id: ids[2], duration: 2 * MIN }] } as never),
    ];
    for (const edit of edits) {
      await rolledBack(t.service.database.db, (tx) => edit(new EventService(tx as unknown as Database)));
      expect(await state()).toEqual(before);
    }
  });
});

