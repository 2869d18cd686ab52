// A PgBouncer of the test's own (Debian's `pgbouncer`), in transaction mode on a free loopback
// port in front of the PostgreSQL server a URL names. As root it runs as the `postgres` user
// (PgBouncer refuses root). Answers { skipped } with the install line when it is missing.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export const PGBOUNCER = "/usr/sbin/pgbouncer";
export const PGBOUNCER_MISSING = "pgbouncer is not installed (apt-get install -y pgbouncer)";

export interface PgBouncer {
  port: number;
  /** The URL with host and port replaced by the pooler's. */
  url: string;
  /** Its configuration file, as written. */
  config: string;
  stop(): Promise<void>;
}

/** Resolves when something accepts TCP connections on port (up to timeoutMs). */
export async function waitForPort(port: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: "127.0.0.1", port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The PgBouncer configuration of the rehearsal and the tests (docs/DEPLOY.md shows it). */
export function pgbouncerConfig(options: { port: number; upstreamHost: string; upstreamPort: number; authFile: string; poolSize: number; maxClients?: number }): string {
  return [
    "[databases]",
    `* = host=${options.upstreamHost} port=${options.upstreamPort}`,
    "[pgbouncer]",
    "listen_addr = 127.0.0.1",
    `listen_port = ${options.port}`,
    "unix_socket_dir =",
    "auth_type = trust",
    `auth_file = ${options.authFile}`,
    "pool_mode = transaction",
    `default_pool_size = ${options.poolSize}`,
    `max_client_conn = ${options.maxClients ?? 500}`,
    "server_reset_query =",
    "query_wait_timeout = 10",
    "server_connect_timeout = 3",
    "server_login_retry = 1",
    "",
  ].join("\n");
}

export async function startPgBouncer(upstreamUrl: string, options: { poolSize?: number; port?: number } = {}): Promise<PgBouncer | { skipped: string }> {
  if (!existsSync(PGBOUNCER)) return { skipped: PGBOUNCER_MISSING };
  const upstream = new URL(upstreamUrl);
  const dir = mkdtempSync(join(tmpdir(), "pgw-pgbouncer-"));
  chmodSync(dir, 0o755);
  const port = options.port ?? (await freePort());
  const authFile = join(dir, "users.txt");
  writeFileSync(authFile, `"${decodeURIComponent(upstream.username || "postgres")}" ""\n`, { mode: 0o644 });
  const config = pgbouncerConfig({ port, upstreamHost: upstream.hostname, upstreamPort: Number(upstream.port || 5432), authFile, poolSize: options.poolSize ?? 5 });
  const configFile = join(dir, "pgbouncer.ini");
  writeFileSync(configFile, config, { mode: 0o644 });
  const args = process.getuid?.() === 0 ? ["-u", "postgres", configFile] : [configFile];
  const child: ChildProcess = spawn(PGBOUNCER, args, { stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr?.on("data", (chunk) => (log = (log + String(chunk)).slice(-4000)));
  try {
    await waitForPort(port);
  } catch (error) {
    child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${log}`);
  }
  const url = new URL(upstreamUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    port,
    url: url.toString(),
    config,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
