// The identity provider's public keys (its JWKS), kept in memory. jose's createRemoteJWKSet counts
// its cooldown from the last *successful* fetch and refetches before every use once its cache is
// old, so a provider that is down would cost a fetch per request and, after ten minutes, refuse
// every token. This key set counts the cooldown from the last attempt, refreshes old keys in the
// background, and keeps what it has while the provider is away (docs/SECURITY.md "Keys that rotate").
import { createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, type JWTVerifyGetKey } from "jose";
import type { Logger } from "../../common/log.js";
import { tokenRejected } from "./tokens.js";

export interface ProviderKeyOptions {
  /** Least time between two fetches caused by unknown key ids (or a failed fetch), ms. */
  cooldownMs: number;
  /** Keys older than this are refreshed in the background on their next use, ms. */
  refreshMs?: number;
  /** Longest wait for the provider's answer, ms. */
  timeoutMs?: number;
  log: Logger;
  /** The clock (tests move it). */
  now?: () => number;
}

/** A key set larger than this is refused: the provider's answer is read into memory. */
export const MAX_JWKS_BYTES = 1024 * 1024;
const DEFAULT_REFRESH_MS = 10 * 60_000;
const DEFAULT_TIMEOUT_MS = 5_000;

type LocalKeys = ReturnType<typeof createLocalJWKSet>;

export class ProviderKeys {
  /** Fetches attempted (successful or not): what the tests count. */
  fetches = 0;
  #local: LocalKeys | null = null;
  #fetchedAt = -Infinity;
  #attemptedAt = -Infinity;
  #pending: Promise<void> | null = null;
  #unreachable = false;
  readonly #url: URL;
  readonly #cooldownMs: number;
  readonly #refreshMs: number;
  readonly #timeoutMs: number;
  readonly #log: Logger;
  readonly #now: () => number;

  constructor(url: string, options: ProviderKeyOptions) {
    this.#url = new URL(url);
    this.#cooldownMs = options.cooldownMs;
    this.#refreshMs = options.refreshMs ?? DEFAULT_REFRESH_MS;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.#log = options.log;
    this.#now = options.now ?? (() => Date.now());
  }

  /** Fetches the keys now unless an attempt is under way or within the cooldown; never throws. */
  prefetch(): Promise<void> {
    return this.#coolingDown() ? (this.#pending ?? Promise.resolve()) : this.#reload();
  }

  /** For jose's jwtVerify: the key of a token's header, fetching the key set again at most once per cooldown. */
  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    if (!this.#local) {
      await this.prefetch();
      if (!this.#local) throw tokenRejected("the identity provider's keys could not be fetched (AUTH_JWKS_URL unreachable); try again shortly");
    } else if (this.#now() - this.#fetchedAt > this.#refreshMs && !this.#coolingDown()) {
      void this.#reload(); // old keys keep working while new ones are fetched
    }
    try {
      return await this.#local(header, token);
    } catch (error) {
      if (!(error instanceof joseErrors.JWKSNoMatchingKey)) throw error;
      if (this.#pending) await this.#pending;
      else if (!this.#coolingDown()) await this.#reload();
      else throw this.#unknownKey(header.kid);
      try {
        return await this.#local(header, token);
      } catch (again) {
        throw again instanceof joseErrors.JWKSNoMatchingKey ? this.#unknownKey(header.kid) : again;
      }
    }
  };

  #coolingDown(): boolean {
    return this.#now() - this.#attemptedAt < this.#cooldownMs;
  }

  #unknownKey(kid: string | undefined) {
    const unreachable = this.#unreachable ? "; the identity provider's key set is unreachable right now" : "";
    // The kid is the caller's text: echoed short.
    const shown = kid === undefined ? "null" : JSON.stringify(kid.length > 100 ? `${kid.slice(0, 100)}…` : kid);
    return tokenRejected(`its signing key is unknown (kid ${shown} is not in the identity provider's key set${unreachable})`);
  }

  /** One fetch at a time; its outcome is logged when it changes (reachable ↔ unreachable). */
  #reload(): Promise<void> {
    this.#pending ??= (async () => {
      this.#attemptedAt = this.#now();
      this.fetches++;
      try {
        const jwks = await this.#fetch();
        this.#local = createLocalJWKSet(jwks);
        this.#fetchedAt = this.#now();
        if (this.#unreachable) this.#log.info("identity provider key set reachable again", { url: this.#url.href, keys: jwks.keys.length });
        this.#unreachable = false;
      } catch (error) {
        this.#log.warn("identity provider key set (JWKS) unreachable: tokens signed with keys already fetched keep working", {
          url: this.#url.href,
          error: String((error as Error)?.message ?? error),
          keysKept: this.#local ? true : false,
        });
        this.#unreachable = true;
      } finally {
        this.#pending = null;
      }
    })();
    return this.#pending;
  }

  async #fetch(): Promise<JSONWebKeySet> {
    const response = await fetch(this.#url, {
      headers: { accept: "application/jwk-set+json, application/json" },
      redirect: "manual", // a redirect could lead off https
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new Error(`the key set answered HTTP ${response.status}`);
    }
    const text = await readAtMost(response, MAX_JWKS_BYTES);
    const jwks = JSON.parse(text) as JSONWebKeySet;
    if (!jwks || !Array.isArray(jwks.keys)) throw new Error("the answer is not a JSON Web Key Set ({\"keys\": [...]})");
    createLocalJWKSet(jwks); // throws on a malformed set before it replaces the good one
    return jwks;
  }
}

async function readAtMost(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > max) {
    await response.body?.cancel();
    throw new Error(`the key set is larger than ${max} bytes`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw new Error(`the key set is larger than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
