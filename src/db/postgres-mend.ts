// Whether the installed postgres.js carries the mends of tools/patch-postgres.mjs (applied by npm's
// `prepare`): a reserved connection that closes refuses further statements and its release does
// nothing, instead of the process dying on a write to a closed socket; and a reserve waiting for a
// connection is not dropped when the pool reconnects a closed one for it. Only then are a
// request's reads held alone on a reserved connection (cancel.ts); without them they take a
// transaction.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The comments tools/patch-postgres.mjs writes into postgres.js, one per mend (MEND_MARKS there; a test holds them equal). */
export const MEND_MARKS = ["playout-gateway: closed reservations are refused", "playout-gateway: a waiting reservation survives a reconnect"];

let mended: boolean | undefined;

/** Both builds of the installed postgres.js (ESM and CommonJS) carry every mend. */
export function reservationsMended(): boolean {
  if (mended === undefined) {
    try {
      const commonJs = createRequire(import.meta.url).resolve("postgres");
      const esm = join(dirname(dirname(dirname(commonJs))), "src", "index.js");
      mended = [commonJs, esm].every((file) => {
        const text = readFileSync(file, "utf8");
        return MEND_MARKS.every((mark) => text.includes(mark));
      });
    } catch {
      mended = false;
    }
  }
  return mended;
}
