// A throwaway PostgreSQL server of the test's own (initdb + pg_ctl into a temp dir, on a free port),
// so that a test may stop and start it. As root the server runs as the `postgres` user (runuser).
// `startThrowawayPostgres` answers null with the reason when no server can be started here.
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./ports.js";

export interface ThrowawayPostgres {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
}

function binDir(): string | null {
  for (const dir of [process.env.PG_BIN_DIR, "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"]) {
    if (dir && existsSync(join(dir, "pg_ctl")) && existsSync(join(dir, "initdb"))) return dir;
  }
  return null;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | { skipped: string }> {
  const bin = binDir();
  if (!bin) return { skipped: "no initdb/pg_ctl found (set PG_BIN_DIR)" };
  const root = process.getuid?.() === 0;
  let asUser: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), "pgw-faults-pg-"));
  try {
    if (root) {
      const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
      const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, uid, gid);
      asUser = ["runuser", "-u", "postgres", "--"];
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `running as root and cannot run the server as user postgres: ${(error as Error).message}` };
  }
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...asUser, join(bin, tool), ...args];
    execFileSync(command, rest, { stdio: "pipe", timeout: 60_000 });
  };
  const port = await freePort();
  const data = join(dir, "data");
  try {
    run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `initdb failed: ${String((error as { stderr?: Buffer }).stderr ?? error).slice(0, 300)}` };
  }
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const server: ThrowawayPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]),
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
    destroy: () => {
      try {
        server.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    server.start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `the server did not start: ${String((error as { stderr?: Buffer }).stderr ?? error).slice(0, 300)}` };
  }
  return server;
}
