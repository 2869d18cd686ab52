// AS_RUN_IMPORT of BXF AsRun messages (test/fixtures/bxf/as-run-sample.xml): the entries and the
// reconciliation they give, re-import storing nothing, EventIds of our BXF export mapped to events,
// the reader chosen by content, and a malformed or entity-declaring file failing the job by line.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { eventUuid } from "../../src/io/formats/bxf.js";
import { timecodeToMs } from "../../src/timecode/index.js";
import { JOB_FIELDS, waitForStatus } from "../helpers/jobs.js";
import { useTestService } from "../helpers/service.js";
import { uploadRequest } from "../helpers/upload.js";
import { iso, org, plan, RECONCILE } from "./helpers.js";

const t = useTestService({ runWorker: true, jobPollMs: 20 });

const SAMPLE = readFileSync(new URL("../fixtures/bxf/as-run-sample.xml", import.meta.url), "utf8");
const IMPORT = `mutation($s: ID!, $file: Upload!) { importAsRun(scheduleId: $s, file: $file) { ${JOB_FIELDS} } }`;
const AS_RUN = `query($id: ID!) { schedule(id: $id) { asRun(size: 100) { totalElements content { entryId eventId mediaId actualStart actualDurationMs status deviceId reason } } } }`;
const AT = (hms: string) => Date.parse(`2026-03-01T${hms}.000Z`);
const DAY = AT("00:00:00");
const df = (label: string) => timecodeToMs(label, { fps: 29.97, dropFrame: true });

async function setUp() {
  const o = await org(t);
  const s = await plan(o.editor, [
    { at: AT("06:00:00"), duration: 1_710_000, title: "Morning Show", mediaId: "MS-0301-A" },
    { at: AT("06:28:30"), duration: 30_000, title: "Example Cola", mediaId: "AD-4711", eventType: "ADVERTISEMENT" },
    { at: AT("06:29:00"), duration: 60_000, title: "Weather", mediaId: "WX-1" },
    { at: AT("06:30:00"), duration: 20_000, title: "Promo", mediaId: "PR-9" },
    { at: AT("06:30:20"), duration: 20_000, title: "Promo 2", mediaId: "PR-10" },
    { at: AT("06:31:15"), duration: 5_000, title: "Ident", mediaId: "ID-1" },
  ], { fps: 29.97 });
  return { o, s };
}

async function importFile(o: Awaited<ReturnType<typeof org>>, s: string, name: string, content: string) {
  const sent = await uploadRequest(t.url, await t.token(o.org, "playout"), IMPORT, { name, content }, { s });
  expect(sent.errors, JSON.stringify(sent.errors)).toBeUndefined();
  return waitForStatus(o.viewer, sent.data!.importAsRun.id, ["SUCCEEDED", "FAILED"]);
}
const texts = (job: { messages: { message: string; type: string }[] }, type?: string) => job.messages.filter((m) => !type || m.type === type).map((m) => m.message);

