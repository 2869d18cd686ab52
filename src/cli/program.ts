// The command line as the program of this process: runCli (run.ts) with the process's arguments,
// streams, environment and folder, and the process's exit with its code (none while serve runs).
// Run by bin/playout-gateway.mjs and src/cli/index.ts.
import type { CliIo } from "./io.js";
import { runCli } from "./run.js";

/** The process's own streams, environment and folder. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
}

export async function runProgram(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const code = await runCli(argv, processIo());
  if (code >= 0) process.exit(code);
}
