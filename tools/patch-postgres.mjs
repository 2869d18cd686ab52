// Run at install (npm's `prepare`): mends one bug of postgres.js 3.4 that the service's reads held
// alone would meet. A connection taken with `sql.reserve()` that closes while reserved (a database
// restart, a terminated backend) is moved to the pool's closed connections, but its reserved handle
// still writes to it: a statement sent on it, or `release()` (which hands the dead connection to the
// next query), writes to a socket that is gone and the process dies with a TypeError. After this
// patch a closed reservation refuses further statements with CONNECTION_CLOSED and its release does
// nothing. src/db/cancel.ts reads `RESERVE_MARK` to know whether the copy installed has the fix; without
// it the reads held alone fall back to a transaction (one round trip more each).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export const RESERVE_MARK = "playout-gateway: closed reservations are refused";

export const ORIGINAL = `    const sql = Sql(handler)
    sql.release = () => {
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      c.queue === full`;

const PATCHED = `    const sql = Sql(handler)
    // ${RESERVE_MARK}: once closed (onclose cleared c.reserved) or released, this handle no longer owns c.
    const reservation = c.reserved
    sql.release = () => {
      if (c.reserved !== reservation) return
      c.reserved = null
      onopen(c)
    }

    return sql

    function handler(q) {
      if (c.reserved !== reservation) return q.reject(Errors.connection('CONNECTION_CLOSED', options, options))
      c.queue === full`;

function packageRoot() {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: its CommonJS entry is <root>/cjs/src/index.js.
  return dirname(dirname(dirname(require.resolve("postgres"))));
}

/** Patches the ESM and CommonJS builds; idempotent. Refuses a version it was not written for. */
export function patchPostgres(root = packageRoot()) {
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const files = ["src/index.js", "cjs/src/index.js"].map((file) => join(root, file));
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    if (text.includes(RESERVE_MARK)) continue;
    if (!text.includes(ORIGINAL)) throw new Error(`tools/patch-postgres.mjs: postgres ${version} (${file}) is not the code this patch was written for; check its reserve() and update the patch`);
    writeFileSync(file, text.replace(ORIGINAL, PATCHED));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) patchPostgres();
