// BXF at size: a 100,000-event BXF file (one in ten events an ADVERTISEMENT with an SCTE-35 cue,
// one in five with a graphic) written by the exporter's own writer, uploaded to importSchedule
// (multipart over HTTP, streamed from disk), then that schedule exported as BXF by the job runner.
// Time and the process's peak resident memory above its level at rest (sampled every 10 ms).
// Targets (issue 15): < 10 s and < 300 MB each way.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/bxf.ts   (EVENTS=100000; no DATABASE_URL: PGlite)
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EventRow } from "../src/events/tables.js";
import { bxfDocument } from "../src/io/formats/bxf.js";
import type { ScheduleRow } from "../src/schedules/tables.js";
import { signToken } from "../src/server/tokens.js";
import { benchService } from "./lib.js";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const SECRET = "bench-secret-0123456789abcdef0123456789";
const org = "bench-bxf";
const dir = mkdtempSync(join(tmpdir(), "pgw-bench-bxf-"));
const START = Date.UTC(2026, 0, 1);

async function* rows(): AsyncGenerator<EventRow> {
  for (let i = 0; i < EVENTS; i++) {
    const ad = i % 10 === 9;
    const data: Record<string, unknown> = { programme: { title: `Programme ${i}` }, som: 10_000 };
    if (ad) data.scte35Signals = [{ offset: 0, scteEventType: "SPLICE", command: "ON", spliceEventId: i, duration: 30_000, autoReturn: true }];
    if (i % 5 === 0) data.secondaryEvents = [{ objectName: "logo", offset: 2000, origin: "FROM_START", command: "ON" }];
    yield { id: i + 1, scheduleId: 1, organization: org, onAirTime: START + i * 30_000, duration: 30_000, eventType: ad ? "ADVERTISEMENT" : "PRIMARY", title: `Programme ${i} & co`, locked: false, mediaId: `MEDIA-${i % 5000}`, assetId: null, status: null, qcStatus: null, programmeTitle: null, version: 1, data } as EventRow;
  }
}

async function writeFile(): Promise<string> {
  const path = join(dir, "bench.xml");
  const out = createWriteStream(path);
  const schedule = { id: 1, name: "bench", channel: "Bench", fps: 25, startDate: new Date(START), finishDate: new Date(START + EVENTS * 30_000) } as ScheduleRow;
  for await (const chunk of bxfDocument(schedule, rows())) if (!out.write(chunk)) await once(out, "drain");
  out.end();
  await once(out, "finish");
  return path;
}

/** Time, this process's CPU time (client and service; the database server's is not counted) and peak RSS above rest. */
async function peakAbove<T>(fn: () => Promise<T>): Promise<{ value: T; peakMb: number; ms: number; cpuMs: number }> {
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  const rest = process.memoryUsage().rss;
  let peak = rest;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  const cpu = process.cpuUsage();
  try {
    const value = await fn();
    const used = process.cpuUsage(cpu);
    return { value, peakMb: Math.round((Math.max(peak, process.memoryUsage().rss) - rest) / 1e5) / 10, ms: Math.round(performance.now() - started), cpuMs: Math.round((used.user + used.system) / 1000) };
  } finally {
    clearInterval(timer);
  }
}

const path = await writeFile();
const bench = await benchService({ maxUploadBytes: 512 * 1024 * 1024, runWorker: true, jobPollMs: 20 });
try {
  const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "editor" });
  const gql = await bench.client(org);
  const blob = await openAsBlob(path);
  console.log(`BXF: ${EVENTS} events, ${bench.driver}\n| operation | file MB | time ms | CPU ms (this process) | peak RSS above rest, MB |\n|---|---|---|---|---|`);
  const imported = await peakAbove(async () => {
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: `mutation($file: Upload!) { importSchedule(file: $file, scriptId: "bxf") { id events(size: 1) { totalElements } } }`, variables: { file: null } }));
    form.set("map", JSON.stringify({ 0: ["variables.file"] }));
    form.set("0", blob, "bench.xml");
    const response = await fetch(bench.url, { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form });
    const body = (await response.json()) as { data?: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data.importSchedule;
  });
  if (imported.value.events.totalElements !== EVENTS) throw new Error(`imported ${imported.value.events.totalElements} events`);
  console.log(`| importSchedule bxf | ${Math.round(blob.size / 1e5) / 10} | ${imported.ms} | ${imported.cpuMs} | ${imported.peakMb} |`);
  const exported = await peakAbove(async () => {
    const { exportSchedule } = await gql(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "bench", format: BXF) { id } }`, { id: imported.value.id });
    for (;;) {
      const { job } = await gql(`query($id: ID!) { job(id: $id) { status messages { message } } }`, { id: exportSchedule.id });
      if (job.status === "SUCCEEDED") return exportSchedule.id as string;
      if (job.status !== "PENDING" && job.status !== "PROCESSING") throw new Error(JSON.stringify(job));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  const file = await fetch(bench.url.replace("/graphql", `/files/${exported.value}`), { headers: { authorization: `Bearer ${token}` } });
  const size = (await file.arrayBuffer()).byteLength;
  console.log(`| exportSchedule BXF (job, until SUCCEEDED) | ${Math.round(size / 1e5) / 10} | ${exported.ms} | ${exported.cpuMs} | ${exported.peakMb} |`);
} finally {
  await bench.stop();
  rmSync(dir, { recursive: true, force: true });
}
