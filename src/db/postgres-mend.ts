// Whether the installed postgres.js carries the mend of tools/patch-postgres.mjs (applied by npm's
// `prepare`): a reserved connection that closes refuses further statements and its release does
// nothing, instead of the process dying on a write to a closed socket. Only then are a request's
// reads held alone on a reserved connection (cancel.ts); without it they take a transaction.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The comment tools/patch-postgres.mjs writes into postgres.js (RESERVE_MARK there; a test holds them equal). */
export const RESERVE_MARK = "playout-gateway: closed reservations are refused";

let mended: boolean | undefined;

/** Both builds of the installed postgres.js (ESM and CommonJS) carry the mend. */
export function reservationsMended(): boolean {
  if (mended === undefined) {
    try {
      const commonJs = createRequire(import.meta.url).resolve("postgres");
      const esm = join(dirname(dirname(dirname(commonJs))), "src", "index.js");
      mended = [commonJs, esm].every((file) => readFileSync(file, "utf8").includes(RESERVE_MARK));
    } catch {
      mended = false;
    }
  }
  return mended;
}
