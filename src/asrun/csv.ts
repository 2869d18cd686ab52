// As-run CSV in (entries) and reconciliation CSV/JSON out (docs/ASRUN.md "Files"). Pure: text in,
// values or text out; no database, no GraphQL.
import { csvLine } from "../common/csv.js";
import { badInput } from "../common/errors.js";
import { csvRows } from "../io/index.js";
import { parseIsoInstant } from "../io/index.js";
import type { ReconciledRow } from "./reconcile.js";
import type { AsRunEntryValues } from "./rules.js";
import type { ReconciliationSummaryValue } from "./summary.js";

/** Columns of an as-run CSV by their lower-case header names (aliases map to one field). */
const COLUMNS: Record<string, keyof AsRunEntryValues> = {
  entryid: "entryId",
  eventid: "eventId",
  mediaid: "mediaId",
  housenumber: "mediaId",
  actualstart: "actualStart",
  actualdurationms: "actualDurationMs",
  status: "status",
  deviceid: "deviceId",
  reason: "reason",
  scte35cues: "scte35Cues",
};
const REQUIRED: (keyof AsRunEntryValues)[] = ["entryId", "actualStart", "actualDurationMs", "status", "deviceId"];

/**
 * The entries of an as-run CSV: a header row naming the columns (any order, case-insensitive),
 * then one entry per row. Unknown columns are refused, so a typo never drops a field unseen.
 * Each entry carries its line for messages (`line N`).
 */
export async function* readAsRunCsv(text: AsyncIterable<string>): AsyncGenerator<AsRunEntryValues & { line: number }> {
  let header: (keyof AsRunEntryValues)[] | null = null;
  for await (const row of csvRows(text)) {
    if (!header) {
      header = row.fields.map((name) => {
        const field = COLUMNS[name.trim().toLowerCase().replace(/[\s_-]/g, "")];
        if (!field) throw badInput(`line ${row.line}: unknown column "${name}"; columns: ${[...new Set(Object.keys(COLUMNS))].join(", ")}`);
        return field;
      });
      const missing = REQUIRED.filter((c) => !header!.includes(c));
      if (missing.length) throw badInput(`line ${row.line}: the header must name ${missing.join(", ")}`);
      continue;
    }
    const at = `line ${row.line}`;
    if (row.fields.length !== header.length) throw badInput(`${at}: expected ${header.length} fields as in the header, found ${row.fields.length}`);
    const v: Record<string, string> = {};
    header.forEach((field, i) => {
      if (row.fields[i].trim() !== "") v[field] = row.fields[i].trim();
    });
    const start = parseIsoInstant(v.actualStart ?? "");
    if (!start) throw badInput(`${at}: actualStart "${v.actualStart ?? ""}" is not an ISO 8601 instant`);
    const number = (name: string, value: string | undefined) => {
      if (value === undefined) return null;
      if (!/^\d+$/.test(value)) throw badInput(`${at}: ${name} "${value}" is not a whole number`);
      return Number(value);
    };
    yield {
      line: row.line,
      entryId: v.entryId ?? "",
      eventId: v.eventId ?? null,
      mediaId: v.mediaId ?? null,
      actualStart: new Date(start.ms),
      actualDurationMs: number("actualDurationMs", v.actualDurationMs) ?? NaN,
      status: (v.status ?? "").toUpperCase(),
      deviceId: v.deviceId ?? "",
      reason: v.reason ?? null,
      scte35Cues: number("scte35Cues", v.scte35Cues),
    };
  }
  if (!header) throw badInput("The file has no header row");
}

export const RECONCILIATION_CSV_COLUMNS = [
  "state", "eventId", "eventType", "title", "mediaId", "plannedStart", "plannedDurationMs", "entryId", "asRunStatus",
  "actualStart", "actualDurationMs", "startDeviationMs", "durationDeviationMs", "deviceId", "reason",
] as const;

const isoOrNull = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

/** One reconciliation row as flat values, in RECONCILIATION_CSV_COLUMNS order (the CSV's and JSON's shape). */
export function flatRow(r: ReconciledRow): Record<(typeof RECONCILIATION_CSV_COLUMNS)[number], string | number | null> {
  return {
    state: r.state,
    eventId: r.event ? String(r.event.id) : null,
    eventType: r.event?.eventType ?? null,
    title: r.event?.title ?? null,
    mediaId: r.event?.mediaId ?? r.entry?.mediaId ?? null,
    plannedStart: isoOrNull(r.event?.start),
    plannedDurationMs: r.event?.duration ?? null,
    entryId: r.entry?.entryId ?? null,
    asRunStatus: r.entry?.status ?? null,
    actualStart: isoOrNull(r.entry?.start),
    actualDurationMs: r.entry?.duration ?? null,
    startDeviationMs: r.startDeviationMs,
    durationDeviationMs: r.durationDeviationMs,
    deviceId: r.entry?.deviceId ?? null,
    reason: r.entry?.reason ?? null,
  };
}

/** The reconciliation as CSV (a header, then a row each), in pieces of about 1,000 rows. */
export function* reconciliationCsv(rows: readonly ReconciledRow[]): Generator<string> {
  let out = csvLine(RECONCILIATION_CSV_COLUMNS);
  for (let i = 0; i < rows.length; i++) {
    const flat = flatRow(rows[i]);
    out += csvLine(RECONCILIATION_CSV_COLUMNS.map((c) => flat[c]));
    if (i % 1000 === 999) {
      yield out;
      out = "";
    }
  }
  yield out;
}

/** The reconciliation as one JSON document: schedule, window, summary and rows. */
export function* reconciliationJson(head: { scheduleId: string; from: number | null; to: number | null; toleranceMs: number }, summary: ReconciliationSummaryValue, rows: readonly ReconciledRow[]): Generator<string> {
  const about = { scheduleId: head.scheduleId, from: isoOrNull(head.from), to: isoOrNull(head.to), toleranceMs: head.toleranceMs };
  yield `{"reconciliation":${JSON.stringify(about)},"summary":${JSON.stringify({ ...summary, worstDeviations: summary.worstDeviations.map(flatRow) })},"rows":[`;
  for (let i = 0; i < rows.length; i += 1000) {
    yield (i ? "," : "") + rows.slice(i, i + 1000).map((r) => JSON.stringify(flatRow(r))).join(",");
  }
  yield "]}\n";
}
