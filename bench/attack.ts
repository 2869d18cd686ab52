// npm run bench:attack: each class of hostile request, driven for a bounded time against the service
// in a process of its own (on a fresh PostgreSQL database holding a 100,000-event schedule), while a
// probe reads /healthz and a normal page of events every 100 ms. Per class it prints the attacker's
// answers by code, the probe's p99, and the server's peak RSS. Then the budget classes
// (attack-budgets.ts): per class the server's CPU per refused request and the worst /healthz and
// job-poll latency while 12 are sent at once. The last line sums them up.
// Settings: DATABASE_URL (default the machine's PostgreSQL), BENCH_EVENTS (100000),
// ATTACK_SECONDS per class (10), ATTACK_ONLY (run only the classes whose label holds this text),
// ATTACK_FUZZ_RUNS (10): the field fuzz of the test suite (test/helpers/field-fuzz.ts) in its long
// mode, last (its destructive mutations reach the schedule), every root field with that many cases
// per caller; FIELD_FUZZ_SEED (random by default here).
import { AS_NPM_START } from "./npm-start.js";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect, createServer, type Socket } from "node:net";
import postgres from "postgres";
import { signToken } from "../src/server/identity/tokens.js";
import { budgetClasses, measureBudgetClass } from "./attack-budgets.js";
import { describeProblem, limitsOf, runFieldFuzz, type FuzzResult } from "../test/helpers/field-fuzz.js";
import { loadConfig } from "../src/config.js";
import { listLimits } from "../src/server/limits/list-limits.js";

const SECRET = "bench-secret-0123456789abcdef0123456789";
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const SECONDS = Number(process.env.ATTACK_SECONDS ?? 10);
const ONLY = process.env.ATTACK_ONLY ?? "";
const BASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** Lowered so that a class reaches the limit within its seconds. */
const SERVER_ENV = { BODY_TIMEOUT_MS: "2000", MAX_CONNECTIONS: "300", REQUEST_TIMEOUT_MS: "30000", LOG_LEVEL: "error", RUN_WORKER: "false" };
/** Codes a hostile request may be answered with (anything else is a finding). */
const DOCUMENTED = new Set(["OK", "QUERY_TOO_COMPLEX", "BAD_USER_INPUT", "BAD_REQUEST", "UNAUTHENTICATED", "PERSISTED_QUERY_NOT_FOUND", "TIMEOUT", "SERVICE_UNAVAILABLE", "PAYLOAD_TOO_LARGE", "REFUSED", "CLOSED"]);

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

const p99 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] : 0;
};

