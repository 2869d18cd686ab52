// Each distinct token is verified once and its viewer kept (src/server/identity/token-cache.ts): a kept
// token must still stop working at its exp, and a refused token is never kept.
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TEST_SECRET, useOwnTestService } from "../helpers/service.js";

const HOUR = 3600;
const now = () => Math.floor(Date.now() / 1000);

async function rawToken(payload: Record<string, unknown>, secret = TEST_SECRET): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: "HS256", typ: "JWT" }).sign(new TextEncoder().encode(secret));
}

const claims = (extra: Record<string, unknown> = {}) => ({ sub: "u", orgs: ["token-cache"], role: "viewer", ...extra });
const QUERY = `{ schedules { totalElements } }`;

describe("verified tokens kept until their exp", () => {
  const t = useOwnTestService(); // its own service: this file fakes the clock of this process
  afterEach(() => vi.useRealTimers());

  it("refuses a token used before, once its exp has passed, as an expired token", async () => {
    const token = await rawToken(claims({ iat: now(), exp: now() + HOUR }));
    expect((await t.client(token).request(QUERY)).errors).toBeUndefined();
    expect((await t.client(token).request(QUERY)).errors).toBeUndefined();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (HOUR + 1) * 1000 });
    for (let i = 0; i < 2; i++) {
      const error = await t.client(token).error(QUERY);
      expect(error.extensions.code).toBe("UNAUTHENTICATED");
      expect(error.message).toBe("Bearer token rejected: the token has expired");
    }
  });

  it("refuses a token whose exp is this very second, kept or not", async () => {
    const start = Date.now();
    const token = await rawToken(claims({ iat: now(), exp: now() + 10 }));
    expect((await t.client(token).request(QUERY)).errors).toBeUndefined();
    vi.useFakeTimers({ toFake: ["Date"], now: start + 10_000 });
    expect((await t.client(token).error(QUERY)).message).toMatch(/expired/);
  });

  it("keeps no refused token: a token refused once is refused again", async () => {
    const forged = await rawToken(claims({ iat: now(), exp: now() + HOUR }), "another-secret-0123456789abcdef0123456789");
    for (let i = 0; i < 2; i++) expect((await t.client(forged).error(QUERY)).extensions.code).toBe("UNAUTHENTICATED");
  });

  it("keeps each token's own viewer", async () => {
    const one = await rawToken(claims({ orgs: ["token-cache-a"], role: "editor", iat: now(), exp: now() + HOUR }));
    const other = await rawToken(claims({ orgs: ["token-cache-b"], role: "editor", iat: now(), exp: now() + HOUR }));
    await t.client(one).data(`mutation { createSchedule(input: { name: "kept" }) { id } }`);
    for (let i = 0; i < 2; i++) {
      expect((await t.client(one).data(QUERY)).schedules.totalElements).toBe(1);
      expect((await t.client(other).data(QUERY)).schedules.totalElements).toBe(0);
    }
  });
});
