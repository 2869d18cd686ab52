import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyToken } from "../../src/server/identity/tokens.js";
import { CLI_ENV } from "../helpers/cli.js";

const SECRET = "cli-test-secret-0123456789abcdef0123";
const dataDir = mkdtempSync(join(tmpdir(), "pgw-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ["bin/playout-gateway.mjs", ...args], {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...CLI_ENV, ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("command line", () => {
  it("prints a token for the configured secret", async () => {
    const { code, stdout } = cli(["token", "--org", "acme", "--role", "viewer", "--sub", "alice"], { AUTH_SECRET: SECRET });
    expect(code).toBe(0);
    expect(await verifyToken(SECRET, stdout.trim())).toEqual({ userId: "alice", orgs: ["acme"], role: "viewer" });
  });

  it("signs with the embedded secret kept in DATA_DIR when none is configured", () => {
    const first = cli(["token", "--org", "demo"]);
    const second = cli(["token", "--org", "demo"]);
    expect(first.code).toBe(0);
    expect(first.stdout.split(".")[0]).toBe(second.stdout.split(".")[0]);
    expect(first.stderr).toMatch(/signed with the embedded secret of .*a service started with AUTH_SECRET rejects it/);
  });

  it("refuses to sign for PostgreSQL without the service's AUTH_SECRET", () => {
    const result = cli(["token", "--org", "demo"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/DATABASE_URL is set but AUTH_SECRET is not/);
    expect(cli(["token", "--org", "demo"], { AUTH_SECRET: SECRET }).stderr).toBe("");
  });

  it("answers usage errors with exit code 2 and a message", () => {
    expect(cli(["token"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--org is required/) });
    expect(cli(["token", "--org", "x", "--role", "root"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--role must be one of/) });
    expect(cli(["fly"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/Unknown command "fly"/) });
    expect(cli(["token", "--help"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/--org ORG/) });
  });

  it("names the bad setting when the configuration is wrong", () => {
    expect(cli(["migrate"], { PORT: "nope" })).toMatchObject({ code: 1, stderr: expect.stringMatching(/PORT=nope/) });
  });

  it("migrates the embedded database and reports a database it cannot reach", () => {
    expect(cli(["migrate"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/migrations applied/) });
    const unreachable = cli(["migrate"], { DATABASE_URL: "postgres://nobody@127.0.0.1:1/none", AUTH_SECRET: SECRET });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toMatch(/Cannot reach the database/);
  });

  it("checks schema.graphql against the code", () => {
    expect(cli(["schema", "--check"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/up to date/) });
  });
});
