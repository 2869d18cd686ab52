// One measurement: autocannon against one server for a while, with the CPU time its process and
// the database's backends spent meanwhile (from /proc/<pid>/stat), per request.
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import type postgres from "postgres";
import type { ServerProcess } from "./processes.js";
import type { Request } from "./queries.js";

export interface Measured {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  failures: number;
  /** CPU of the server process per request, ms. */
  serverCpuMs: number;
  /** CPU of the database's backends per request, ms (null when /proc does not show them). */
  databaseCpuMs: number | null;
}

function cpuOfPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // 100 ticks a second
  } catch {
    return null;
  }
}

/** CPU ms of every backend connected to `database`, by pid. */
async function backendCpu(admin: postgres.Sql, database: string): Promise<Map<number, number>> {
  const rows = await admin`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    const ms = cpuOfPid(pid);
    if (ms !== null) cpu.set(pid, ms);
  }
  return cpu;
}

/**
 * Waits until no backend of `database` but the caller's is busy: requests still in flight when the
 * load generator stopped would otherwise run into the next measurement (and a write path restore).
 */
export async function settle(admin: postgres.Sql, database: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quiet = 0;
  while (quiet < 3 && Date.now() < deadline) {
    const [{ busy }] = await admin`select count(*)::int as busy from pg_stat_activity
      where datname = ${database} and pid <> pg_backend_pid() and state is not null and state not in ('idle')`;
    quiet = busy === 0 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const headersOf = (request: Request, token?: string): Record<string, string> => ({
  ...(request.method === "POST" ? { "content-type": "application/json" } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

/**
 * `setupClient` is autocannon's: called once per connection, it may give each one bodies of its own
 * (the write path: every mutation names the version it read, so no two requests are the same).
 */
export async function measure(server: ServerProcess, request: Request, connections: number, seconds: number, admin: postgres.Sql, database: string, token?: string, setupClient?: (client: any) => void): Promise<Measured> {
  await settle(admin, database);
  const cpuBefore = server.cpuMs();
  const dbBefore = await backendCpu(admin, database);
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${request.path}`,
    method: request.method,
    headers: headersOf(request, token),
    body: request.body,
    connections,
    duration: seconds,
    ...(setupClient ? { setupClient } : {}),
  });
  const cpuAfter = server.cpuMs();
  const dbAfter = await backendCpu(admin, database);
  const requests = result.requests.total || 1;
  let dbMs = 0;
  for (const [pid, ms] of dbAfter) dbMs += ms - (dbBefore.get(pid) ?? 0);
  return {
    requestsPerSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    serverCpuMs: (cpuAfter - cpuBefore) / requests,
    databaseCpuMs: dbAfter.size ? dbMs / requests : null,
  };
}
