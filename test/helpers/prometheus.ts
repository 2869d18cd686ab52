// A Prometheus of its own (Debian's `prometheus`) for the tests and the rehearsal (bench/rehearsal/
// prometheus.ts): a scrape configuration of its own naming the targets, a temporary storage folder
// and a free loopback port, never the system's service; stopped and its folder removed by stop().
// Also which metrics docs/DEPLOY.md's alerts and the Grafana dashboard name, and which of them a
// process of each kind exports.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "./jobs.js";
import { freePort } from "./ports.js";

export const PROMETHEUS = "/usr/bin/prometheus";
export const PROMTOOL = "/usr/bin/promtool";
export const PROMETHEUS_MISSING = "prometheus is not installed (apt-get install -y prometheus)";
/** The scrape job of every target. */
export const SCRAPE_JOB = "playout-gateway";

/** A target: host:port (path /metrics) and labels of its own on every series scraped from it. */
export interface ScrapeTarget {
  address: string;
  labels?: Record<string, string>;
}

export interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

export interface TargetHealth {
  labels: Record<string, string>;
  health: "up" | "down" | "unknown";
  lastError: string;
}

export interface Prometheus {
  url: string;
  /** The instant vector of a PromQL expression (`/api/v1/query`). */
  query(expression: string): Promise<Sample[]>;
  /** The label sets (with `__name__`) of the series matching any selector, stored since `sinceSeconds` ago (`/api/v1/series`). */
  series(selectors: string[], sinceSeconds: number): Promise<Record<string, string>[]>;
  /** The scrape targets and their last scrape's health (`/api/v1/targets`). */
  targets(): Promise<TargetHealth[]>;
  stop(): Promise<void>;
}

/** The configuration: one job, one static group per target so that each keeps its own labels. */
export function scrapeConfig(targets: ScrapeTarget[], scrapeInterval: string): string {
  const lines = ["global:", `  scrape_interval: ${scrapeInterval}`, `  scrape_timeout: ${scrapeInterval}`, "scrape_configs:", `  - job_name: ${SCRAPE_JOB}`, "    static_configs:"];
  for (const target of targets) {
    lines.push(`      - targets: ["${target.address}"]`);
    const labels = Object.entries(target.labels ?? {});
    if (labels.length) lines.push("        labels:", ...labels.map(([name, value]) => `          ${name}: "${value}"`));
  }
  return lines.join("\n") + "\n";
}

/** Starts Prometheus scraping the targets (host:port, path /metrics) every `scrapeInterval` (250ms); { skipped } when it is not installed. */
export async function startPrometheus(targets: string | ScrapeTarget[], options: { scrapeInterval?: string } = {}): Promise<Prometheus | { skipped: string }> {
  if (!existsSync(PROMETHEUS)) return { skipped: PROMETHEUS_MISSING };
  const dir = mkdtempSync(join(tmpdir(), "pgw-prometheus-"));
  const port = await freePort();
  const configFile = join(dir, "prometheus.yml");
  writeFileSync(configFile, scrapeConfig(typeof targets === "string" ? [{ address: targets }] : targets, options.scrapeInterval ?? "250ms"));
  let log = "";
  const child: ChildProcess = spawn(PROMETHEUS, [`--config.file=${configFile}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor("prometheus to be ready", async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`prometheus did not start: ${(error as Error).message}\n${log}`);
  }
  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${url}/api/v1/${path}`, { signal: AbortSignal.timeout(30_000) });
    const body = (await response.json()) as { status: string; data: T; error?: string };
    if (body.status !== "success") throw new Error(`${path}: ${body.error}`);
    return body.data;
  };
  return {
    url,
    async query(expression) {
      return (await api<{ result: Sample[] }>(`query?query=${encodeURIComponent(expression)}`)).result;
    },
    async series(selectors, sinceSeconds) {
      const now = Date.now() / 1000;
      const match = selectors.map((selector) => `match[]=${encodeURIComponent(selector)}`).join("&");
      return api<Record<string, string>[]>(`series?${match}&start=${now - sinceSeconds}&end=${now}`);
    },
    async targets() {
      return (await api<{ activeTargets: TargetHealth[] }>("targets?state=active")).activeTargets;
    },
    stop,
  };
}

/** The PromQL of the Grafana dashboard (deploy/grafana/playout-gateway.json) and of docs/DEPLOY.md's alerts. */
export function monitoringExpressions(): string[] {
  const dashboard = JSON.parse(readFileSync(new URL("../../deploy/grafana/playout-gateway.json", import.meta.url), "utf8")) as { panels: { targets?: { expr: string }[] }[] };
  const expressions = dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr));
  const deploy = readFileSync(new URL("../../docs/DEPLOY.md", import.meta.url), "utf8");
  return [...expressions, ...[...deploy.matchAll(/```promql\n([\s\S]*?)```/g)].map((m) => m[1])];
}

/** The metric names those expressions use (histograms as their _bucket, _sum or _count), `up` included. */
export function monitoredMetrics(): string[] {
  return [...new Set(monitoringExpressions().flatMap((expr) => [...expr.matchAll(/\b((?:playout|nodejs|process)_[a-z0-9_]+|up)\b/g)].map((m) => m[1])))].sort();
}

/** Series of a process's job worker: a server with RUN_WORKER=false has none. */
export const WORKER_METRICS = /^playout_(worker_claims|job_attempts|job_runs|job_run_duration_seconds|job_lease_expiries)_/;
/** Series of the HTTP server: a worker-only process (`playout-gateway worker`) has none. */
export const SERVER_METRICS = /^playout_(graphql_|limit_refusals_)/;
/** Counters that hold a series only once what they count happened: an error, a refusal, a failed statement, a take-over. */
export const EVENT_METRICS = new Set(["playout_graphql_errors_total", "playout_limit_refusals_total", "playout_db_statement_errors_total", "playout_job_lease_expiries_total"]);

/** The monitored metrics a process exports: a server (with or without its worker) or a worker-only process. */
export function metricsOf(kind: { server: boolean; worker: boolean }, names = monitoredMetrics()): string[] {
  return names.filter((name) => (kind.worker || !WORKER_METRICS.test(name)) && (kind.server || !SERVER_METRICS.test(name)));
}
