import { describe, expect, it } from "vitest";
import { statementCounter } from "../../src/db/client.js";
import { orgClient, useTestService, type GraphQLClient } from "../helpers/service.js";
import { addEvents, createSchedule, MIN, T0 } from "./helpers.js";

const t = useTestService();

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
