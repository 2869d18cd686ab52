// BXF at size: a 100,000-event BXF file (one in ten events an ADVERTISEMENT with an SCTE-35 cue,
// one in five with a graphic) written by the exporter's own writer, uploaded to importSchedule
// (multipart over HTTP, streamed from disk by a client in a child process, so that this process's
// CPU time and memory are the service's alone), then that schedule exported as BXF by the job runner.
// Time, this process's CPU time and its peak resident memory above its level at rest (sampled
// every 10 ms). Targets: < 10 s and < 300 MB each way.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --expose-gc --import tsx bench/bxf.ts   (EVENTS=100000; no DATABASE_URL: PGlite)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { once } from "node:events";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signToken } from "../src/server/identity/tokens.js";
import { writeBenchFile } from "./bxf-read.js";
import { benchService } from "./lib.js";

const EVENTS = Number(process.env.EVENTS ?? 100_000);
const SECRET = "bench-secret-0123456789abcdef0123456789";
const org = "bench-bxf";
const dir = mkdtempSync(join(tmpdir(), "pgw-bench-bxf-"));

/**
 * The upload client, a child process with no per-chunk work of its own: a multipart body of the
 * GraphQL request, the file piped from disk after its part header. It starts when told ("go" on
 * stdin) and answers the response, its own CPU time and when the last byte was handed to the socket.
 */
const CLIENT = `
import { createReadStream, statSync } from "node:fs";
import { request } from "node:http";
const [url, token, path] = process.argv.slice(1);
const boundary = "pgw-bench-" + Date.now();
const operations = JSON.stringify({ query: 'mutation($file: Upload!) { importSchedule(file: $file, scriptId: "bxf") { id events(size: 1) { totalElements } } }', variables: { file: null } });
const head = Buffer.from("--" + boundary + '\\r\\ncontent-disposition: form-data; name="operations"\\r\\n\\r\\n' + operations + "\\r\\n--" + boundary + '\\r\\ncontent-disposition: form-data; name="map"\\r\\n\\r\\n{"0":["variables.file"]}\\r\\n--' + boundary + '\\r\\ncontent-disposition: form-data; name="0"; filename="bench.xml"\\r\\ncontent-type: application/xml\\r\\n\\r\\n');
const tail = Buffer.from("\\r\\n--" + boundary + "--\\r\\n");
process.stdout.write("ready\\n");
process.stdin.once("data", () => {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let uploadedMs = 0;
  const req = request(url, { method: "POST", headers: { authorization: "Bearer " + token, "apollo-require-preflight": "true", "content-type": "multipart/form-data; boundary=" + boundary, "content-length": head.length + statSync(path).size + tail.length } }, (res) => {
    const parts = [];
    res.on("data", (c) => parts.push(c));
    res.on("end", () => {
      const used = process.cpuUsage(cpu);
      process.stdout.write(JSON.stringify({ status: res.statusCode, body: Buffer.concat(parts).toString(), uploadedMs, cpuMs: Math.round((used.user + used.system) / 1000) }) + "\\n");
      process.exit(0);
    });
  });
  req.on("finish", () => (uploadedMs = Math.round(performance.now() - started)));
  req.write(head);
  const file = createReadStream(path, { highWaterMark: 1 << 20 });
  file.pipe(req, { end: false });
  file.on("end", () => req.end(tail));
});
`;

/** Starts the upload client, ready for `go()`, which answers what it reports. */
async function uploadClient(url: string, token: string, path: string) {
  const child = spawn(process.execPath, ["--input-type=module", "-e", CLIENT, url, token, path], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = (async function* () {
    let rest = "";
    for await (const chunk of child.stdout) {
      rest += chunk;
      for (let i = rest.indexOf("\n"); i >= 0; i = rest.indexOf("\n")) {
        yield rest.slice(0, i);
        rest = rest.slice(i + 1);
      }
    }
  })();
  if ((await lines.next()).value !== "ready") throw new Error("the upload client did not start");
  return {
    async go(): Promise<{ status: number; body: string; uploadedMs: number; cpuMs: number }> {
      child.stdin.end("go\n");
      const { value } = await lines.next();
      await once(child, "exit");
      if (!value) throw new Error("the upload client answered nothing");
      return JSON.parse(value as string);
    },
  };
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

const path = join(dir, "bench.xml");
await writeBenchFile(path, EVENTS);
const bench = await benchService({ maxUploadBytes: 512 * 1024 * 1024, runWorker: true, jobPollMs: 20 });
try {
  const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "editor" });
  const gql = await bench.client(org);
  const size = statSync(path).size;
  console.log(`BXF: ${EVENTS} events, ${bench.driver}\n| operation | file MB | time ms | CPU ms (this process: the service) | peak RSS above rest, MB |\n|---|---|---|---|---|`);
  const client = await uploadClient(bench.url, token, path);
  let upload = { uploadedMs: 0, cpuMs: 0 };
  const imported = await peakAbove(async () => {
    const answer = await client.go();
    upload = answer;
    const body = JSON.parse(answer.body) as { data?: any; errors?: unknown[] };
    if (body.errors || answer.status !== 200) throw new Error(answer.body);
    return body.data.importSchedule;
  });
  if (imported.value.events.totalElements !== EVENTS) throw new Error(`imported ${imported.value.events.totalElements} events`);
  console.log(`| importSchedule bxf | ${Math.round(size / 1e5) / 10} | ${imported.ms} | ${imported.cpuMs} | ${imported.peakMb} |`);
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
  const exportedSize = (await file.arrayBuffer()).byteLength;
  console.log(`| exportSchedule BXF (job, until SUCCEEDED) | ${Math.round(exportedSize / 1e5) / 10} | ${exported.ms} | ${exported.cpuMs} | ${exported.peakMb} |`);
  console.log(`\nUpload client (child process): last byte sent after ${upload.uploadedMs} ms, ${upload.cpuMs} ms CPU; the import answered ${imported.ms - upload.uploadedMs} ms after the upload's end.`);
} finally {
  await bench.stop();
  rmSync(dir, { recursive: true, force: true });
}
