// Run at install (npm's `prepare`): mends two bugs of postgres.js 3.4 that the service's reads held
// alone on reserved connections would meet (docs/DECISIONS.md 49).
// 1. A connection taken with `sql.reserve()` that closes while reserved (a database restart, a
//    terminated backend) is moved to the pool's closed connections, but its reserved handle still
//    writes to it: a statement sent on it, or `release()` (which hands the dead connection to the
//    next query), writes to a socket that is gone and the process dies with a TypeError. Mended: a
//    closed reservation refuses further statements with CONNECTION_CLOSED and its release does nothing.
// 2. When a connection closes while queries wait for one, the pool reconnects it for the first of
//    them; a waiting `reserve()` taken that way is dropped once the connection is open, and waits
//    forever. Mended: it stays queued, as `reserve()` itself leaves it, so the connection is handed
//    to it once open.
// src/db/postgres-mend.ts looks for MEND_MARKS to know whether the copy installed has both; without
// them the reads held alone fall back to a transaction (one round trip more each).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export const RESERVE_MARK = "playout-gateway: closed reservations are refused";
export const RECONNECT_MARK = "playout-gateway: a waiting reservation survives a reconnect";
export const MEND_MARKS = [RESERVE_MARK, RECONNECT_MARK];

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

export const ORIGINAL_ONCLOSE = `    options.onclose && options.onclose(c.id)
    queries.length && connect(c, queries.shift())
  }`;

const PATCHED_ONCLOSE = `    options.onclose && options.onclose(c.id)
    // ${RECONNECT_MARK}: a reserve taken off the queue would be dropped once c is open.
    if (queries.length) {
      const query = queries.shift()
      query.reserve && queries.push(query)
      connect(c, query)
    }
  }`;

const MENDS = [
  { mark: RESERVE_MARK, original: ORIGINAL, patched: PATCHED },
  { mark: RECONNECT_MARK, original: ORIGINAL_ONCLOSE, patched: PATCHED_ONCLOSE },
];

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
    let text = readFileSync(file, "utf8");
    for (const { mark, original, patched } of MENDS) {
      if (text.includes(mark)) continue;
      if (!text.includes(original)) throw new Error(`tools/patch-postgres.mjs: postgres ${version} (${file}) is not the code this patch was written for; check its reserve() and onclose() and update the patch`);
      text = text.replace(original, patched);
    }
    writeFileSync(file, text);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) patchPostgres();
