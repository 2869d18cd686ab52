import { describe, expect, it } from "vitest";
import { verifyToken } from "../../src/server/identity/tokens.js";
import { TEST_SECRET, orgClient, useTestService } from "../helpers/service.js";

const t = useTestService({ maxQueryDepth: 3 });

describe("HTTP surface", () => {
  it("answers the health probes without a token", async () => {
    expect(await (await fetch(t.url + "/healthz")).json()).toEqual({ status: "ok" });
    const ready = await fetch(t.url + "/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });

  it("keeps CSRF prevention on: a simple GET without a preflight header is refused", async () => {
    const response = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ __typename }")}`);
    expect(response.status).toBe(400);
    const allowed = await fetch(`${t.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, { headers: { "apollo-require-preflight": "true" } });
    expect(allowed.status).toBe(200);
  });

  it("rejects queries deeper than the limit", async () => {
    const { gql } = await orgClient(t);
    const error = await gql.error(`{ schedules { pageable { sort { property } } } }`);
    expect(error.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
    expect(error.message).toMatch(/depth 4 exceeds the limit of 3/);
    // Introspection (GraphiQL's own query nests deeply through ofType) is not counted.
    expect((await gql.data(`{ schedules { totalElements } __schema { types { fields { type { ofType { ofType { name } } } } } } }`)).schedules).toBeTruthy();
  });

  it("echoes the request id it was given", async () => {
    const response = await fetch(t.url + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "abc-123" },
      body: JSON.stringify({ query: "{ schedules { totalElements } }" }),
    });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    const body = (await response.json()) as any;
    expect(body.errors[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", requestId: "abc-123" });
  });

  it("rejects expired tokens and tokens signed with another secret", async () => {
    const { signToken } = await import("../../src/server/identity/tokens.js");
    const expired = await signToken(TEST_SECRET, { sub: "u", orgs: ["o"], role: "viewer" }, Math.floor(Date.now() / 1000) - 10);
    expect((await t.client(expired).error(`{ schedules { totalElements } }`)).message).toMatch(/expired/);
    const foreign = await signToken("another-secret-another-secret-0123", { sub: "u", orgs: ["o"], role: "viewer" });
    expect((await t.client(foreign).error(`{ schedules { totalElements } }`)).extensions.code).toBe("UNAUTHENTICATED");
  });

  it("reads the claims of a token", async () => {
    const viewer = await verifyToken(TEST_SECRET, await t.token(["a", "b"], "admin", "me"));
    expect(viewer).toEqual({ userId: "me", orgs: ["a", "b"], role: "admin" });
    expect((await verifyToken(TEST_SECRET, await t.token(["*"], "viewer"))).orgs).toBe("*");
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests, then closes", async () => {
    const { startService } = await import("../../src/main.js");
    const { loadConfig } = await import("../../src/config.js");
    const service = await startService({ ...loadConfig({}), port: 0, host: "127.0.0.1", dataDir: "memory://", authSecret: TEST_SECRET, logLevel: "silent", seedDemo: false, databaseUrl: t.databaseUrl }, { quiet: true });
    const { signToken } = await import("../../src/server/identity/tokens.js");
    const http = await import("node:http");
    const token = await signToken(TEST_SECRET, { sub: "u", orgs: ["shutdown"], role: "editor" });
    const body = JSON.stringify({ query: `mutation { createSchedule(input: { name: "late" }) { id name } }` });
    // The request is surely in flight: its headers and half its body have reached the server
    // when stop() is called; the rest of the body follows after.
    const request = http.request({ host: "127.0.0.1", port: service.port, path: "/graphql", method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), authorization: `Bearer ${token}` } });
    const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      });
      request.on("error", reject);
    });
    request.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = service.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.end(body.slice(20));
    const result = await answered;
    await stopped;
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toMatchObject({ data: { createSchedule: { name: "late" } } });
    await expect(fetch(`http://127.0.0.1:${service.port}/healthz`)).rejects.toThrow();
  });
});
