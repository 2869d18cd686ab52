// The peers bench's operations (bench/peers/shapes.ts) against this service's schema: every drawn
// shape of a few seeds and every named read must be a valid operation here, so that a run never
// spends its minutes to find a shape the service refuses. PostGraphile's side is checked by the
// run itself (its schema exists only with its server).
import { readFileSync } from "node:fs";
import { buildSchema, parse, validate } from "graphql";
import { describe, expect, it } from "vitest";
import { drawShapes, namedShapes, type DatasetFacts } from "../../bench/peers/shapes.js";

const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));

const facts: DatasetFacts = {
  organization: "bench-org-1",
  scheduleIds: ["11", "12", "13"],
  eventsByType: { ADVERTISEMENT: 300, PRIMARY: 700 },
  eventsPerSchedule: 1000,
  schedulesByGraphicsProject: { "gp-1": 2 },
  assetCount: 50,
  jobIds: ["101", "102"],
  jobCount: 300,
  changeSetIds: ["7"],
  changeSetScheduleIds: ["11"],
};

const problems = (operation: string) => validate(schema, parse(operation)).map((error) => error.message);

describe("the peers bench's operations", () => {
  it.each([1203, 7, 42])("draws 100 shapes of seed %i that this service's schema accepts", (seed) => {
    for (const shape of drawShapes(100, seed, facts)) expect(problems(shape.ours), `${shape.name}: ${shape.ours}`).toEqual([]);
  });

  it("names reads this service's schema accepts, the polled ones at 10 and 50 connections", () => {
    const named = namedShapes(facts);
    for (const shape of named) expect(problems(shape.ours), `${shape.name}: ${shape.ours}`).toEqual([]);
    expect(named.find((shape) => shape.name.includes("jobs panel"))?.connections).toEqual([10, 50]);
    expect(named.find((shape) => shape.name.includes("events page 4"))?.ours).toMatch(/events\(page: 4, size: 50\) \{ content \{ (\w+ ){15}\}/);
  });
});
