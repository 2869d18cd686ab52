// The rehearsed deployment, on this machine with the real components: a PostgreSQL primary of its
// own (initdb, so that restarting it disturbs no one), a streaming replica (pg_basebackup),
// PgBouncer in transaction mode, three servers (RUN_WORKER=false) and two workers as child
// processes, and HAProxy in front of the servers with health checks on /readyz. Every server and
// worker serves its metrics on a METRICS_PORT of its own, which a Prometheus of the rehearsal's own
// scrapes every second (prometheus.ts; none when it is not installed).
import { AS_NPM_START } from "../npm-start.js";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/db/client.js";
import { runMigrations } from "../../src/db/migrate.js";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../../test/helpers/faults-postgres.js";
import { PGBOUNCER_MISSING, startPgBouncer, waitForPort, type PgBouncer } from "../../test/helpers/pgbouncer.js";
import { freePort } from "../../test/helpers/ports.js";
import { RATE_LIMIT_ENV } from "./flood.js";
import { startScraping, type Scraping } from "./prometheus.js";
import { startReplica, type Replica } from "../../test/helpers/replica.js";

export const HAPROXY = "/usr/sbin/haproxy";
export const HAPROXY_MISSING = "haproxy is not installed (apt-get install -y haproxy)";
export const SECRET = "rehearsal-secret-0123456789abcdef0123456789";
const ROOT = new URL("../../", import.meta.url).pathname;

export interface Member {
  name: string;
  kind: "server" | "worker";
  port?: number;
  /** Its METRICS_PORT: a server restarted, or a worker started in place of a killed one, keeps it. */
  metricsPort: number;
  /** The scrape target it serves (Prometheus's `member` label): its own name, or the killed worker's it replaced. */
  target: string;
  child: ChildProcess;
  rssStartKb?: number;
}

/** The HAProxy configuration of the rehearsal (docs/DEPLOY.md shows it). */
export function haproxyConfig(port: number, servers: { name: string; port: number }[]): string {
  return [
    "global",
    "  maxconn 4000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout queue 10s",
    // A connection a server refused (it stopped accepting) is retried on another server; a request
    // a server received is never sent twice (it may have written).
    "  retries 3",
    "  option redispatch",
    "  retry-on conn-failure",
    // One server connection per request: no idle connection of a stopping server gets a request.
    "  option http-server-close",
    "frontend api",
    `  bind 127.0.0.1:${port}`,
    "  default_backend servers",
    "backend servers",
    "  balance leastconn",
    "  option httpchk GET /readyz",
    "  http-check expect status 200",
    "  default-server inter 300ms fall 2 rise 2",
    ...servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    // When every server is unready (the database is down), requests still reach one, which answers
    // a retriable SERVICE_UNAVAILABLE in JSON rather than the balancer's own 503 page.
    ...servers.map((s) => `  server ${s.name}-fallback 127.0.0.1:${s.port} backup`),
    "",
  ].join("\n");
}

