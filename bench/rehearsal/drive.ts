// The rehearsal's load and its faults: a fixed-rate mix through the balancer (reads of pages and
// reports, versioned edits, telemetry, imports and exports with downloads, job polling), faults one
// after another, a table per phase, and at the end every acknowledged write read back from the
// primary, every job's effect counted, every export downloaded through the balancer.
import postgres from "postgres";
import { signToken } from "../../src/server/identity/tokens.js";
import { FLOOD_BUDGET, FLOOD_COST, floodP99Line, floodPhase } from "./flood.js";
import { rssKb, SECRET, type Topology } from "./topology.js";

export type Fault = "rolling-restart" | "kill-server" | "kill-worker" | "restart-postgres" | "replica-stop-start" | "flood";
export const ALL_FAULTS: Fault[] = ["rolling-restart", "kill-server", "kill-worker", "restart-postgres", "replica-stop-start", "flood"];

type Outcome = "ok" | "retriable" | "other" | "connection";
interface Sample {
  phase: string;
  op: string;
  outcome: Outcome;
  ms: number;
  at: number;
  write: boolean;
  code?: string;
}

export interface Summary {
  lostWrites: number;
  duplicateJobs: number;
  lostJobs: number;
  failedDownloads: number;
  failedRequests: number;
  retriable: number;
  /** Failed requests during the rolling restart (target 0). */
  failedDuringRollingRestart: number;
  postgresRecoverySeconds: number | null;
  /** The flood phase: the flooder was RATE_LIMITED, the shared counters held, the others' p99 moved at most 10 % (null: not run). */
  floodHeld: boolean | null;
  line: string;
}

const ORG = "rehearsal";
const RETRIABLE = new Set(["SERVICE_UNAVAILABLE", "TIMEOUT"]);

