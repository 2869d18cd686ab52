// `playout-gateway asrun import|export` against a running service: results on stdout, exit codes of docs.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { useTestService } from "../helpers/service.js";
import { iso, MIN, org, plan, T0 } from "./helpers.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });
const dir = mkdtempSync(join(tmpdir(), "pgw-cli-asrun-"));

describe("asrun command", () => {
  it("imports an as-run CSV (a playout token signed for --org), then exports the reconciliation", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, title: "A", mediaId: "MA" }, { at: T0 + MIN, duration: MIN, title: "B" }]);
    const csv = join(dir, "as-run.csv");
    writeFileSync(csv, `entryId,eventId,mediaId,actualStart,actualDurationMs,status,deviceId\nc1,,MA,${iso(T0 + 1500)},60000,AIRED,px\n`);
    const imported = await runCli(["asrun", "import", csv, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe(`Stored 1 as-run entry for schedule ${s.id} (0 duplicates, 0 unmatched)\n`);
    const again = await runCli(["asrun", "import", csv, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(again.stdout).toBe(`Stored 0 as-run entries for schedule ${s.id} (1 duplicate, 0 unmatched)\n`);

    const exported = await runCli(["asrun", "export", s.id, "--url", t.url, "--org", o.org, "--tolerance", "1000", "--out", "-", "--quiet"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.split("\r\n").slice(1, 3).map((line) => line.split(",")[0])).toEqual(["LATE", "MISSED"]);
    const file = join(dir, "r.json");
    const json = await runCli(["asrun", "export", s.id, "--url", t.url, "--org", o.org, "--format", "json", "--out", file, "--quiet"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).rows).toHaveLength(2);
  }, 240_000); // five child processes, each starting node and tsx: slow on a loaded machine

  it("refuses bad options with exit code 2 and a refused request with 3", async () => {
    expect((await runCli(["asrun", "import", "nope.csv", "--url", t.url, "--org", "x"])).code).toBe(2);
    expect((await runCli(["asrun", "fetch", "1", "--url", t.url, "--org", "x"])).code).toBe(2);
    expect((await runCli(["asrun", "export", "1", "--format", "xml", "--url", t.url, "--org", "x"])).code).toBe(2);
    const other = await runCli(["asrun", "export", "999999", "--url", t.url, "--org", "someone-else", "--quiet"]);
    expect(other.code).toBe(3);
  }, 240_000);
});
