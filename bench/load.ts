// Load at a fixed rate against one server process on PostgreSQL, with the known attacks replayed
// during the run. Prints errors and p50/p99 per operation, the slowest /healthz answer, the server's
// memory after warm-up and at the end, and what each attack got.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/load.ts
// Env: LOAD_SECONDS (300), LOAD_WARMUP_SECONDS (30), LOAD_RATE (requests/s, 20), LOAD_PORT (4311).
// The server is a child process (`node --import tsx src/cli/index.ts serve`) on a fresh database
// seeded with the demo, so its memory is its own; the database is dropped at the end.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { SignJWT } from "jose";
import postgres from "postgres";
import { signToken } from "../src/server/identity/tokens.js";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const WARMUP = Number(process.env.LOAD_WARMUP_SECONDS ?? 30);
const RATE = Number(process.env.LOAD_RATE ?? 20);
const PORT = Number(process.env.LOAD_PORT ?? 4311);
const SECRET = "load-bench-secret-0123456789abcdef0123456789";
const ORG = "demo";
const URL_ = `http://127.0.0.1:${PORT}`;
const out = (line: string) => process.stdout.write(line + "\n");

interface Tally {
  times: number[];
  errors: Map<string, number>;
}
const tallies = new Map<string, Tally>();
function record(name: string, ms: number, error?: string): void {
  let t = tallies.get(name);
  if (!t) tallies.set(name, (t = { times: [], errors: new Map() }));
  t.times.push(ms);
  if (error) t.errors.set(error, (t.errors.get(error) ?? 0) + 1);
}

