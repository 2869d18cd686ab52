// The `playout-gateway` command run as a child process (the service under test lives in this one,
// so the CLI must not block it), and a stand-in service that counts what reaches it.
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { staleBuildReason } from "../../bin/build-freshness.mjs";
import { TEST_SECRET } from "./service.js";

/**
 * How the spawned command runs: the build in dist/ when it is current (what `npx playout-gateway`
 * runs, and a process start of ~0.3 s instead of the seconds tsx takes to load the sources), the
 * sources otherwise (an edited checkout), silently either way.
 */
export const CLI_ENV: Record<string, string> = staleBuildReason() === null ? {} : { PLAYOUT_GATEWAY_SOURCES: "1" };

/** The migrated template the test run's embedded databases start from (vitest.config.ts). */
const TEMPLATE_ENV: Record<string, string> = process.env.PGLITE_TEMPLATE_DIR ? { PGLITE_TEMPLATE_DIR: process.env.PGLITE_TEMPLATE_DIR } : {};

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI with the test secret and a throw-away database; resolves with its exit code and output. */
export function runCli(args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["bin/playout-gateway.mjs", ...args],
      { env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SECRET: TEST_SECRET, DATA_DIR: "memory://", LOG_LEVEL: "silent", ...TEMPLATE_ENV, ...CLI_ENV, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A server that answers 500 to everything and counts the requests (for "nothing was sent" checks). */
export function useCountingServer(): { readonly url: string; readonly requests: number } {
  const state = { url: "", requests: 0 };
  let server: Server;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      state.requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return state;
}
