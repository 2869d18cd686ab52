// Import and export at size: 100,000 events as CSV, JSON and XMLTV uploaded to importSchedule
// (multipart over HTTP, the file streamed from disk), the process's resident memory sampled
// every 10 ms against its level at rest; then the exports of that schedule as jobs. Then a
// 200,000-event CSV imported (importSchedule, and importScheduleAsync) while another organization
// runs a small query in a loop: the import time and the longest wait of that query.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/io.ts
//   EVENTS=100000 BIG_EVENTS=200000; ONLY=concurrent runs the second part alone. No DATABASE_URL: PGlite.
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signToken } from "../src/server/identity/tokens.js";
import { benchService } from "./lib.js";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const SECRET = "bench-secret-0123456789abcdef0123456789";
const org = "bench-io";
const dir = mkdtempSync(join(tmpdir(), "pgw-bench-io-"));
const START = Date.UTC(2026, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();
const xmltvTime = (ms: number) => iso(ms).replace(/[-:T]/g, "").slice(0, 14) + " +0000";

function writeFiles(): Record<string, string> {
  const csv: string[] = ["onAirTime,duration,title,eventType,mediaId,houseId,locked"];
  const json: string[] = [];
  const xml: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n<tv>\n<channel id="bench"><display-name>Bench</display-name></channel>'];
  for (let i = 0; i < EVENTS; i++) {
    const t = START + i * 30_000;
    const type = i % 10 === 9 ? "ADVERTISEMENT" : "PRIMARY";
    csv.push(`${iso(t)},30000,Programme ${i} &co,${type},MEDIA-${i % 5000},H-${i},${i % 100 === 0}`);
    json.push(JSON.stringify({ onAirTime: iso(t), duration: 30_000, title: `Programme ${i}`, eventType: type, mediaId: `MEDIA-${i % 5000}`, houseId: `H-${i}`, locked: i % 100 === 0, programme: { title: `Programme ${i}`, description: "A programme" } }));
    xml.push(`<programme start="${xmltvTime(t)}" stop="${xmltvTime(t + 30_000)}" channel="bench"><title>Programme ${i} &amp; co</title><desc>A programme</desc></programme>`);
  }
  xml.push("</tv>");
  const files = { csv: join(dir, "bench.csv"), json: join(dir, "bench.json"), xmltv: join(dir, "bench.xml") };
  writeFileSync(files.csv, csv.join("\n") + "\n");
  writeFileSync(files.json, `{"format":"playout-gateway/schedule","schedule":{"name":"bench"},"events":[\n${json.join(",\n")}\n]}\n`);
  writeFileSync(files.xmltv, xml.join("\n") + "\n");
  return files;
}

/** Peak resident memory above `rest` while `fn` runs, sampled every 10 ms. */
async function peakAbove<T>(rest: number, fn: () => Promise<T>): Promise<{ value: T; peakMb: number; ms: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  try {
    const value = await fn();
    return { value, peakMb: Math.round((Math.max(peak, process.memoryUsage().rss) - rest) / 1e5) / 10, ms: Math.round(performance.now() - started) };
  } finally {
    clearInterval(timer);
  }
}

const BIG_EVENTS = Number(process.env.BIG_EVENTS ?? 200_000);
const ONLY_CONCURRENT = process.env.ONLY === "concurrent";

function writeBigCsv(): string {
  const path = join(dir, "big.csv");
  const rows: string[] = ["onAirTime,duration,title,eventType,mediaId"];
  for (let i = 0; i < BIG_EVENTS; i++) rows.push(`${iso(START + i * 30_000)},30000,Programme ${i},PRIMARY,MEDIA-${i % 5000}`);
  writeFileSync(path, rows.join("\n") + "\n");
  return path;
}

/** Runs a small query of another organization back to back until `done` settles: its latencies. */
async function probeWhile(query: () => Promise<unknown>, done: Promise<unknown>): Promise<{ at: number; ms: number }[]> {
  let finished = false;
  void done.finally(() => (finished = true)).catch(() => {});
  const waits: { at: number; ms: number }[] = [];
  while (!finished) {
    const at = performance.now();
    await query();
    waits.push({ at, ms: performance.now() - at });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return waits;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** The 200k import, synchronous and as a job, with a concurrent small query of another organization. */
async function concurrentImports(bench: Awaited<ReturnType<typeof benchService>>, token: string): Promise<void> {
  const path = writeBigCsv();
  const blob = await openAsBlob(path);
  const other = await bench.client("bench-io-other");
  await other(`mutation { createSchedule(input: { name: "other" }) { id } }`);
  const probe = () => other(`{ schedules(size: 5) { totalElements content { id name } } }`);
  await probe();
  const gql = await bench.client(org);
  console.log(`\nimport of ${BIG_EVENTS} events (CSV, ${Math.round(blob.size / 1e5) / 10} MB) while another organization queries, ${bench.driver}`);
  console.log(
    "| operation | answered ms | import ms | concurrent query: runs | p50 ms | p99 ms | longest wait ms | longest wait before the answer ms | longest time without progress ms |\n|---|---|---|---|---|---|---|---|---|",
  );
  for (const mutation of ["importSchedule", "importScheduleAsync"] as const) {
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: `mutation($file: Upload!) { ${mutation}(file: $file) { id } }`, variables: { file: null } }));
    form.set("map", JSON.stringify({ 0: ["variables.file"] }));
    form.set("0", blob, "big.csv");
    const started = performance.now();
    let longestStill = 0;
    let answered = 0;
    const run = (async () => {
      const response = await fetch(bench.url, { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form });
      const body = (await response.json()) as { data?: any; errors?: unknown[] };
      answered = performance.now();
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      if (mutation === "importSchedule") return;
      let last = { progress: -1, at: performance.now() };
      for (;;) {
        const { job } = await gql(`query($id: ID!) { job(id: $id) { status progress messages { message } } }`, { id: body.data[mutation].id });
        const now = performance.now();
        if (job.progress !== last.progress) last = { progress: job.progress, at: now };
        longestStill = Math.max(longestStill, now - last.at);
        if (job.status === "SUCCEEDED") return;
        if (job.status !== "PENDING" && job.status !== "PROCESSING") throw new Error(JSON.stringify(job));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const probes = await probeWhile(probe, run);
    await run;
    const ms = Math.round(performance.now() - started);
    const waits = probes.map((p) => p.ms).sort((a, b) => a - b);
    const beforeAnswer = Math.max(0, ...probes.filter((p) => p.at < answered).map((p) => p.ms));
    const r = (n: number) => Math.round(n);
    console.log(
      `| ${mutation} | ${r(answered - started)} | ${ms} | ${waits.length} | ${r(percentile(waits, 0.5))} | ${r(percentile(waits, 0.99))} | ${r(waits[waits.length - 1] ?? 0)} | ${r(beforeAnswer)} | ${mutation === "importSchedule" ? "–" : r(longestStill)} |`,
    );
  }
}

/** Each format imported at EVENTS, then exported as jobs: time and memory. */
async function formatTable(bench: Awaited<ReturnType<typeof benchService>>, token: string, files: Record<string, string>): Promise<void> {
  const gql = await bench.client(org);
  console.log(`\nimport and export: ${EVENTS} events, ${bench.driver}`);
  console.log("| operation | file MB | time ms | peak RSS above rest, MB |\n|---|---|---|---|");
  let scheduleId = "";
  for (const [format, path] of Object.entries(files)) {
    const blob = await openAsBlob(path);
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rest = process.memoryUsage().rss;
    const { value, peakMb, ms } = await peakAbove(rest, async () => {
      const form = new FormData();
      form.set("operations", JSON.stringify({ query: `mutation($file: Upload!) { importSchedule(file: $file) { id events(size: 1) { totalElements } } }`, variables: { file: null } }));
      form.set("map", JSON.stringify({ 0: ["variables.file"] }));
      form.set("0", blob, `bench-${format}${path.slice(path.lastIndexOf("."))}`);
      const response = await fetch(bench.url, { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form });
      const body = (await response.json()) as { data?: any; errors?: unknown[] };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data.importSchedule;
    });
    if (value.events.totalElements !== EVENTS) throw new Error(`${format}: imported ${value.events.totalElements} events`);
    scheduleId ||= value.id;
    console.log(`| importSchedule ${format} | ${Math.round(blob.size / 1e5) / 10} | ${ms} | ${peakMb} |`);
  }
  for (const format of ["XMLTV", "JSON"]) {
    const rest = process.memoryUsage().rss;
    const { value, peakMb, ms } = await peakAbove(rest, async () => {
      const { exportSchedule } = await gql(`mutation($id: ID!, $f: ExportFormat) { exportSchedule(id: $id, fileName: "bench", format: $f) { id } }`, { id: scheduleId, f: format });
      for (;;) {
        const { job } = await gql(`query($id: ID!) { job(id: $id) { status messages { message } } }`, { id: exportSchedule.id });
        if (job.status === "SUCCEEDED") return exportSchedule.id as string;
        if (job.status !== "PENDING" && job.status !== "PROCESSING") throw new Error(JSON.stringify(job));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const file = await fetch(bench.url.replace("/graphql", `/files/${value}`), { headers: { authorization: `Bearer ${token}` } });
    const size = (await file.arrayBuffer()).byteLength;
    console.log(`| exportSchedule ${format} (job, until SUCCEEDED) | ${Math.round(size / 1e5) / 10} | ${ms} | ${peakMb} |`);
  }
}

const files = ONLY_CONCURRENT ? null : writeFiles();
const bench = await benchService({ maxUploadBytes: 512 * 1024 * 1024, runWorker: true, jobPollMs: 20 });
try {
  const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "editor" });
  if (files) await formatTable(bench, token, files);
  await concurrentImports(bench, token);
} finally {
  await bench.stop();
  rmSync(dir, { recursive: true, force: true });
}
