// The mends of postgres.js applied at install (tools/patch-postgres.mjs): present in this install,
// recognised by the service, idempotent, and refused on code they were not written for.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { MEND_MARKS, QUEUE_MARKS, queuesMended, reservationsMended } from "../../src/db/postgres-mend.js";
// @ts-expect-error: a plain script of the install, without types
import { MEND_MARKS as TOOL_MARKS, ORIGINAL, ORIGINAL_ONCLOSE, ORIGINAL_QUEUE, QUEUE_MARKS as TOOL_QUEUE_MARKS, patchPostgres } from "../../tools/patch-postgres.mjs";

/** An array that records the most slots `indexOf` scanned and the longest it grew (slice keeps the class). */
class WatchedSlots<T> extends Array<T> {
  static mostScanned = 0;
  static longest = 0;
  override indexOf(item: T, from = 0): number {
    WatchedSlots.mostScanned = Math.max(WatchedSlots.mostScanned, this.length - from);
    return super.indexOf(item, from);
  }
  override push(...items: T[]): number {
    WatchedSlots.longest = Math.max(WatchedSlots.longest, this.length + items.length);
    return super.push(...items);
  }
}

interface DriverQueue<T> {
  readonly length: number;
  push(item: T): T;
  shift(): T;
  remove(item: T): T | null;
}

/** The queue module of the installed postgres.js, in its ESM and CommonJS builds. */
async function installedQueues(): Promise<((initial: unknown[]) => DriverQueue<object>)[]> {
  const require = createRequire(import.meta.url);
  const commonJs = require.resolve("postgres");
  const esm = join(dirname(dirname(dirname(commonJs))), "src", "queue.js");
  return [(await import(pathToFileURL(esm).href)).default, require(join(dirname(commonJs), "queue.js"))];
}

/** A package laid out as postgres.js, both builds' index.js holding `index` and queue.js `queue`. */
function fakePackage(index: string, queue = ORIGINAL_QUEUE): string {
  const root = mkdtempSync(join(tmpdir(), "pgw-mend-"));
  mkdirSync(join(root, "src"));
  mkdirSync(join(root, "cjs", "src"), { recursive: true });
  writeFileSync(join(root, "package.json"), JSON.stringify({ name: "postgres", version: "3.4.9" }));
  for (const build of ["src", "cjs/src"]) {
    writeFileSync(join(root, build, "index.js"), `// before\n${index}\n// after\n`);
    writeFileSync(join(root, build, "queue.js"), `// before\n${queue}\n// after\n`);
  }
  return root;
}

describe("postgres.js's mends", () => {
  it("is in this install, and the service knows it", () => {
    expect(MEND_MARKS).toEqual(TOOL_MARKS);
    expect(QUEUE_MARKS).toEqual(TOOL_QUEUE_MARKS);
    expect(reservationsMended()).toBe(true);
    expect(queuesMended()).toBe(true);
  });

  it("keeps a queue that never empties small, and its remove() to the items it holds", async () => {
    // The pool's busy connections under sustained load: each query shifts a connection off the
    // queue, removes it (postgres.js's move(), which no longer finds it there) and pushes it back.
    for (const Queue of await installedQueues()) {
      WatchedSlots.mostScanned = 0;
      WatchedSlots.longest = 0;
      const connections = Array.from({ length: 10 }, (_, id) => ({ id }));
      const queue = Queue(WatchedSlots.from(connections));
      const order: number[] = [];
      let removed = 0;
      for (let round = 0; round < 50_000; round++) {
        const connection = queue.shift() as { id: number };
        if (round < 20) order.push(connection.id);
        if (queue.remove(connection) !== null) removed++;
        queue.push(connection);
      }
      expect(removed).toBe(0);
      expect(order).toEqual([...connections.map((c) => c.id), ...connections.map((c) => c.id)]);
      expect(queue.length).toBe(10);
      expect(WatchedSlots.mostScanned).toBeLessThanOrEqual(10);
      expect(WatchedSlots.longest).toBeLessThanOrEqual(2 * 1024 + 10);
      // remove() still finds what is there, and the order of the rest holds.
      const held = connections.map(() => queue.shift() as { id: number });
      for (const connection of held) queue.push(connection);
      expect(queue.remove(held[4])).toBe(held[4]);
      expect(Array.from({ length: 9 }, () => queue.shift())).toEqual(held.filter((_, i) => i !== 4));
      expect(queue.length).toBe(0);
    }
  });

  it("patches both builds once, and refuses code it was not written for", () => {
    const root = fakePackage(`${ORIGINAL}\n\n${ORIGINAL_ONCLOSE}`);
    try {
      patchPostgres(root);
      const once = readFileSync(join(root, "src/index.js"), "utf8");
      for (const mark of MEND_MARKS) expect(once).toContain(mark);
      expect(once).toContain("if (c.reserved !== reservation) return");
      expect(once).toContain("query.reserve && queries.push(query)");
      expect(readFileSync(join(root, "cjs/src/index.js"), "utf8")).toBe(once);
      const queueOnce = readFileSync(join(root, "src/queue.js"), "utf8");
      expect(queueOnce).toContain(QUEUE_MARKS[0]);
      expect(queueOnce).toContain("xs.indexOf(x, index)");
      expect(readFileSync(join(root, "cjs/src/queue.js"), "utf8")).toBe(queueOnce);
      patchPostgres(root);
      expect(readFileSync(join(root, "src/index.js"), "utf8")).toBe(once);
      expect(readFileSync(join(root, "src/queue.js"), "utf8")).toBe(queueOnce);
    } finally {
      rmSync(root, { recursive: true });
    }
    const other = fakePackage("function reserve() { /* rewritten upstream */ }");
    try {
      expect(() => patchPostgres(other)).toThrow(/not the code this patch was written for/);
    } finally {
      rmSync(other, { recursive: true });
    }
    const otherQueue = fakePackage(`${ORIGINAL}\n\n${ORIGINAL_ONCLOSE}`, "function Queue() { /* rewritten upstream */ }");
    try {
      expect(() => patchPostgres(otherQueue)).toThrow(/queue\.js\) is not the code/);
    } finally {
      rmSync(otherQueue, { recursive: true });
    }
  });
});
