// Tokens of the broadcaster's own identity provider: a real OpenID Provider (oidc-provider) on a
// loopback port issues them through its token endpoint, and the service verifies them against the
// keys it publishes (AUTH_JWKS_URL), with the claims where this provider keeps them (nested paths
// and a role map). Tokens no provider would issue (expired, another key, alg none, an HMAC over the
// public key) are signed here with the provider's own private keys, or with none.
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Config } from "../../src/config.js";
import { tokenVerifier } from "../../src/server/identity/token-verifier.js";
import { startTestProvider, RESOURCE, AUDIENCE, type TestProvider } from "../helpers/oidc-provider.js";
import { TEST_SECRET, uniqueOrg, useOwnTestService } from "../helpers/service.js";
import { addEvents, createSchedule, iso, MIN, T0 } from "../events/helpers.js";

const ORGS_CLAIM = "https://playout-gateway/claims.orgs";
const QUERY = `{ schedules { totalElements } }`;
const now = () => Math.floor(Date.now() / 1000);

let provider: TestProvider;
const settings: Partial<Config> = {
  authOrgsClaim: ORGS_CLAIM,
  authRoleClaim: "realm_access.roles",
  authRoleMap: { "pg-admin": "admin", "pg-editor": "editor", "pg-playout": "playout", "pg-viewer": "viewer" },
  authAudience: AUDIENCE,
  authAlgorithms: ["RS256", "ES256", "EdDSA"],
  authJwksCooldownMs: 30_000,
  // A loaded machine may take seconds to answer the key set: this file is about claims, not the timeout (jwks.test.ts).
  authJwksTimeoutMs: 60_000,
  logLevel: "warn",
};
beforeAll(async () => {
  provider = await startTestProvider();
  Object.assign(settings, { authJwksUrl: provider.jwksUrl, authIssuer: provider.issuer });
});
const t = useOwnTestService(settings); // its own service: provider settings, and this file moves the clock
afterAll(async () => {
  vi.useRealTimers();
  await provider?.stop().catch(() => {});
});

/** The claims a Keycloak-like provider would carry: organizations under a namespace, roles under realm_access. */
const claimsOf = (orgs: string[], ...roles: string[]) => ({ "https://playout-gateway/claims": { orgs }, realm_access: { roles: ["offline_access", ...roles] } });

const ask = (token: string, query = QUERY, variables?: Record<string, unknown>) => t.client(token).request(query, variables);
async function refusal(token: string): Promise<string> {
  const result = await ask(token);
  expect(result.data ?? null).toBeNull();
  expect(result.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  return result.errors![0].message;
}

/** Moves this process's clock (the service's, the provider's and jose's) past the key set's cooldown. */
function afterCooldown() {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 31_000, shouldAdvanceTime: true });
}

/** A user token of the provider for a person of `org` with the given provider roles. */
async function personToken(user: string, org: string, roles: string[], resource: string = RESOURCE.rs256) {
  provider.claims.set(user, claimsOf([org], ...roles));
  return provider.userToken(user, resource);
}

