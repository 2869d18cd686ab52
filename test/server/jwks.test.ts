// The identity provider's key set as the service keeps it (src/server/identity/jwks.ts), against a real
// HTTP server on loopback that answers what each test says, with the key set's clock moved by hand:
// fetches bounded by the cooldown, old keys refreshed in the background, answers that are not a
// key set refused without losing the keys already held.
import http from "node:http";
import { exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/common/log.js";
import { MAX_JWKS_BYTES, ProviderKeys } from "../../src/server/identity/jwks.js";

type Answer = { status: number; body: string; headers?: Record<string, string> };
let answer: () => Answer;
let requests = 0;
let server: http.Server;
let url: string;
let signing: { privateKey: CryptoKey; jwk: JWK };

async function newKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
}
const jwksOf = (...jwks: JWK[]): Answer => ({ status: 200, body: JSON.stringify({ keys: jwks }) });
const tokenOf = (key: { privateKey: CryptoKey; jwk: JWK }) =>
  new SignJWT({}).setProtectedHeader({ alg: "ES256", kid: key.jwk.kid }).setExpirationTime("10m").sign(key.privateKey);

beforeAll(async () => {
  signing = await newKey("k1");
  server = http.createServer((_req, res) => {
    requests++;
    const { status, body, headers } = answer();
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/jwks`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function keySet(cooldownMs = 30_000) {
  const clock = { now: 1_000_000 };
  const lines: string[] = [];
  const keys = new ProviderKeys(url, { cooldownMs, log: createLogger("info", {}, (line) => lines.push(line)), now: () => clock.now });
  const verify = (token: string) => jwtVerify(token, keys.getKey);
  return { keys, clock, lines, verify };
}

describe("the provider's key set", () => {
  it("gives up a fetch after its timeout (AUTH_JWKS_TIMEOUT_MS), and says so", async () => {
    // A provider that takes the connection and never answers.
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const lines: string[] = [];
      const keys = new ProviderKeys(`http://127.0.0.1:${(silent.address() as { port: number }).port}/jwks`, { cooldownMs: 30_000, timeoutMs: 300, log: createLogger("info", {}, (line) => lines.push(line)) });
      const started = performance.now();
      await keys.prefetch();
      expect(performance.now() - started).toBeLessThan(4_000); // the default is 5 s: the setting was used
      expect(lines.join("\n")).toMatch(/key set \(JWKS\) unreachable.*timeout/);
      await expect(jwtVerify(await tokenOf(signing), keys.getKey)).rejects.toThrow(/keys could not be fetched/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("fetches once for many tokens, and once per cooldown for unknown kids", async () => {
    answer = () => jwksOf(signing.jwk);
    const { keys, clock, verify } = keySet();
    const strangers = await Promise.all(Array.from({ length: 50 }, async (_, i) => tokenOf(await newKey(`stranger-${i}`))));
    await Promise.all([verify(await tokenOf(signing)), verify(await tokenOf(signing))]);
    expect(keys.fetches).toBe(1);
    for (const token of strangers) await expect(verify(token)).rejects.toThrow(/signing key is unknown \(kid "stranger-/);
    expect(keys.fetches).toBe(1); // within the cooldown of the first fetch
    clock.now += 30_000;
    const answers = await Promise.allSettled(strangers.map(verify));
    expect(answers.every((a) => a.status === "rejected")).toBe(true);
    expect(keys.fetches).toBe(2); // concurrent unknown kids share one fetch
  });

  it("refreshes keys older than ten minutes in the background, the request not waiting", async () => {
    answer = () => jwksOf(signing.jwk);
    const { keys, clock, verify } = keySet();
    await verify(await tokenOf(signing));
    clock.now += 10 * 60_000 + 1;
    const next = await newKey("k2");
    answer = () => jwksOf(next.jwk); // the provider dropped k1
    await verify(await tokenOf(signing)); // answered with the old keys while the refresh runs
    await keys.prefetch(); // waits for the refresh under way
    expect(keys.fetches).toBe(2);
    await verify(await tokenOf(next));
    await expect(verify(await tokenOf(signing))).rejects.toThrow(/signing key is unknown/);
  });

  it("keeps its keys when the answer is not a key set, logs it, and tries again only after the cooldown", async () => {
    answer = () => jwksOf(signing.jwk);
    const { keys, clock, lines, verify } = keySet();
    await verify(await tokenOf(signing));
    const stranger = await tokenOf(await newKey("k3"));
    for (const bad of [{ status: 500, body: "{}" }, { status: 200, body: "not json" }, { status: 200, body: '{"keys": 1}' }, { status: 302, body: "", headers: { location: "http://evil.example/jwks" } }, { status: 200, body: JSON.stringify({ keys: [], pad: "x".repeat(MAX_JWKS_BYTES) }) }]) {
      answer = () => bad;
      clock.now += 30_000;
      const before = requests;
      await expect(verify(stranger)).rejects.toThrow(/signing key is unknown .*unreachable right now/);
      expect(requests - before).toBe(1);
      await verify(await tokenOf(signing)); // the keys held still verify
      await expect(verify(stranger)).rejects.toThrow(/unknown/);
      expect(requests - before).toBe(1); // no second attempt within the cooldown
    }
    const warnings = lines.map((l) => JSON.parse(l)).filter((l) => l.level === "warn");
    expect(warnings).toHaveLength(5);
    expect(warnings.map((w) => w.error)).toEqual([
      expect.stringMatching(/HTTP 500/),
      expect.stringMatching(/JSON/),
      expect.stringMatching(/not a JSON Web Key Set/),
      expect.stringMatching(/HTTP 302/),
      expect.stringMatching(/larger than/),
    ]);
    answer = () => jwksOf(signing.jwk);
    clock.now += 30_000;
    await keys.prefetch();
    expect(lines.map((l) => JSON.parse(l).msg)).toContain("identity provider key set reachable again");
  });

  it("refuses tokens while no key was ever fetched, trying at most once per cooldown", async () => {
    answer = () => ({ status: 503, body: "" });
    const { keys, clock, verify } = keySet();
    const token = await tokenOf(signing);
    await expect(verify(token)).rejects.toThrow(/keys could not be fetched/);
    await expect(verify(token)).rejects.toThrow(/keys could not be fetched/);
    expect(keys.fetches).toBe(1);
    answer = () => jwksOf(signing.jwk);
    clock.now += 30_000;
    await verify(token);
    expect(keys.fetches).toBe(2);
  });
});
