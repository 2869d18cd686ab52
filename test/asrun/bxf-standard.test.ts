// BXF as-run in the structure SMPTE ST 2021 defines: test/fixtures/bxf/as-run-statuses.xml (written
// by hand for this project: AsRun under the Schedule, every one of the ten statuses of the
// standard's AsRunStatusType) compared with values worked out by hand; the status table both ways;
// our BXF as-run export read back by our import as the same entries. Without the service.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readAsRunBxf, type BxfAsRunEntry } from "../../src/asrun/bxf.js";
import { asRunBxfDocument } from "../../src/asrun/bxf-out.js";
import { asRunStatusOf, STANDARD_STATUSES, standardStatusOf } from "../../src/asrun/bxf-status.js";
import type { AiredEntry } from "../../src/asrun/reconcile.js";

async function* chunks(text: string, size = 83) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}
async function read(text: string, fps: number | null = 25): Promise<{ entries: BxfAsRunEntry[]; warnings: string[] }> {
  const warnings: string[] = [];
  const entries: BxfAsRunEntry[] = [];
  for await (const e of readAsRunBxf(chunks(text), { fps }, { warnings })) entries.push(e);
  return { entries, warnings };
}
const at = (hms: string) => Date.parse(`2026-03-02T${hms}Z`);
const id = (tail: string) => `urn:uuid:5b0c2f64-0d1e-4c4a-9a43-6b3d2e1f${tail}`;