describe("AS_RUN_IMPORT of a BXF AsRun message", () => {
  it("stores one entry per primary item, reconciles them, warns of what it did not read; a re-import stores nothing", async () => {
    const { o, s } = await setUp();
    const job = await importFile(o, s.id, "as-run-sample.xml", SAMPLE);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    expect(texts(job, "OK")).toEqual([`Stored 6 as-run entries for schedule ${s.id} (0 duplicates, 1 unmatched)`]);
    expect(texts(job, "WARNING")).toEqual([
      expect.stringMatching(/^line 90: status "Wobbly" is not an as-run status/),
      "1 NonPrimary item(s) ignored: as-run is kept for primary events (first: line 50)",
      "Elements not read, ignored: CompleteAsRun/EventData/StartMode (line 19), AsRunDetail/Operator (line 25)",
    ]);
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.content.map((e: { mediaId: string; status: string; actualStart: string; deviceId: string; reason: string | null }) => [e.mediaId, e.status, e.actualStart, e.deviceId, e.reason])).toEqual([
      ["MS-0301-A", "AIRED", iso(DAY + df("06:00:00;00")), "KEXA", null],
      ["AD-4711", "AIRED", iso(DAY + df("06:28:31;00")), "KEXA", null],
      ["WX-1", "SKIPPED", iso(DAY + df("06:29:01;00")), "KEXA", "dropped to recover time"],
      ["PR-9", "PARTIAL", iso(DAY + df("06:30:00;00")), "KEXA", null],
      ["PR-10", "FAILED", iso(DAY + df("06:30:20;00")), "KEXA", "error code E-1017"],
      ["LIVE-BREAK", "UNPLANNED", iso(DAY + df("06:31:00;02")), "KEXA", "breaking news"],
    ]);
    const { asRunReconciliation } = await o.viewer.data(RECONCILE, { s: s.id, tol: 500 });
    expect(asRunReconciliation.content.map((r: { state: string; mediaId: string }) => [r.state, r.mediaId])).toEqual([
      ["ON_TIME", "MS-0301-A"],
      ["LATE", "AD-4711"],
      ["MISSED", "WX-1"],
      ["SHORT", "PR-9"],
      ["MISSED", "PR-10"],
      ["UNPLANNED", "LIVE-BREAK"],
      ["MISSED", "ID-1"],
    ]);

    const again = await importFile(o, s.id, "as-run-sample.xml", SAMPLE);
    expect(texts(again, "OK")).toEqual([`Stored 0 as-run entries for schedule ${s.id} (6 duplicates, 1 unmatched)`]);
    expect((await o.viewer.data(AS_RUN, { id: s.id })).schedule.asRun.totalElements).toBe(6);
  });

  it("maps an EventId our BXF export wrote (or an event id) to the event; a file without a known extension is read by its root", async () => {
    const { o, s } = await setUp();
    const item = (id: string, label: string) =>
      `<AsRunEventData><BasicAsRun><EventData eventType="Primary"><EventId><EventId>${id}</EventId></EventId>` +
      `<StartDateTime><SmpteDateTime broadcastDate="2026-03-01"><SmpteTimeCode>${label}</SmpteTimeCode></SmpteDateTime></StartDateTime>` +
      `<LengthOption><Duration><SmpteDuration><SmpteTimeCode>00:00:05;00</SmpteTimeCode></SmpteDuration></Duration></LengthOption></EventData>` +
      `<AsRunDetail><Status>aired</Status></AsRunDetail></BasicAsRun></AsRunEventData>`;
    const exported = eventUuid(Number(s.id), Number(s.events[5])).toUpperCase().replace("URN:UUID:", "urn:uuid:");
    const text = `\uFEFF<?xml version="1.0"?>\n<!-- from the automation -->\n<BxfMessage id="m-9" origin="px-2"><BxfData><AsRun>${item(exported, "06:31:15;00")}${item(s.events[4], "06:30:20;00")}</AsRun></BxfData></BxfMessage>`;
    const job = await importFile(o, s.id, "as-run.upload", text);
    expect(job.status, JSON.stringify(job.messages)).toBe("SUCCEEDED");
    expect(texts(job, "OK")).toEqual([`Stored 2 as-run entries for schedule ${s.id} (0 duplicates, 0 unmatched)`]);
    const { schedule } = await o.viewer.data(AS_RUN, { id: s.id });
    expect(schedule.asRun.content.map((e: { entryId: string; eventId: string; mediaId: string | null; deviceId: string }) => [e.entryId, e.eventId, e.mediaId, e.deviceId])).toEqual([
      [s.events[4], s.events[4], null, "px-2"],
      [exported, s.events[5], null, "px-2"],
    ]);
  });

  it("exports the as-run back to traffic as a BXF AsRun message (format BXF) that the import reads as the same entries", async () => {
    const o = await org(t);
    const at2 = (hms: string) => Date.parse(`2026-03-02T${hms}.000Z`);
    const s = await plan(o.editor, [
      { at: at2("06:00:00"), duration: 1_200_000, mediaId: "BRK-0302" },
      { at: at2("06:20:00"), duration: 30_000, mediaId: "SPOT-0001", eventType: "ADVERTISEMENT" },
      { at: at2("08:30:00"), duration: 1_770_000, mediaId: "NEWS-0830" },
    ], { fps: 25 });
    const statuses = readFileSync(new URL("../fixtures/bxf/as-run-statuses.xml", import.meta.url), "utf8");
    expect(texts(await importFile(o, s.id, "as-run-statuses.xml", statuses), "OK")).toEqual([expect.stringMatching(new RegExp(`^Stored 10 as-run entries for schedule ${s.id} \\(0 duplicates, \\d+ unmatched\\)$`))]);
    const { exportAsRunReconciliation: job } = await o.editor.data(`mutation($s: ID!) { exportAsRunReconciliation(scheduleId: $s, fileName: "to-traffic", format: BXF) { ${JOB_FIELDS} } }`, { s: s.id });
    const done = await waitForStatus(o.editor, job.id, ["SUCCEEDED", "FAILED"]);
    expect(done.status, JSON.stringify(done.messages)).toBe("SUCCEEDED");
    expect(done.fileName).toBe("to-traffic.xml");
    expect(texts(done)).toEqual([`Exported the as-run of schedule ${s.id} (10 entries, BXF) as to-traffic.xml`]);
    const file = await (await fetch(done.resourceLink, { headers: { authorization: `Bearer ${await t.token(o.org)}` } })).text();
    expect(file.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<BxfMessage xmlns="http://smpte-ra.org/schemas/2021/2017/BXF"')).toBe(true);
    expect(file).toContain("<Status>Joined in Progress</Status>");
    // Into the same schedule it is the same entries: nothing new is stored.
    expect(texts(await importFile(o, s.id, "to-traffic.xml", file), "OK")).toEqual([expect.stringMatching(new RegExp(`^Stored 0 as-run entries for schedule ${s.id} \\(10 duplicates, \\d+ unmatched\\)$`))]);
    // Into another schedule: the same entries, field by field.
    const other = await plan(o.editor, [{ at: at2("06:00:00"), duration: 1_200_000, mediaId: "BRK-0302" }], { fps: 25 });
    expect(texts(await importFile(o, other.id, "to-traffic.xml", file), "OK")).toEqual([expect.stringMatching(new RegExp(`^Stored 10 as-run entries for schedule ${other.id} \\(0 duplicates, \\d+ unmatched\\)$`))]);
    const fields = (e: Record<string, unknown>) => [e.entryId, e.mediaId, e.actualStart, e.actualDurationMs, e.status, e.deviceId, e.reason];
    const entriesOf = async (id: string) => (await o.viewer.data(AS_RUN, { id })).schedule.asRun.content.map(fields);
    expect(await entriesOf(other.id)).toEqual(await entriesOf(s.id));
  });

  it("fails the job naming the line for malformed XML or declared entities, storing nothing; other XML is refused", async () => {
    const { o, s } = await setUp();
    const broken = SAMPLE.replace("</bxf:AsRunEventData>\n      <bxf:AsRunEventData>\n        <bxf:BasicAsRun>", "</bxf:AsRunEventData>\n      <bxf:AsRunEventData>\n        <bxf:BasicAsRn>");
    const failed = await importFile(o, s.id, "as-run.xml", broken);
    expect(failed.status).toBe("FAILED");
    expect(texts(failed).join(" ")).toMatch(/line 37: unexpected close tag/);
    const xxe = SAMPLE.replace("<bxf:BxfMessage", '<!DOCTYPE bxf:BxfMessage [\n<!ENTITY xxe SYSTEM "file:///etc/passwd">\n]>\n<bxf:BxfMessage').replace("MS-0301-A", "&xxe;");
    const refused = await importFile(o, s.id, "as-run.bxf", xxe);
    expect(refused.status).toBe("FAILED");
    expect(texts(refused).join(" ")).toMatch(/line 9: entity declarations are not accepted/);
    expect(texts(refused).join(" ")).not.toContain("root:");
    const tv = await importFile(o, s.id, "listing", `<?xml version="1.0"?>\n<tv></tv>`);
    expect(texts(tv).join(" ")).toContain("XML whose root element is <tv>");
    expect((await o.viewer.data(AS_RUN, { id: s.id })).schedule.asRun.totalElements).toBe(0);
  });
});
