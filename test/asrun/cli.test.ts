// `playout-gateway asrun import|export` against a running service: results on stdout, exit codes of docs.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { runCliInProcess } from "../helpers/cli-in-process.js";
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
    const imported = await runCliInProcess(["asrun", "import", csv, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe(`Stored 1 as-run entry for schedule ${s.id} (0 duplicates, 0 unmatched)\n`);
    const again = await runCliInProcess(["asrun", "import", csv, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(again.stdout).toBe(`Stored 0 as-run entries for schedule ${s.id} (1 duplicate, 0 unmatched)\n`);

    // The program in a process of its own (bin/playout-gateway.mjs): the reconciliation on its stdout through a pipe, up to its exit.
    const exported = await runCli(["asrun", "export", s.id, "--url", t.url, "--org", o.org, "--tolerance", "1000", "--out", "-", "--quiet"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout.split("\r\n").slice(1, 3).map((line) => line.split(",")[0])).toEqual(["LATE", "MISSED"]);
    const file = join(dir, "r.json");
    const json = await runCliInProcess(["asrun", "export", s.id, "--url", t.url, "--org", o.org, "--format", "json", "--out", file, "--quiet"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).rows).toHaveLength(2);
  }, 240_000); // a child process among the commands: slow on a loaded machine

  it("imports a BXF AsRun message: by its extension, or any name with --format bxf", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, title: "A", mediaId: "MA" }]);
    const bxf = `<BxfMessage id="m-cli" origin="px-9"><BxfData><AsRun><AsRunEventData><BasicAsRun><EventData eventType="Primary">` +
      `<StartDateTime><SmpteDateTime broadcastDate="2026-03-01"><SmpteTimeCode>06:00:01:00</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>00:01:00:00</SmpteTimeCode></SmpteDuration></Duration></LengthOption></EventData>` +
      `<Content><ContentId><HouseNumber>MA</HouseNumber></ContentId></Content><AsRunDetail><Status>Played</Status></AsRunDetail></BasicAsRun></AsRunEventData></AsRun></BxfData></BxfMessage>`;
    const named = join(dir, "as-run.bxf");
    writeFileSync(named, bxf);
    const imported = await runCliInProcess(["asrun", "import", named, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toBe(`Stored 1 as-run entry for schedule ${s.id} (0 duplicates, 0 unmatched)\n`);
    // A .csv name would go to the CSV reader; --format bxf sends it as BXF: the same entry, a duplicate.
    const misnamed = join(dir, "export.csv");
    writeFileSync(misnamed, bxf);
    const again = await runCliInProcess(["asrun", "import", misnamed, "--schedule", s.id, "--format", "bxf", "--url", t.url, "--org", o.org, "--quiet"]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(`Stored 0 as-run entries for schedule ${s.id} (1 duplicate, 0 unmatched)\n`);
    const { schedule } = await o.viewer.data(`query($id: ID!) { schedule(id: $id) { asRun { content { entryId mediaId actualStart deviceId status } } } }`, { id: s.id });
    expect(schedule.asRun.content).toEqual([{ entryId: "m-cli#1", mediaId: "MA", actualStart: iso(T0 + 1000), deviceId: "px-9", status: "AIRED" }]);
    expect((await runCliInProcess(["asrun", "import", named, "--schedule", s.id, "--format", "xml", "--url", t.url, "--org", o.org])).code).toBe(2);
    // Back to traffic as BXF; read again, it is the same entry.
    const toTraffic = join(dir, "to-traffic.xml");
    const exported = await runCliInProcess(["asrun", "export", s.id, "--format", "bxf", "--out", toTraffic, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(toTraffic, "utf8")).toContain("<Status>Aired Without Discrepancy</Status>");
    const back = await runCliInProcess(["asrun", "import", toTraffic, "--schedule", s.id, "--url", t.url, "--org", o.org, "--quiet"]);
    expect(back.stdout).toBe(`Stored 0 as-run entries for schedule ${s.id} (1 duplicate, 0 unmatched)\n`);
  }, 240_000);

  it("refuses bad options with exit code 2 and a refused request with 3", async () => {
    expect((await runCliInProcess(["asrun", "import", "nope.csv", "--url", t.url, "--org", "x"])).code).toBe(2);
    expect((await runCliInProcess(["asrun", "fetch", "1", "--url", t.url, "--org", "x"])).code).toBe(2);
    expect((await runCliInProcess(["asrun", "export", "1", "--format", "xml", "--url", t.url, "--org", "x"])).code).toBe(2);
    const other = await runCliInProcess(["asrun", "export", "999999", "--url", t.url, "--org", "someone-else", "--quiet"]);
    expect(other.code).toBe(3);
  }, 240_000);
});