describe("BXF as-run in the standard's structure", () => {
  it("reads every standard status: one entry each, times at the given 25 fps, notes as reasons", async () => {
    // frameRate="25" in the file: read alike whatever the schedule's rate (here none given).
    const { entries, warnings } = await read(readFileSync(new URL("../fixtures/bxf/as-run-statuses.xml", import.meta.url), "utf8"), null);
    expect(entries.map((e) => [e.entryId, e.mediaId, e.actualStart.getTime(), e.actualDurationMs, e.status, e.reason, e.deviceId])).toEqual([
      [id("0a11"), "BRK-0302", at("06:00:00"), 1_200_000, "AIRED", null, "NINE"],
      // 00:00:29:12 = 29 s + 12 × 40 ms; the note is the reason.
      [id("0a12"), "SPOT-0001", at("06:20:00"), 29_480, "PARTIAL", "Upcut by the switcher", "NINE"],
      [id("0a13"), "PROMO-0007", at("06:20:29.480"), 20_480, "AIRED", 'Played the 20" version B', "NINE"],
      [id("0a14"), "BRK-0302", at("06:20:50"), 2_350_000, "FAILED", "Audio lost for 4 seconds", "NINE"],
      // No note: the reason is what the status says and ours cannot.
      [id("0a20"), "LIVE-OB1", at("07:00:12"), 5_388_000, "PARTIAL", "Joined in Progress", "NINE"],
      [id("0a31"), "SPOT-0002", at("08:29:40"), 0, "SKIPPED", null, "NINE"],
      [id("0a32"), "SPOT-0003", at("08:29:45"), 0, "SKIPPED", "Preempted by the election results", "NINE"],
      // AsRunEventId/Null: the message id and the item's place.
      ["urn:uuid:5b0c2f64-0d1e-4c4a-9a43-6b3d2e1f0b01#8", "EAS-TEST", at("08:29:50"), 10_000, "UNPLANNED", null, "NINE"],
      [id("0a30"), "NEWS-0830", at("08:30:00"), 0, "FAILED", "Missing Content", "NINE"],
      [id("0a33"), "ID-0001", at("08:59:30"), 5_000, "FAILED", "Unknown", "NINE"],
    ]);
    expect(warnings).toEqual([]);
  });

  it("maps the ten statuses of the standard, and writes one back that maps to the same status", () => {
    expect(STANDARD_STATUSES.map((s) => [s.word, asRunStatusOf(s.word)])).toEqual([
      ["Aired Without Discrepancy", { status: "AIRED", reason: null }],
      ["Aired with Duration Discrepancy", { status: "PARTIAL", reason: null }],
      ["Aired with Content Discrepancy", { status: "AIRED", reason: "Aired with Content Discrepancy" }],
      ["Joined in Progress", { status: "PARTIAL", reason: "Joined in Progress" }],
      ["Did not air", { status: "SKIPPED", reason: null }],
      ["Preempted", { status: "SKIPPED", reason: "Preempted" }],
      ["Technical Difficulty", { status: "FAILED", reason: "Technical Difficulty" }],
      ["Missing Content", { status: "FAILED", reason: "Missing Content" }],
      ["Unknown", { status: "FAILED", reason: "Unknown" }],
      ["Inserted by Operator", { status: "UNPLANNED", reason: null }],
    ]);
    expect(asRunStatusOf("did NOT air")).toEqual({ status: "SKIPPED", reason: null });
    for (const s of STANDARD_STATUSES) expect(standardStatusOf(s.status, s.reason)).toBe(s.reason === null ? STANDARD_STATUSES.find((x) => x.status === s.status)!.word : s.word);
    expect(["AIRED", "PARTIAL", "SKIPPED", "FAILED", "UNPLANNED"].map((s) => standardStatusOf(s as AiredEntry["status"], "anything"))).toEqual([
      "Aired Without Discrepancy", "Aired with Duration Discrepancy", "Did not air", "Technical Difficulty", "Inserted by Operator",
    ]);
  });

  it("our BXF as-run export reads back as the same entries (times to the frame)", async () => {
    const T0 = Date.UTC(2026, 2, 1, 6, 0, 0);
    const entries: AiredEntry[] = [
      { id: 1, entryId: "mcr-1/0001", eventId: 11, mediaId: "NEWS-1", start: T0, duration: 1_800_000, status: "AIRED", deviceId: "mcr-1", reason: null, scte35Cues: 1 },
      { id: 2, entryId: "mcr-1/0002", eventId: null, mediaId: "AD-1", start: T0 + 1_800_040, duration: 29_960, status: "PARTIAL", deviceId: "mcr-1", reason: "upcut", scte35Cues: null },
      { id: 3, entryId: "urn:uuid:00000000-0000-4000-8000-000000000003", eventId: null, mediaId: "AD-2", start: T0 + 1_830_000, duration: 0, status: "SKIPPED", deviceId: "mcr-2", reason: "Preempted", scte35Cues: null },
      { id: 4, entryId: "mcr-1/0004", eventId: 12, mediaId: null, start: T0 + 1_830_000, duration: 0, status: "FAILED", deviceId: "mcr-1", reason: null, scte35Cues: 0 },
      { id: 5, entryId: "mcr-1/0005", eventId: null, mediaId: "EAS", start: T0 + 1_840_000, duration: 10_000, status: "UNPLANNED", deviceId: "mcr-1", reason: "Inserted by Operator", scte35Cues: null },
    ];
    const head = { id: 9, name: "Day", channel: "One", fps: 25, dropFrame: null, startDate: new Date(T0), finishDate: null };
    for (const version of ["2017", "2008"] as const) {
      const { entries: back, warnings } = await read([...asRunBxfDocument(head, entries, version)].join(""));
      expect(warnings).toEqual([]);
      expect(back.map(({ entryId, mediaId, actualStart, actualDurationMs, status, deviceId, reason, scte35Cues }) => ({ entryId, mediaId, start: actualStart.getTime(), duration: actualDurationMs, status, deviceId, reason, scte35Cues }))).toEqual(
        entries.map(({ entryId, mediaId, start, duration, status, deviceId, reason, scte35Cues }) => ({ entryId, mediaId, start, duration, status, deviceId, reason, scte35Cues })),
      );
      // Entries naming an event name it by the id our schedule export gives it, so the import maps them back.
      expect(back.map((e) => e.eventRef)).toEqual([expect.stringMatching(/^urn:uuid:/), null, "urn:uuid:00000000-0000-4000-8000-000000000003", expect.stringMatching(/^urn:uuid:/), null]);
    }
  });
});
