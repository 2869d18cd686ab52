// The JavaScript build (tools/build.mjs, run by `npm install`) is what `npm start`, `npm run worker`
// and `npx playout-gateway` run: it must behave as the sources do, including the files it reads at
// run time (the migrations), and bin/playout-gateway.mjs must fall back to the sources without it.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { verifyToken } from "../../src/server/identity/tokens.js";

const SECRET = "build-test-secret-0123456789abcdef0123";
// A build of its own beside src/: the other test files' commands run dist/ meanwhile (helpers/cli.ts).
const OUT = `dist-build-test-${process.pid}`;
afterAll(() => rmSync(OUT, { recursive: true, force: true }));

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
    const build = run(["tools/build.mjs", `--out=${OUT}`]);
    expect(build.stderr).toBe("");
    expect(build.stdout).toMatch(new RegExp(`^Service built in \\d+ ms: \\d+ modules in ${OUT}/\n$`));
    expect(existsSync(`${OUT}/cli/index.js`)).toBe(true);

    const fromBuild = run([`${OUT}/cli/index.js`, "--help"]);
    const fromSources = run(["bin/playout-gateway.mjs", "--help"], { PLAYOUT_GATEWAY_SOURCES: "1" });
    expect(fromBuild).toEqual({ ...fromSources, stderr: "" });
    expect(fromBuild.stdout).toContain("Usage: playout-gateway <command>");

    const token = run([`${OUT}/cli/index.js`, "token", "--org", "acme", "--role", "viewer", "--sub", "bob"], { AUTH_SECRET: SECRET });
    expect(token.stderr).toBe("");
    expect(await verifyToken(SECRET, token.stdout.trim())).toEqual({ userId: "bob", orgs: ["acme"], role: "viewer" });

    // The migrations folder resolves from the build (an embedded database in memory).
    const migrate = run([`${OUT}/cli/index.js`, "migrate"]);
    expect(migrate).toMatchObject({ code: 0, stdout: "migrations applied\n", stderr: "" });
  });
});
