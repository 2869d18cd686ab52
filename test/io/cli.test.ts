// The `import` and `export` commands against a running service: results on stdout, plain progress
// lines on stderr (not a terminal), and the exit codes of docs (0, 1, 2, 3, 4).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { uniqueOrg, useTestService } from "../helpers/service.js";
import { runCli } from "../helpers/cli.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });
const out = mkdtempSync(join(tmpdir(), "pgw-cli-io-"));
const CSV = fileURLToPath(new URL("../fixtures/import/schedule.csv", import.meta.url));

/** The command in this process (helpers/cli-in-process.ts). */
const cli = (args: string[]) => runCliInProcess(args);
/** The program in a process of its own (bin/playout-gateway.mjs): a downloaded file on its stdout through a pipe, up to its exit. */
const spawned = (args: string[]) => runCli(args);

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

    const json = await spawned(["export", id, "--url", t.url, "--org", org, "--format", "json", "--out", "-", "--quiet"]);
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
    // Independent of each other: run together.
    const [noId, noFile, badFormat, down, help] = await Promise.all([
      cli(["export", "--url", t.url]),
      cli(["import", "/nonexistent.csv"]),
      cli(["export", "1", "--format", "pdf"]),
      cli(["export", "1", "--url", "http://127.0.0.1:9", "--org", "nobody"]),
      cli(["import", "--help"]),
    ]);
    expect([noId.code, noFile.code, badFormat.code]).toEqual([2, 2, 2]);
    expect(down.code).toBe(4);
    expect(down.stderr).toMatch(/Cannot reach the service/);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Exit codes: 0 done/);
  });
});
