// Run at install (npm's `prepare`): mends three bugs of postgres.js 3.4. The service's reads held
// alone on reserved connections would meet the first two (docs/DECISIONS.md 49); every busy pool
// meets the third (decision 50).
// 1. A connection taken with `sql.reserve()` that closes while reserved (a database restart, a
//    terminated backend) is moved to the pool's closed connections, but its reserved handle still
//    writes to it: a statement sent on it, or `release()` (which hands the dead connection to the
//    next query), writes to a socket that is gone and the process dies with a TypeError. Mended: a
//    closed reservation refuses further statements with CONNECTION_CLOSED and its release does nothing.
// 2. When a connection closes while queries wait for one, the pool reconnects it for the first of
//    them; a waiting `reserve()` taken that way is dropped once the connection is open, and waits
//    forever. Mended: it stays queued, as `reserve()` itself leaves it, so the connection is handed
//    to it once open.
// 3. Its queues (of waiting queries, of busy connections, of a connection's sent statements) never
//    free a slot shifted off them until they are empty, and remove() scans from the first slot
//    ever pushed: under a load that keeps the pool busy, the busy queue grew by one slot per query
//    (43,000 in 13 s of job polls) and every query scanned them all (4 % of the service's CPU,
//    growing for as long as the load lasts). Mended: remove() scans only what is queued, and shift()
//    drops the freed slots once they are at least 1,024 and half of the array.
// src/db/postgres-mend.ts looks for the marks to know whether the copy installed has them; without
// the first two the reads held alone fall back to a transaction (one round trip more each).
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

export const RESERVE_MARK = "playout-gateway: closed reservations are refused";
export const RECONNECT_MARK = "playout-gateway: a waiting reservation survives a reconnect";
export const QUEUE_MARK = "playout-gateway: a queue frees what it shifted";
export const MEND_MARKS = [RESERVE_MARK, RECONNECT_MARK];
export const QUEUE_MARKS = [QUEUE_MARK];

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

export const ORIGINAL_QUEUE = `    remove: (x) => {
      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)
    },
    push: (x) => (xs.push(x), x),
    shift: () => {
      const out = xs[index++]

      if (index === xs.length) {
        index = 0
        xs = []
      } else {
        xs[index - 1] = undefined
      }

      return out
    }`;

/** `text` with `from` replaced by `to`, where `from` must occur (a template the patch derives from). */
function replaced(text, from, to) {
  if (!text.includes(from)) throw new Error(`tools/patch-postgres.mjs: the queue's mend no longer matches its own original: ${from}`);
  return text.replace(from, to);
}

// The queue's two changes, made on its original text so that each shows only what changes.
const PATCHED_QUEUE = `    // ${QUEUE_MARK}: slots before \`index\` were shifted off and are not searched.\n` +
  replaced(
    replaced(
      ORIGINAL_QUEUE,
      `      const index = xs.indexOf(x)
      return index === -1
        ? null
        : (xs.splice(index, 1), x)`,
      `      const at = xs.indexOf(x, index)
      return at === -1
        ? null
        : (xs.splice(at, 1), x)`,
    ),
    `        xs[index - 1] = undefined
      }`,
    `        xs[index - 1] = undefined
        // A queue that never empties would keep every slot it ever held: copying the rest out once
        // the freed slots are half of the array costs at most one move per shift.
        if (index >= 1024 && index * 2 >= xs.length) {
          xs = xs.slice(index)
          index = 0
        }
      }`,
  );

const MENDS = [
  { file: "index.js", mark: RESERVE_MARK, original: ORIGINAL, patched: PATCHED },
  { file: "index.js", mark: RECONNECT_MARK, original: ORIGINAL_ONCLOSE, patched: PATCHED_ONCLOSE },
  { file: "queue.js", mark: QUEUE_MARK, original: ORIGINAL_QUEUE, patched: PATCHED_QUEUE },
];

function packageRoot() {
  const require = createRequire(import.meta.url);
  // The package exports no package.json: its CommonJS entry is <root>/cjs/src/index.js.
  return dirname(dirname(dirname(require.resolve("postgres"))));
}

/** Patches the ESM and CommonJS builds; idempotent. Refuses a version it was not written for. */
export function patchPostgres(root = packageRoot()) {
  const { version } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  for (const name of new Set(MENDS.map((mend) => mend.file))) {
    for (const file of [join(root, "src", name), join(root, "cjs", "src", name)]) {
      let text = readFileSync(file, "utf8");
      for (const { mark, original, patched } of MENDS.filter((mend) => mend.file === name)) {
        if (text.includes(mark)) continue;
        if (!text.includes(original)) throw new Error(`tools/patch-postgres.mjs: postgres ${version} (${file}) is not the code this patch was written for; check its reserve(), onclose() and Queue and update the patch`);
        text = text.replace(original, patched);
      }
      writeFileSync(file, text);
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) patchPostgres();
