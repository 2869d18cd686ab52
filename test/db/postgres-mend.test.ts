// The mends of postgres.js, applied at install by patch-package from patches/postgres+3.4.9.patch
// (package.json "postinstall"): present in this install, recognised by the service, confined to
// the two builds Node loads, and written for the pristine 3.4.9 only: on other code the install
// fails. The queue mend is driven here; the reservation mends are driven through the service in
// test/faults/client-gone.test.ts, and here (on PostgreSQL) a server that goes down and comes back.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createServer, connect as connectTcp, type Server, type Socket } from "node:net";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RequestWork, withRequestWork } from "../../src/db/cancel.js";
import { TRANSACTION_MARKS, MEND_MARKS, QUEUE_MARKS, queuesMended, reservationsMended } from "../../src/db/postgres-mend.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const PATCH_NAME = "postgres+3.4.9.patch";
const PATCH = readFileSync(join(ROOT, "patches", PATCH_NAME), "utf8");
const require = createRequire(import.meta.url);
const onPostgres = !!process.env.DATABASE_URL;
if (!onPostgres) process.stderr.write("postgres-mend: the test of reads refused while the server is down is skipped on PGlite (postgres.js only)\n");
/** The installed postgres.js (its CommonJS entry is <root>/cjs/src/index.js; it exports no package.json). */
const POSTGRES = dirname(dirname(dirname(require.resolve("postgres"))));

/** One file's diff in the patch: its path inside the package, its blobs before and after, its hunks. */
interface FileDiff {
  file: string;
  before: string;
  after: string;
  hunks: string;
  added: string[];
}

function fileDiffs(patch: string): FileDiff[] {
  return patch.split(/^(?=diff --git )/m).filter((part) => part.startsWith("diff --git ")).map((part) => {
    const file = /^diff --git a\/node_modules\/postgres\/(\S+) b\//.exec(part)?.[1];
    const blobs = /^index ([0-9a-f]+)\.\.([0-9a-f]+)/m.exec(part);
    if (!file || !blobs) throw new Error(`patches/${PATCH_NAME}: a diff without its path or index line: ${part.slice(0, 200)}`);
    const hunks = part.slice(part.indexOf("\n@@"));
    const added = hunks.split("\n").filter((line) => line.startsWith("+")).map((line) => line.slice(1));
    return { file, before: blobs[1], after: blobs[2], hunks, added };
  });
}

/** The marks (`// playout-gateway: <mark>: …`) the patch writes into `name` (index.js or queue.js) of each build. */
function marksWritten(name: string): string[][] {
  return fileDiffs(PATCH).filter((diff) => diff.file.endsWith(`/${name}`)).map((diff) =>
    diff.added.flatMap((line) => /\/\/ (playout-gateway: [^:]+):/.exec(line)?.[1] ?? []));
}

/** Git's blob id of a file, which the patch's `index` lines abbreviate. */
function blobId(path: string): string {
  const bytes = readFileSync(path);
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

/** The blob ids of the patched files in the package at `root`, each checked against the patch's `before` or `after`. */
function expectBlobs(root: string, side: "before" | "after"): void {
  for (const diff of fileDiffs(PATCH)) expect(blobId(join(root, diff.file)), `${diff.file} ${side} the patch`).toMatch(new RegExp(`^${diff[side]}`));
}

/** The postinstall script's arguments to patch-package (its flags decide whether a failure fails the install). */
function postinstallArguments(): string[] {
  const script = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.postinstall;
  const [command, ...args] = script.split(/\s+/);
  expect(command).toBe("patch-package");
  return args;
}

/** Runs the installed patch-package in `app` with `args`, outside CI and with no NODE_ENV (so only its flags decide its exit code). */
function patchPackage(app: string, args: string[]): { status: number | null; output: string } {
  const bin = join(dirname(require.resolve("patch-package/package.json")), "index.js");
  const env: NodeJS.ProcessEnv = { ...process.env, PATCH_PACKAGE_INTEGRATION_TEST: "1", FORCE_COLOR: "0", NO_COLOR: "1" };
  delete env.NODE_ENV;
  delete env.CI;
  const run = spawnSync(process.execPath, [bin, ...args], { cwd: app, env, encoding: "utf8" });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** An application holding a copy of the installed package's patched files, its package.json and the patch. */
function appWithInstalledCopy(): { app: string; pkg: string } {
  const app = mkdtempSync(join(tmpdir(), "pgw-mend-"));
  const pkg = join(app, "node_modules", "postgres");
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "mend-check", private: true, dependencies: { postgres: "3.4.9" } }));
  mkdirSync(join(app, "patches"));
  copyFileSync(join(ROOT, "patches", PATCH_NAME), join(app, "patches", PATCH_NAME));
  for (const file of ["package.json", ...fileDiffs(PATCH).map((diff) => diff.file)]) {
    mkdirSync(dirname(join(pkg, file)), { recursive: true });
    copyFileSync(join(POSTGRES, file), join(pkg, file));
  }
  return { app, pkg };
}

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
  return [(await import(pathToFileURL(join(POSTGRES, "src", "queue.js")).href)).default, require(join(POSTGRES, "cjs", "src", "queue.js"))];
}

