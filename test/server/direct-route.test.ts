// POST /graphql runs its handlers without express's router (src/server/direct-route.ts). Every
// other spelling of the path (`/graphql/`, `/GraphQL`) still goes through the router to the same
// handlers: the two must answer alike, status, headers and body, whatever the request.
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { TEST_CORS_ORIGINS } from "../helpers/shared-service.js";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();
const HEADERS = ["content-type", "content-length", "content-encoding", "cache-control", "vary", "access-control-allow-origin", "access-control-expose-headers", "x-request-id", "etag"];

interface Sent {
  headers: Record<string, string>;
  body: string | Buffer;
}

async function answer(path: string, sent: Sent) {
  const response = await fetch(t.url + path, { method: "POST", headers: { "x-request-id": "same-id", ...sent.headers }, body: sent.body });
  const headers = Object.fromEntries(HEADERS.map((h) => [h, response.headers.get(h)]));
  return { status: response.status, headers, body: await response.text() };
}

describe("POST /graphql without express's router", () => {
  it("answers every kind of request as the router's path does", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const json = { "content-type": "application/json" };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const cases: Record<string, Sent> = {
      "a query with a token": { headers: auth, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) },
      "a query without a token": { headers: json, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) },
      "a listed origin": { headers: { ...auth, origin: TEST_CORS_ORIGINS[0] }, body: JSON.stringify({ query: "{ __typename }" }) },
      "an unlisted origin": { headers: { ...auth, origin: "https://elsewhere.example" }, body: JSON.stringify({ query: "{ __typename }" }) },
      "a large answer, compressed": { headers: { ...auth, "accept-encoding": "gzip" }, body: JSON.stringify({ query: "{ __schema { types { name description } } }" }) },
      "a body that is not JSON": { headers: json, body: "{ nope" },
      "a body over 10 MB": { headers: json, body: JSON.stringify({ query: "{ __typename }", variables: { x: "a".repeat(10_500_000) } }) },
      "gzip that is not gzip": { headers: { ...json, "content-encoding": "gzip" }, body: "plain text" },
      "a gzipped body": { headers: { ...auth, "content-encoding": "gzip" }, body: gzipSync(JSON.stringify({ query: "{ __typename }" })) },
      "a text/plain body (CSRF prevention)": { headers: { "content-type": "text/plain" }, body: JSON.stringify({ query: "{ __typename }" }) },
      "a syntax error": { headers: auth, body: JSON.stringify({ query: "{ schedules {" }) },
      "bad variables": { headers: auth, body: JSON.stringify({ query: "query($id: ID!) { schedule(id: $id) { id } }", variables: { id: { a: 1 } } }) },
      "a batch": { headers: auth, body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ schedules { totalElements } }" }]) },
      "a mutation": { headers: auth, body: JSON.stringify({ query: `mutation { createSchedule(input: { name: "" }) { id } }` }) },
      "a bad token": { headers: { ...json, authorization: "Bearer not-a-token" }, body: JSON.stringify({ query: "{ schedules { totalElements } }" }) },
    };
    for (const [name, sent] of Object.entries(cases)) {
      const direct = await answer("/graphql", sent);
      const routed = await answer("/graphql/", sent);
      expect({ name, ...direct }).toEqual({ name, ...routed });
      expect(direct.status, name).not.toBe(404);
    }
  });
});
