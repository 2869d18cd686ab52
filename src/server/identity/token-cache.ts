// Verifying a token (base64, JSON, HMAC or a public-key signature, the lifetime rules) costs more than a small
// request's execution: a client sends the same token for hours, so each distinct token is
// verified once and its viewer kept until the token's exp. Only tokens that passed are kept.
import type { Viewer } from "../../common/auth.js";
import type { VerifyTokenUntil } from "./token-verifier.js";
import { tokenRejected } from "./tokens.js";
import { boundedLru } from "../../common/bounded-lru.js";

/** Distinct tokens kept; the least recently used goes first past the bound. */
export const VERIFIED_TOKENS = 1000;

interface Verified {
  viewer: Viewer;
  /** The token's exp claim, seconds since the epoch. */
  exp: number;
}

export type TokenVerifier = (token: string) => Promise<Viewer>;

/**
 * A verifier with a bounded LRU of the tokens it accepted. Every check only gets easier with time
 * (signature, claims, nbf, iat, maximum life) except the expiry: a kept token is refused, and
 * dropped, once its exp is reached, with the verifier's message. A provider's token stays accepted
 * until its exp even if its key leaves the provider's key set meanwhile, as it would without a cache
 * while the key was still known.
 */
export function cachedTokenVerifier(verifyTokenUntil: VerifyTokenUntil, max = VERIFIED_TOKENS): TokenVerifier {
  // Kept until the token's exp at most (its ttl), so that an expired token's entry does not outlive it.
  const verified = boundedLru<string, Verified>({ entries: max });
  return async (token) => {
    const kept = verified.get(token);
    if (kept) {
      if (kept.exp <= Math.floor(Date.now() / 1000)) {
        verified.delete(token);
        throw tokenRejected("the token has expired");
      }
      return copyOf(kept.viewer);
    }
    const { viewer, exp } = await verifyTokenUntil(token);
    verified.set(token, { viewer, exp }, { ttl: Math.max(1, exp * 1000 - Date.now()) });
    return copyOf(viewer);
  };
}

/** A request gets its own viewer: nothing one request does to it reaches the next. */
const copyOf = (viewer: Viewer): Viewer => ({ ...viewer, orgs: viewer.orgs === "*" ? "*" : [...viewer.orgs] });
