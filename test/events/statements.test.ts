import { describe, expect, it } from "vitest";
import { type GraphQLClient, orgClient, useOwnTestService } from "../helpers/service.js";
import { statementsOf } from "../helpers/statements.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "./helpers.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

const LIST = `query($size: Int) { schedules(size: $size) { content { id name events(size: 3) { content { id title } gaps overlaps totalElements } } } }`;

const countStatements = (gql: GraphQLClient, size: number) => statementsOf(gql, LIST, { size });

describe("Schedule.events over a list of schedules", () => {
  it("issues the same small number of SQL statements whatever the number of schedules", async () => {
    const { gql } = await orgClient(t);
    for (let i = 0; i < 12; i++) {
      const s = await createSchedule(gql, `S${String(i).padStart(2, "0")}`);
      await addEvents(gql, s.id, Array.from({ length: 4 }, (_, k) => ({ at: T0 + k * 11 * MIN, duration: 10 * MIN, title: `S${i}-E${k}` })));
    }
    const few = await countStatements(gql, 3);
    const many = await countStatements(gql, 12);
    expect(few.data.schedules.content).toHaveLength(3);
    expect(many.data.schedules.content).toHaveLength(12);
    for (const [i, schedule] of many.data.schedules.content.entries()) {
      expect(schedule.events.totalElements).toBe(4);
      expect(schedule.events.content.map((e: any) => e.title)).toEqual([`S${i}-E0`, `S${i}-E1`, `S${i}-E2`]);
      expect(Object.values(schedule.events.gaps)).toEqual([MIN, MIN]);
    }
    expect(many.statements).toBe(few.statements);
    // The schedule page (rows + count) and one statement for every schedule's events.
    expect(many.statements).toBeGreaterThanOrEqual(2);
    expect(many.statements).toBeLessThanOrEqual(3);
  });
});

describe("Schedule.events over a list, filtered and past the end", () => {
  it("answers each schedule its own filtered page, totals included when the page is past its end", async () => {
    const { gql } = await orgClient(t);
    const a = await createSchedule(gql, "A");
    const b = await createSchedule(gql, "B");
    await addEvents(gql, a.id, [
      { at: T0, duration: 10 * MIN, title: "News" },
      { at: T0 + 12 * MIN, duration: 10 * MIN, title: "Film" },
      { at: T0 + 20 * MIN, duration: 10 * MIN, title: "News late" },
    ]);
    await addEvents(gql, b.id, [{ at: T0, duration: 5 * MIN, title: "news" }]);
    const Q = `query($term: String, $page: Int) { schedules(sort: ["name,asc"]) { content { name events(term: $term, size: 1, page: $page) { content { title } totalElements gaps overlaps empty } } } }`;
    const first = (await gql.data(Q, { term: "news" })).schedules.content;
    expect(first.map((s: any) => [s.name, s.events.content.map((e: any) => e.title), s.events.totalElements])).toEqual([["A", ["News"], 2], ["B", ["news"], 1]]);
    const second = (await gql.data(Q, { term: "news", page: 1 })).schedules.content;
    expect(second.map((s: any) => [s.name, s.events.content.map((e: any) => e.title), s.events.totalElements, s.events.empty])).toEqual([["A", ["News late"], 2, false], ["B", [], 1, true]]);
    // The overlap of "News late" is measured against "Film", which the filter leaves out.
    expect(Object.values(second[0].events.overlaps)).toEqual([2 * MIN]);
  });
});


