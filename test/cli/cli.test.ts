import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyToken } from "../../src/server/identity/tokens.js";
import { CLI_ENV } from "../helpers/cli.js";
import { runCommandLine } from "../helpers/cli-in-process.js";

const SECRET = "cli-test-secret-0123456789abcdef0123";
const dataDir = mkdtempSync(join(tmpdir(), "pgw-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const envOf = (env: Record<string, string>) => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env });

/** The command run in this process (helpers/cli-in-process.ts). */
const cli = (args: string[], env: Record<string, string> = {}) => runCommandLine(args, envOf(env));

/** The real program, bin/playout-gateway.mjs in a process of its own: its exit code and output as a shell sees them. */
function spawned(args: string[], env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/playout-gateway.mjs", ...args], { env: { ...envOf(env), ...CLI_ENV }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("command line", () => {
  it("prints a token for the configured secret", async () => {
    // Through the launcher: the token on the process's stdout, exit 0.
    const { code, stdout } = await spawned(["token", "--org", "acme", "--role", "viewer", "--sub", "alice"], { AUTH_SECRET: SECRET });
    expect(code).toBe(0);
    expect(await verifyToken(SECRET, stdout.trim())).toEqual({ userId: "alice", orgs: ["acme"], role: "viewer" });
  });

  it("signs with the embedded secret kept in DATA_DIR when none is configured", async () => {
    const first = await cli(["token", "--org", "demo"]);
    const second = await cli(["token", "--org", "demo"]);
    expect(first.code).toBe(0);
    expect(first.stdout.split(".")[0]).toBe(second.stdout.split(".")[0]);
    expect(first.stderr).toMatch(/signed with the embedded secret of .*a service started with AUTH_SECRET rejects it/);
  });

  it("refuses to sign for PostgreSQL without the service's AUTH_SECRET", async () => {
    const result = await cli(["token", "--org", "demo"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/DATABASE_URL is set but AUTH_SECRET is not/);
    expect((await cli(["token", "--org", "demo"], { AUTH_SECRET: SECRET })).stderr).toBe("");
  });

  it("answers usage errors with exit code 2 and a message", async () => {
    expect(await cli(["token"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--org is required/) });
    expect(await cli(["token", "--org", "x", "--role", "root"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--role must be one of/) });
    expect(await cli(["fly"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/Unknown command "fly"/) });
    expect(await cli(["token", "--help"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/--org ORG/) });
  });

  it("names the bad setting when the configuration is wrong", async () => {
    // Through the launcher: an error that stops a command is the process's exit code and a line on its stderr.
    expect(await spawned(["migrate"], { PORT: "nope" })).toMatchObject({ code: 1, stderr: expect.stringMatching(/PORT=nope/) });
  });

  it("migrates the embedded database and reports a database it cannot reach", async () => {
    expect(await cli(["migrate"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/migrations applied/) });
    const unreachable = await cli(["migrate"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", AUTH_SECRET: SECRET });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/Cannot reach the database/);
  });

  it("checks schema.graphql against the code", async () => {
    expect(await cli(["schema", "--check"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/up to date/) });
  });
});