describe("tokens of the identity provider", () => {
  it("accepts RS256 and ES256 tokens from the token endpoint, with nested claims and the role map", async () => {
    const org = uniqueOrg();
    const rs = await personToken("alice", org, ["pg-editor"], RESOURCE.rs256);
    const es = await personToken("bob", org, ["pg-viewer"], RESOURCE.es256);
    expect(JSON.parse(Buffer.from(rs.split(".")[0], "base64url").toString()).alg).toBe("RS256");
    expect(JSON.parse(Buffer.from(es.split(".")[0], "base64url").toString()).alg).toBe("ES256");
    await t.client(rs).data(`mutation { createSchedule(input: { name: "by alice" }) { id } }`);
    expect((await t.client(es).data(QUERY)).schedules.totalElements).toBe(1);
    const write = await t.client(es).error(`mutation { createSchedule(input: { name: "by bob" }) { id } }`);
    expect(write.extensions.code).toBe("FORBIDDEN"); // pg-viewer maps to viewer
  });

  it("the HS256 tokens of AUTH_SECRET keep working beside them", async () => {
    expect((await ask(await t.token(uniqueOrg(), "viewer"))).errors).toBeUndefined();
  });

  it("without AUTH_SECRET, HS256 tokens are refused and the provider's still verify", async () => {
    const verify = tokenVerifier(undefined, t.service.app.identityProvider!, { maxLifeSeconds: 86_400, clockSkewSeconds: 60 });
    await expect(verify(await t.token(uniqueOrg(), "viewer"))).rejects.toThrow(/HS256 tokens are not accepted by this service/);
    await expect(verify(await personToken("frank", uniqueOrg(), ["pg-viewer"]))).resolves.toMatchObject({ viewer: { userId: "frank", role: "viewer" } });
  });

  it("records the person's sub, and the machine's client id, as history actor and job owner", async () => {
    const org = uniqueOrg();
    const alice = t.client(await personToken("alice", org, ["pg-editor"]));
    const schedule = await createSchedule(alice, "Tonight", { startDate: iso(T0) });
    const [eventId] = await addEvents(alice, schedule.id, [{ at: T0, duration: 10 * MIN, title: "News" }]);

    provider.claims.set("scheduler-bot", claimsOf([org], "pg-editor"));
    const bot = t.client(await provider.machineToken("scheduler-bot"));
    const { exportSchedule } = await bot.data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "tonight.xml") { userId } }`, { id: schedule.id });
    expect(exportSchedule.userId).toBe("scheduler-bot");
    await bot.data(`mutation($s: ID!, $v: Int!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: "${eventId}", title: "Late news" }]) { version } }`, { s: schedule.id, v: 2 });

    const { schedule: read } = await alice.data(`query($id: ID!) { schedule(id: $id) { history(size: 10) { content { actor operation } } } }`, { id: schedule.id });
    expect(read.history.content).toEqual([
      { actor: "scheduler-bot", operation: "updateEvents" },
      { actor: "alice", operation: "createEvent" },
      { actor: "alice", operation: "createSchedule" },
    ]);
  });

  it("a playout machine's client-credentials token sends as-run", async () => {
    const org = uniqueOrg();
    const alice = t.client(await personToken("alice", org, ["pg-editor"]));
    const schedule = await createSchedule(alice, "Air", { startDate: iso(T0) });
    const [eventId] = await addEvents(alice, schedule.id, [{ at: T0, duration: 10 * MIN, title: "News" }]);
    provider.claims.set("playout-1", claimsOf([org], "pg-playout"));
    const machine = t.client(await provider.machineToken("playout-1"));
    const entries = [{ entryId: "e1", eventId, actualStart: iso(T0), actualDurationMs: 10 * MIN, deviceId: "ch1", status: "AIRED" }];
    const { ingestAsRun } = await machine.data(`mutation($s: ID!, $e: [AsRunEntryInput!]!) { ingestAsRun(scheduleId: $s, entries: $e) { inserted } }`, { s: schedule.id, e: entries });
    expect(ingestAsRun.inserted).toBe(1);
    expect((await machine.error(`mutation { createSchedule(input: { name: "no" }) { id } }`)).extensions.code).toBe("FORBIDDEN");
  });

  it("refuses a token of another issuer signed with the same keys", async () => {
    const other = await startTestProvider({ issuerHost: "localhost", keys: provider.signingKeys() });
    try {
      other.claims.set("mallory", claimsOf([uniqueOrg()], "pg-admin"));
      expect(await refusal(await other.userToken("mallory"))).toMatch(/another issuer \(iss is not AUTH_ISSUER\)/);
    } finally {
      await other.stop();
    }
  });

  it("refuses a token meant for another audience", async () => {
    expect(await refusal(await personToken("alice", uniqueOrg(), ["pg-admin"], RESOURCE.otherApi))).toMatch(/another audience/);
  });

  const base = () => ({ iss: provider.issuer, aud: AUDIENCE, sub: "alice", iat: now(), exp: now() + 600, ...claimsOf([uniqueOrg()], "pg-admin") });

  it("refuses an expired token, and tokens whose times are not times", async () => {
    expect(await refusal(await provider.mint({ ...base(), iat: now() - 700, exp: now() - 100 }))).toMatch(/the token has expired/);
    expect(await refusal(await provider.mint({ ...base(), exp: String(now() + 600) }))).toMatch(/exp claim is not a time/);
    expect(await refusal(await provider.mint({ ...base(), nbf: now() + 3600 }))).toMatch(/not valid yet/);
    expect(await refusal(await provider.mint({ ...base(), iat: "x" }))).toMatch(/iat claim is not a time/);
    expect(await refusal(await provider.mint({ ...base(), exp: now() + 60 * 86_400 }))).toMatch(/lives longer than/);
  });

  it("refuses alg confusion: an HS256 token keyed with the public key, and alg none", async () => {
    for (const secret of [JSON.stringify(provider.publicJwk("RS256")), JSON.stringify(provider.publicJwk("ES256"))]) {
      const hmac = await new SignJWT(base()).setProtectedHeader({ alg: "HS256", kid: provider.publicJwk("RS256").kid }).sign(new TextEncoder().encode(secret));
      expect(await refusal(hmac)).toMatch(/not valid/);
    }
    const unsigned = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${Buffer.from(JSON.stringify(base())).toString("base64url")}.`;
    expect(await refusal(unsigned)).toMatch(/algorithm "none" is never accepted/);
    const hs512 = await new SignJWT(base()).setProtectedHeader({ alg: "HS512" }).sign(new TextEncoder().encode(TEST_SECRET + TEST_SECRET));
    expect(await refusal(hs512)).toMatch(/never accepted/);
    const ps256 = await provider.mint(base()).then((token) => token.replace(/^[^.]+/, Buffer.from(JSON.stringify({ alg: "PS256", kid: provider.publicJwk("RS256").kid })).toString("base64url")));
    expect(await refusal(ps256)).toMatch(/not among AUTH_ALGORITHMS/);
  });

  it("refuses a token whose kid is not in the provider's key set", async () => {
    expect(await refusal(await provider.mint(base(), { kid: "not-published" }))).toMatch(/signing key is unknown \(kid "not-published"/);
    expect(await refusal(await provider.mint(base(), { foreignKey: true }))).toMatch(/signing key is unknown/);
  });

  it("refuses claims that do not fit the settings, naming the claim", async () => {
    expect(await refusal(await provider.mint({ ...base(), realm_access: { roles: ["offline_access"] } }))).toMatch(/realm_access\.roles holds no value that AUTH_ROLE_MAP maps/);
    expect(await refusal(await provider.mint({ ...base(), "https://playout-gateway/claims": {} }))).toMatch(/https:\/\/playout-gateway\/claims\.orgs must be a non-empty array/);
    expect(await refusal(await provider.mint({ ...base(), orgs: ["x"], role: "admin", "https://playout-gateway/claims": undefined }))).toMatch(/claims\.orgs/);
  });
});

