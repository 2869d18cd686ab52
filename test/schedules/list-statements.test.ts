// Query.schedules with its totals: the page and its count in one statement (the count a window over
// the same rows), with or without each schedule's events; a page past the end counts apart.
import { describe, expect, it } from "vitest";
import { orgClient, useOwnTestService } from "../helpers/service.js";
import { statementsOf } from "../helpers/statements.js";
import { createSchedule } from "../events/helpers.js";

const t = useOwnTestService(); // its own service: this file counts the statements this process runs

describe("Query.schedules with totalElements", () => {
  it("reads the page and its totals in one statement, events folded in or not", async () => {
    const { gql } = await orgClient(t);
    for (const name of ["A", "B", "C", "D", "E"]) await createSchedule(gql, name);
    const plain = await statementsOf(gql, `{ schedules(size: 2, sort: ["name,asc"]) { totalElements totalPages last content { name } } }`, {}, true);
    expect(plain.data.schedules).toEqual({ totalElements: 5, totalPages: 3, last: false, content: [{ name: "A" }, { name: "B" }] });
    expect(plain.statements).toBe(1);
    const folded = await statementsOf(gql, `{ schedules(size: 2, page: 2, sort: ["name,asc"]) { totalElements last content { name events(size: 2) { content { id } totalElements } } } }`, {}, true);
    expect(folded.data.schedules).toEqual({ totalElements: 5, last: true, content: [{ name: "E", events: { content: [], totalElements: 0 } }] });
    expect(folded.statements).toBe(1);
  });

  it("counts a page past the end apart, and answers its totals", async () => {
    const { gql } = await orgClient(t);
    for (const name of ["A", "B", "C"]) await createSchedule(gql, name);
    const past = await statementsOf(gql, `{ schedules(size: 2, page: 7) { totalElements totalPages content { name } } }`, {}, true);
    expect(past.data.schedules).toEqual({ totalElements: 3, totalPages: 2, content: [] });
    expect(past.statements).toBe(2);
  });
});
