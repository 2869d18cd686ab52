// Job files at size: writes a FILE_MIB (default 64) MiB file into the database the way an export
// does (pieces as they come), downloads it over HTTP, and prints MiB/s and how much the process's
// memory grew meanwhile (sampled every 5 ms), which stays near a few pieces whatever the file's size.
// `npx tsx bench/files.ts` (PGlite) or with DATABASE_URL=postgres://… (PostgreSQL).
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { FileStore } from "../src/jobs/files.js";
import { enqueueJob } from "../src/jobs/queue.js";
import { jobs } from "../src/jobs/tables.js";
import { signToken } from "../src/server/identity/tokens.js";
import { benchService } from "./lib.js";

const MIB = 1024 * 1024;
const SIZE = Number(process.env.FILE_MIB ?? 64) * MIB;

/** Peak RSS above the start while `fn` runs. */
async function withPeakMemory<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number; peakGrowthMiB: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, ms: performance.now() - started, peakGrowthMiB: Math.round(((Math.max(peak, process.memoryUsage().rss) - base) / MIB) * 10) / 10 };
  } finally {
    clearInterval(timer);
  }
}

async function* content(hash: ReturnType<typeof createHash>): AsyncGenerator<Uint8Array> {
  const block = Buffer.alloc(64 * 1024);
  for (let sent = 0, n = 0; sent < SIZE; sent += block.length, n++) {
    block.fill(n % 251);
    const part = block.subarray(0, Math.min(block.length, SIZE - sent));
    hash.update(part);
    yield part;
  }
}

const bench = await benchService();
try {
  const org = "bench-files";
  const files = new FileStore(bench.db, 168);
  const job = await enqueueJob(bench.db, { type: "BENCH_FILE", organization: org });
  const written = createHash("sha256");
  const write = await withPeakMemory(() => files.write(job.id, { name: "big.bin", contentType: "application/octet-stream" }, content(written)));
  await bench.db.transaction(async (tx) => {
    await files.publish(tx, job.id, write.value.id, write.value.size);
    await tx.update(jobs).set({ status: "SUCCEEDED", fileName: "big.bin", resourceExtension: "bin", fileSize: write.value.size }).where(eq(jobs.id, job.id));
  });
  const token = await signToken("bench-secret-0123456789abcdef0123456789", { sub: "bench", orgs: [org], role: "viewer" });
  const read = createHash("sha256");
  const download = await withPeakMemory(async () => {
    const response = await fetch(bench.url.replace("/graphql", `/files/${job.id}`), { headers: { authorization: `Bearer ${token}` } });
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      read.update(chunk);
      bytes += chunk.byteLength;
    }
    return { status: response.status, bytes };
  });
  const same = written.digest("hex") === read.digest("hex");
  const rate = (ms: number) => Math.round((SIZE / MIB / (ms / 1000)) * 10) / 10;
  console.log(`\njob file of ${SIZE / MIB} MiB, ${bench.driver} (server and client in this process)`);
  console.log("| step | ms | MiB/s | peak RSS growth MiB |\n|---|---|---|---|");
  console.log(`| write (pieces of 1 MiB) | ${Math.round(write.ms)} | ${rate(write.ms)} | ${write.peakGrowthMiB} |`);
  console.log(`| download GET /files/<id> (HTTP ${download.value.status}) | ${Math.round(download.ms)} | ${rate(download.ms)} | ${download.peakGrowthMiB} |`);
  console.log(`bytes identical: ${same && download.value.bytes === SIZE}`);
} finally {
  await bench.stop();
}