describe("keys that rotate, and a provider that goes away", () => {
  it("after a rotation, old tokens verify until their exp and new ones after one refetch", async () => {
    const org = uniqueOrg();
    const old = await personToken("carol", org, ["pg-viewer"]); // signed with the old key, never presented yet
    await provider.rotate();
    const fresh = await personToken("carol", org, ["pg-viewer"]);
    expect(fresh.split(".")[0]).not.toBe(old.split(".")[0]); // another kid
    afterCooldown();
    const before = provider.jwksFetches();
    expect((await ask(old)).errors).toBeUndefined();
    expect(provider.jwksFetches()).toBe(before); // the old key was cached
    expect((await ask(fresh)).errors).toBeUndefined();
    expect(provider.jwksFetches()).toBe(before + 1);
    expect((await ask(await personToken("dave", org, ["pg-viewer"], RESOURCE.es256))).errors).toBeUndefined(); // the new EC key came in the same fetch
    expect(provider.jwksFetches()).toBe(before + 1);
  });

  it("1,000 requests with random unknown kids cost one fetch of the key set per cooldown", async () => {
    afterCooldown();
    const before = provider.jwksFetches();
    const tokens = await Promise.all(Array.from({ length: 1000 }, (_, i) => provider.mint({ iss: provider.issuer, aud: AUDIENCE, sub: "x", iat: now(), exp: now() + 600 }, { alg: "ES256", kid: `random-${i}-${Math.random()}` })));
    for (let i = 0; i < tokens.length; i += 20) {
      const answers = await Promise.all(tokens.slice(i, i + 20).map((token) => ask(token)));
      for (const answer of answers) expect(answer.errors?.[0].message).toMatch(/signing key is unknown/);
    }
    expect(provider.jwksFetches() - before).toBe(1);
  });

  it("with the provider stopped: cached keys verify, a new kid is refused as unknown, /readyz stays ready, the log says unreachable", async () => {
    const org = uniqueOrg();
    const cachedKey = await personToken("erin", org, ["pg-viewer"]); // current key, not yet presented
    await provider.stop();
    afterCooldown();
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    try {
      expect((await ask(cachedKey)).errors).toBeUndefined();
      const unknown = await refusal(await provider.mint({ iss: provider.issuer, aud: AUDIENCE, sub: "x", iat: now(), exp: now() + 600, ...claimsOf([org], "pg-viewer") }, { kid: "after-outage" }));
      expect(unknown).toMatch(/signing key is unknown .*unreachable/);
      const ready = await fetch(`${t.url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: "ready" });
    } finally {
      spy.mockRestore();
    }
    const warning = lines.map((line) => JSON.parse(line)).find((entry) => /JWKS\) unreachable/.test(entry.msg));
    expect(warning).toMatchObject({ level: "warn", url: provider.jwksUrl, keysKept: true });
  });
});
