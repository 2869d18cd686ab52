// What a report costs (src/server/limits/query-limits.ts windowCost): every root field with a
// `window` of time, queries and mutations alike, found in the schema and asked over windows drawn
// at random (literals or variables, with or without buckets): its cost grows with the window's days,
// is the same however the window is written, never passes the default MAX_QUERY_COST on its own, and
// a month of any report costs what hundreds of job polls do.
import fc from "fast-check";
import { getNamedType, getNullableType, isCompositeType, isNonNullType, isScalarType, parse, type GraphQLField, type GraphQLSchema } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { operationCost, REPORT_COST, REPORT_COST_PER_DAY, REPORT_DAYS_PRICED } from "../../src/server/limits/query-limits.js";

let schema: GraphQLSchema;
let reports: { operation: "query" | "mutation"; field: GraphQLField<unknown, unknown> }[];
beforeAll(async () => {
  schema = await buildGraphQLSchema();
  reports = (["query", "mutation"] as const).flatMap((operation) => {
    const root = operation === "query" ? schema.getQueryType()! : schema.getMutationType()!;
    return Object.values(root.getFields())
      .filter((field) => field.args.some((argument) => argument.name === "window"))
      .map((field) => ({ operation, field }));
  });
});

/** The field asked with its other required arguments filled and `window` as given (a literal, or `$w`). */
function documentOf({ operation, field }: (typeof reports)[number], window: string): string {
  const others = field.args
    .filter((argument) => argument.name !== "window" && isNonNullType(argument.type) && argument.defaultValue === undefined)
    .map((argument) => `${argument.name}: ${isScalarType(getNamedType(argument.type)) && getNamedType(argument.type).name === "Int" ? 1 : '"x"'}`);
  const selection = isCompositeType(getNamedType(getNullableType(field.type))) ? " { __typename }" : "";
  const variables = window === "$w" ? "($w: TimeWindowInput!)" : "";
  return `${operation} Report${variables} { ${field.name}(${[...others, `window: ${window}`].join(", ")})${selection} }`;
}

const DAY = 86_400_000;

describe("the cost of a report", () => {
  it("is found on every root field with a window", () => {
    const names = reports.map((report) => report.field.name);
    for (const expected of ["playoutUsage", "billingUsage", "uptimeTotals", "storageUsage", "licenceUsage", "generateBillingUsage"]) expect(names).toContain(expected);
  });

  it("grows with the window's days, the same as a literal or a variable, within MAX_QUERY_COST", () => {
    const maxCost = loadConfig({ AUTH_SECRET: "x".repeat(32) }).maxQueryCost;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }),
        fc.integer({ min: 1, max: 30 * 366 * DAY }),
        fc.constantFrom(null, "HOURS", "DAYS"),
        (pick, from, span, periodType) => {
          const report = reports[pick % reports.length];
          const window = { from: new Date(from).toISOString(), to: new Date(from + span).toISOString(), ...(periodType ? { period: 1, periodType } : {}) };
          const literal = `{ from: "${window.from}", to: "${window.to}"${periodType ? `, period: 1, periodType: ${periodType}` : ""} }`;
          const days = Math.min(REPORT_DAYS_PRICED, Math.ceil(span / DAY));
          const asLiteral = operationCost(schema, parse(documentOf(report, literal)), "Report", {})!;
          const asVariable = operationCost(schema, parse(documentOf(report, "$w")), "Report", { w: window })!;
          expect(asVariable).toBe(asLiteral);
          expect(asLiteral).toBeGreaterThanOrEqual(REPORT_COST + REPORT_COST_PER_DAY * days);
          expect(asLiteral).toBeLessThanOrEqual(REPORT_COST + REPORT_COST_PER_DAY * days + 20);
          expect(asLiteral).toBeLessThan(maxCost);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("of a month is what hundreds of job polls cost", () => {
    const poll = operationCost(schema, parse(`query Poll { job(id: "1") { id status progress } }`), "Poll", {})!;
    const window = `{ from: "2026-11-01T00:00:00Z", to: "2026-12-01T00:00:00Z", period: 1, periodType: DAYS }`;
    for (const report of reports) expect(operationCost(schema, parse(documentOf(report, window)), "Report", {})! / poll).toBeGreaterThanOrEqual(200);
  });
});