async function main() {
  const name = `pgw_attack_${randomBytes(4).toString("hex")}`;
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(BASE_URL);
  dbUrl.pathname = `/${name}`;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let deaths = 0;
  let server!: ChildProcess;
  const start = () => {
    // As `npm start` runs it: the build, with the heap ceiling of MAX_HEAP_MB.
    server = spawn(process.execPath, [...AS_NPM_START, "serve"], {
      env: { ...process.env, ...SERVER_ENV, DATABASE_URL: dbUrl.toString(), AUTH_SECRET: SECRET, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "false" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    server.once("exit", (code, signal) => {
      if (!stopping) {
        deaths++;
        process.stderr.write(`server died (${code ?? signal}); restarting\n`);
        start();
      }
    });
  };
  let stopping = false;
  start();
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
    if (up) break;
    if (i > 600) throw new Error("the service did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const org = "attack";
  const token = await signToken(SECRET, { sub: "bench", orgs: [org], role: "editor" });
  const post = async (body: unknown, auth: string | null = token, headers: Record<string, string> = {}): Promise<{ status: number; code: string }> => {
    try {
      const response = await fetch(`${base}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(auth ? { authorization: `Bearer ${auth}` } : {}), ...headers },
        body: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
      });
      const answer = (await response.json().catch(() => ({}))) as { errors?: { extensions?: { code?: string } }[] };
      return { status: response.status, code: answer.errors?.[0]?.extensions?.code ?? (response.ok ? "OK" : `HTTP_${response.status}`) };
    } catch {
      return { status: 0, code: "REFUSED" };
    }
  };
  const data = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify({ query, variables }) });
    const body = (await response.json()) as { data?: any; errors?: unknown[] };
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 500));
    return body.data;
  };

  // The schedule: EVENTS one-minute events (every tenth an advertisement), then three shifts.
  process.stderr.write(`loading ${EVENTS} events…\n`);
  const created = await data(`mutation($input: ScheduleInput!) { createSchedule(input: $input) { id version } }`, { input: { name: "Attack" } });
  const scheduleId = created.createSchedule.id as string;
  let version = created.createSchedule.version as number;
  const T0 = Date.parse("2026-03-01T00:00:00Z");
  for (let from = 0; from < EVENTS; from += 5000) {
    const batch = Array.from({ length: Math.min(5000, EVENTS - from) }, (_, k) => {
      const i = from + k;
      return { onAirTime: new Date(T0 + i * 60_000).toISOString(), duration: 60_000, title: `E${i}`, eventType: i % 10 === 9 ? "ADVERTISEMENT" : "PRIMARY" };
    });
    const r = await data(`mutation($s: ID!, $v: Int!, $input: BulkEditInput!) { bulkEditEvents(scheduleId: $s, version: $v, input: $input) { content { version } } }`, { s: scheduleId, v: version, input: { created: batch } });
    version = r.bulkEditEvents.content.version;
  }
  const firstVersion = version;
  for (let i = 0; i < 3; i++) version = (await data(`mutation($id: ID!) { shiftSchedule(id: $id, milliseconds: 1000) { version } }`, { id: scheduleId })).shiftSchedule.version;

  const classes: [string, () => Promise<string>][] = [
    ["anonymous 1 MB queries", async () => (await post({ query: `#${randomBytes(8).toString("hex")}${"x".repeat(1024 * 1024)}\n{__typename}` }, null)).code],
    [
      "random APQ hashes",
      async () => {
        const query = `{__typename} #${randomBytes(8).toString("hex")}`;
        const sha256Hash = Math.random() < 0.5 ? randomBytes(32).toString("hex") : createHash("sha256").update(query).digest("hex");
        return (await post({ query: Math.random() < 0.5 ? undefined : query, extensions: { persistedQuery: { version: 1, sha256Hash } } }, null)).code;
      },
    ],
    [
      "scheduleDiff of every event",
      async () =>
        (await post({ query: `query($s: ID!, $a: Int!, $b: Int!) { scheduleDiff(scheduleId: $s, fromVersion: $a, toVersion: $b) { changedCount changed { before { id title onAirTime } after { id onAirTime } } } }`, variables: { s: scheduleId, a: firstVersion, b: version } }))
          .code,
    ],
    ["19 aliased validations", async () => (await post({ query: `query($id: ID!) { schedule(id: $id) { ${Array.from({ length: 19 }, (_, i) => `v${i}: validation { breaks { id } }`).join(" ")} } }`, variables: { id: scheduleId } })).code],
    ["concurrent heavy fields", async () => (await post({ query: `query($id: ID!) { schedule(id: $id) { validation { totals { breaks gaps } } } }`, variables: { id: scheduleId } })).code],
    ["100,000 nested variables", async () => (await post(`{"query":"query($j: JSONObject) { __typename }","variables":{"j":${"[".repeat(100_000)}${"]".repeat(100_000)}}}`, null)).code],
    ["long variable names and bad tokens", async () => (await post({ query: `query($${"v".repeat(5000)}: Int) { __typename }`, variables: { ["v".repeat(5000)]: 1 } }, `x.${randomBytes(20).toString("base64url")}.y`)).code],
    [
      "slow bodies",
      () =>
        new Promise<string>((resolve) => {
          const socket: Socket = connect(port, "127.0.0.1");
          let text = "";
          socket.on("data", (chunk) => (text += chunk.toString()));
          socket.on("error", () => {});
          socket.once("close", () => resolve(/^HTTP\/1\.1 408/.test(text) ? "TIMEOUT" : text ? `HTTP_${text.slice(9, 12)}` : "CLOSED"));
          socket.write("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 60000\r\n\r\n{");
          const drip = setInterval(() => socket.writable && socket.write(" "), 500);
          socket.once("close", () => clearInterval(drip));
        }),
    ],
    [
      "connection flood",
      () =>
        new Promise<string>((resolve) => {
          const sockets: Socket[] = [];
          let closedAtOnce = 0;
          let opened = 0;
          for (let i = 0; i < 400; i++) {
            const socket = connect(port, "127.0.0.1");
            socket.on("error", () => {});
            socket.once("connect", () => opened++);
            socket.once("close", () => closedAtOnce++);
            sockets.push(socket);
          }
          setTimeout(() => {
            for (const socket of sockets) socket.destroy();
            resolve(closedAtOnce > 0 ? "CLOSED" : opened === 400 ? "OK" : "REFUSED");
          }, 1000);
        }),
    ],
  ];

  const rows: string[] = [];
  let worstP99 = 0;
  let peakRss = 0;
  let undocumented = 0;
  for (const [label, attack] of classes.filter(([label]) => label.includes(ONLY))) {
    const codes = new Map<string, number>();
    const probe: number[] = [];
    let classPeak = 0;
    const end = Date.now() + SECONDS * 1000;
    const sampler = setInterval(() => (classPeak = Math.max(classPeak, rssMb(server.pid ?? 0))), 100);
    const prober = (async () => {
      while (Date.now() < end) {
        const t = performance.now();
        await Promise.all([fetch(`${base}/healthz`).then((r) => r.text(), () => null), post({ query: `query($id: ID!) { schedule(id: $id) { events(size: 20) { content { id title } } } }`, variables: { id: scheduleId } })]);
        probe.push(performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const attackers = Array.from({ length: label === "concurrent heavy fields" ? 6 : 3 }, async () => {
      while (Date.now() < end) {
        const code = await attack();
        codes.set(code, (codes.get(code) ?? 0) + 1);
      }
    });
    await Promise.all([prober, ...attackers]);
    clearInterval(sampler);
    const classP99 = p99(probe);
    worstP99 = Math.max(worstP99, classP99);
    peakRss = Math.max(peakRss, classPeak);
    for (const [code, n] of codes) if (!DOCUMENTED.has(code)) undocumented += n;
    const answers = [...codes].map(([code, n]) => `${code} ${n}`).join(", ");
    rows.push(`${label.padEnd(36)} probe p99 ${classP99.toFixed(0).padStart(5)} ms  peak RSS ${classPeak.toFixed(0).padStart(5)} MB  answers: ${answers}`);
    process.stdout.write(rows[rows.length - 1] + "\n");
  }

  // Another tenant's job, polled while the budget classes run (RUN_WORKER is off: it stays PENDING).
  const otherToken = await signToken(SECRET, { sub: "other", orgs: ["other-tenant"], role: "editor" });
  const asOther = async (query: string, variables: Record<string, unknown>) => {
    const response = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${otherToken}` }, body: JSON.stringify({ query, variables }) });
    return ((await response.json()) as { data: any }).data;
  };
  const otherSchedule = (await asOther(`mutation { createSchedule(input: { name: "Other" }) { id } }`, {})).createSchedule.id;
  const jobId = (await asOther(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "other.csv") { id } }`, { id: otherSchedule })).exportSchedule.id;
  const poll = () => asOther(`query($id: ID!) { job(id: $id) { id state } }`, { id: jobId });
  let worstBudgetMs = 0;
  for (const attack of budgetClasses({ base, token, scheduleId, post }).filter(({ label }) => label.includes(ONLY))) {
    const { row, codes, worstMs } = await measureBudgetClass(attack, { pid: server.pid ?? 0, base, poll, sequential: 40, concurrent: 12, seconds: SECONDS });
    worstBudgetMs = Math.max(worstBudgetMs, worstMs);
    for (const [code, n] of codes) if (!DOCUMENTED.has(code)) undocumented += n;
    rows.push(row);
    process.stdout.write(row + "\n");
  }

  // The field fuzz, long: every root field and every field with arguments below it, hostile and plausible values.
  const fuzzRuns = Number(process.env.ATTACK_FUZZ_RUNS ?? 10);
  if (fuzzRuns > 0 && "field fuzz".includes(ONLY)) {
    const seed = process.env.FIELD_FUZZ_SEED && process.env.FIELD_FUZZ_SEED !== "random" ? Number(process.env.FIELD_FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
    const role = (r: string) => signToken(SECRET, { sub: `fuzz-${r}`, orgs: [org], role: r as "viewer" });
    const tokens = { viewer: await role("viewer"), editor: token, admin: await role("admin") };
    const events = (await data(`query($id: ID!) { schedule(id: $id) { events(size: 3) { content { id } } } }`, { id: scheduleId })).schedule.events.content.map((e: { id: string }) => e.id);
    const job = (await data(`mutation($id: ID!) { exportSchedule(id: $id, fileName: "fuzz.csv") { id } }`, { id: scheduleId })).exportSchedule.id;
    const records = { organization: org, scheduleIds: [scheduleId], eventIds: events, changeSetIds: [], jobIds: [job], assetIds: ["FUZZ-1"] };
    const started = performance.now();
    const problems = new Map<string, number>();
    const examples: string[] = [];
    const config = { ...loadConfig({}), requestTimeoutMs: 30_000 };
    const limits = { ...limitsOf(config as unknown as Record<string, unknown>), listLimitOf: listLimits(config).of };
    const results: FuzzResult[] = await runFieldFuzz({ url: base, tokens, runsPerField: fuzzRuns, seed, records, limits });
    for (const result of results) {
      for (const problem of result.problems) {
        problems.set(problem.class, (problems.get(problem.class) ?? 0) + 1);
        if (examples.length < 5) examples.push(describeProblem(result, seed, problem));
      }
    }
    const fields = new Set(results.map((r) => r.case.field)).size;
    const row = `${"field fuzz (long)".padEnd(38)} seed ${seed}: ${results.length} requests over ${fields} fields in ${((performance.now() - started) / 1000).toFixed(0)} s, problems: ${[...problems].map(([c, n]) => `${c} ${n}`).join(", ") || "none"}`;
    rows.push(row);
    process.stdout.write(row + "\n" + examples.map((e) => `  ${e}\n`).join(""));
    undocumented += [...problems.values()].reduce((a, b) => a + b, 0);
  }

  stopping = true;
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
  if (undocumented) process.stdout.write(`undocumented answers: ${undocumented}\n`);
  process.stdout.write(`attack: classes ${rows.length}, probe p99 max ${worstP99.toFixed(0)} ms, budget classes' worst /healthz or job poll ${worstBudgetMs.toFixed(0)} ms, peak RSS ${peakRss.toFixed(0)} MB, deaths ${deaths}\n`);
}

await main();
