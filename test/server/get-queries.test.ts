// Queries over GET (urql's default): a bearer token counts as a preflighted header, so they pass CSRF
// prevention; mutations over GET stay refused; answers say `Cache-Control: private, no-cache` and
// carry an ETag, so a browser keeps them for itself and revalidates them (304 when unchanged).
import http from "node:http";
import { describe, expect, it } from "vitest";
import { orgClient, useTestService } from "../helpers/service.js";

const t = useTestService();

const getUrl = (query: string, variables?: Record<string, unknown>) =>
  `${t.url}/graphql?query=${encodeURIComponent(query)}${variables ? `&variables=${encodeURIComponent(JSON.stringify(variables))}` : ""}`;

/** GET with If-None-Match as a browser revalidates what it keeps (fetch would add `Cache-Control: no-cache`); answers the status. */
function revalidate(url: string, token: string, etag: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, "if-none-match": etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on("error", reject);
  });
}

describe("GET queries", () => {
  it("answers a GET query that carries a bearer token, private and revalidated, with an ETag", async () => {
    const { org } = await orgClient(t);
    const token = await t.token(org);
    const response = await fetch(getUrl("{ schedules { totalElements } }"), { headers: { authorization: `Bearer ${token}`, accept: "application/graphql-response+json" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { schedules: { totalElements: 0 } } });
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(await revalidate(getUrl("{ schedules { totalElements } }"), token, etag!)).toBe(304);
  });

  it("answers a changed result with another ETag", async () => {
    const { org, gql } = await orgClient(t);
    const token = await t.token(org);
    const before = await fetch(getUrl("{ schedules { totalElements } }"), { headers: { authorization: `Bearer ${token}` } });
    await gql.data(`mutation { createSchedule(input: { name: "News" }) { id } }`);
    expect(await revalidate(getUrl("{ schedules { totalElements } }"), token, before.headers.get("etag")!)).toBe(200);
  });

  it("refuses a mutation over GET, in JSON, and writes nothing", async () => {
    const { org, gql } = await orgClient(t);
    const response = await fetch(getUrl(`mutation { createSchedule(input: { name: "Sneaky" }) { id } }`), { headers: { authorization: `Bearer ${await t.token(org)}` } });
    expect(response.status).toBe(405);
    const body = (await response.json()) as any;
    expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(body.errors[0].message).toMatch(/only support query/);
    expect((await gql.data(`{ schedules { totalElements } }`)).schedules.totalElements).toBe(0);
  });

  it("still refuses a simple GET without a token or preflight header (CSRF prevention)", async () => {
    const response = await fetch(getUrl("{ __typename }"), { headers: { authorization: "" } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).errors[0].message).toMatch(/Cross-Site Request Forgery/);
  });

  it("answers a POST without Cache-Control of its own, in compact JSON, with its length", async () => {
    const { org } = await orgClient(t);
    const response = await fetch(t.url + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await t.token(org)}` },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(response.headers.get("cache-control")).toBeNull();
    const text = await response.text();
    expect(text).toBe(`{"data":{"__typename":"Query"}}`); // compact, not indented
    expect(response.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
    // Nothing revalidates a POST: its answer is not hashed for an ETag (src/server/graphql/answer.ts).
    expect(response.headers.get("etag")).toBeNull();
  });

  it("keeps express's ETag on the other routes' answers (the health probe)", async () => {
    const response = await fetch(t.url + "/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toMatch(/^W\/"/);
  });
});
