import { describe, expect, it } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { type GraphQLClient, orgClient, useOwnTestService } from "../helpers/service.js";
import { addEvents, createSchedule, MIN, T0 } from "./helpers.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

const LIST = `query($size: Int) { schedules(size: $size) { content { id name events(size: 3) { content { id title } gaps overlaps totalElements } } } }`;

async function countStatements(gql: GraphQLClient, size: number): Promise<{ statements: number; data: any }> {
  statementCounter.count = 0;
  statementCounter.enabled = true;
  try {
    const data = await gql.data(LIST, { size });
    return { statements: statementCounter.count, data };
  } finally {
    statementCounter.enabled = false;
  }
}

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
