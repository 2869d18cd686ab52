// Where providers keep organizations, roles and who is calling (src/common/claims.ts), and the
// settings that say where to look (AUTH_* in src/config.ts).
import { describe, expect, it } from "vitest";
import { actorFromClaims, claimAt, roleFromClaim, viewerFromClaims, type ClaimSettings } from "../../src/common/claims.js";
import { loadConfig } from "../../src/config.js";

const plain: ClaimSettings = { orgsClaim: "orgs", roleClaim: "role", roleMap: {} };
const mapped: ClaimSettings = { orgsClaim: "orgs", roleClaim: "groups", roleMap: { "pg-admin": "admin", "pg-editor": "editor", "pg-playout": "playout", "pg-viewer": "viewer" } };

describe("claim paths", () => {
  it.each([
    [{ orgs: ["a"] }, "orgs", ["a"]],
    [{ realm_access: { roles: ["pg-admin"] } }, "realm_access.roles", ["pg-admin"]],
    [{ "https://playout-gateway/claims": { orgs: ["a"] } }, "https://playout-gateway/claims.orgs", ["a"]],
    [{ "https://tv.example.com/orgs": ["a"] }, "https://tv.example.com/orgs", ["a"]],
    [{ "https://tv.example.com/claims": { orgs: ["b"] } }, "https://tv.example.com/claims.orgs", ["b"]],
    [{ a: { b: { c: "deep" } } }, "a.b.c", "deep"],
    [{ a: ["x"] }, "a.length", undefined],
    [{ a: "text" }, "a.b", undefined],
    [{}, "__proto__", undefined],
    [{}, "constructor.name", undefined],
  ])("%j at %s", (claims, path, expected) => {
    expect(claimAt(claims, path)).toEqual(expected);
  });
});

describe("roles", () => {
  it("takes our role names as they are without a map", () => {
    expect(roleFromClaim("editor", plain)).toEqual({ role: "editor" });
    expect(roleFromClaim(["viewer", "admin"], plain)).toEqual({ role: "admin" });
    expect(roleFromClaim("owner", plain)).toMatchObject({ problem: expect.stringMatching(/role must name one of/) });
  });

  it("maps provider roles and groups, the strongest winning, playout above viewer", () => {
    expect(roleFromClaim(["offline_access", "pg-editor", "pg-viewer"], mapped)).toEqual({ role: "editor" });
    expect(roleFromClaim(["pg-viewer", "pg-playout"], mapped)).toEqual({ role: "playout" });
    expect(roleFromClaim("openid pg-admin", mapped)).toEqual({ role: "admin" }); // scp / scope: space-separated
    expect(roleFromClaim(["editor"], mapped)).toMatchObject({ problem: expect.stringMatching(/AUTH_ROLE_MAP/) });
    expect(roleFromClaim(undefined, mapped)).toMatchObject({ problem: expect.stringMatching(/groups must hold/) });
    expect(roleFromClaim(Array.from({ length: 1001 }, () => "pg-admin"), mapped)).toMatchObject({ problem: expect.stringMatching(/more than 1000/) });
  });
});

