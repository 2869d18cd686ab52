// Verifying an HS256 token (base64, JSON, HMAC, the lifetime rules) costs more than a small
// request's execution: a client sends the same token for hours, so each distinct token is
// verified once and its viewer kept until the token's exp. Only tokens that passed are kept.
import type { Viewer } from "../common/auth.js";
import { tokenRejected, verifyTokenUntil, type TokenLimits } from "./tokens.js";

/** Distinct tokens kept; the least recently used goes first past the bound. */
export const VERIFIED_TOKENS = 1000;

interface Verified {
  viewer: Viewer;
  /** The token's exp claim, seconds since the epoch. */
  exp: number;
}

export type TokenVerifier = (token: string) => Promise<Viewer>;

/**
 * verifyToken with a bounded LRU of the tokens it accepted. Every check of verifyToken only gets
 * easier with time (signature, claims, nbf, iat, maximum life) except the expiry: a kept token is
 * refused, and dropped, once its exp is reached, with verifyToken's message.
 */
export function cachedTokenVerifier(secret: string, limits: TokenLimits, max = VERIFIED_TOKENS): TokenVerifier {
  const verified = new Map<string, Verified>();
  return async (token) => {
    const kept = verified.get(token);
    if (kept) {
      verified.delete(token);
      if (kept.exp <= Math.floor(Date.now() / 1000)) throw tokenRejected("the token has expired");
      verified.set(token, kept);
      return copyOf(kept.viewer);
    }
    const { viewer, exp } = await verifyTokenUntil(secret, token, limits);
    if (verified.size >= max) verified.delete(verified.keys().next().value!);
    verified.set(token, { viewer, exp });
    return copyOf(viewer);
  };
}

/** A request gets its own viewer: nothing one request does to it reaches the next. */
const copyOf = (viewer: Viewer): Viewer => ({ ...viewer, orgs: viewer.orgs === "*" ? "*" : [...viewer.orgs] });
