// Bearer tokens are refused unless their life is bounded and their claims make sense (issue 11,
// items 9 and 13): exp required, life capped, iat not in the future beyond a small skew, and
// organization claims non-empty, trimmed, bounded, deduplicated, "*" only alone.
import { spawnSync } from "node:child_process";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { parseOrganizationClaim } from "../../src/common/auth.js";
import { loadConfig } from "../../src/config.js";
import { verifyToken } from "../../src/server/identity/tokens.js";
import { TEST_SECRET, useTestService } from "../helpers/service.js";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** Signs any payload with the test secret, bypassing signToken's own defaults. */
async function rawToken(payload: Record<string, unknown>, secret = TEST_SECRET): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

const claims = (extra: Record<string, unknown> = {}) => ({ sub: "u", orgs: ["sec-tokens"], role: "viewer", ...extra });

describe("token lifetime (through GraphQL)", () => {
  const t = useTestService();
  const ask = async (token: string) => t.client(token).request(`{ schedules { totalElements } }`);

  it("accepts a token of 30 days issued now", async () => {
    const result = await ask(await rawToken(claims({ iat: now(), exp: now() + 30 * DAY })));
    expect(result.errors).toBeUndefined();
  });

  it.each([
    ["no exp", () => claims({ iat: now() })],
    ["exp far in the future", () => claims({ iat: now(), exp: 1e300 })],
    ["exp a year away, no iat", () => claims({ exp: now() + 365 * DAY })],
    ["life over 30 days, exp - iat", () => claims({ iat: now() - 10 * DAY, exp: now() + 25 * DAY })],
    ["iat in the future", () => claims({ iat: now() + 3600, exp: now() + 3600 + DAY })],
    ["exp not a number", () => claims({ iat: now(), exp: "tomorrow" })],
  ])("refuses a token with %s", async (_name, payload) => {
    const result = await ask(await rawToken(payload()));
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    expect(result.errors?.[0].message).toMatch(/^Bearer token rejected: /);
  });

  it("tolerates an issuer clock a little ahead, not more", async () => {
    expect((await ask(await rawToken(claims({ iat: now() + 30, exp: now() + 30 + 30 * DAY })))).errors).toBeUndefined();
    expect((await ask(await rawToken(claims({ iat: now() + 300, exp: now() + DAY })))).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("a refused token says why", () => {
  it.each([
    ["exp as text", () => claims({ iat: now(), exp: String(now() + DAY) }), "its exp claim is not a time (seconds since 1970)"],
    ["nbf in the future", () => claims({ iat: now(), nbf: now() + 3600, exp: now() + DAY }), "it is not valid yet (its nbf lies in the future)"],
    ["iat as text", () => claims({ iat: "x", exp: now() + DAY }), "its iat claim is not a time (seconds since 1970)"],
    ["nbf as text", () => claims({ iat: now(), nbf: "soon", exp: now() + DAY }), "its nbf claim is not a time (seconds since 1970)"],
    ["no exp", () => claims({ iat: now() }), "it has no exp (expiry) claim"],
  ])("%s", async (_name, payload, reason) => {
    await expect(verifyToken(TEST_SECRET, await rawToken(payload()))).rejects.toThrow(`Bearer token rejected: ${reason}`);
  });

  it("another secret's token still names the secret", async () => {
    const token = await rawToken(claims({ iat: now(), exp: now() + DAY }), "another-secret-0123456789abcdef0123456789");
    await expect(verifyToken(TEST_SECRET, token)).rejects.toThrow(/signed with another secret/);
  });
});

describe("token lifetime settings", () => {
  it("reads TOKEN_MAX_LIFE_SECONDS and TOKEN_CLOCK_SKEW_SECONDS, defaults 30 days and 60 s", () => {
    expect(loadConfig({})).toMatchObject({ tokenMaxLifeSeconds: 30 * DAY, tokenClockSkewSeconds: 60 });
    expect(loadConfig({ TOKEN_MAX_LIFE_SECONDS: "3600", TOKEN_CLOCK_SKEW_SECONDS: "5" })).toMatchObject({ tokenMaxLifeSeconds: 3600, tokenClockSkewSeconds: 5 });
    expect(() => loadConfig({ TOKEN_MAX_LIFE_SECONDS: "0" })).toThrow(/TOKEN_MAX_LIFE_SECONDS/);
    expect(() => loadConfig({ TOKEN_CLOCK_SKEW_SECONDS: "-1" })).toThrow(/TOKEN_CLOCK_SKEW_SECONDS/);
  });

  it("a shorter configured life refuses a 30-day token", async () => {
    const token = await rawToken(claims({ iat: now(), exp: now() + 30 * DAY }));
    await expect(verifyToken(TEST_SECRET, token, { maxLifeSeconds: 3600, clockSkewSeconds: 60 })).rejects.toThrow(/longer than/);
    const short = await rawToken(claims({ iat: now(), exp: now() + 1800 }));
    await expect(verifyToken(TEST_SECRET, short, { maxLifeSeconds: 3600, clockSkewSeconds: 60 })).resolves.toMatchObject({ userId: "u" });
  });

  it("an expired token stays expired: the skew does not extend exp", async () => {
    const token = await rawToken(claims({ iat: now() - 100, exp: now() - 10 }));
    await expect(verifyToken(TEST_SECRET, token)).rejects.toThrow(/expired/);
  });
});

describe("organization claims", () => {
  const t = useTestService();

  it.each([
    ["an empty organization", [""]],
    ["a blank organization", ["   "]],
    ["an untrimmed organization", [" demo"]],
    ["no organization", []],
    ["'*' beside others", ["*", "demo"]],
    ["an organization id too long", ["x".repeat(201)]],
    ["too many organizations", Array.from({ length: 101 }, (_, i) => `o${i}`)],
    ["a control character", ["de\u0000mo"]],
    ["a non-string", [42]],
  ])("refuses a token with %s", async (_name, orgs) => {
    const token = await rawToken(claims({ orgs, iat: now(), exp: now() + DAY }));
    const error = await t.client(token).error(`{ schedules { totalElements } }`);
    expect(error.extensions.code).toBe("UNAUTHENTICATED");
    expect(error.message).toMatch(/orgs/);
  });

  it("counts a repeated organization once: the token acts in it without naming it", async () => {
    const token = await rawToken(claims({ orgs: ["sec-dup", "sec-dup"], iat: now(), exp: now() + DAY }));
    expect(await verifyToken(TEST_SECRET, token)).toMatchObject({ orgs: ["sec-dup"] });
    const result = await t.client(token).request(`{ schedules { totalElements } }`);
    expect(result.errors).toBeUndefined();
  });

  it("refuses an empty or over-long sub", async () => {
    for (const sub of ["", "u".repeat(201)]) {
      const token = await rawToken(claims({ sub, iat: now(), exp: now() + DAY }));
      expect((await t.client(token).error(`{ schedules { totalElements } }`)).extensions.code).toBe("UNAUTHENTICATED");
    }
  });

  it("parses claims purely", () => {
    expect(parseOrganizationClaim(["*"])).toEqual({ orgs: "*" });
    expect(parseOrganizationClaim(["b", "a", "b"])).toEqual({ orgs: ["b", "a"] });
    expect(parseOrganizationClaim("demo")).toMatchObject({ problem: expect.stringMatching(/array/) });
    expect(parseOrganizationClaim(["a", "*"])).toMatchObject({ problem: expect.stringMatching(/\*/) });
  });
});

describe("npm run token", () => {
  const cli = (args: string[]) =>
    spawnSync(process.execPath, ["bin/playout-gateway.mjs", "token", ...args], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SECRET: TEST_SECRET, LOG_LEVEL: "silent" },
      timeout: 60_000,
    });

  it("signs 30 days by default, a token the service accepts", async () => {
    const result = cli(["--org", "demo", "--role", "admin"]);
    expect(result.status).toBe(0);
    expect(await verifyToken(TEST_SECRET, result.stdout.trim())).toEqual({ userId: "cli", orgs: ["demo"], role: "admin" });
  });

  it("refuses to print a token the service would refuse", () => {
    expect(cli(["--org", "demo", "--expires", "90d"])).toMatchObject({ status: 2, stderr: expect.stringMatching(/TOKEN_MAX_LIFE_SECONDS/) });
    expect(cli(["--org", ""])).toMatchObject({ status: 2, stderr: expect.stringMatching(/orgs/) });
  });
});
