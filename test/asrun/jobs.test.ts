// As-run files: the AS_RUN_IMPORT job (CSV in) and the AS_RUN_RECONCILIATION_EXPORT job (CSV and JSON out).
import { describe, expect, it } from "vitest";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";
import { INGEST, iso, MIN, org, plan, RECONCILE, T0 } from "./helpers.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const IMPORT = `mutation($s: ID!, $file: Upload!) { importAsRun(scheduleId: $s, file: $file) { ${JOB_FIELDS} } }`;
const EXPORT = `mutation($s: ID!, $fileName: String!, $format: AsRunExportFormat, $tol: Int) {
  exportAsRunReconciliation(scheduleId: $s, fileName: $fileName, format: $format, toleranceMs: $tol) { ${JOB_FIELDS} } }`;
const AS_RUN = `query($id: ID!) { schedule(id: $id) { asRun(size: 100) { totalElements content { entryId eventId mediaId actualStart actualDurationMs status deviceId reason scte35Cues } } } }`;

async function setUp() {
  const o = await org(t);
  const s = await plan(o.editor, [
    { at: T0, duration: MIN, title: "A", mediaId: "MA" },
    { at: T0 + MIN, duration: MIN, title: "B, \"quoted\"", mediaId: "MB" },
  ]);
  return { o, s };
}

async function importCsv(o: Awaited<ReturnType<typeof org>>, role: "playout" | "editor", s: string, content: string) {
  return uploadRequest(t.url, await t.token(o.org, role), IMPORT, { name: "as-run.csv", content }, { s });
}

const CSV = (ids: string[]) => `entryId,eventId,houseNumber,actualStart,actualDurationMs,status,deviceId,reason,scte35Cues
r1,${ids[0]},,${iso(T0 + 2000)},60000,AIRED,px-1,,
r2,,MB,${iso(T0 + MIN)},30000,partial,px-1,"cut short, by ""ops""",1
r2,,MB,${iso(T0 + MIN)},30000,PARTIAL,px-1,"cut short, by ""ops""",1
`;

