// Which code answers a request is decided in one place (src/server/graphql/dispatch.ts) and named:
// in the request's log line and, outside production, in the x-answer-path header. Each kind of
// request takes the path it should, and requests drawn at random answer alike through the direct
// route (POST /graphql) and through express (POST /graphql/), path name included.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();
const HEADERS = ["content-type", "content-length", "content-encoding", "cache-control", "vary", "x-request-id", "etag", "x-answer-path"];

async function send(path: string, init: RequestInit & { headers: Record<string, string> }) {
  const response = await fetch(t.url + path, { ...init, headers: { "x-request-id": "same-id", ...init.headers } });
  const body = await response.text();
  return { status: response.status, headers: Object.fromEntries(HEADERS.map((h) => [h, response.headers.get(h)])), body, path: response.headers.get("x-answer-path") };
}

describe("the path that answers a request", () => {
  it("is named for every kind of request", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const json = { "content-type": "application/json" };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const query = (q: string, extra: Record<string, unknown> = {}) => JSON.stringify({ query: q, ...extra });
    // Plans are kept by the document's text for the whole service, which other test files share:
    // each text here is new (a comment of its own), so that its first answer is Apollo's.
    const fresh = `{ schedules { totalElements } } # ${Date.now()}`;
    const failing = `{ schedule(id: "not-an-id") { id } } # ${Date.now()}`;
    const refused = `mutation { createSchedule(input: { name: "" }) { id } } # ${Date.now()}`;

    expect((await send("/graphql", { method: "POST", headers: auth, body: query(fresh) })).path).toBe("apollo");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(fresh) })).path).toBe("known");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(failing) })).path).toBe("apollo");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(failing) })).path).toBe("handed-over");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(refused) })).path).toBe("apollo");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(refused) })).path).toBe("handed-over");
    const made = `mutation { createSchedule(input: { name: "Paths" }) { name } } # ${Date.now()}`;
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(made) })).path).toBe("apollo");
    expect((await send("/graphql", { method: "POST", headers: auth, body: query(made) })).path).toBe("known");
    expect((await send("/graphql", { method: "POST", headers: auth, body: JSON.stringify([{ query: "{ __typename }" }]) })).path).toBe("apollo");
    const get = await send(`/graphql?query=${encodeURIComponent("{ __typename }")}`, { method: "GET", headers: { authorization: `Bearer ${token}`, accept: "application/json" } });
    expect({ status: get.status, path: get.path }).toEqual({ status: 200, path: "get" });

    const form = new FormData();
    form.set("operations", query("{ __typename }"));
    form.set("map", "{}");
    const upload = await send("/graphql", { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form });
    expect({ status: upload.status, path: upload.path }).toEqual({ status: 200, path: "upload" });
    const anonymousUpload = await send("/graphql", { method: "POST", headers: { "apollo-require-preflight": "true" }, body: form });
    expect({ status: anonymousUpload.status, path: anonymousUpload.path }).toEqual({ status: 401, path: "refused:unauthenticated" });

    // Refusals before GraphQL runs are named by the limit they passed.
    const refusals: [string, RequestInit & { headers: Record<string, string> }][] = [
      ["refused:ANONYMOUS_MAX_BODY_BYTES", { method: "POST", headers: json, body: query("{ __typename }", { variables: { x: "a".repeat(70_000) } }) }],
      ["refused:tokens", { method: "POST", headers: auth, body: query(`{ ${"__typename ".repeat(6000)} }`) }],
      ["refused:batchSize", { method: "POST", headers: auth, body: JSON.stringify(Array.from({ length: 11 }, () => ({ query: "{ __typename }" }))) }],
      ["refused:bad_request", { method: "POST", headers: json, body: "{ nope" }],
    ];
    for (const [path, init] of refusals) {
      const answer = await send("/graphql", init);
      const limit = (JSON.parse(answer.body) as { errors: { extensions: { limit?: string } }[] }).errors[0].extensions.limit;
      expect({ path: answer.path, limit }).toEqual({ path, limit: path.startsWith("refused:bad") ? undefined : path.slice("refused:".length) });
    }
  });

  it("is the same, with the same answer, through the direct route and through express, for requests drawn at random", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const bodies = fc.oneof(
      fc.constantFrom("{ __typename }", "{ schedules { totalElements } }", "{ schedule(id: \"x\") { id } }", "{ nope }", "query A { __typename } query B { __typename }", "{ __schema { queryType { name } } }").map((q) => JSON.stringify({ query: q })),
      fc.record({ query: fc.constant("query($s: Int) { schedules(size: $s) { totalElements } }"), variables: fc.record({ s: fc.oneof(fc.integer(), fc.string(), fc.constant(null)) }) }).map((b) => JSON.stringify(b)),
      fc.array(fc.constant({ query: "{ __typename }" }), { minLength: 1, maxLength: 12 }).map((b) => JSON.stringify(b)),
      fc.string({ maxLength: 40 }),
    );
    const headers = fc.record({
      authorization: fc.constantFrom(`Bearer ${token}`, "Bearer not-a-token", undefined),
      "content-type": fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain"),
      accept: fc.constantFrom(undefined, "application/json", "application/graphql-response+json", "text/html"),
    });
    await fc.assert(
      fc.asyncProperty(bodies, headers, async (body, given) => {
        const sent = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Record<string, string>;
        // Twice through the direct route first, so that a known plan exists for the second and for express's.
        await send("/graphql", { method: "POST", headers: sent, body });
        const direct = await send("/graphql", { method: "POST", headers: sent, body });
        const routed = await send("/graphql/", { method: "POST", headers: sent, body });
        expect(routed).toEqual(direct);
        expect(direct.path).toMatch(/^(known|handed-over|apollo|refused:[A-Za-z_]+)$/);
      }),
      { numRuns: 60, seed: 41 },
    );
  });
});