async function gql(token: string | null, query: string, variables?: Record<string, unknown>): Promise<{ data?: any; errors?: any[]; status: number }> {
  const response = await fetch(URL_ + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  try {
    return { ...JSON.parse(text), status: response.status };
  } catch {
    return { errors: [{ extensions: { code: `NOT_JSON(${response.status})` } }], status: response.status };
  }
}

/** Runs one operation, timing it and counting an error by its code. */
async function timed(name: string, run: () => Promise<{ errors?: any[] }>): Promise<any> {
  const start = performance.now();
  try {
    const result = await run();
    record(name, performance.now() - start, result.errors?.length ? String(result.errors[0].extensions?.code ?? "NO_CODE") : undefined);
    return result;
  } catch (error) {
    record(name, performance.now() - start, `THROWN:${(error as Error).message.slice(0, 40)}`);
    return {};
  }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const fragmentBomb = () => {
  const parts = ["query { ...F0 }"];
  for (let i = 0; i < 24; i++) parts.push(`fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`);
  parts.push("fragment F24 on Query { __typename }");
  return parts.join("\n");
};

async function main(): Promise<void> {
  const name = `pgw_bench_load_${randomBytes(3).toString("hex")}`;
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${name}`;

  const server = spawn(process.execPath, ["--import", "tsx", "src/cli/index.ts", "serve"], {
    env: { ...process.env, DATABASE_URL: dbUrl.toString(), AUTH_SECRET: SECRET, SEED_DEMO: "true", PORT: String(PORT), HOST: "127.0.0.1", LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 240) throw new Error("the server did not become ready in 120 s");
      const ready = await fetch(URL_ + "/readyz").then((r) => r.ok, () => false);
      if (ready) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const editor = await signToken(SECRET, { sub: "load", orgs: [ORG], role: "editor" });
    const adminToken = await signToken(SECRET, { sub: "load-admin", orgs: [ORG], role: "admin" });
    const viewer = await signToken(SECRET, { sub: "load-viewer", orgs: [ORG], role: "viewer" });
    const foreverToken = await new SignJWT({ orgs: [ORG], role: "admin" }).setProtectedHeader({ alg: "HS256" }).setSubject("x").setExpirationTime(1e300).sign(new TextEncoder().encode(SECRET));

    const demo = await gql(viewer, `{ schedules(size: 20) { content { id } } }`);
    const demoIds: string[] = demo.data.schedules.content.map((s: { id: string }) => s.id);
    // Schedules the writers own, one writer at a time each (versions stay known, no CONFLICT).
    const owned: { id: string; version: number; busy: boolean; events: string[] }[] = [];
    for (let i = 0; i < 8; i++) {
      const now = new Date();
      const created = await gql(editor, `mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, {
        input: { name: `load ${i}`, channel: "Load", fps: 25, startDate: now.toISOString(), finishDate: new Date(now.getTime() + 86_400_000).toISOString() },
      });
      owned.push({ id: created.data.createSchedule.id, version: created.data.createSchedule.version, busy: false, events: [] });
    }
    const now = Date.now();
    const window = { from: new Date(now - 30 * 86_400_000).toISOString(), to: new Date(now).toISOString(), period: 1, periodType: "DAYS" };

    const reads: Array<[string, () => Promise<any>]> = [
      ["read: schedules page", () => gql(viewer, `{ schedules(size: 20, sort: ["startDate,desc"]) { totalElements content { id name channel startDate version } } }`)],
      ["read: schedule + 50 events", () => gql(viewer, `query($id: ID!) { schedule(id: $id) { id name events(size: 50) { totalElements content { id title onAirTime duration eventType } } } }`, { id: demoIds[Math.floor(Math.random() * demoIds.length)] })],
      ["read: playoutUsage 30 d", () => gql(viewer, `query($w: TimeWindowInput!) { playoutUsage(organization: "demo", window: $w) { playoutId timeStamp uptime } }`, { w: window })],
    ];
    const write = async () => {
      const target = owned.find((s) => !s.busy);
      if (!target) return record("write: skipped, every owned schedule busy", 0);
      target.busy = true;
      try {
        if (target.events.length < 20 || Math.random() < 0.5) {
          const r = await timed("write: createEvent", () => gql(editor, `mutation($s: ID!) { createEvent(scheduleId: $s, input: { title: "load", duration: 30000, eventType: PRIMARY }) { id } }`, { s: target.id }));
          if (r.data) {
            target.events.push(r.data.createEvent.id);
            target.version++;
          }
        } else {
          const id = target.events[Math.floor(Math.random() * target.events.length)];
          const r = await timed("write: updateEvents", () =>
            gql(editor, `mutation($s: ID!, $v: Int!, $id: ID!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $id, title: "load edited" }]) { version } }`, { s: target.id, v: target.version, id }),
          );
          if (r.data) target.version = r.data.updateEvents.version;
        }
      } finally {
        target.busy = false;
      }
    };
    const ingest = () =>
      timed("write: ingestTelemetry 100 samples", () =>
        gql(adminToken, `mutation($b: TelemetryBatchInput!) { ingestTelemetry(batch: $b) { playoutSamples } }`, {
          b: { playoutSamples: Array.from({ length: 100 }, (_, i) => ({ playoutId: "demo-playout-001", time: new Date(Date.now() - i * 1000).toISOString(), playback: 1, cpu: 10 })) },
        }),
      );

    const attacks: Array<[string, () => Promise<{ code: string; ms: number }>]> = [
      ["fragment fan-out (2^24 spreads)", () => attack(editor, { query: fragmentBomb() })],
      ["50,000 aliases", () => attack(editor, { query: `{ ${Array.from({ length: 50_000 }, (_, i) => `a${i}: __typename`).join(" ")} }` })],
      ["25 × programmeSummary", () => attack(editor, { query: `query($id: ID!) { schedule(id: $id) { ${Array.from({ length: 25 }, (_, i) => `p${i}: programmeSummary { totalElements }`).join(" ")} } }`, variables: { id: demoIds[0] } })],
      ["NUL in a name", () => attack(editor, { query: `mutation { createSchedule(input: { name: "a\\u0000b" }) { id } }` })],
      ["shift by 2^53 ms", () => attack(editor, { query: `mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 9007199254740991) { id } }`, variables: { id: owned[0].id } })],
      ["malformed JSON", () => attackRaw(editor, '{"query": "{ __typename ')],
      ["body over the limit (12 MB)", () => attackRaw(editor, JSON.stringify({ query: "{ __typename }", variables: { pad: "x".repeat(12 * 1024 * 1024) } }))],
      ["token with exp 1e300", () => attack(foreverToken, { query: "{ organizationIds }" })],
      ["introspection without a token", () => attack(null, { query: "{ __schema { types { name } } }" })],
    ];

    let healthMax = 0;
    let healthFailures = 0;
    const probe = setInterval(async () => {
      const start = performance.now();
      const ok = await fetch(URL_ + "/healthz", { signal: AbortSignal.timeout(5000) }).then((r) => r.ok, () => false);
      const ms = performance.now() - start;
      healthMax = Math.max(healthMax, ms);
      if (!ok || ms > 1000) healthFailures++;
    }, 500);

    const attackResults = new Map<string, { codes: Set<string>; runs: number; maxMs: number }>();
    let attackIndex = 0;
    const attackTimer = setInterval(async () => {
      const [label, run] = attacks[attackIndex++ % attacks.length];
      const { code, ms } = await run();
      const seen = attackResults.get(label) ?? { codes: new Set<string>(), runs: 0, maxMs: 0 };
      seen.codes.add(code);
      seen.runs++;
      seen.maxMs = Math.max(seen.maxMs, ms);
      attackResults.set(label, seen);
    }, 10_000);

    out(`load: ${RATE} req/s for ${SECONDS} s (warm-up ${WARMUP} s) against pid ${server.pid} on ${name}`);
    const started = Date.now();
    let rssAfterWarmup = 0;
    let rssPeak = 0;
    const inFlight = new Set<Promise<unknown>>();
    for (let tick = 0; Date.now() - started < SECONDS * 1000; tick++) {
      const due = started + (tick * 1000) / RATE;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (!rssAfterWarmup && Date.now() - started >= WARMUP * 1000) {
        rssAfterWarmup = rssMb(server.pid!);
        tallies.clear();
      }
      if (tick % RATE === 0) rssPeak = Math.max(rssPeak, rssMb(server.pid!));
      const roll = Math.random();
      let job: Promise<unknown>;
      if (roll < 0.6) {
        const [label, run] = reads[tick % reads.length];
        job = timed(label, run);
      } else if (roll < 0.9) job = write();
      else job = ingest();
      inFlight.add(job);
      void job.finally(() => inFlight.delete(job));
    }
    await Promise.all(inFlight);
    clearInterval(probe);
    clearInterval(attackTimer);
    const rssEnd = rssMb(server.pid!);

    out(`\n| operation | requests | errors | p50 ms | p99 ms |\n|---|---|---|---|---|`);
    for (const [label, t] of [...tallies].sort()) {
      const sorted = [...t.times].sort((a, b) => a - b);
      const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]?.toFixed(1) ?? "-";
      const errors = [...t.errors].map(([code, n]) => `${n} ${code}`).join(", ") || "0";
      out(`| ${label} | ${t.times.length} | ${errors} | ${pct(0.5)} | ${pct(0.99)} |`);
    }
    out(`\n/healthz: slowest ${healthMax.toFixed(0)} ms, ${healthFailures} answers failed or over 1 s`);
    out(`server RSS: ${rssAfterWarmup.toFixed(0)} MB after warm-up, ${rssEnd.toFixed(0)} MB at the end (${(((rssEnd - rssAfterWarmup) / rssAfterWarmup) * 100).toFixed(1)}% growth), peak ${rssPeak.toFixed(0)} MB`);
    out(`\n| attack (one every 10 s, in turn) | answers | runs | slowest ms |\n|---|---|---|---|`);
    for (const [label, seen] of [...attackResults].sort()) out(`| ${label} | ${[...seen.codes].join(", ")} | ${seen.runs} | ${seen.maxMs.toFixed(0)} |`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

async function attack(token: string | null, body: { query: string; variables?: Record<string, unknown> }): Promise<{ code: string; ms: number }> {
  return attackRaw(token, JSON.stringify(body));
}

async function attackRaw(token: string | null, body: string): Promise<{ code: string; ms: number }> {
  const start = performance.now();
  try {
    const response = await fetch(URL_ + "/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });
    const text = await response.text();
    let code: string;
    try {
      const parsed = JSON.parse(text);
      code = parsed.errors?.[0]?.extensions?.code ?? "no error (data)";
    } catch {
      code = `not JSON (HTTP ${response.status})`;
    }
    return { code: `${code} (HTTP ${response.status})`, ms: performance.now() - start };
  } catch (error) {
    return { code: `failed: ${(error as Error).message}`, ms: performance.now() - start };
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
