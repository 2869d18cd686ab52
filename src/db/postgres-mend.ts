// Whether the installed postgres.js carries the mends of patches/postgres+3.4.9.patch (applied by
// patch-package from npm's `postinstall`; patches/README.md says what each fixes): a reserved
// connection that closes refuses further statements and its release does nothing, instead of the
// process dying on a write to a closed socket; and a reserve waiting for a connection is not
// dropped when the pool reconnects a closed one for it, nor, once refused (the server down), left
// queued to take a connection opened later. Only then are a request's reads held alone on a
// reserved connection (cancel.ts); without them (an install with --ignore-scripts) they take a
// transaction. Another mends its queues, which under a load that keeps the pool busy grew by one
// slot per query, each query scanning them all; without it the service runs, and warns. The last
// sends a transaction's statements behind its BEGIN, in the same write, without waiting for its
// answer, and ends it on a COMMIT its callback sends (commit-behind.ts).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** The comments the patch writes into postgres.js's index.js, one per mend (test/db/postgres-mend.test.ts reads them from the patch and holds them equal). */
export const MEND_MARKS = [
  "playout-gateway: closed reservations are refused",
  "playout-gateway: a waiting reservation survives a reconnect",
  "playout-gateway: a refused reservation leaves the queue",
];
/**
 * The comments of the mends that send a transaction's statements right behind its BEGIN, and end
 * it on a COMMIT its callback sends with its last statements (a round trip less each).
 */
export const TRANSACTION_MARKS = ["playout-gateway: begin goes out with the first statement", "playout-gateway: commit goes out with the last statement"];
/** The comment it writes into queue.js (held equal the same way). */
export const QUEUE_MARKS = ["playout-gateway: a queue frees what it shifted"];

const found = new Map<string, boolean>();

/** Both builds of the installed postgres.js (ESM and CommonJS) carry `marks` in their `file`. */
function mended(file: string, marks: string[]): boolean {
  const key = `${file}\n${marks.join("\n")}`;
  let answer = found.get(key);
  if (answer === undefined) {
    try {
      const commonJs = createRequire(import.meta.url).resolve("postgres");
      const root = dirname(dirname(dirname(commonJs)));
      answer = [join(root, "cjs", "src", file), join(root, "src", file)].every((path) => {
        const text = readFileSync(path, "utf8");
        return marks.every((mark) => text.includes(mark));
      });
    } catch {
      answer = false;
    }
    found.set(key, answer);
  }
  return answer;
}

/** The reservation mends are in both builds. */
export const reservationsMended = (): boolean => mended("index.js", MEND_MARKS);

/** The transaction mends are in both builds. */
export const transactionsMended = (): boolean => mended("index.js", TRANSACTION_MARKS);

/** The queue mend is in both builds. */
export const queuesMended = (): boolean => mended("queue.js", QUEUE_MARKS);
