// POST /graphql runs its handlers without express's router (src/server/http/direct-route.ts). Every
// other spelling of the path (`/graphql/`, `/GraphQL`) still goes through the router to the same
// handlers: the two must answer alike, status, headers and body, whatever the request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import { describe, expect, it } from "vitest";
import { directRoute, type PlainHandler } from "../../src/server/http/direct-route.js";
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

describe("directRoute", () => {
  /** A server whose every request takes the direct route of `handlers`; answers what they record. */
  async function serve(handlers: PlainHandler[]) {
    const app = express();
    const route = directRoute(
      app,
      handlers,
      (error: Error, _req, res) => void res.status(500).json({ error: error.message, express: typeof res.status === "function" }),
      (_req, res) => void res.status(404).json({ notFound: true, express: typeof res.status === "function" }),
    );
    const server = http.createServer(route);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it("hands its handlers node's own request and response (express's prototypes cost every request half its CPU)", async () => {
    const seen: unknown[] = [];
    const server = await serve([
      (req, res, next) => {
        seen.push(Object.getPrototypeOf(req) === http.IncomingMessage.prototype, Object.getPrototypeOf(res) === http.ServerResponse.prototype, typeof res.locals);
        next();
      },
      (_req, res) => {
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ ok: true }));
      },
    ]);
    try {
      const response = await fetch(server.url, { method: "POST", body: "{}" });
      expect(await response.json()).toEqual({ ok: true });
      expect(seen).toEqual([true, true, "object"]);
    } finally {
      await server.close();
    }
  });

  it("gives the error and end handlers express's request and response", async () => {
    const failing = await serve([
      (_req, _res, next) => next(new Error("refused")),
    ]);
    const ending = await serve([(_req, _res, next) => next()]);
    const throwing = await serve([async () => Promise.reject(new Error("rejected"))]);
    try {
      expect(await (await fetch(failing.url, { method: "POST" })).json()).toEqual({ error: "refused", express: true });
      expect(await (await fetch(ending.url, { method: "POST" })).json()).toEqual({ notFound: true, express: true });
      expect(await (await fetch(throwing.url, { method: "POST" })).json()).toEqual({ error: "rejected", express: true });
    } finally {
      await Promise.all([failing.close(), ending.close(), throwing.close()]);
    }
  });
});
