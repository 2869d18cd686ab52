// Rows and reconciled rows → GraphQL shapes (the only place that maps).
import type { ReconciledRow } from "./reconcile.js";
import type { ReconciliationSummaryValue } from "./summary.js";
import type { AsRunEntryRow } from "./tables.js";
import type { AsRunEntry, AsRunStatus, ReconciliationRow, ReconciliationState, ReconciliationSummary } from "./types.js";

export function toAsRunEntry(row: AsRunEntryRow): AsRunEntry {
  return {
    id: String(row.id),
    entryId: row.entryId,
    eventId: row.eventId === null ? null : String(row.eventId),
    mediaId: row.mediaId,
    actualStart: new Date(row.actualStart),
    actualDurationMs: row.actualDuration,
    status: row.status as AsRunStatus,
    deviceId: row.deviceId,
    reason: row.reason,
    scte35Cues: row.scte35Cues,
    ingestedBy: row.ingestedBy,
    dateCreated: new Date(row.dateCreated),
  };
}

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