describe("AS_RUN_IMPORT", () => {
  it("stores the entries of a CSV; a resent file adds nothing", async () => {
    const { o, s } = await setUp();
    const sent = await importCsv(o, "playout", s.id, CSV(s.events));
    expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();
    expect(sent.data!.importAsRun).toMatchObject({ jobType: "AS_RUN_IMPORT", entityId: s.id });
    expect((await o.viewer.data(`query($id: ID!) { job(id: $id) { type } }`, { id: sent.data!.importAsRun.id })).job.type).toBe("AS_RUN_IMPORT");
    const job = await waitForStatus(o.viewer, sent.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    expect(job.messages[0].message).toContain("Stored 2 as-run entries");
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.content).toEqual([
      { entryId: "r1", eventId: s.events[0], mediaId: null, actualStart: iso(T0 + 2000), actualDurationMs: 60000, status: "AIRED", deviceId: "px-1", reason: null, scte35Cues: null },
      { entryId: "r2", eventId: null, mediaId: "MB", actualStart: iso(T0 + MIN), actualDurationMs: 30000, status: "PARTIAL", deviceId: "px-1", reason: 'cut short, by "ops"', scte35Cues: 1 },
    ]);
    const again = await importCsv(o, "playout", s.id, CSV(s.events));
    const second = await waitForStatus(o.viewer, again.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
    expect(second.messages[0].message).toContain("Stored 0 as-run entries");
    expect((await o.viewer.data(AS_RUN, { id: s.id })).schedule.asRun.totalElements).toBe(2);
  });

  it("a bad row fails the job naming its line and stores nothing; roles and organizations as ingestAsRun", async () => {
    const { o, s } = await setUp();
    const bad = CSV(s.events) + `r3,,MA,yesterday,1000,AIRED,px-1,,\n`;
    const sent = await importCsv(o, "playout", s.id, bad);
    const job = await waitForStatus(o.viewer, sent.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
    expect(job.status).toBe("FAILED");
    expect(job.messages.map((m: { message: string }) => m.message).join(" ")).toContain("line 5");
    expect((await o.viewer.data(AS_RUN, { id: s.id })).schedule.asRun.totalElements).toBe(0);
    const unknown = await importCsv(o, "playout", s.id, "entryId,colour\n");
    const failed = await waitForStatus(o.viewer, unknown.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
    expect(failed.messages.map((m: { message: string }) => m.message).join(" ")).toContain('unknown column "colour"');
    expect((await importCsv(o, "editor", s.id, CSV(s.events))).errors![0].extensions.code).toBe("FORBIDDEN");
    const other = await org(t);
    expect((await importCsv(other, "playout", s.id, CSV(s.events))).errors![0].extensions.code).toBe("NOT_FOUND");
  });
});

describe("AS_RUN_RECONCILIATION_EXPORT", () => {
  it("writes the reconciliation as CSV and as JSON, the same rows asRunReconciliation answers", async () => {
    const { o, s } = await setUp();
    await waitForStatus(o.viewer, (await importCsv(o, "playout", s.id, CSV(s.events))).data!.importAsRun.id, ["SUCCEEDED"]);
    const fetchFile = async (format: string) => {
      const { exportAsRunReconciliation: job } = await o.editor.data(EXPORT, { s: s.id, fileName: "report", format, tol: 1000 });
      expect(job).toMatchObject({ jobType: "AS_RUN_RECONCILIATION_EXPORT", fileName: `report.${format.toLowerCase()}` });
      expect((await o.viewer.data(`query($id: ID!) { job(id: $id) { type } }`, { id: job.id })).job.type).toBe("AS_RUN_RECONCILIATION_EXPORT");
      const done = await waitForStatus(o.viewer, job.id, ["SUCCEEDED", "FAILED"]);
      expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
      const response = await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(o.org, "viewer")}` } });
      return response.text();
    };
    const csv = await fetchFile("CSV");
    expect(csv.split("\r\n")).toEqual([
      "state,eventId,eventType,title,mediaId,plannedStart,plannedDurationMs,entryId,asRunStatus,actualStart,actualDurationMs,startDeviationMs,durationDeviationMs,deviceId,reason",
      `LATE,${s.events[0]},PRIMARY,A,MA,${iso(T0)},60000,r1,AIRED,${iso(T0 + 2000)},60000,2000,0,px-1,`,
      `SHORT,${s.events[1]},PRIMARY,"B, ""quoted""",MB,${iso(T0 + MIN)},60000,r2,PARTIAL,${iso(T0 + MIN)},30000,0,-30000,px-1,"cut short, by ""ops"""`,
      "",
    ]);
    const json = JSON.parse(await fetchFile("JSON"));
    const answered = (await o.viewer.data(RECONCILE, { s: s.id, tol: 1000 })).asRunReconciliation;
    expect(json.reconciliation).toEqual({ scheduleId: s.id, from: null, to: null, toleranceMs: 1000 });
    expect(json.rows.map((r: { state: string }) => r.state)).toEqual(answered.content.map((r: { state: string }) => r.state));
    expect(json.summary.counts).toEqual(answered.summary.counts);
    expect(json.summary.scte35CuesAired).toBe(answered.summary.scte35CuesAired);
    expect((await o.viewer.error(EXPORT, { s: s.id, fileName: "x" })).extensions.code).toBe("FORBIDDEN");
  });
});

describe("AS_RUN_RECONCILIATION_EXPORT and formulas", () => {
  it("neutralizes cells a spreadsheet would run as formulas (titles, media ids, entryId, deviceId, reason)", async () => {
    const o = await org(t);
    const s = await plan(o.editor, [{ at: T0, duration: MIN, title: "=HYPERLINK(\"http://evil\",\"x\")", mediaId: "+SUM(1,2)" }]);
    const entries = [
      { entryId: "@cmd", eventId: s.events[0], actualStart: iso(T0), actualDurationMs: MIN, status: "AIRED", deviceId: "-2+3", reason: "=cmd|' /C calc'!A0" },
      { entryId: "r2", mediaId: "=1+1", actualStart: iso(T0 + 5 * MIN), actualDurationMs: MIN, status: "AIRED", deviceId: "px", reason: "plain" },
    ];
    await o.playout.data(INGEST, { s: s.id, entries });
    const { exportAsRunReconciliation: job } = await o.editor.data(EXPORT, { s: s.id, fileName: "formulas", format: "CSV" });
    const done = await waitForStatus(o.viewer, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    const csv = await (await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(o.org, "viewer")}` } })).text();
    const lines = csv.split("\r\n");
    expect(lines[1]).toBe(`ON_TIME,${s.events[0]},PRIMARY,"'=HYPERLINK(""http://evil"",""x"")","'+SUM(1,2)",${iso(T0)},60000,"'@cmd",AIRED,${iso(T0)},60000,0,0,"'-2+3","'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'=1+1"`);
    // Every cell that starts with a formula character starts with the quote instead.
    for (const line of lines) for (const cell of line.split(",")) expect(cell).not.toMatch(/^[=+@\t]/);
  });
});
