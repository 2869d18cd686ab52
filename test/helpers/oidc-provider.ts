// A real OpenID Provider for the identity tests: oidc-provider (a certified Node implementation)
// on a loopback port, publishing its keys at /jwks and issuing JWT access tokens (RFC 9068) for the
// resource "playout-gateway" through its real token endpoint:
// - machines: the client-credentials grant (clients playout-1 and scheduler-bot);
// - people: a grant registered with the provider's own registerGrantType ("urn:test:user"), which
//   issues the same AccessToken model an authorization-code exchange would, without driving a
//   browser login through the interaction pages.
// Claims come from `claims` (by account id, or client id for machines), added by extraTokenClaims.
import http from "node:http";
import { randomBytes } from "node:crypto";
import Provider, { type Configuration, type KoaContextWithOIDC } from "oidc-provider";
import { exportJWK, generateKeyPair, SignJWT, importJWK, type JWK } from "jose";

/** The audience the provider puts in every token of the gateway's resources. */
export const AUDIENCE = "playout-gateway";
/** Resource indicators: each gives tokens of one signature algorithm or another audience. */
export const RESOURCE = { rs256: "urn:playout-gateway:rs256", es256: "urn:playout-gateway:es256", otherApi: "urn:other-api" } as const;

export const MACHINE_SECRET = "machine-secret";

export interface KeyPair {
  private: JWK & { kid: string; alg: string };
}

async function newKey(alg: "RS256" | "ES256"): Promise<KeyPair> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  return { private: { ...(await exportJWK(privateKey)), kid: `${alg.toLowerCase()}-${randomBytes(4).toString("hex")}`, alg, use: "sig" } };
}

/** The provider's storage for the life of a test file (its own in-memory one warns on every start). */
class MemoryAdapter {
  static readonly rows = new Map<string, Record<string, unknown>>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  async upsert(id: string, payload: Record<string, unknown>) {
    MemoryAdapter.rows.set(this.key(id), payload);
  }
  async find(id: string) {
    return MemoryAdapter.rows.get(this.key(id));
  }
  async findByUid(uid: string) {
    return [...MemoryAdapter.rows.values()].find((row) => row.uid === uid);
  }
  async findByUserCode(code: string) {
    return [...MemoryAdapter.rows.values()].find((row) => row.userCode === code);
  }
  async consume(id: string) {
    const row = MemoryAdapter.rows.get(this.key(id));
    if (row) row.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    MemoryAdapter.rows.delete(this.key(id));
  }
  async revokeByGrantId(grantId: string) {
    for (const [key, row] of MemoryAdapter.rows) if (row.grantId === grantId) MemoryAdapter.rows.delete(key);
  }
}

export interface TestProvider {
  issuer: string;
  jwksUrl: string;
  /** GET /jwks answered since start. */
  jwksFetches(): number;
  /** Claims each subject's tokens carry: by account id (people) or client id (machines). */
  claims: Map<string, Record<string, unknown>>;
  machineToken(clientId: string, resource?: string): Promise<string>;
  userToken(accountId: string, resource?: string): Promise<string>;
  /** Publishes new keys in front of the old ones (it signs with the new ones from now on). */
  rotate(): Promise<void>;
  /** Signs any payload with the provider's current private key of `alg` (or a key it never published). */
  mint(payload: Record<string, unknown>, options?: { alg?: "RS256" | "ES256"; kid?: string; foreignKey?: boolean }): Promise<string>;
  publicJwk(alg: "RS256" | "ES256"): JWK;
  /** Its private keys: a second provider may sign with them under another issuer. */
  signingKeys(): KeyPair[];
  /** The provider goes down: its port refuses connections. */
  stop(): Promise<void>;
}

/**
 * A provider on its own loopback server. `issuerHost` names it differently from 127.0.0.1 (another
 * issuer on the same machine); `keys` lets that second provider sign with the first one's keys.
 */
