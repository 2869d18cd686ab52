// Batched requests (a JSON array of operations in one POST, as Apollo Client's BatchHttpLink sends):
// up to MAX_BATCH_SIZE operations, and the query limits (tokens, aliases, directives, cost) count the
// batch as a whole, so that operations each under a limit cannot together pass it. Depth is per
// operation, and each operation is still checked alone.
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { operationCost } from "../../src/server/limits/query-limits.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { parse } from "graphql";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();
/** The test services run with the defaults. */
const limits = loadConfig({});

async function batch(token: string, operations: { query: string; variables?: Record<string, unknown> }[]): Promise<{ status: number; body: any }> {
  const response = await fetch(t.url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(operations),
  });
  return { status: response.status, body: await response.json() };
}

const times = <T>(n: number, item: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => item(i));

async function expectRefused(operations: { query: string; variables?: Record<string, unknown> }[], limit: string): Promise<void> {
  const { org } = await orgClient(t);
  const { status, body } = await batch(await t.token(org), operations);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(400);
  expect(body.errors[0].extensions).toMatchObject({ code: "QUERY_TOO_COMPLEX", limit });
}

async function expectAnswered(operations: { query: string; variables?: Record<string, unknown> }[]): Promise<any[]> {
  const { org } = await orgClient(t);
  const { status, body } = await batch(await t.token(org), operations);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  expect(body).toHaveLength(operations.length);
  for (const answer of body) expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return body;
}

describe("batched requests", () => {
  it("answers each operation of a batch, in order", async () => {
    const { org, gql } = await orgClient(t);
    await gql.data(`mutation { createSchedule(input: { name: "Morning" }) { id } }`);
    const { status, body } = await batch(await t.token(org), [
      { query: "{ schedules { totalElements } }" },
      { query: "query Names($size: Int) { schedules(size: $size) { content { name } } }", variables: { size: 5 } },
      { query: "{ __typename }" },
    ]);
    expect(status).toBe(200);
    expect(body).toEqual([{ data: { schedules: { totalElements: 1 } } }, { data: { schedules: { content: [{ name: "Morning" }] } } }, { data: { __typename: "Query" } }]);
  });

  it(`accepts up to MAX_BATCH_SIZE (${limits.maxBatchSize}) operations, refuses more`, async () => {
    await expectAnswered(times(limits.maxBatchSize, () => ({ query: "{ __typename }" })));
    await expectRefused(times(limits.maxBatchSize + 1, () => ({ query: "{ __typename }" })), "batchSize");
  });

  it("counts the tokens of the whole batch against MAX_TOKENS", async () => {
    // About a fifth of MAX_TOKENS each: four pass together, six do not.
    const query = `{ jobs(statuses: [${times(Math.floor(limits.maxTokens / 5), () => "PENDING").join(" ")}]) { id } }`;
    await expectAnswered(times(4, () => ({ query })));
    await expectRefused(times(6, () => ({ query })), "tokens");
  });

  it("counts the aliases of the whole batch against MAX_ALIASES", async () => {
    const perOperation = Math.ceil(limits.maxAliases / 3);
    const query = `{ ${times(perOperation, (i) => `a${i}: __typename`).join(" ")} }`;
    await expectAnswered(times(2, () => ({ query })));
    await expectRefused(times(4, () => ({ query })), "aliases");
  });

  it("counts the directives of the whole batch against MAX_DIRECTIVES", async () => {
    const perOperation = Math.ceil(limits.maxDirectives / 3);
    const query = `{ ${times(perOperation, () => "__typename @include(if: true)").join(" ")} }`;
    await expectAnswered(times(2, () => ({ query })));
    await expectRefused(times(4, () => ({ query })), "directives");
  });

  it("counts the estimated cost of the whole batch against MAX_QUERY_COST", async () => {
    const query = "query Pages($size: Int) { schedules(size: $size) { content { id events(size: 1000) { content { id } } } } }";
    const variables = { size: 30 };
    const cost = operationCost(await buildGraphQLSchema(), parse(query), "Pages", variables)!;
    // Each operation alone is well within the limit; enough of them together are not.
    expect(cost).toBeLessThan(limits.maxQueryCost / 2);
    const over = Math.floor(limits.maxQueryCost / cost) + 1;
    expect(over).toBeLessThanOrEqual(limits.maxBatchSize);
    await expectRefused(times(over, () => ({ query, variables })), "cost");
    await expectAnswered(times(over - 1, () => ({ query, variables })));
  });

  it("still checks each operation alone (depth), answering that one's error in its place", async () => {
    const { org } = await orgClient(t);
    const deep = `{ schedules { content { ${"atVersion(version: 1) { ".repeat(limits.maxQueryDepth)} id ${"} ".repeat(limits.maxQueryDepth)} } } }`;
    const { status, body } = await batch(await t.token(org), [{ query: "{ __typename }" }, { query: deep }]);
    expect(status).toBe(400);
    expect(body[0]).toEqual({ data: { __typename: "Query" } });
    expect(body[1].errors[0].message).toMatch(/depth/);
  });
});
