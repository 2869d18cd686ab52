// Signed download links (Job.downloadUrl): a URL of one job's file that works without the
// Authorization header, so that `<a href>` and `window.open` can download an export. The link
// names the job and when it stops working, and carries an HMAC of both under a key derived from
// the service's token secret; it is usable any number of times until it expires (FILE_LINK_TTL_SECONDS),
// by whoever holds it. A finished job's file never changes, so the job id names exactly one file.
// Pure: no database, no GraphQL.
import { createHmac, timingSafeEqual } from "node:crypto";
import { filePath } from "./mapper.js";

/** What checking a link's query finds. */
export type LinkCheck = "valid" | "invalid" | "expired";

/** The query parameters of a signed link. */
export interface SignedLinkQuery {
  expires?: unknown;
  signature?: unknown;
}

/** Whether a request for a job's file carries a signed link rather than (or besides) a token. */
export function isSignedLinkRequest(query: SignedLinkQuery): boolean {
  return query.expires !== undefined || query.signature !== undefined;
}

export class FileLinks {
  private readonly key: Buffer;

  /**
   * @param secret the service's token secret; the links' key is derived from it, so a link's
   *   signature can never stand in for a token's (or the other way round)
   * @param now the clock, ms (tests move it)
   */
  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createHmac("sha256", secret).update("playout-gateway job file links v1").digest();
  }

  /** The path (with query) of the job's file, signed to work until ttlSeconds from now. */
  pathFor(jobId: string | number): string {
    const id = Number(jobId);
    const expires = Math.floor(this.now() / 1000) + this.ttlSeconds;
    return `${filePath(id)}?expires=${expires}&signature=${this.sign(String(id), expires)}`;
  }

  /** Checks the link's query for this job: its signature first (an altered link says nothing more), then its expiry. */
  check(jobId: string, query: SignedLinkQuery): LinkCheck {
    const { expires, signature } = query;
    if (typeof expires !== "string" || typeof signature !== "string" || !/^\d{1,12}$/.test(expires) || !/^[\w-]{43}$/.test(signature)) {
      return "invalid";
    }
    const expected = Buffer.from(this.sign(jobId, Number(expires)));
    if (!timingSafeEqual(expected, Buffer.from(signature))) return "invalid";
    return Number(expires) * 1000 <= this.now() ? "expired" : "valid";
  }

  private sign(jobId: string, expires: number): string {
    return createHmac("sha256", this.key).update(`${jobId}\n${expires}`).digest("base64url");
  }
}
