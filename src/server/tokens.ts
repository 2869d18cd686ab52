// HS256 bearer tokens (API.md "Authentication"): sign for the CLI and the demo, verify per request.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { SignJWT, errors as joseErrors, jwtVerify } from "jose";
import { ROLES, type Role, type Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";

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

export async function verifyToken(secret: string, token: string): Promise<Viewer> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, encode(secret), { algorithms: ["HS256"] }));
  } catch (error) {
    const reason = error instanceof joseErrors.JWTExpired ? "the token has expired" : "the token is not valid";
    throw new AppError("UNAUTHENTICATED", `Bearer token rejected: ${reason}`);
  }
  const { sub, orgs, role } = payload as Record<string, unknown>;
  if (typeof sub !== "string" || !sub) throw new AppError("UNAUTHENTICATED", "Bearer token rejected: no sub claim");
  if (!Array.isArray(orgs) || !orgs.every((o) => typeof o === "string")) {
    throw new AppError("UNAUTHENTICATED", "Bearer token rejected: orgs must be an array of organization ids");
  }
  if (typeof role !== "string" || !ROLES.includes(role as Role)) {
    throw new AppError("UNAUTHENTICATED", `Bearer token rejected: role must be one of ${ROLES.join(", ")}`);
  }
  return { userId: sub, orgs: orgs.includes("*") ? "*" : (orgs as string[]), role: role as Role };
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
