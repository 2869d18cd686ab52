// A streaming replica of the machine's PostgreSQL server, of the test's own: pg_basebackup into a
// temp dir (with -R, so it starts as a standby), then pg_ctl on a free port. As root the server
// runs as the `postgres` user (runuser). Answers { skipped } with the reason when it cannot be made
// here (no pg_basebackup, or the server refuses replication connections).
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export const REPLICA_MISSING = "pg_basebackup is not installed (apt-get install -y postgresql-15)";

export interface Replica {
  port: number;
  /** The primary's URL with host and port replaced by the replica's. */
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

export function postgresBinDir(): string | null {
  for (const dir of [process.env.PG_BIN_DIR, "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"]) {
    if (dir && existsSync(join(dir, "pg_ctl")) && existsSync(join(dir, "pg_basebackup"))) return dir;
  }
  return null;
}

export async function startReplica(primaryUrl: string): Promise<Replica | { skipped: string }> {
  const bin = postgresBinDir();
  if (!bin) return { skipped: REPLICA_MISSING };
  const primary = new URL(primaryUrl);
  const dir = mkdtempSync(join(tmpdir(), "pgw-replica-"));
  const asUser: string[] = [];
  let owner: [number, number] | undefined;
  if (process.getuid?.() === 0) {
    owner = [Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())];
    chownSync(dir, ...owner);
    asUser.push("runuser", "-u", "postgres", "--");
  }
  const run = (tool: string, args: string[], timeout = 120_000) => {
    const [command, ...rest] = [...asUser, join(bin, tool), ...args];
    execFileSync(command, rest, { stdio: "pipe", timeout });
  };
  const port = await freePort();
  const data = join(dir, "data");
  try {
    run("pg_basebackup", ["-h", primary.hostname, "-p", primary.port || "5432", "-U", decodeURIComponent(primary.username || "postgres"), "-D", data, "-R", "-X", "stream", "-c", "fast", "--no-sync"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
    return { skipped: `pg_basebackup failed (the server must allow replication connections from 127.0.0.1: a "host replication" line in its pg_hba.conf): ${stderr}` };
  }
  // Debian keeps a cluster's configuration outside its data directory: the copy gets its own.
  for (const [file, text] of [
    ["postgresql.conf", "listen_addresses = '127.0.0.1'\nshared_buffers = 16MB\n"],
    ["pg_hba.conf", "local all all trust\nhost all all 127.0.0.1/32 trust\n"],
  ]) {
    const path = join(data, file);
    if (!existsSync(path)) {
      writeFileSync(path, text, { mode: 0o600 });
      if (owner) chownSync(path, ...owner);
    }
  }
  const start = () => run("pg_ctl", ["-D", data, "-l", join(dir, "log"), "-w", "-t", "60", "-o", `-p ${port} -k ${dir} -c hot_standby=on -c cluster_name=pgw-replica`, "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-w", "-t", "60", "-m", "fast", "stop"]);
  start();
  const url = new URL(primaryUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    port,
    url: url.toString(),
    start,
    stop,
    destroy: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
