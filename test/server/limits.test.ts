// Query limits (issue 11 items 1, 2, 12): no document can stall the process, every limit answers
// QUERY_TOO_COMPLEX before any resolver runs, introspection needs a token like everything else.
import { getIntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

// The default limits (MAX_ALIASES 30, MAX_DIRECTIVES 50, MAX_TOKENS 5000, MAX_QUERY_COST 100000).
const t = useTestService();

async function post(body: unknown, token?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(t.url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** `query { ...F0 } fragment F0 on Query { ...F1 ...F1 } … fragment F<n> on Query { __typename }`: 2^n spreads expanded. */
function doublingFragments(n: number, leaf = "__typename"): string {
  const parts = ["query { ...F0 }"];
  for (let i = 0; i < n; i++) parts.push(`fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  parts.push(`fragment F${n} on Query { ${leaf} }`);
  return parts.join("\n");
}

describe("fragment fan-out", () => {
  // On the old depth check this request took ~18 s and blocked the process; it hangs past the
  // test timeout there. Here it is answered, and /healthz answers while it runs.
  it("answers 24 doubling fragments with a JSON answer and keeps /healthz answering", async () => {
    const token = await t.token("fanout");
    const answer = post({ query: doublingFragments(24) }, token);
    const health = fetch(t.url + "/healthz").then((r) => r.status);
    const { body } = await answer;
    expect(body.data ?? body.errors).toBeDefined();
    expect(body.errors?.[0]?.extensions?.code).toBe("QUERY_TOO_COMPLEX");
    expect(await health).toBe(200);
  });

  it("answers 30 doubling fragments over a real field too", async () => {
    const token = await t.token("fanout");
    const { body } = await post({ query: doublingFragments(30, "schedules { totalElements }") }, token);
    expect(body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("still measures depth through fragments", async () => {
    const { gql } = await orgClient(t);
    const query = `query { ...A } fragment A on Query { schedules { ...B } } fragment B on SchedulePage { content { id } pageable { sort { property } } }`;
    expect((await gql.data(query)).schedules).toBeTruthy();
  });
});

describe("alias, directive, token and cost limits", () => {
  it("refuses more aliases than MAX_ALIASES", async () => {
    const token = await t.token("limits");
    const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: __typename`).join(" ");
    const { status, body } = await post({ query: `{ ${aliases} }` }, token);
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(body.errors[0].message).toMatch(/alias/i);
    expect(body.errors[0].extensions.requestId).toBeTruthy();
  });

  // 50,000 of them are over MAX_QUERY_BYTES, refused before any token is counted.
  it("refuses 5,000 aliases quickly, by the token limit", async () => {
    const token = await t.token("limits");
    const aliases = Array.from({ length: 5_000 }, (_, i) => `a${i}: __typename`).join(" ");
    const { body } = await post({ query: `{ ${aliases} }` }, token);
    expect(body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(body.errors[0].message).toMatch(/token/i);
  });

  it("refuses more directives than MAX_DIRECTIVES", async () => {
    const token = await t.token("limits");
    const { body } = await post({ query: `{ __typename ${"@include(if: true) ".repeat(51)} }` }, token);
    expect(body.errors[0].extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(body.errors[0].message).toMatch(/directive/i);
  });

  it("prices lists by their size argument", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "cost" }) { id } }`);
    const events = (size: number) => `query($id: ID!) { schedule(id: $id) { events(size: ${size}) { content { id title secondaryEvents { objectName } } } } }`;
    expect((await gql.request(events(1000), { id: createSchedule.id })).errors).toBeUndefined();
    // The same through nested pages: 1000 schedules × 1000 events.
    const nested = `{ schedules(size: 1000) { content { events(size: 1000) { content { id } } } } }`;
    const error = await gql.error(nested);
    expect(error.extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(error.message).toMatch(/cost/);
    // size given by a variable counts the same.
    const byVariable = await gql.error(`query($n: Int) { schedules(size: $n) { content { events(size: $n) { content { id } } } } }`, { n: 1000 });
    expect(byVariable.extensions.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("refuses 25 programme summaries in one request; one is fine", async () => {
    const { gql } = await orgClient(t);
    const { createSchedule } = await gql.data(`mutation { createSchedule(input: { name: "epg" }) { id } }`);
    const many = Array.from({ length: 25 }, (_, i) => `p${i}: programmeSummary { programme { title } }`).join(" ");
    const error = await gql.error(`query($id: ID!) { schedule(id: $id) { ${many} } }`, { id: createSchedule.id });
    expect(error.extensions.code).toBe("QUERY_TOO_COMPLEX");
    const one = await gql.data(`query($id: ID!) { schedule(id: $id) { programmeSummary(size: 5) { programme { title } totalElements } } }`, { id: createSchedule.id });
    expect(one.schedule.programmeSummary).toEqual({ programme: [], totalElements: 0 });
  });

  it("lets GraphiQL's introspection query through", async () => {
    const token = await t.token("limits");
    const { status, body } = await post({ query: getIntrospectionQuery({ inputValueDeprecation: true, schemaDescription: true }), operationName: "IntrospectionQuery" }, token);
    expect(body.errors).toBeUndefined();
    expect(status).toBe(200);
    expect(body.data.__schema.queryType.name).toBe("Query");
  });
});

describe("introspection follows the token rule", () => {
  it("answers UNAUTHENTICATED without a valid token", async () => {
    for (const query of [`{ __schema { queryType { name } } }`, `{ __type(name: "Schedule") { name } }`, getIntrospectionQuery()]) {
      const { body } = await post({ query });
      expect(body.data ?? null, query.slice(0, 40)).toBeNull();
      expect(body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    }
    const { body } = await post({ query: `{ __schema { queryType { name } } }` }, "not-a-token");
    expect(body.errors[0].extensions.code).toBe("UNAUTHENTICATED");
    // __typename alone reveals nothing and stays open (CSRF probes use it).
    expect((await post({ query: `{ __typename }` })).body.data).toEqual({ __typename: "Query" });
  });
});

describe("PUBLIC_INTROSPECTION=true", () => {
  const open = useTestService({ publicIntrospection: true });
  it("answers introspection without a token", async () => {
    const response = await fetch(open.url + "/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: `{ __schema { queryType { name } } }` }) });
    expect(await response.json()).toEqual({ data: { __schema: { queryType: { name: "Query" } } } });
  });
});
