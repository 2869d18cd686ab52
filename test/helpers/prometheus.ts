// A Prometheus of the test's own (Debian's `prometheus`): a scrape configuration of its own naming
// one target, a temporary storage folder and a free loopback port, never the system's service.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitFor } from "./jobs.js";
import { freePort } from "./ports.js";

export const PROMETHEUS = "/usr/bin/prometheus";
export const PROMTOOL = "/usr/bin/promtool";
export const PROMETHEUS_MISSING = "prometheus is not installed (apt-get install -y prometheus)";

export interface Prometheus {
  url: string;
  /** The instant vector of a PromQL expression (`/api/v1/query`). */
  query(expression: string): Promise<{ metric: Record<string, string>; value: [number, string] }[]>;
  stop(): Promise<void>;
}

/** Starts Prometheus scraping `target` (host:port, path /metrics) every 250 ms; { skipped } when it is not installed. */
export async function startPrometheus(target: string): Promise<Prometheus | { skipped: string }> {
  if (!existsSync(PROMETHEUS)) return { skipped: PROMETHEUS_MISSING };
  const dir = mkdtempSync(join(tmpdir(), "pgw-prometheus-"));
  const port = await freePort();
  const configFile = join(dir, "prometheus.yml");
  writeFileSync(configFile, ["global:", "  scrape_interval: 250ms", "  scrape_timeout: 200ms", "scrape_configs:", "  - job_name: playout-gateway", "    static_configs:", `      - targets: ["${target}"]`, ""].join("\n"));
  let log = "";
  const child: ChildProcess = spawn(PROMETHEUS, [`--config.file=${configFile}`, `--storage.tsdb.path=${join(dir, "data")}`, `--web.listen-address=127.0.0.1:${port}`, "--log.level=warn"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk: Buffer) => (log += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor("prometheus to be ready", async () => (await fetch(`${url}/-/ready`).catch(() => null))?.ok, 30_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`prometheus did not start: ${(error as Error).message}\n${log}`);
  }
  return {
    url,
    async query(expression) {
      const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as { status: string; data: { result: { metric: Record<string, string>; value: [number, string] }[] }; error?: string };
      if (body.status !== "success") throw new Error(`${expression}: ${body.error}`);
      return body.data.result;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