export async function drive(topology: Topology, options: { seconds: number; rate: number; faults: Fault[]; out: (line: string) => void; afterFault?: (fault: Fault, startedAt: number) => Promise<void> }): Promise<Summary> {
  const { out } = options;
  const token = await signToken(SECRET, { sub: "rehearsal", orgs: [ORG], role: "admin" });
  const base = topology.balancerUrl;
  const samples: Sample[] = [];
  let phase = "steady";

  async function gql(query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<{ data?: any; outcome: Outcome; code?: string }> {
    try {
      const response = await fetch(`${base}/graphql`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers }, body: JSON.stringify({ query, variables }), signal: AbortSignal.timeout(30_000) });
      const text = await response.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        return { outcome: "connection", code: `HTTP ${response.status}` };
      }
      const code = body.errors?.[0]?.extensions?.code as string | undefined;
      if (!code && body.data) return { data: body.data, outcome: "ok" };
      const retriable = !!code && RETRIABLE.has(code);
      return { outcome: retriable ? "retriable" : "other", code: retriable ? code : `${code} (${String(body.errors?.[0]?.message ?? "").slice(0, 90)})` };
    } catch (error) {
      return { outcome: "connection", code: String((error as Error).name) };
    }
  }
  async function timed<T extends { outcome: Outcome; code?: string }>(op: string, write: boolean, fn: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await fn();
    samples.push({ phase, op, outcome: result.outcome, ms: performance.now() - started, at: Date.now(), write, code: result.code });
    return result;
  }

  // What was acknowledged, to read back at the end.
  const ackedSchedules: string[] = [];
  const ackedEvents: string[] = [];
  const ackedVersions = new Map<string, number>();
  const ackedSamples: string[] = [];
  const ackedImports = new Map<string, string>(); // job id -> unique schedule name
  const ackedExports: string[] = [];
  const owned: { id: string; version: number; busy: boolean; stale: boolean; events: string[] }[] = [];
  for (let i = 0; i < 6; i++) {
    const created = await gql(`mutation($o: String!, $n: String!) { createSchedule(organization: $o, input: { name: $n, channel: "Rehearsal", fps: 25 }) { id version } }`, { o: ORG, n: `owned ${i}` });
    if (!created.data) throw new Error(`cannot create the rehearsal's schedules: ${created.code}`);
    owned.push({ id: created.data.createSchedule.id, version: created.data.createSchedule.version, busy: false, stale: false, events: [] });
    ackedSchedules.push(created.data.createSchedule.id);
  }
  let serial = 0;
  const now = Date.now();
  const window = { from: new Date(now - 30 * 86_400_000).toISOString(), to: new Date(now + 86_400_000).toISOString(), period: 1, periodType: "DAYS" };
  const playoutTime = Date.UTC(2026, 0, 1);

  const edit = async () => {
    const target = owned.find((s) => !s.busy);
    if (!target) return;
    target.busy = true;
    try {
      if (target.stale) {
        const fresh = await gql(`query($id: ID!) { schedule(id: $id) { version } }`, { id: target.id }, { "x-read-primary": "true" });
        if (!fresh.data) return;
        target.version = fresh.data.schedule.version;
        target.stale = false;
      }
      const update = target.events.length >= 5 && serial % 2 === 0;
      const result = update
        ? await timed("edit: updateEvents", true, () =>
            gql(`mutation($s: ID!, $v: Int!, $id: ID!, $t: String!) { updateEvents(scheduleId: $s, version: $v, events: [{ id: $id, title: $t }]) { version } }`, { s: target.id, v: target.version, id: target.events[serial % target.events.length], t: `edited ${++serial}` }),
          )
        : await timed("edit: createEvent", true, () => gql(`mutation($s: ID!, $t: String!) { createEvent(scheduleId: $s, input: { title: $t, duration: 30000, eventType: PRIMARY }) { id } }`, { s: target.id, t: `event ${++serial}` }));
      if (result.data) {
        if (update) target.version = result.data.updateEvents.version;
        else {
          target.version++;
          target.events.push(result.data.createEvent.id);
          ackedEvents.push(result.data.createEvent.id);
        }
        ackedVersions.set(target.id, target.version);
      } else target.stale = true;
    } finally {
      target.busy = false;
    }
  };
  const create = async () => {
    const result = await timed("edit: createSchedule", true, () => gql(`mutation($o: String!, $n: String!) { createSchedule(organization: $o, input: { name: $n }) { id } }`, { o: ORG, n: `created ${++serial}` }));
    if (result.data) ackedSchedules.push(result.data.createSchedule.id);
  };
  const telemetry = async () => {
    const times = Array.from({ length: 10 }, () => new Date(playoutTime + ++serial * 1000).toISOString());
    const result = await timed("ingest: telemetry 10 samples", true, () =>
      gql(`mutation($b: TelemetryBatchInput!) { ingestTelemetry(batch: $b) { playoutSamples } }`, { b: { playouts: [{ playoutId: "rehearsal-playout", organization: ORG }], playoutSamples: times.map((time) => ({ playoutId: "rehearsal-playout", time, playback: 1, cpu: 5 })) } }),
    );
    if (result.outcome === "ok") ackedSamples.push(...times);
  };
  const exportJob = async () => {
    const schedule = owned[serial % owned.length];
    const result = await timed("job: exportSchedule", true, () => gql(`mutation($id: ID!, $f: String!) { exportSchedule(id: $id, fileName: $f, format: JSON) { id } }`, { id: schedule.id, f: `export-${++serial}` }));
    if (result.data) ackedExports.push(result.data.exportSchedule.id);
  };
  const importJob = async () => {
    const name = `imported-${process.pid}-${++serial}`;
    const csv = `onAirTime,duration,title\n2026-03-01T06:00:00Z,30000,one\n2026-03-01T06:00:30Z,30000,two\n`;
    const result = await timed("job: importScheduleAsync", true, async () => {
      const form = new FormData();
      form.set("operations", JSON.stringify({ query: `mutation($f: Upload!, $n: String!) { importScheduleAsync(file: $f, fileName: $n, scriptId: "csv", organization: "${ORG}") { id } }`, variables: { f: null, n: name } }));
      form.set("map", JSON.stringify({ 0: ["variables.f"] }));
      form.set("0", new Blob([csv], { type: "text/csv" }), `${name}.csv`);
      try {
        const response = await fetch(`${base}/graphql`, { method: "POST", headers: { authorization: `Bearer ${token}`, "apollo-require-preflight": "true" }, body: form, signal: AbortSignal.timeout(30_000) });
        const body: any = await response.json().catch(() => null);
        if (!body) return { outcome: "connection" as Outcome };
        const code = body.errors?.[0]?.extensions?.code;
        if (!code && body.data) return { outcome: "ok" as Outcome, data: body.data };
        return { outcome: (code && RETRIABLE.has(code) ? "retriable" : "other") as Outcome, code: code as string | undefined };
      } catch {
        return { outcome: "connection" as Outcome };
      }
    });
    if (result.outcome === "ok") ackedImports.set((result as any).data.importScheduleAsync.id, name);
  };
  const poll = () => {
    const id = ackedExports[ackedExports.length - 1] ?? [...ackedImports.keys()].pop();
    if (!id) return Promise.resolve();
    return timed("read: job polling", false, () => gql(`query($id: ID!) { job(id: $id) { status } }`, { id }));
  };
  const readPage = () => timed("read: schedules page", false, () => gql(`{ schedules(organization: "${ORG}", size: 20) { totalElements content { id version } } }`));
  const readEvents = () => timed("read: schedule + events", false, () => gql(`query($id: ID!) { schedule(id: $id) { name events(size: 50) { totalElements content { id title } } } }`, { id: owned[serial % owned.length].id }));
  const report = () => timed("read: playoutUsage 30 d", false, () => gql(`query($w: TimeWindowInput!) { playoutUsage(organization: "${ORG}", window: $w) { playoutId uptime } }`, { w: window }));

  const mix: Array<[number, () => Promise<unknown>]> = [
    [25, readPage],
    [15, readEvents],
    [10, report],
    [10, poll],
    [15, edit],
    [5, create],
    [10, telemetry],
    [5, exportJob],
    [5, importJob],
  ];
  const weight = mix.reduce((sum, [w]) => sum + w, 0);
  const pick = () => {
    let r = Math.random() * weight;
    for (const [w, op] of mix) if ((r -= w) < 0) return op;
    return readPage;
  };

  // The load: one request every 1/rate s, at most 64 in flight (the driver's own bound).
  let inFlight = 0;
  let running = true;
  const pending = new Set<Promise<unknown>>();
  const ticker = setInterval(() => {
    if (!running || inFlight >= 64) return;
    inFlight++;
    const p = pick()()
      .catch(() => {})
      .finally(() => {
        inFlight--;
        pending.delete(p);
      });
    pending.add(p);
  }, 1000 / options.rate);

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const slot = (options.seconds * 1000) / (options.faults.length + 1);
  let postgresRestartAt: number | null = null;
  let flooded: Awaited<ReturnType<typeof floodPhase>> | null = null;
  await sleep(slot / 2);
  for (const fault of options.faults) {
    phase = fault;
    out(`-- ${fault}`);
    const started = Date.now();
    if (fault === "rolling-restart") {
      for (const server of topology.live("server")) await topology.restartServer(server);
    } else if (fault === "kill-server") {
      const [server] = topology.live("server");
      await topology.killServer(server);
    } else if (fault === "kill-worker") {
      for (let i = 0; i < 3; i++) await exportJob();
      await sleep(50);
      const [worker] = topology.live("worker");
      await topology.killWorker(worker);
    } else if (fault === "restart-postgres") {
      postgresRestartAt = Date.now();
      topology.primary.stop();
      topology.primary.start();
    } else if (fault === "replica-stop-start") {
      if (topology.replica) {
        topology.replica.stop();
        await sleep(2000);
        topology.replica.start();
      } else out("   (no replica: skipped)");
    } else if (fault === "flood") {
      flooded = await floodPhase({ base, secret: SECRET, ms: slot, setPhase: (name) => (phase = name) });
      phase = "after the flood";
    }
    await options.afterFault?.(fault, started);
    await sleep(Math.max(0, slot - (Date.now() - started)));
  }
  phase = "steady (end)";
  await sleep(slot / 2);
  running = false;
  clearInterval(ticker);
  await Promise.all(pending);

  // Every table: requests by outcome, p50 and p99, per phase.
  const phases = [...new Set(samples.map((s) => s.phase))];
  out("");
  out(`${"phase".padEnd(20)} ${"requests".padStart(8)} ${"ok".padStart(6)} ${"retriable".padStart(9)} ${"other".padStart(6)} ${"conn".padStart(5)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)}`);
  for (const name of phases) {
    const of = samples.filter((s) => s.phase === name);
    const times = of.map((s) => s.ms).sort((a, b) => a - b);
    const count = (o: Outcome) => of.filter((s) => s.outcome === o).length;
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(0) ?? "-";
    out(`${name.padEnd(20)} ${String(of.length).padStart(8)} ${String(count("ok")).padStart(6)} ${String(count("retriable")).padStart(9)} ${String(count("other")).padStart(6)} ${String(count("connection")).padStart(5)} ${q(0.5).padStart(7)} ${q(0.99).padStart(7)}`);
  }

  let floodHeld: boolean | null = null;
  if (flooded) {
    const p99 = floodP99Line(samples);
    for (const line of [...flooded.lines, p99.line, ...p99.byOperation]) out(line);
    floodHeld = flooded.limited > 0 && flooded.mostInOneWindow <= FLOOD_BUDGET + FLOOD_COST && p99.ratio <= 1.1;
  }

  const failures = new Map<string, number>();
  for (const s of samples) if (s.outcome !== "ok") failures.set(`${s.op}: ${s.code ?? s.outcome}`, (failures.get(`${s.op}: ${s.code ?? s.outcome}`) ?? 0) + 1);
  for (const [what, n] of [...failures].sort((a, b) => b[1] - a[1])) out(`   ${n} × ${what}`);

  // Jobs settle, then everything acknowledged is read back from the primary.
  const primary = postgres(topology.primaryUrl, { max: 2, onnotice: () => {} });
  const jobIds = [...ackedExports, ...ackedImports.keys()].map(Number);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const [row] = await primary`select count(*)::int as n from jobs where id = any(${jobIds}::bigint[]) and status not in ('SUCCEEDED', 'FAILED', 'CANCELLED')`;
    if (row.n === 0 || Date.now() > deadline) break;
    await sleep(500);
  }
  let lost = 0;
  const [schedulesFound] = await primary`select count(*)::int as n from schedules where id = any(${ackedSchedules.map(Number)}::bigint[])`;
  lost += ackedSchedules.length - schedulesFound.n;
  const [eventsFound] = await primary`select count(*)::int as n from events where id = any(${ackedEvents.map(Number)}::bigint[])`;
  lost += ackedEvents.length - eventsFound.n;
  for (const [id, version] of ackedVersions) {
    const [row] = await primary`select version from schedules where id = ${Number(id)}`;
    if (!row || row.version < version) lost++;
  }
  const [samplesFound] = await primary`select count(*)::int as n from playout_samples where time = any(${ackedSamples}::timestamptz[])`;
  lost += ackedSamples.length - samplesFound.n;
  let duplicates = 0;
  let lostJobs = 0;
  for (const [id, name] of ackedImports) {
    const [job] = await primary`select status from jobs where id = ${Number(id)}`;
    const [made] = await primary`select count(*)::int as n from schedules where name = ${name}`;
    if (made.n > 1) duplicates++;
    if (job?.status !== "SUCCEEDED" || made.n === 0) lostJobs++;
  }
  let failedDownloads = 0;
  for (const id of ackedExports) {
    const [job] = await primary`select status from jobs where id = ${Number(id)}`;
    const [files] = await primary`select count(*)::int as n from job_files where job_id = ${Number(id)}`;
    if (files.n > 1) duplicates++;
    if (job?.status !== "SUCCEEDED") {
      lostJobs++;
      continue;
    }
    const download = await fetch(`${base}/files/${id}`, { headers: { authorization: `Bearer ${token}` } }).then(
      async (r) => r.ok && (await r.arrayBuffer()).byteLength > 0,
      () => false,
    );
    if (!download) failedDownloads++;
  }
  await primary.end();

  out("");
  out(`acknowledged: ${ackedSchedules.length} creates, ${ackedEvents.length} events, ${ackedVersions.size} versioned schedules, ${ackedSamples.length} telemetry samples, ${ackedImports.size} imports, ${ackedExports.length} exports`);
  out(`jobs: ${duplicates} duplicate effects, ${lostJobs} not succeeded, ${failedDownloads} downloads failed through the balancer`);
  for (const member of topology.members) out(`rss ${member.name.padEnd(8)} start ${Math.round((member.rssStartKb ?? 0) / 1024)} MiB, end ${Math.round((rssKb(member.child.pid) ?? 0) / 1024)} MiB`);

  const failed = samples.filter((s) => s.outcome === "other" || s.outcome === "connection");
  const retriable = samples.filter((s) => s.outcome === "retriable").length;
  // Recovery: from the restart's start to the first acknowledged write after it.
  const firstWrite = postgresRestartAt === null ? undefined : samples.filter((s) => s.write && s.outcome === "ok" && s.at > postgresRestartAt!).sort((a, b) => a.at - b.at)[0];
  const recovery = postgresRestartAt === null ? null : firstWrite ? (firstWrite.at - postgresRestartAt) / 1000 : Infinity;
  const line = `rehearsal: lost writes ${lost}, duplicate jobs ${duplicates}, failed requests ${failed.length}, retriable ${retriable}, PostgreSQL recovery ${recovery === null ? "not tested" : `${Math.max(0, recovery).toFixed(1)} s`}`;
  return {
    lostWrites: lost,
    duplicateJobs: duplicates,
    lostJobs,
    failedDownloads,
    failedRequests: failed.length,
    retriable,
    failedDuringRollingRestart: failed.filter((s) => s.phase === "rolling-restart").length,
    postgresRecoverySeconds: recovery,
    floodHeld,
    line,
  };
}
