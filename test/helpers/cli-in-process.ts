// The `playout-gateway` command run in the test's own process: runCli (src/cli/run.ts) with buffers
// for stdout and stderr, an environment of the test's making in place of the process's, and a
// folder. The same code as the program from its arguments to its exit code (src/cli/program.ts
// adds only the process's streams and exit), without the start of a process (node, the loader, the
// service's modules: seconds each on a loaded machine). The remote commands talk to the service
// over HTTP as from another process; the event loop is shared, and they never block it (fetch,
// timers, streamed files).
//
// What needs a process stays spawned (helpers/cli.ts): the launcher bin/playout-gateway.mjs, the
// exit code as the shell sees it, stdout through a pipe until the exit, serve and worker (signals).
import { Writable } from "node:stream";
import { runCli } from "../../src/cli/run.js";
import type { CliResult } from "./cli.js";
import { TEST_SECRET } from "./service.js";

export type { CliResult } from "./cli.js";

/** The migrated template the test run's embedded databases start from (vitest.config.ts). */
const TEMPLATE_ENV: Record<string, string> = process.env.PGLITE_TEMPLATE_DIR ? { PGLITE_TEMPLATE_DIR: process.env.PGLITE_TEMPLATE_DIR } : {};

/** A stream that keeps what is written to it (not a terminal: progress comes as lines). */
class Captured extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
  }
  /** As UTF-8, decoded whole (a character may straddle two chunks of a download). */
  get text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

export interface InProcessOptions {
  /** The folder relative paths are taken from (default: the test process's). */
  cwd?: string;
}

/**
 * Runs the command line with exactly `env` as its environment (nothing of the test process's):
 * resolves with its exit code and what it wrote, as a spawned run would.
 */
export async function runCommandLine(args: string[], env: Record<string, string>, options: InProcessOptions = {}): Promise<CliResult> {
  const stdout = new Captured();
  const stderr = new Captured();
  const code = await runCli(args, { stdout, stderr, env: { ...env }, cwd: options.cwd ?? process.cwd() });
  if (code < 0) throw new Error(`playout-gateway ${args.join(" ")} keeps running (serve): spawn it (helpers/cli.ts)`);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

/**
 * As runCli of helpers/cli.ts, in this process: the test secret, a throw-away database in memory
 * (from the migrated template), silent logs, then `env`.
 */
export function runCliInProcess(args: string[], env: Record<string, string> = {}, options: InProcessOptions = {}): Promise<CliResult> {
  return runCommandLine(args, { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SECRET: TEST_SECRET, DATA_DIR: "memory://", LOG_LEVEL: "silent", ...TEMPLATE_ENV, ...env }, options);
}
