// Rows and reconciled rows → GraphQL shapes (the only place that maps).
import { asStored, ReadMap, type FieldRead } from "../common/read-plan.js";
import type { ReconciledRow } from "./reconcile.js";
import type { ReconciliationSummaryValue } from "./summary.js";
import type { AsRunEntryRow } from "./tables.js";
import type { AsRunEntry, AsRunStatus, ReconciliationRow, ReconciliationState, ReconciliationSummary } from "./types.js";

const stored = asStored<AsRunEntryRow>;
const made = (columns: (keyof AsRunEntryRow & string)[], value: (row: AsRunEntryRow) => unknown): FieldRead<AsRunEntryRow> => ({ columns, value });

/** How each field of AsRunEntry is read (src/common/read-plan.ts). */
export const AS_RUN_ENTRY_READS = new ReadMap<AsRunEntryRow, AsRunEntry>(
  {
    ...{ id: made(["id"], (row) => String(row.id)), entryId: stored("entryId"), eventId: made(["eventId"], (row) => (row.eventId === null ? null : String(row.eventId))) },
    ...{ mediaId: stored("mediaId"), actualStart: made(["actualStart"], (row) => new Date(row.actualStart)), actualDurationMs: stored("actualDuration") },
    ...{ status: made(["status"], (row) => row.status as AsRunStatus), deviceId: stored("deviceId"), reason: stored("reason"), scte35Cues: stored("scte35Cues") },
    ...{ ingestedBy: stored("ingestedBy"), dateCreated: made(["dateCreated"], (row) => new Date(row.dateCreated)) },
  },
  ["id"],
);

export function toReconciliationRow(r: ReconciledRow): ReconciliationRow {
  const { event, entry } = r;
  return {
    state: r.state as ReconciliationState,
    eventId: event ? String(event.id) : null,
    eventType: event?.eventType ?? null,
    title: event?.title ?? null,
    mediaId: event?.mediaId ?? entry?.mediaId ?? null,
    plannedStart: event ? new Date(event.start) : null,
    plannedDurationMs: event?.duration ?? null,
    entryId: entry?.entryId ?? null,
    asRunStatus: (entry?.status ?? null) as AsRunStatus | null,
    actualStart: entry ? new Date(entry.start) : null,
    actualDurationMs: entry?.duration ?? null,
    startDeviationMs: r.startDeviationMs,
    durationDeviationMs: r.durationDeviationMs,
    deviceId: entry?.deviceId ?? null,
    reason: entry?.reason ?? null,
  };
}

export function toReconciliationSummary(s: ReconciliationSummaryValue): ReconciliationSummary {
  return {
    ...s,
    counts: s.counts.map((c) => ({ state: c.state as ReconciliationState, count: c.count })),
    worstDeviations: s.worstDeviations.map(toReconciliationRow),
  };
}