describe("every page shape the JSON read builds is one statement", () => {
  it("reads later pages, filtered pages, totals and pages inside Query.schedule and Query.schedules in one statement", async () => {
    const { gql } = await orgClient(t, "admin");
    await gql.data(`mutation($a: [AssetInput!]!) { upsertAssets(assets: $a) { assetId } }`, { a: [{ assetId: "A-1", name: "One", systemFields: { title: "Title one", som: 3 } }] });
    const a = await createSchedule(gql, "A", { graphicsProject: "G" });
    const b = await createSchedule(gql, "B", { graphicsProject: "G" });
    // A: PRIMARY, then two adverts, ten times over (30 events); B: six adverts.
    await addEvents(
      gql,
      a.id,
      Array.from({ length: 30 }, (_, k) => ({ at: T0 + k * MIN, duration: MIN, title: `A${k}`, eventType: k % 3 ? "ADVERTISEMENT" : "PRIMARY", assetData: { assetId: "A-1" } })),
    );
    await addEvents(gql, b.id, Array.from({ length: 6 }, (_, k) => ({ at: T0 + k * MIN, duration: MIN, title: `B${k}`, eventType: "ADVERTISEMENT" })));

    // A later page with every member that needs the total (Query.schedule).
    const later = await statementsOf(
      gql,
      `query($id: ID!) { schedule(id: $id) { id events(page: 4, size: 7) { content { id title } totalElements totalPages last pageable { hasNextPage } } } }`,
      { id: a.id },
    );
    expect(later.data.schedule.events).toMatchObject({ totalElements: 30, totalPages: 5, last: true, pageable: { hasNextPage: false } });
    expect(later.data.schedule.events.content.map((e: any) => e.title)).toEqual(["A28", "A29"]);
    expect(later.statements).toBe(1);

    // The peer bench's Q4: a later page of one type with five asset fields.
    const q4 = await statementsOf(
      gql,
      `query($id: ID!, $t: EventType, $p: Int, $e: Int) { schedule(id: $id) { id events(eventType: $t, page: $p, size: $e) { content { id title onAirTime duration eventType
        asset { assetId name mediaId assetSize systemFields { title } } } } } }`,
      { id: a.id, t: "ADVERTISEMENT", p: 3, e: 4 },
    );
    expect(q4.data.schedule.events.content.map((e: any) => e.title)).toEqual(["A19", "A20", "A22", "A23"]);
    expect(q4.data.schedule.events.content[0].asset).toEqual({ assetId: "A-1", name: "One", mediaId: null, assetSize: null, systemFields: { title: "Title one" } });
    expect(q4.statements).toBe(1);

    // A filtered later page inside Query.schedules, the schedules in a sort other than the default, the totals selected.
    const filtered = await statementsOf(
      gql,
      `{ schedules(sort: ["name,desc"]) { content { name events(eventType: ADVERTISEMENT, term: "1", page: 1, size: 2) { content { title } totalElements last } } } }`,
    );
    expect(filtered.data.schedules.content.map((s: any) => [s.name, s.events.content.map((e: any) => e.title), s.events.totalElements, s.events.last])).toEqual([
      ["B", [], 1, true],
      ["A", ["A11", "A13"], 8, false],
    ]);
    expect(filtered.statements).toBe(1);

    // From and to, page 2 of one schedule.
    const window = await statementsOf(
      gql,
      `query($id: ID!, $from: DateTime, $to: DateTime) { schedule(id: $id) { events(from: $from, to: $to, page: 2, size: 3) { content { title } totalElements } } }`,
      { id: a.id, from: iso(T0 + 5 * MIN), to: iso(T0 + 20 * MIN) },
    );
    expect(window.data.schedule.events).toEqual({ content: [{ title: "A11" }, { title: "A12" }, { title: "A13" }], totalElements: 15 });
    expect(window.statements).toBe(1);

    // A later page through the DataLoader (schedules read by another field): the schedules, then one statement for every page.
    const loaded = await statementsOf(gql, `{ schedulesByGraphicsProject(name: "G") { name events(page: 1, size: 4) { content { title } totalElements } } }`);
    expect(loaded.data.schedulesByGraphicsProject.map((s: any) => [s.name, s.events.content.map((e: any) => e.title), s.events.totalElements])).toEqual([
      ["A", ["A4", "A5", "A6", "A7"], 30],
      ["B", ["B4", "B5"], 6],
    ]);
    expect(loaded.statements).toBe(2);
    const one = await statementsOf(gql, `{ schedulesByGraphicsProject(name: "G") { name events(page: 5, size: 5, eventType: PRIMARY) { content { title } } } }`);
    expect(one.data.schedulesByGraphicsProject.map((s: any) => s.events.content.length)).toEqual([0, 0]);
    expect(one.statements).toBe(2);
  });
});
