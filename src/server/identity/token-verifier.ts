// Which key checks a bearer token: its header's algorithm decides. HS256 goes to AUTH_SECRET (the
// embedded default, `npm run token`); an asymmetric algorithm of AUTH_ALGORITHMS goes to the
// identity provider's published keys (AUTH_JWKS_URL). `none` and the other HS* never verify.
// Every token then obeys the same life rules (tokens.ts checkLifetime).
import { decodeProtectedHeader, jwtVerify } from "jose";
import type { Viewer } from "../../common/auth.js";
import { viewerFromClaims, type ClaimSettings } from "../../common/claims.js";
import type { Logger } from "../../common/log.js";
import type { Config } from "../../config.js";
import { ProviderKeys } from "./jwks.js";
import { checkLifetime, reasonOf, tokenRejected, verifyTokenUntil, type TokenLimits } from "./tokens.js";

export interface VerifiedToken {
  viewer: Viewer;
  /** The token's exp claim, seconds since the epoch. */
  exp: number;
}

export type VerifyTokenUntil = (token: string) => Promise<VerifiedToken>;

/** The identity provider a service trusts, from the AUTH_* settings. */
export interface IdentityProvider {
  keys: ProviderKeys;
  issuer: string;
  audience: string;
  algorithms: string[];
  claims: ClaimSettings;
}

export function identityProviderOf(config: Config, log: Logger): IdentityProvider | null {
  if (!config.authJwksUrl) return null;
  return {
    keys: new ProviderKeys(config.authJwksUrl, { cooldownMs: config.authJwksCooldownMs, timeoutMs: config.authJwksTimeoutMs, log }),
    issuer: config.authIssuer!,
    audience: config.authAudience!,
    algorithms: config.authAlgorithms,
    claims: { orgsClaim: config.authOrgsClaim, roleClaim: config.authRoleClaim, roleMap: config.authRoleMap },
  };
}

/** A token verified against its provider's keys, issuer, audience and algorithms, then the life rules and the claim settings. */
export async function verifyProviderToken(provider: IdentityProvider, token: string, limits: TokenLimits): Promise<VerifiedToken> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, provider.keys.getKey, {
      issuer: provider.issuer,
      audience: provider.audience,
      algorithms: provider.algorithms,
      clockTolerance: limits.clockSkewSeconds,
    }));
  } catch (error) {
    if ((error as { code?: string }).code === "UNAUTHENTICATED") throw error; // the key set's own reason
    throw tokenRejected(reasonOf(error));
  }
  checkLifetime(payload, limits);
  const found = viewerFromClaims(payload as Record<string, unknown>, provider.claims);
  if ("problem" in found) throw tokenRejected(found.problem);
  return { viewer: found.viewer, exp: payload.exp as number };
}

/** The verifier of a service: HS256 with its secret (when it has one), the rest with its provider (when it has one). */
export function tokenVerifier(secret: string | undefined, provider: IdentityProvider | null, limits: TokenLimits): VerifyTokenUntil {
  return async (token) => {
    let alg: unknown;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw tokenRejected("it is not a well-formed signed JWT");
    }
    if (alg === "HS256") {
      if (secret !== undefined) return verifyTokenUntil(secret, token, limits);
      throw tokenRejected("HS256 tokens are not accepted by this service: sign in with its identity provider");
    }
    if (typeof alg !== "string" || alg === "none" || alg.toUpperCase().startsWith("HS")) {
      throw tokenRejected(`its algorithm ${JSON.stringify(alg ?? null)} is never accepted`);
    }
    if (!provider) throw tokenRejected(`its algorithm ${alg} needs an identity provider (AUTH_JWKS_URL), and this service has none: it accepts HS256 tokens of its AUTH_SECRET`);
    if (!provider.algorithms.includes(alg)) throw tokenRejected(`its algorithm ${alg} is not among AUTH_ALGORITHMS (${provider.algorithms.join(", ")})`);
    return verifyProviderToken(provider, token, limits);
  };
}
