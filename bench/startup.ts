// Start-up of the command line and the service: `playout-gateway --help` and `serve` until /readyz
// answers on an already migrated database, from the JavaScript build (dist/, what `npm start`,
// `npm run worker` and `npx playout-gateway` run) and from the sources through tsx (what tests and
// `npm run dev` run). Every run is a fresh process, as a deploy or a CLI call is.
//   npm run bench:startup                     (PGlite in a temporary DATA_DIR)
//   DATABASE_URL=postgres://… npm run bench:startup   (a fresh database on that server, dropped after)
//   STARTUP_RUNS=10 (default 5) runs of each
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";

const RUNS = Math.max(1, Number(process.env.STARTUP_RUNS ?? 5));
const SECRET = "startup-bench-secret-0123456789abcdef0123";
const out = (line = "") => process.stdout.write(line + "\n");
type Mode = "build" | "sources";
const MODES: Mode[] = ["build", "sources"];

function envOf(mode: Mode, database: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, AUTH_SECRET: SECRET, LOG_LEVEL: "error", PORT: "0", HOST: "127.0.0.1", ...database };
  if (mode === "sources") env.PLAYOUT_GATEWAY_SOURCES = "1";
  return env;
}

function helpMs(mode: Mode, database: Record<string, string>): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["bin/playout-gateway.mjs", "--help"], { env: envOf(mode, database), encoding: "utf8" });
  const ms = performance.now() - started;
  if (result.status !== 0 || result.stderr) throw new Error(`--help (${mode}) exited ${result.status}: ${result.stderr}`);
  return ms;
}

/** Milliseconds from spawning `serve` to the first 200 of /readyz; then stops it (SIGTERM) and waits for its exit. */
async function readyMs(mode: Mode, database: Record<string, string>): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ["bin/playout-gateway.mjs", "serve"], { env: envOf(mode, database), stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /GraphQL: +http:\/\/localhost:(\d+)/.exec(stderr);
        if (match) resolve(Number(match[1]));
      });
      void exited.then((code) => reject(new Error(`serve (${mode}) exited ${code} before it was ready: ${stderr.slice(-500)}`)));
    });
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return `median ${median.toFixed(0).padStart(5)} ms  min ${s[0].toFixed(0).padStart(5)}  max ${s[s.length - 1].toFixed(0).padStart(5)}`;
};

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, ["tools/build.mjs"], { encoding: "utf8" });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
  out(build.stdout.trim());
  let database: Record<string, string>;
  let cleanup: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const name = `pgw_bench_startup_${randomBytes(3).toString("hex")}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    database = { DATABASE_URL: url.toString() };
    cleanup = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
    out(`database: PostgreSQL, a fresh database ${name}`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), "pgw-startup-"));
    database = { DATA_DIR: dir };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    out(`database: embedded PGlite in ${dir}`);
  }
  try {
    // The first start migrates and seeds the demo data; the measured ones find both done.
    out(`first start (migrations, demo data): ${(await readyMs("build", database)).toFixed(0)} ms`);
    const figures: Record<Mode, { help: number[]; ready: number[] }> = { build: { help: [], ready: [] }, sources: { help: [], ready: [] } };
    for (let run = 0; run < RUNS; run++) {
      for (const mode of MODES) {
        figures[mode].help.push(helpMs(mode, database));
        figures[mode].ready.push(await readyMs(mode, database));
      }
    }
    out(`${RUNS} runs each, interleaved:`);
    for (const mode of MODES) {
      out(`  ${mode === "build" ? "build (dist/)   " : "sources (tsx)   "} --help ${stats(figures[mode].help)}`);
      out(`  ${mode === "build" ? "build (dist/)   " : "sources (tsx)   "} ready  ${stats(figures[mode].ready)}`);
    }
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exitCode = 1;
});