export function rssKb(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export class Topology {
  primary!: ThrowawayPostgres;
  primaryUrl = "";
  replica: Replica | null = null;
  pooler: PgBouncer | null = null;
  haproxy: ChildProcess | null = null;
  /** The Prometheus scraping every member (null when it is not installed: a note says so). */
  scraping: Scraping | null = null;
  balancerUrl = "";
  members: Member[] = [];
  notes: string[] = [];
  private dir = mkdtempSync(join(tmpdir(), "pgw-rehearsal-"));
  private serial = 0;

  /** Starts everything; answers the reason when the rehearsal cannot run here. */
  async start(): Promise<string | null> {
    if (!existsSync(HAPROXY)) return HAPROXY_MISSING;
    const primary = await startThrowawayPostgres();
    if ("skipped" in primary) return `no PostgreSQL primary of the rehearsal's own: ${primary.skipped}`;
    this.primary = primary;
    this.primaryUrl = primary.url;
    const direct = await openDatabase({ databaseUrl: this.primaryUrl, dataDir: "unused", maxConnections: 1 });
    try {
      await runMigrations(direct);
    } finally {
      await direct.close();
    }
    const replica = await startReplica(this.primaryUrl);
    if ("skipped" in replica) this.notes.push(`no replica: ${replica.skipped}`);
    else this.replica = replica;
    const pooler = await startPgBouncer(this.primaryUrl, { poolSize: 12 });
    if ("skipped" in pooler) this.notes.push(`servers connect directly: ${PGBOUNCER_MISSING}`);
    else this.pooler = pooler;
    const servers = await Promise.all([1, 2, 3].map(async (i) => ({ name: `server${i}`, port: await freePort(), metricsPort: await freePort() })));
    await Promise.all(servers.map((s) => this.spawnServer(s.name, s.port, s.metricsPort)));
    await Promise.all([this.spawnWorker(), this.spawnWorker()]);
    const scraping = await startScraping(this.members);
    if (typeof scraping === "string") this.notes.push(`no Prometheus: ${scraping}`);
    else this.scraping = scraping;
    const port = await freePort();
    const configFile = join(this.dir, "haproxy.cfg");
    writeFileSync(configFile, haproxyConfig(port, servers));
    this.haproxy = spawn(HAPROXY, ["-f", configFile, "-db"], { stdio: ["ignore", "ignore", process.env.REHEARSE_VERBOSE ? "inherit" : "ignore"] });
    await waitForPort(port);
    this.balancerUrl = `http://127.0.0.1:${port}`;
    return null;
  }

  serverEnv(port: number, metricsPort: number): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: "127.0.0.1",
      DATABASE_URL: this.pooler?.url ?? this.primaryUrl,
      ...(this.pooler ? { DB_POOL_MODE: "transaction", DATABASE_MIGRATION_URL: this.primaryUrl } : {}),
      ...(this.replica ? { DATABASE_READ_URL: this.replica.url, READ_REPLICA_QUERIES: "all" } : {}),
      DB_POOL_SIZE: "6",
      AUTH_SECRET: SECRET,
      RUN_WORKER: "false",
      SEED_DEMO: "false",
      SHUTDOWN_DRAIN_MS: "1200",
      LOG_LEVEL: "error",
      PUBLIC_URL: "",
      // The flood phase's budgets (flood.ts); the rest of the load spends about a tenth of them.
      ...RATE_LIMIT_ENV,
    };
  }

  async spawnServer(name: string, port: number, metricsPort: number): Promise<Member> {
    const child = spawn(process.execPath, [...AS_NPM_START, "serve"], { cwd: ROOT, env: this.serverEnv(port, metricsPort), stdio: ["ignore", "ignore", process.env.REHEARSE_VERBOSE ? "inherit" : "ignore"] });
    const member: Member = { name, kind: "server", port, metricsPort, target: name, child };
    this.members.push(member);
    await waitReady(`http://127.0.0.1:${port}/readyz`, child);
    member.rssStartKb ??= rssKb(child.pid);
    return member;
  }

  /** Starts a worker; in place of `replaced` (a worker killed), on its metrics port and scrape target. */
  async spawnWorker(replaced?: Member): Promise<Member> {
    const name = `worker${++this.serial}`;
    const metricsPort = replaced?.metricsPort ?? (await freePort());
    const env = { ...process.env, DATABASE_URL: this.primaryUrl, AUTH_SECRET: SECRET, JOB_POLL_MS: "200", JOB_LEASE_MS: "3000", JOB_RETRY_BASE_MS: "200", LOG_LEVEL: "error", METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" };
    const child = spawn(process.execPath, [...AS_NPM_START, "worker"], { cwd: ROOT, env, stdio: ["ignore", "ignore", process.env.REHEARSE_VERBOSE ? "inherit" : "ignore"] });
    const member: Member = { name, kind: "worker", metricsPort, target: replaced?.target ?? name, child };
    this.members.push(member);
    // A worker has no public port: its metrics answer once it has opened its database, just before its first claim.
    await waitReady(`http://127.0.0.1:${metricsPort}/metrics`, child);
    member.rssStartKb = rssKb(child.pid);
    return member;
  }

  /** kill -9 of a worker, and another in its place. */
  async killWorker(member: Member): Promise<Member> {
    await stopChild(member.child, "SIGKILL");
    return this.spawnWorker(member);
  }

  live(kind: Member["kind"]): Member[] {
    return this.members.filter((m) => m.kind === kind && m.child.exitCode === null && m.child.signalCode === null);
  }

  /** SIGTERM, wait for the exit, start it again on the same port and wait until ready. */
  async restartServer(member: Member): Promise<void> {
    await stopChild(member.child, "SIGTERM");
    this.members.splice(this.members.indexOf(member), 1);
    const fresh = await this.spawnServer(member.name, member.port!, member.metricsPort);
    fresh.rssStartKb = member.rssStartKb;
  }

  async killServer(member: Member): Promise<void> {
    await stopChild(member.child, "SIGKILL");
    this.members.splice(this.members.indexOf(member), 1);
    const fresh = await this.spawnServer(member.name, member.port!, member.metricsPort);
    fresh.rssStartKb = member.rssStartKb;
  }

  async stop(): Promise<void> {
    await Promise.all(this.members.filter((m) => m.child.exitCode === null && m.child.signalCode === null).map((m) => stopChild(m.child, "SIGTERM")));
    if (this.haproxy) await stopChild(this.haproxy, "SIGTERM");
    await this.scraping?.prometheus.stop();
    await this.pooler?.stop();
    this.replica?.destroy();
    this.primary?.destroy();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}