describe("who is calling", () => {
  it.each([
    ["a person", { sub: "alice", client_id: "gateway-ui" }, "alice"],
    ["a person through Keycloak", { sub: "5f0c-uuid", azp: "gateway-ui" }, "5f0c-uuid"],
    ["a machine (RFC 9068: sub is the client)", { sub: "playout-1", client_id: "playout-1" }, "playout-1"],
    ["a machine of Keycloak", { sub: "7c1e-uuid", azp: "playout-ch1", preferred_username: "service-account-playout-ch1" }, "playout-ch1"],
    ["a machine of Auth0", { sub: "abc123@clients", azp: "abc123" }, "abc123"],
    ["a machine of Entra ID", { sub: "sp-object-id", azp: "app-id", idtyp: "app" }, "app-id"],
    ["a machine of Entra ID v1", { sub: "sp-object-id", appid: "app-id", idtyp: "app" }, "app-id"],
    ["a machine without sub", { client_id: "playout-2" }, "playout-2"],
    ["nobody", { sub: "" }, null],
  ])("%s", (_name, claims, actor) => {
    expect(actorFromClaims(claims)).toBe(actor);
  });

  it("builds the viewer, naming the claim that does not fit", () => {
    expect(viewerFromClaims({ sub: "u", orgs: "one", role: "viewer" }, plain)).toEqual({ viewer: { userId: "u", orgs: ["one"], role: "viewer" } });
    expect(viewerFromClaims({ sub: "u", tenant: { orgs: [] }, role: "viewer" }, { ...plain, orgsClaim: "tenant.orgs" })).toMatchObject({ problem: expect.stringMatching(/^tenant\.orgs must be a non-empty array/) });
  });
});

describe("identity provider settings", () => {
  const jwks = { AUTH_JWKS_URL: "https://id.example.com/jwks", AUTH_ISSUER: "https://id.example.com", AUTH_AUDIENCE: "playout-gateway" };

  it("defaults: no provider, claims orgs and role, RS256/ES256/EdDSA, 30 s cooldown", () => {
    expect(loadConfig({})).toMatchObject({ authJwksUrl: undefined, authOrgsClaim: "orgs", authRoleClaim: "role", authRoleMap: {}, authAlgorithms: ["RS256", "ES256", "EdDSA"], authJwksCooldownMs: 30_000 });
  });

  it("reads a provider, claim paths and a role map; AUTH_SECRET is then optional on PostgreSQL", () => {
    const config = loadConfig({ ...jwks, DATABASE_URL: "postgres://db/x", AUTH_ROLE_CLAIM: "realm_access.roles", AUTH_ROLE_MAP: "pg-admin:admin, https://x/r:editor", AUTH_ALGORITHMS: "RS256,PS256", AUTH_JWKS_COOLDOWN_MS: "1000" });
    expect(config).toMatchObject({ ...{ authJwksUrl: jwks.AUTH_JWKS_URL, authIssuer: jwks.AUTH_ISSUER, authAudience: "playout-gateway" }, authSecret: undefined, authRoleClaim: "realm_access.roles", authRoleMap: { "pg-admin": "admin", "https://x/r": "editor" }, authAlgorithms: ["RS256", "PS256"], authJwksCooldownMs: 1000 });
  });

  it.each([
    [{ ...jwks, AUTH_JWKS_URL: "http://id.example.com/jwks" }, /AUTH_JWKS_URL.*https/],
    [{ ...jwks, AUTH_ISSUER: "" }, /AUTH_ISSUER is required/],
    [{ ...jwks, AUTH_AUDIENCE: "" }, /AUTH_AUDIENCE is required/],
    [{ ...jwks, AUTH_ALGORITHMS: "RS256,HS256" }, /HS256 is not accepted/],
    [{ ...jwks, AUTH_ALGORITHMS: "none" }, /none is not accepted/],
    [{ AUTH_ROLE_MAP: "pg-admin:root" }, /AUTH_ROLE_MAP/],
    [{ AUTH_ORGS_CLAIM: "a..b" }, /AUTH_ORGS_CLAIM/],
    [{ DATABASE_URL: "postgres://db/x" }, /AUTH_SECRET is required when DATABASE_URL is set .*unless AUTH_JWKS_URL/],
  ])("refuses %j", (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("accepts http on loopback only", () => {
    for (const host of ["127.0.0.1:8080", "localhost", "[::1]:9000"]) expect(loadConfig({ ...jwks, AUTH_JWKS_URL: `http://${host}/jwks` }).authJwksUrl).toBe(`http://${host}/jwks`);
    expect(() => loadConfig({ ...jwks, AUTH_JWKS_URL: "http://10.0.0.1/jwks" })).toThrow(/AUTH_JWKS_URL/);
  });
});
