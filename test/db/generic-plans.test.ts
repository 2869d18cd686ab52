// Kept statements reach PostgreSQL's generic plan (db/planned-select.ts pageBounds). A statement
// whose text leaves the page's size to a parameter is costed at a tenth of the rows for its limit,
// so its generic plan never looks as cheap as its custom plans and PostgreSQL plans every
// execution anew (0.4 ms of a folded schedule read's 0.5). On one connection, random read shapes
// (lookups, first and later pages, folded events and history pages) are each run more than the
// five custom plans PostgreSQL tries first; then every named statement run that often must have
// been given its generic plan.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { orgClient, useOwnTestService, type TestService } from "../helpers/service.js";
import { createSchedule, iso, MIN, T0 } from "../events/helpers.js";
import { drawing } from "../helpers/input-values.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("kept statements on PostgreSQL", () => {
  // One connection: the prepared statements read afterwards are those the reads made.
  const t: TestService = useOwnTestService({ dbPoolSize: 1 });

  it("get their generic plan once PostgreSQL has tried its custom plans, whatever the shape and page", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const ids: string[] = [];
    // Enough rows that a limit costed at a tenth of them is far from a page's: 1,000 events a schedule, 400 jobs.
    for (let k = 0; k < 3; k++) {
      const schedule = await createSchedule(gql, `Plans ${k}`, { graphicsProject: "P" });
      const created = Array.from({ length: 1000 }, (_, i) => ({ onAirTime: iso(T0 + i * MIN), duration: MIN, title: `E${i}`, eventType: i % 4 ? "PRIMARY" : "ADVERTISEMENT" }));
      await gql.data(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { messages { message } } }`, { s: schedule.id, v: schedule.version, input: { created } });
      for (let i = 0; i < 3; i++) await gql.data(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: schedule.id, input: { status: `S${i}` } });
      ids.push(schedule.id);
    }
    for (let i = 0; i < 400; i++) await enqueueJob(t.service.database.db, { type: "SCHEDULE_ARCHIVE", organization: org, userId: "tester", payload: { i }, runAfter: new Date(Date.now() + 365 * 86_400_000) });
    await queryRows(t.service.database.db, sql`analyze events, jobs, schedules, schedule_history`);
    const draw = drawing(5);
    const shapes = [
      () => `query($id: ID!) { schedule(id: $id) { id events(page: ${1 + draw(3)}, size: 2) { content { id title } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { name events(page: ${draw(3)}, size: 3) { content { onAirTime } } history(page: ${draw(3)}, size: 2) { content { id operation } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { version history(page: ${1 + draw(2)}, size: 1) { totalElements content { versionAfter } } } }`,
      () => `{ schedules(page: ${1 + draw(2)}, size: 1) { content { id events(page: 1, size: 2) { content { id } } } } }`,
      () => `{ jobPage(page: ${1 + draw(4)}, size: 2) { content { id status } } }`,
      () => `{ jobs(limit: 3) { id type } }`,
      // Filtered pages: which conditions are present shapes the text, their values are drawn for each run.
      () => `query($id: ID!) { schedule(id: $id) { id events(size: 5, eventType: ${draw(2) ? "PRIMARY" : "ADVERTISEMENT"}) { content { id } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(size: 5, eventType: PRIMARY, term: "${1 + draw(9)}") { content { id } } } }`,
      () => `query($id: ID!) { schedule(id: $id) { id events(page: ${1 + draw(3)}, size: 4, from: "${iso(T0 + draw(100) * MIN)}", to: "${iso(T0 + (200 + draw(600)) * MIN)}") { content { title } totalElements } } }`,
      () => `{ schedulesByGraphicsProject(name: "P") { events(size: 3, term: "E${draw(20)}") { content { id } } } }`,
    ];
    // Each shape's values (ids, page numbers, filters) vary from run to run; a first and a later page are two texts.
    for (const shape of shapes) for (let run = 0; run < 12; run++) await gql.data(shape(), { id: ids[draw(ids.length)] });
    const prepared = await queryRows<{ statement: string; generic_plans: string; custom_plans: string }>(
      t.service.database.db,
      sql`select statement, generic_plans, custom_plans from pg_prepared_statements where generic_plans + custom_plans >= 6`,
    );
    // A title's pattern (ilike $n) is the one condition PostgreSQL cannot cost without its value
    // (a term matches a tenth of the events or none): it plans those each time, rightly.
    const reads = prepared.filter((p) => /^\s*(with|select)/i.test(p.statement) && !/ ilike \$\d+/.test(p.statement));
    expect(reads.length).toBeGreaterThan(3);
    const stuck = reads.filter((p) => Number(p.generic_plans) === 0).map((p) => `${p.custom_plans} custom plans: ${p.statement.replace(/\s+/g, " ").slice(0, 1500)}`);
    expect(stuck, stuck.join("\n\n")).toEqual([]);
  });
});
