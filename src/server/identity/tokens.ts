// HS256 bearer tokens: sign for the CLI and the demo, verify per request; and the rules every
// token obeys, whoever signed it (its life, and the reason a refusal gives).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { ROLES, parseOrganizationClaim, parseUserClaim, type Role, type Viewer } from "../../common/auth.js";
import { AppError } from "../../common/errors.js";

export interface TokenClaims {
  sub: string;
  orgs: string[];
  role: Role;
}

const encode = (secret: string) => new TextEncoder().encode(secret);

export async function signToken(secret: string, claims: TokenClaims, expiresIn: string | number = "30d"): Promise<string> {
  return new SignJWT({ orgs: claims.orgs, role: claims.role })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(encode(secret));
}

/** How long a token may live and how far ahead of ours an issuer's clock may run (config). */
export interface TokenLimits {
  maxLifeSeconds: number;
  clockSkewSeconds: number;
}

export const DEFAULT_TOKEN_LIMITS: TokenLimits = { maxLifeSeconds: 30 * 86_400, clockSkewSeconds: 60 };

export const tokenRejected = (reason: string) => new AppError("UNAUTHENTICATED", `Bearer token rejected: ${reason}`);
const rejected = tokenRejected;

/**
 * A token must say when it ends, and end within maxLifeSeconds of when it was issued and of now:
 * a leaked token then stops working on its own. The skew only forgives an issuer whose clock runs
 * a little ahead (iat, nbf, a life a few seconds longer); an expired token stays expired.
 */
export function checkLifetime(payload: { exp?: unknown; iat?: unknown }, limits: TokenLimits): void {
  const now = Math.floor(Date.now() / 1000);
  const { exp, iat } = payload;
  if (exp === undefined) throw rejected("it has no exp (expiry) claim");
  if (typeof exp !== "number" || !Number.isFinite(exp)) throw rejected("its exp claim is not a time (seconds since 1970)");
  if (exp <= now) throw rejected("the token has expired");
  if (iat !== undefined && (typeof iat !== "number" || !Number.isFinite(iat))) throw rejected("its iat claim is not a time (seconds since 1970)");
  if (typeof iat === "number" && iat > now + limits.clockSkewSeconds) throw rejected("it was issued in the future (iat)");
  const life = exp - (typeof iat === "number" ? iat : now);
  if (life > limits.maxLifeSeconds || exp - now > limits.maxLifeSeconds + limits.clockSkewSeconds) {
    throw rejected(`it lives longer than ${limits.maxLifeSeconds} seconds (TOKEN_MAX_LIFE_SECONDS)`);
  }
}

export async function verifyToken(secret: string, token: string, limits: TokenLimits = DEFAULT_TOKEN_LIMITS): Promise<Viewer> {
  return (await verifyTokenUntil(secret, token, limits)).viewer;
}

/** verifyToken, with the token's exp (seconds since the epoch) for whoever keeps the viewer. */
export async function verifyTokenUntil(secret: string, token: string, limits: TokenLimits = DEFAULT_TOKEN_LIMITS): Promise<{ viewer: Viewer; exp: number }> {
  let payload;
  try {
    // jose checks the signature, and exp and nbf with the skew; checkLifetime takes exp strictly.
    ({ payload } = await jwtVerify(token, encode(secret), { algorithms: ["HS256"], clockTolerance: limits.clockSkewSeconds }));
  } catch (error) {
    throw rejected(
      error instanceof joseErrors.JWSSignatureVerificationFailed
        ? "the token is not valid (signed with another secret? run `npm run token` with the service's AUTH_SECRET, or without one on its DATA_DIR)"
        : reasonOf(error),
    );
  }
  checkLifetime(payload, limits);
  const { sub, orgs, role } = payload as Record<string, unknown>;
  const userId = parseUserClaim(sub);
  if (userId === null) throw rejected("sub must be a user id of 1 to 200 characters");
  const organizations = parseOrganizationClaim(orgs);
  if ("problem" in organizations) throw rejected(organizations.problem);
  if (typeof role !== "string" || !ROLES.includes(role as Role)) throw rejected(`role must be one of ${ROLES.join(", ")}`);
  return { viewer: { userId, orgs: organizations.orgs, role: role as Role }, exp: payload.exp as number };
}

/**
 * Why jose refused a token, in words a caller can act on. Claims are checked after the signature,
 * so a reason about a claim is only ever given for a token whose signature verified.
 */
export function reasonOf(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return error.claim === "exp" ? "the token has expired" : `its ${error.claim} claim is out of range`;
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    const { claim, reason } = error;
    if (reason === "invalid" && ["exp", "iat", "nbf"].includes(claim)) return `its ${claim} claim is not a time (seconds since 1970)`;
    if (claim === "nbf") return "it is not valid yet (its nbf lies in the future)";
    if (claim === "iat") return "it was issued in the future (iat)";
    if (claim === "iss") return "it was issued by another issuer (iss is not AUTH_ISSUER)";
    if (claim === "aud") return "it is meant for another audience (aud does not contain AUTH_AUDIENCE)";
    return `its ${claim} claim is ${reason === "missing" ? "missing" : "not accepted"}`;
  }
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "its signature does not verify";
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "its signature algorithm is not accepted here";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "its signing key is unknown (no key of the provider's key set matches its kid and algorithm)";
  if (error instanceof joseErrors.JWTInvalid || error instanceof joseErrors.JWSInvalid || error instanceof joseErrors.JOSENotSupported) {
    return "it is not a well-formed signed JWT";
  }
  return "it could not be verified";
}

/**
 * The embedded default generates its secret once and keeps it beside the data, so that tokens
 * printed at one start still work at the next.
 */
export function embeddedSecret(dataDir: string): string {
  if (dataDir.startsWith("memory://")) return randomBytes(32).toString("hex");
  const file = `${dataDir.replace(/\/$/, "")}/auth-secret`;
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}
