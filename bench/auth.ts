// What a token of the identity provider costs per request, next to an HS256 token of AUTH_SECRET.
//   npx tsx bench/auth.ts                                   (embedded PGlite, in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/auth.ts   (a fresh database)
// AUTH_BENCH_SECONDS (default 10) per load run; AUTH_BENCH_TOKENS (default 2000) distinct tokens
// verified one by one in the first part.
//
// 1. One verification, in-process, no cache: HS256 against RS256, ES256 and EdDSA on a cached key
//    (the provider's key set fetched once, from a loopback JWKS server).
// 2. The job-polling query (`job(id) { status progress }`, what a client watching an import or an
//    export sends every second) at 10 connections with autocannon:
//    - one token per client, as pollers send it (kept by the verified-token cache after its first use);
//    - a different token on every request (more distinct tokens than the cache holds), so that every
//      request verifies its signature on a cached key: the worst case.
//    The mean latency of each provider algorithm minus HS256's is the overhead per request.
import http from "node:http";
import autocannon from "autocannon";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { createLogger } from "../src/common/log.js";
import { loadConfig } from "../src/config.js";
import { identityProviderOf, tokenVerifier } from "../src/server/identity/token-verifier.js";
import { VERIFIED_TOKENS } from "../src/server/identity/token-cache.js";
import { signToken } from "../src/server/identity/tokens.js";
import { benchService } from "./lib.js";

const SECONDS = Number(process.env.AUTH_BENCH_SECONDS ?? 10);
const DISTINCT = Number(process.env.AUTH_BENCH_TOKENS ?? 2000);
const CONNECTIONS = 10;
const SECRET = "auth-bench-secret-0123456789abcdef0123456789";
const AUDIENCE = "playout-gateway";
const ORG = "auth-bench";
const ALGORITHMS = ["RS256", "ES256", "EdDSA"] as const;
type Alg = "HS256" | (typeof ALGORITHMS)[number];

const keys = new Map<string, { privateKey: CryptoKey; jwk: JWK }>();
for (const alg of ALGORITHMS) {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  keys.set(alg, { privateKey, jwk: { ...(await exportJWK(publicKey)), kid: `bench-${alg}`, alg, use: "sig" } });
}
const jwksServer = http.createServer((_req, res) => {
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ keys: [...keys.values()].map((k) => k.jwk) }));
});
await new Promise<void>((resolve) => jwksServer.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${(jwksServer.address() as { port: number }).port}`;
const settings = { authSecret: SECRET, authJwksUrl: `${issuer}/jwks`, authIssuer: issuer, authAudience: AUDIENCE };

let serial = 0;
async function tokenOf(alg: Alg): Promise<string> {
  const sub = `poller-${serial++}`;
  if (alg === "HS256") return signToken(SECRET, { sub, orgs: [ORG], role: "viewer" }, "1h");
  const { privateKey, jwk } = keys.get(alg)!;
  return new SignJWT({ orgs: [ORG], role: "viewer" })
    .setProtectedHeader({ alg, kid: jwk.kid, typ: "at+jwt" })
    .setIssuer(issuer)
    .setAudience(AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(privateKey);
}

// 1. One verification, in-process.
const config = { ...loadConfig({}), ...settings };
const provider = identityProviderOf(config, createLogger("silent"))!;
await provider.keys.prefetch();
const verify = tokenVerifier(SECRET, provider, { maxLifeSeconds: config.tokenMaxLifeSeconds, clockSkewSeconds: config.tokenClockSkewSeconds });
console.log(`\nOne verification without the token cache (${DISTINCT} distinct tokens each, key set fetched once)`);
console.log("| algorithm | µs per token |\n|---|---|");
for (const alg of ["HS256", ...ALGORITHMS] as Alg[]) {
  const tokens = await Promise.all(Array.from({ length: DISTINCT }, () => tokenOf(alg)));
  for (const token of tokens.slice(0, 50)) await verify(token); // warm-up
  const start = performance.now();
  for (const token of tokens) await verify(token);
  console.log(`| ${alg} | ${(((performance.now() - start) / DISTINCT) * 1000).toFixed(1)} |`);
}

// 2. The job-polling query over HTTP.
const bench = await benchService(settings);
const editorToken = await signToken(SECRET, { sub: "bench", orgs: [ORG], role: "editor" }, "1h");
const editor = async (query: string, variables?: Record<string, unknown>) => {
  const response = await fetch(bench.url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${editorToken}` }, body: JSON.stringify({ query, variables }) });
  const answer = (await response.json()) as { data?: any; errors?: unknown[] };
  if (answer.errors) throw new Error(JSON.stringify(answer.errors));
  return answer.data;
};
const { createSchedule } = await editor(`mutation { createSchedule(input: { name: "polled" }) { id } }`);
const { exportSchedule } = await editor(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "polled.xml") { id } }`, { id: createSchedule.id });
const body = JSON.stringify({ query: `query Poll($id: ID!) { job(id: $id) { id status progress } }`, variables: { id: exportSchedule.id } });

async function load(alg: Alg, distinct: boolean) {
  const pool = distinct ? await Promise.all(Array.from({ length: Math.max(DISTINCT, VERIFIED_TOKENS * 2) }, () => tokenOf(alg))) : [await tokenOf(alg)];
  // GraphQL answers a refused token with HTTP 200 and errors: make sure these tokens pass.
  const check = await fetch(bench.url, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${pool[pool.length - 1]}` }, body });
  const answer = (await check.json()) as { errors?: unknown[] };
  if (answer.errors) throw new Error(`${alg} token refused: ${JSON.stringify(answer.errors)}`);
  let next = 0;
  const result = await autocannon({
    url: bench.url,
    method: "POST",
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { "content-type": "application/json" },
    requests: [{ body, setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${pool[next++ % pool.length]}` } }) }],
  });
  return { alg, distinct, rps: Math.round(result.requests.average), mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

await load("HS256", false); // warm-up: the first run of a process pays for compilation
for (const distinct of [false, true]) {
  console.log(`\nJob polling at c=${CONNECTIONS}, ${SECONDS} s each, ${distinct ? "a new token on every request (each verified)" : "one token per run (verified once, then kept)"} (${bench.driver})`);
  console.log("| token | req/s | mean ms | p50 ms | p99 ms | over HS256, ms per request | non-2xx | errors |\n|---|---|---|---|---|---|---|---|");
  let hs256Mean = 0;
  for (const alg of ["HS256", ...ALGORITHMS] as Alg[]) {
    const r = await load(alg, distinct);
    if (alg === "HS256") hs256Mean = r.mean;
    console.log(`| ${alg} | ${r.rps} | ${r.mean.toFixed(2)} | ${r.p50} | ${r.p99} | ${alg === "HS256" ? "" : (r.mean - hs256Mean).toFixed(3)} | ${r.non2xx} | ${r.errors} |`);
  }
}

await bench.stop();
jwksServer.close();