/** A TCP relay to the server of DATABASE_URL that can be taken down (connections refused, those open cut) and brought back on its port. */
async function relay(): Promise<{ url: string; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> }> {
  const target = new URL(process.env.DATABASE_URL!);
  const sockets = new Set<Socket>();
  const serve = (client: Socket) => {
    const server = connectTcp(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(server);
    client.pipe(server).pipe(client);
    client.on("error", () => server.destroy()).on("close", () => sockets.delete(client));
    server.on("error", () => client.destroy()).on("close", () => sockets.delete(server));
  };
  const listen = (port: number) => new Promise<Server>((resolve) => { const server = createServer(serve).listen(port, "127.0.0.1", () => resolve(server)); });
  let server = await listen(0);
  const port = (server.address() as { port: number }).port;
  const down = () => new Promise<void>((resolve) => { server.close(() => resolve()); for (const socket of sockets) socket.destroy(); });
  const url = new URL(target.href);
  url.host = `127.0.0.1:${port}`;
  return { url: url.href, down, up: async () => { server = await listen(port); }, close: down };
}

describe("postgres.js's mends", () => {
  it("is in this install, as the patch writes it, and the service knows it", () => {
    // The marks the service looks for are those the patch writes, in each build.
    const sorted = (marks: string[]) => [...marks].sort();
    const indexMarks = sorted([...MEND_MARKS, ...TRANSACTION_MARKS]);
    expect(marksWritten("index.js").map(sorted)).toEqual([indexMarks, indexMarks]);
    expect(marksWritten("queue.js").map(sorted)).toEqual([sorted(QUEUE_MARKS), sorted(QUEUE_MARKS)]);
    expect(reservationsMended()).toBe(true);
    expect(queuesMended()).toBe(true);
    // Not only the marks: each patched file of this install is the patch's result, byte for byte.
    expect(JSON.parse(readFileSync(join(POSTGRES, "package.json"), "utf8")).version).toBe("3.4.9");
    expectBlobs(POSTGRES, "after");
  });

  it("patches the ESM and CommonJS builds alike, and nothing else", () => {
    const diffs = fileDiffs(PATCH);
    expect(diffs.map((diff) => diff.file).sort()).toEqual(["cjs/src/index.js", "cjs/src/queue.js", "src/index.js", "src/queue.js"]);
    for (const name of ["index.js", "queue.js"]) {
      const [commonJs, esm] = [`cjs/src/${name}`, `src/${name}`].map((file) => diffs.find((diff) => diff.file === file)!);
      expect(commonJs.hunks).toBe(esm.hunks);
    }
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

  it("applies to the pristine 3.4.9, once, and fails the install on any other version or code", () => {
    const args = postinstallArguments();
    expect(args).toEqual(expect.arrayContaining(["--error-on-fail", "--error-on-warn"]));
    const { app, pkg } = appWithInstalledCopy();
    const index = join(pkg, "src", "index.js");
    const version = join(pkg, "package.json");
    const pristineVersion = readFileSync(version, "utf8");
    try {
      // Taken back off, the files are those of postgres 3.4.9 as published (the blobs patch-package
      // recorded when it diffed a fresh install of it).
      const reversed = patchPackage(app, ["--reverse"]);
      expect(reversed.status, reversed.output).toBe(0);
      expectBlobs(pkg, "before");
      for (const mark of [...MEND_MARKS, ...TRANSACTION_MARKS, ...QUEUE_MARKS]) expect(readFileSync(index, "utf8") + readFileSync(join(pkg, "src", "queue.js"), "utf8")).not.toContain(mark);

      // The install's own command on the pristine package: applied, and again (a second install) it changes nothing.
      for (let run = 0; run < 2; run++) {
        const applied = patchPackage(app, args);
        expect(applied.status, applied.output).toBe(0);
        expect(applied.output).toContain("postgres@3.4.9 ✔");
        expectBlobs(pkg, "after");
      }

      // Another version, even with the same code, fails the install (--error-on-warn); patch-package
      // still applies the patch, and says to check the package and re-create the patch under the new name.
      expect(patchPackage(app, ["--reverse"]).status).toBe(0);
      writeFileSync(version, pristineVersion.replace('"version": "3.4.9"', '"version": "3.4.10"'));
      const mismatch = patchPackage(app, args);
      expect(mismatch.status, mismatch.output).toBe(1);
      expect(mismatch.output).toContain("patch-package detected a patch file version mismatch");
      expect(mismatch.output).toContain("patch-package finished with 1 warning(s).");

      // Code the patch was not written for fails the install (--error-on-fail) and changes no file:
      // patch-package tries every file before it writes one.
      expect(patchPackage(app, ["--reverse"]).status).toBe(0);
      const rewritten = readFileSync(index, "utf8").replace("queries.length && connect(c, queries.shift())", "queries.length && connect(c, queries.shift(), 'rewritten upstream')");
      writeFileSync(index, rewritten);
      const before = fileDiffs(PATCH).map((diff) => readFileSync(join(pkg, diff.file), "utf8"));
      const conflict = patchPackage(app, args);
      expect(conflict.status, conflict.output).toBe(1);
      expect(conflict.output).toContain("**ERROR** Failed to apply patch for package postgres");
      expect(conflict.output).toContain("postgres has changed since you\n  made the patch file for it");
      expect(fileDiffs(PATCH).map((diff) => readFileSync(join(pkg, diff.file), "utf8"))).toEqual(before);
      // So on 3.4.9 too: the version alone does not let it through.
      writeFileSync(version, pristineVersion);
      const broken = patchPackage(app, args);
      expect(broken.status, broken.output).toBe(1);
      expect(broken.output).toContain("**ERROR** Failed to apply patch for package postgres");

      // Without the flags patch-package prints the same error but exits 0 outside CI: the install
      // would succeed without the mends, hence the flags in "postinstall".
      expect(patchPackage(app, []).status).toBe(0);
    } finally {
      rmSync(app, { recursive: true });
    }
  });
  it.runIf(onPostgres)("gives the pool all its connections back after reads refused while the server was down", async () => {
    // Each read of a request reserves its connection. One refused (the server down) must not stay
    // queued: once the server is back, the pool would hand the next connection it opens to that
    // settled reservation, and lose it; with as many refused reads as connections, no read answers.
    const server = await relay();
    const { openDatabase } = await import("../../src/db/client.js");
    const handle = await openDatabase({ databaseUrl: server.url, dataDir: "memory://", maxConnections: 2, connectTimeoutMs: 1000 });
    const read = (n: number) => withRequestWork(new RequestWork(), async () => await handle.db.execute(sql`with one as (select ${n}::int as n) select n from one`));
    const answer = (n: number) => Promise.race([read(n), new Promise((resolve) => setTimeout(() => resolve("no answer after 5 s"), 5000))]);
    try {
      expect(await answer(1)).toEqual([{ n: 1 }]);
      await server.down();
      const refused = await Promise.allSettled([2, 3, 4, 5].map(read));
      expect(refused.map((outcome) => outcome.status)).toEqual(["rejected", "rejected", "rejected", "rejected"]);
      await server.up();
      for (let n = 6; n < 12; n++) expect(await answer(n)).toEqual([{ n }]);
      expect(await Promise.all([answer(12), answer(13)])).toEqual([[{ n: 12 }], [{ n: 13 }]]);
    } finally {
      await Promise.race([handle.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
      await server.close();
    }
  });
});
