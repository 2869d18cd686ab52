// Pages of another origin (CORS_ORIGINS): a listed origin's preflight answers 204 with the methods,
// headers and max age a browser needs, and its calls carry Access-Control-Allow-Origin and
// Vary: Origin; an unlisted origin gets no CORS header at all (its browser blocks it). Without
// CORS_ORIGINS no origin is allowed, as before.
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { corsMiddleware } from "../../src/server/http/cors.js";
import { loadConfig, ConfigError } from "../../src/config.js";
import { orgClient, useTestService, type TestService } from "../helpers/service.js";
import { TEST_CORS_ORIGINS } from "../helpers/shared-service.js";

const [LISTED, ALSO_LISTED] = TEST_CORS_ORIGINS;
const UNLISTED = "https://evil.example";

function preflight(t: TestService, path: string, origin: string, method = "POST"): Promise<Response> {
  return fetch(t.url + path, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": method, "access-control-request-headers": "authorization,content-type" },
  });
}

async function postFrom(t: TestService, origin: string, token: string): Promise<Response> {
  return fetch(t.url + "/graphql", {
    method: "POST",
    headers: { origin, "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: "{ __typename }" }),
  });
}

const corsHeaders = (response: Response) => [...response.headers.keys()].filter((name) => name.startsWith("access-control-"));

describe("CORS_ORIGINS lists origins (the test services list two)", () => {
  const t = useTestService();

  it("answers a listed origin's preflight of /graphql with 204, the methods, headers and a max age", async () => {
    const response = await preflight(t, "/graphql", LISTED);
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe(LISTED);
    expect(response.headers.get("access-control-allow-methods")?.split(",")).toEqual(expect.arrayContaining(["GET", "POST"]));
    const allowed = response.headers.get("access-control-allow-headers")!.split(",");
    expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type", "apollo-require-preflight", "apollographql-client-name", "apollographql-client-version"]));
    expect(Number(response.headers.get("access-control-max-age"))).toBeGreaterThan(0);
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
    expect(response.headers.get("vary")).toMatch(/Origin/);
  });

  it("lets a listed origin POST and read the answer", async () => {
    const { org } = await orgClient(t);
    const response = await postFrom(t, ALSO_LISTED, await t.token(org));
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe(ALSO_LISTED);
    expect(response.headers.get("access-control-expose-headers")).toMatch(/x-request-id/);
    expect(response.headers.get("vary")).toMatch(/Origin/);
    expect(await response.json()).toEqual({ data: { __typename: "Query" } });
  });

  it("gives an unlisted origin no CORS header, and refuses its preflight in JSON", async () => {
    const refused = await preflight(t, "/graphql", UNLISTED);
    expect(refused.status).toBe(403);
    expect(corsHeaders(refused)).toEqual([]);
    expect(((await refused.json()) as any).errors[0].extensions.code).toBe("FORBIDDEN");
    const { org } = await orgClient(t);
    const post = await postFrom(t, UNLISTED, await t.token(org));
    // The service answers (it cannot tell a browser from a script); the browser hides it from the page.
    expect(corsHeaders(post)).toEqual([]);
    expect(post.headers.get("vary")).toMatch(/Origin/);
  });

  it("answers preflights of job files and job links, which a page fetches with its token", async () => {
    for (const path of ["/files/1", "/jobs/1"]) {
      const response = await preflight(t, path, LISTED, "GET");
      expect(response.status, path).toBe(204);
      expect(response.headers.get("access-control-allow-origin"), path).toBe(LISTED);
      expect(response.headers.get("access-control-expose-headers"), path).toMatch(/content-disposition/);
    }
    const unknown = await fetch(t.url + "/files/999999", { headers: { origin: LISTED } });
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("access-control-allow-origin")).toBe(LISTED);
  });

  it("leaves other paths without CORS", async () => {
    const response = await preflight(t, "/healthz", LISTED, "GET");
    expect(corsHeaders(response)).toEqual([]);
  });
});

describe("CORS_ORIGINS setting", () => {
  it("takes exact origins, or * alone", () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ` ${LISTED}, ${ALSO_LISTED} ` }).corsOrigins).toEqual([LISTED, ALSO_LISTED]);
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toBe("*");
  });

  it("refuses what is not an origin", () => {
    for (const bad of ["https://portal.example.com/", "https://portal.example.com/app", "portal.example.com", "*, https://a.example", "ftp://a.example", "https://a.example:443"]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(ConfigError);
    }
  });
});

/** The middleware alone on an express app: a whole service for each setting would cost seconds. */
async function withCorsApp(corsOrigins: string[] | "*", check: (t: TestService) => Promise<void>): Promise<void> {
  const app = express();
  app.use(corsMiddleware({ corsOrigins }));
  app.post("/graphql", (_req, res) => void res.json({ data: {} }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    await check({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` } as TestService);
  } finally {
    server.close();
  }
}

describe("other CORS_ORIGINS", () => {
  it("without CORS_ORIGINS allows no origin: preflights answer 403 without CORS headers", async () => {
    await withCorsApp([], async (t) => {
      const response = await preflight(t, "/graphql", LISTED);
      expect(response.status).toBe(403);
      expect(corsHeaders(response)).toEqual([]);
      const post = await fetch(t.url + "/graphql", { method: "POST", headers: { origin: LISTED } });
      expect(corsHeaders(post)).toEqual([]);
    });
  });

  it("with * allows every origin, without credentials", async () => {
    await withCorsApp("*", async (t) => {
      const response = await preflight(t, "/graphql", UNLISTED);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("*");
      expect(response.headers.get("access-control-allow-credentials")).toBeNull();
      const post = await fetch(t.url + "/graphql", { method: "POST", headers: { origin: UNLISTED } });
      expect(post.headers.get("access-control-allow-origin")).toBe("*");
    });
  });
});
