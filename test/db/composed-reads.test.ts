// A read shape is composed once: its statement is kept with its values as placeholders
// (db/planned-select.ts), so a request of a shape seen before composes no SQL, whatever its values
// (ids, later pages' numbers, filters). What shapes a text: the fields read, which filters are
// present, a first or a later page and its size (written into the text: pageBounds says why). Composing a statement (drizzle's SQL to text) costs a
// tenth of a cheap read's CPU, more for the statements of pages. Each shape below is drawn with
// random values: warmed once, then asked again with others, it must compose nothing.
import { PgDialect } from "drizzle-orm/pg-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enqueueJob } from "../../src/jobs/queue.js";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { drawing } from "../helpers/input-values.js";

const t = useOwnTestService();

afterEach(() => vi.restoreAllMocks());

describe("read shapes seen before", () => {
  it("compose no SQL, whatever their values", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const ids: string[] = [];
    for (let k = 0; k < 3; k++) {
      const schedule = await createSchedule(gql, `Composed ${k}`, { graphicsProject: "P", graphicsProjectV2: `P${k % 2}` });
      await addEvents(gql, schedule.id, Array.from({ length: 30 }, (_, i) => ({ at: T0 + i * MIN, duration: MIN, title: `E${k}.${i}`, eventType: i % 3 ? "PRIMARY" : "ADVERTISEMENT" })));
      ids.push(schedule.id);
    }
    for (let i = 0; i < 30; i++) await enqueueJob(t.service.database.db, { type: "SCHEDULE_ARCHIVE", organization: org, userId: "tester", payload: { i }, runAfter: new Date(Date.now() + 86_400_000) });
    const draw = drawing(11);
    const type = () => ["PRIMARY", "ADVERTISEMENT"][draw(2)];
    const shapes: (() => string)[] = [
      () => `query($id: ID!) { schedule(id: $id) { id name events(page: ${1 + draw(3)}, size: 5) { content { id title onAirTime } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(size: 5, eventType: ${type()}) { content { id eventType } totalElements } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(page: ${1 + draw(2)}, size: 3, eventType: ${type()}) { content { id } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(size: 4, term: "E${draw(3)}.${draw(9)}") { content { title } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(size: 4, from: "${iso(T0 + draw(10) * MIN)}", to: "${iso(T0 + (10 + draw(20)) * MIN)}") { content { id onAirTime } totalElements } } }`,
      () => `query($id: ID!) { schedule(id: $id) { version history(page: ${1 + draw(2)}, size: 1) { content { id operation } } } }`,
      () => `{ schedules(page: ${1 + draw(2)}, size: 1) { content { id name events(size: 2, eventType: ${type()}) { content { id } } } } }`,
      () => `{ schedules(size: 5, filter: { graphicsProjectV2: "P${draw(2)}" }) { content { id name } totalElements } }`,
      () => `{ schedulesByGraphicsProject(name: "P") { id events(size: 3, eventType: ${type()}) { content { id } } } }`,
      () => `{ jobs(limit: 5, userId: "${["tester", "other"][draw(2)]}") { id type status } }`,
      () => `{ jobPage(page: ${1 + draw(3)}, size: 5) { content { id status } totalElements } }`,
      () => `{ assets(page: ${1 + draw(2)}, size: 5) { content { assetId name } } }`,
      () => `query($id: ID!) { changeSets(scheduleId: $id) { id version } }`,
    ];
    const composing = vi.spyOn(PgDialect.prototype, "sqlToQuery");
    const composed: string[] = [];
    for (const shape of shapes) {
      await gql.data(shape(), { id: ids[draw(ids.length)] });
      for (let run = 0; run < 4; run++) {
        const query = shape();
        composing.mockClear();
        await gql.data(query, { id: ids[draw(ids.length)] });
        if (composing.mock.calls.length) composed.push(`${composing.mock.calls.length} statements composed for ${query}`);
      }
    }
    expect(composed, composed.join("\n")).toEqual([]);
  });
});
