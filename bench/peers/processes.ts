// Server processes of the benchmark: started with tsx, ready when they print `ready <port>`,
// their CPU time read from /proc/<pid>/stat (utime + stime) and their statement count from the
// side port each one serves (stats.ts). This service runs with the node flags `npm start` gives it
// (bench/npm-start.ts: the heap ceiling, the young generation's size); the peers with node's own.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { NPM_START_NODE_FLAGS } from "../npm-start.js";

export interface ServerProcess {
  name: string;
  port: number;
  pid: number;
  /** CPU time of the process so far, ms (user + system). */
  cpuMs(): number;
  statements(): Promise<number>;
  stop(): void;
  /** Starts V8's sampling profiler in the process (stats.ts). */
  startProfile(): Promise<void>;
  /** Stops the profiler: the profile since startProfile. */
  stopProfile(): Promise<unknown>;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, 100 on Linux x86_64 and arm64

function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export async function startProcess(name: string, script: string, env: Record<string, string>): Promise<ServerProcess> {
  const statsPort = await freePort();
  const file = fileURLToPath(new URL(script, import.meta.url));
  const nodeFlags = script === "./serve-service.ts" ? NPM_START_NODE_FLAGS : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags, "--import", "tsx", file], {
    env: { ...process.env, ...env, PORT: "0", PEERS_STATS_PORT: String(statsPort), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s`)), 120_000);
    child.once("exit", (code) => reject(new Error(`${name} exited (${code}) before it was ready: ${output}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  const pid = child.pid!;
  return {
    name,
    port,
    pid,
    cpuMs: () => cpuMsOf(pid),
    async statements() {
      const response = await fetch(`http://127.0.0.1:${statsPort}/`);
      return ((await response.json()) as { statements: number }).statements;
    },
    stop: () => void child.kill("SIGTERM"),
    async startProfile() {
      await (await fetch(`http://127.0.0.1:${statsPort}/profile/start`)).arrayBuffer();
    },
    async stopProfile() {
      return (await fetch(`http://127.0.0.1:${statsPort}/profile/stop`)).json();
    },
  };
}