export async function startTestProvider(options: { issuerHost?: string; keys?: KeyPair[] } = {}): Promise<TestProvider> {
  let keys = options.keys ?? [await newKey("RS256"), await newKey("ES256")];
  const claims = new Map<string, Record<string, unknown>>();
  let fetches = 0;
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  const issuer = `http://${options.issuerHost ?? "127.0.0.1"}:${port}`;

  const resourceServer = (resource: string) => ({
    audience: resource === RESOURCE.otherApi ? "other-api" : AUDIENCE,
    accessTokenFormat: "jwt" as const,
    accessTokenTTL: 600,
    scope: "playout",
    jwt: { sign: { alg: resource === RESOURCE.es256 ? ("ES256" as const) : ("RS256" as const) } },
  });
  const configuration = (): Configuration => ({
    adapter: MemoryAdapter,
    jwks: { keys: keys.map((k) => k.private) as never },
    clients: [
      { client_id: "playout-1", client_secret: MACHINE_SECRET, grant_types: ["client_credentials"], response_types: [], redirect_uris: [] },
      { client_id: "scheduler-bot", client_secret: MACHINE_SECRET, grant_types: ["client_credentials"], response_types: [], redirect_uris: [] },
      { client_id: "gateway-ui", client_secret: MACHINE_SECRET, grant_types: ["urn:test:user"], response_types: [], redirect_uris: [] },
    ],
    cookies: { keys: ["test-cookie-key"] },
    ttl: { AccessToken: 600, ClientCredentials: 600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE.rs256,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => resourceServer(resource),
      },
    },
    extraTokenClaims: (_ctx, token) => claims.get((token as { accountId?: string }).accountId ?? (token as { clientId: string }).clientId) ?? {},
  });
  const build = () => {
    const provider = new Provider(issuer, configuration());
    provider.registerGrantType(
      "urn:test:user",
      async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
        // ResourceServer is a model the provider has, though its type definitions do not list it.
        const { AccessToken, ResourceServer } = ctx.oidc.provider as Provider & { ResourceServer: new (resource: string, info: object) => never };
        const params = ctx.oidc.params as { user: string; resource?: string };
        const resource = params.resource ?? RESOURCE.rs256;
        const token = new AccessToken({ accountId: params.user, client: ctx.oidc.client!, gty: "urn:test:user", scope: "playout", grantId: randomBytes(8).toString("hex") });
        token.resourceServer = new ResourceServer(resource, resourceServer(resource));
        ctx.body = { access_token: await token.save(), expires_in: token.expiration, token_type: "Bearer" };
        await next();
      },
      ["user", "resource"],
    );
    return provider.callback();
  };
  let handler = build();
  server.on("request", (req, res) => {
    if (req.method === "GET" && req.url?.endsWith("/jwks")) fetches++;
    handler(req, res);
  });

  const tokenRequest = async (clientId: string, body: Record<string, string>) => {
    const response = await fetch(`${base}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${clientId}:${MACHINE_SECRET}`).toString("base64")}` },
      body: new URLSearchParams(body),
    });
    const answer = (await response.json()) as { access_token?: string };
    if (!answer.access_token) throw new Error(`the provider refused: ${JSON.stringify(answer)}`);
    return answer.access_token;
  };
  const current = (alg: string) => keys.find((k) => k.private.alg === alg)!;

  return {
    issuer,
    jwksUrl: `${base}/jwks`,
    jwksFetches: () => fetches,
    claims,
    machineToken: (clientId, resource = RESOURCE.es256) => tokenRequest(clientId, { grant_type: "client_credentials", scope: "playout", resource }),
    userToken: (accountId, resource = RESOURCE.rs256) => tokenRequest("gateway-ui", { grant_type: "urn:test:user", user: accountId, resource }),
    async rotate() {
      keys = [await newKey("RS256"), await newKey("ES256"), ...keys];
      handler = build();
    },
    async mint(payload, { alg = "RS256", kid, foreignKey = false } = {}) {
      const key = foreignKey ? (await newKey(alg)).private : current(alg).private;
      return new SignJWT(payload)
        .setProtectedHeader({ alg, typ: "at+jwt", kid: kid ?? key.kid })
        .sign(await importJWK(key, alg));
    },
    publicJwk(alg) {
      const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...pub } = current(alg).private;
      return pub;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    signingKeys: () => keys,
  };
}
