// The `import` and `export` commands against a running service: results on stdout, plain progress
// lines on stderr (not a terminal), and the exit codes of docs (0, 1, 2, 3, 4).
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { TEST_SECRET, uniqueOrg, useTestService } from "../helpers/service.js";

const t = useTestService({ runWorker: true, jobPollMs: 20, filesDir: join(tmpdir(), `pgw-cli-files-${randomBytes(4).toString("hex")}`) });
const out = mkdtempSync(join(tmpdir(), "pgw-cli-io-"));
const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/** Runs the CLI without blocking this process (the service under test lives in it). */
function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ["bin/playout-gateway.mjs", ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", AUTH_SECRET: TEST_SECRET, DATA_DIR: "memory://", LOG_LEVEL: "silent" },
      timeout: 60_000,
    }, (error, stdout, stderr) => resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }));
  });
}

describe("import and export commands", () => {
  it("imports a file through a job, then exports it as XMLTV and JSON", async () => {
    const org = uniqueOrg();
    const imported = await cli(["import", CSV, "--url", t.url, "--org", org, "--name", "From CLI.csv", "--fps", "25"]);
    expect(imported.stderr).toMatch(/uploading 100%/);
    expect(imported.code, imported.stderr).toBe(0);
    const [id, name, count] = imported.stdout.trim().split("\t");
    expect([name, count]).toEqual(["From CLI", "3 events"]);

    const xml = join(out, "guide.xml");
    const exported = await cli(["export", id, "--url", t.url, "--org", org, "--out", xml]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.trim()).toBe(xml);
    expect(readFileSync(xml, "utf8")).toContain("<title>Morning News</title>");

    const json = await cli(["export", id, "--url", t.url, "--org", org, "--format", "json", "--out", "-", "--quiet"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout).events).toHaveLength(3);
    expect(json.stderr).toBe("");

    const sync = await cli(["import", CSV, "--url", t.url, "--token", await t.token(org), "--sync"]);
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stdout).toMatch(/^\d+\tschedule\t3 events\n$/);
  });

  it("answers 3 when the service refuses, 1 when the job fails, 2 for bad options, 4 when nothing listens", async () => {
    const org = uniqueOrg();
    const bad = join(out, "bad.csv");
    (await import("node:fs")).writeFileSync(bad, "onAirTime,duration\n2026-01-01T00:00:00Z,soon\n");
    const failed = await cli(["import", bad, "--url", t.url, "--org", org]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/FAILED: line 2: duration "soon"/);
    const refused = await cli(["import", bad, "--url", t.url, "--org", org, "--sync"]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/BAD_USER_INPUT: line 2/);
    const missing = await cli(["export", "999999", "--url", t.url, "--org", org]);
    expect(missing.code).toBe(3);
    expect((await cli(["export", "--url", t.url])).code).toBe(2);
    expect((await cli(["import", "/nonexistent.csv"])).code).toBe(2);
    expect((await cli(["export", "1", "--format", "pdf"])).code).toBe(2);
    const down = await cli(["export", "1", "--url", "http://127.0.0.1:9"]);
    expect(down.code).toBe(4);
    expect(down.stderr).toMatch(/Cannot reach the service/);
    const help = await cli(["import", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 done/);
  });
});
