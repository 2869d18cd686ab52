// A short page (db/short-reads.ts) runs on a shared connection, without the cancel a longer read
// gets, because PostgreSQL reads its rows along an index in the page's order and stops after them.
// Pages of every paged list are drawn at random (sizes, page numbers, a count or not, sorts,
// filters) through GraphQL on one connection; then each statement the service registered as a
// short page must test no pattern, and is planned generically with sorts and sequential scans
// priced out: a sort left in its plan means no index gives its order, and the statement is not short.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client.js";
import { isShortPage } from "../../src/db/short-reads.js";
import { enqueueJob } from "../../src/jobs/queue.js";
import { orgClient, useOwnTestService, type TestService } from "../helpers/service.js";
import { createSchedule } from "../events/helpers.js";
import { drawing } from "../helpers/input-values.js";

const url = process.env.DATABASE_URL;

describe.skipIf(!url)("short pages on PostgreSQL", () => {
  // One connection: the prepared statements read afterwards are those the reads made.
  const t: TestService = useOwnTestService({ dbPoolSize: 1 });

  it("are read along an index in their order, whatever the list, page, size and filter drawn", async () => {
    const { org, gql } = await orgClient(t, "admin");
    const ids: string[] = [];
    for (let k = 0; k < 2; k++) {
      const schedule = await createSchedule(gql, `Short ${k}`, { graphicsProject: "P" });
      await gql.data(`mutation($id: ID!, $input: ScheduleInput!) { updateSchedule(id: $id, input: $input) { id } }`, { id: schedule.id, input: { status: "S" } });
      ids.push(schedule.id);
    }
    for (let i = 0; i < 5; i++) await enqueueJob(t.service.database.db, { type: "SCHEDULE_ARCHIVE", organization: org, userId: "tester", payload: { i }, runAfter: new Date(Date.now() + 365 * 86_400_000) });

    const draw = drawing(11);
    const page = () => `page: ${draw(4)}, size: ${1 + draw(40)}`;
    const total = () => (draw(3) === 0 ? "totalElements" : "");
    const someOf = (fields: string[]) => fields.filter(() => draw(2) === 1).join(" ") || fields[0];
    const lists = [
      () => `{ jobs(limit: ${1 + draw(60)}${draw(2) ? ", statuses: [PENDING]" : ""}) { id ${someOf(["type", "status", "dateCreated"])} } }`,
      () => `{ jobPage(${page()}${draw(2) ? `, organizations: ["${org}"]` : ""}) { content { id ${someOf(["status", "type"])} } ${total()} } }`,
      () => `{ changeSets(scheduleId: "${ids[draw(2)]}") { id ${someOf(["version", "baseVersion", "createdBy"])} } }`,
      () => `{ changeSetPage(scheduleId: "${ids[draw(2)]}", ${page()}) { content { id } ${total()} } }`,
      () => `{ schedule(id: "${ids[draw(2)]}") { history(${page()}) { content { id ${someOf(["operation", "versionAfter"])} } ${total()} } } }`,
      () => `{ assets(${page()}${draw(2) ? `, name: "a${draw(9)}"` : ""}) { content { assetId ${someOf(["name", "mediaId"])} } ${total()} } }`,
      () => `{ scheduleTemplates(${page()}) { content { id ${someOf(["name", "timeZone"])} } ${total()} } }`,
      () => `{ assetCollections(${page()}) { content { id ${someOf(["name", "kind"])} } ${total()} } }`,
      () => `{ schedules(${page()}, sort: ["${["id,asc", "id,desc", "name,asc", "startDate,desc"][draw(4)]}"]${draw(3) ? "" : `, filter: { nameSubString: "S" }`}) { content { id ${someOf(["name", "channel"])} } ${total()} } }`,
      () => `{ schedulePageByGraphicsProject(name: "P", ${page()}) { content { id ${someOf(["name", "status"])} } ${total()} } }`,
    ];
    for (let run = 0; run < 80; run++) await gql.data(lists[run % lists.length]());

    const prepared = await queryRows<{ statement: string }>(t.service.database.db, sql`select statement from pg_prepared_statements`);
    const short = [...new Set(prepared.map((p) => p.statement).filter(isShortPage))];
    const tables = new Set(short.map((text) => /\bfrom "(\w+)"/.exec(text)?.[1]));
    // Every list drawn but the history (folded into the schedule's statement): the test reads something.
    expect([...tables].sort(), short.join("\n")).toEqual(expect.arrayContaining(["asset_collections", "assets", "change_sets", "jobs", "schedule_templates", "schedules"]));

    // A pattern (a name's substring) tests rows one by one, and one that matches nothing reads them all.
    expect(short.filter((text) => / i?like /.test(text))).toEqual([]);

    const sorted: string[] = [];
    for (const [n, text] of short.entries()) {
      const parameters = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      const plan = await t.service.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql.raw(`prepare short_page_${n} as ${text}`));
        const lines = await queryRows<{ "QUERY PLAN": string }>(tx, sql.raw(`explain execute short_page_${n}${parameters ? `(${Array(parameters).fill("null").join(", ")})` : ""}`));
        await tx.execute(sql.raw(`deallocate short_page_${n}`));
        return lines.map((l) => l["QUERY PLAN"]).join("\n");
      });
      // A sort of the rows found (an incremental sort only orders each group of an index's order, and stops with it).
      if (/(^|->)\s*Sort\s+\(/m.test(plan)) sorted.push(`${text}\n${plan}`);
    }
    expect(sorted, sorted.join("\n\n")).toEqual([]);
  });
});
