// The JavaScript build (tools/build.mjs, run by `npm install`) is what `npm start`, `npm run worker`
// and `npx playout-gateway` run: it must behave as the sources do, including the files it reads at
// run time (the migrations), and bin/playout-gateway.mjs must fall back to the sources without it.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { verifyToken } from "../../src/server/tokens.js";

const SECRET = "build-test-secret-0123456789abcdef0123";

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, args, {
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: "memory://", LOG_LEVEL: "silent", ...env },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the build", () => {
  it("builds, and the command line runs it as it runs the sources", async () => {
    const build = run(["tools/build.mjs"]);
    expect(build.stderr).toBe("");
    expect(build.stdout).toMatch(/^Service built in \d+ ms: \d+ modules in dist\/\n$/);
    expect(existsSync("dist/cli/index.js")).toBe(true);

    const fromBuild = run(["bin/playout-gateway.mjs", "--help"]);
    const fromSources = run(["bin/playout-gateway.mjs", "--help"], { PLAYOUT_GATEWAY_SOURCES: "1" });
    expect(fromBuild).toEqual({ ...fromSources, stderr: "" });
    expect(fromBuild.stdout).toContain("Usage: playout-gateway <command>");

    const token = run(["bin/playout-gateway.mjs", "token", "--org", "acme", "--role", "viewer", "--sub", "bob"], { AUTH_SECRET: SECRET });
    expect(token.stderr).toBe("");
    expect(await verifyToken(SECRET, token.stdout.trim())).toEqual({ userId: "bob", orgs: ["acme"], role: "viewer" });

    // The migrations folder resolves from dist/ (an embedded database in memory).
    const migrate = run(["bin/playout-gateway.mjs", "migrate"]);
    expect(migrate).toMatchObject({ code: 0, stdout: "migrations applied\n", stderr: "" });
  });
});
