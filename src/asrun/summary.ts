// The summary of a reconciliation (docs/ASRUN.md "Summary"). Pure: no database, no GraphQL.
import { AD_BREAK_TYPE, ON_AIR, RECONCILIATION_STATES, WORST_DEVIATIONS, type ReconciledRow, type ReconciliationStateValue } from "./reconcile.js";

export interface TypeTotals {
  eventType: string;
  plannedMs: number;
  airedMs: number;
}

export interface ReconciliationSummaryValue {
  counts: { state: ReconciliationStateValue; count: number }[];
  plannedEvents: number;
  airedEntries: number;
  byEventType: TypeTotals[];
  plannedMs: number;
  airedMs: number;
  unplannedMs: number;
  adBreakMinutesPlanned: number;
  adBreakMinutesAired: number;
  scte35CuesPlanned: number;
  scte35CuesAired: number;
  worstDeviations: ReconciledRow[];
}

/** How far a matched row is off: the larger of its two deviations (absolute). */
export const deviationOf = (r: ReconciledRow): number => Math.max(Math.abs(r.startDeviationMs ?? 0), Math.abs(r.durationDeviationMs ?? 0));

/**
 * Totals of the rows. Aired time: durations of entries whose status put them on air (AIRED,
 * PARTIAL, UNPLANNED), under the matched event's type; unmatched ones count as unplannedMs only.
 * SCTE-35 cues aired: what an on-air entry reports, else the matched event's planned cues.
 */
export function summarize(rows: readonly ReconciledRow[]): ReconciliationSummaryValue {
  const counts = new Map<ReconciliationStateValue, number>(RECONCILIATION_STATES.map((s) => [s, 0]));
  const types = new Map<string, TypeTotals>();
  const totalsOf = (eventType: string) => {
    let t = types.get(eventType);
    if (!t) types.set(eventType, (t = { eventType, plannedMs: 0, airedMs: 0 }));
    return t;
  };
  let plannedEvents = 0;
  let airedEntries = 0;
  let unplannedMs = 0;
  let cuesPlanned = 0;
  let cuesAired = 0;
  const worst: ReconciledRow[] = [];
  for (const r of rows) {
    counts.set(r.state, counts.get(r.state)! + 1);
    const onAir = r.entry !== null && ON_AIR.has(r.entry.status);
    if (onAir) airedEntries++;
    if (r.event) {
      plannedEvents++;
      const t = totalsOf(r.event.eventType);
      t.plannedMs += r.event.duration;
      cuesPlanned += r.event.scte35Cues;
      if (onAir) {
        t.airedMs += r.entry!.duration;
        cuesAired += r.entry!.scte35Cues ?? r.event.scte35Cues;
        keepWorst(worst, r);
      }
    } else if (onAir) {
      unplannedMs += r.entry!.duration;
      cuesAired += r.entry!.scte35Cues ?? 0;
    }
  }
  const byEventType = [...types.values()].sort((a, b) => a.eventType.localeCompare(b.eventType));
  const ads = types.get(AD_BREAK_TYPE);
  return {
    counts: RECONCILIATION_STATES.map((state) => ({ state, count: counts.get(state)! })),
    plannedEvents,
    airedEntries,
    byEventType,
    plannedMs: byEventType.reduce((n, t) => n + t.plannedMs, 0),
    airedMs: byEventType.reduce((n, t) => n + t.airedMs, 0) + unplannedMs,
    unplannedMs,
    adBreakMinutesPlanned: (ads?.plannedMs ?? 0) / 60_000,
    adBreakMinutesAired: (ads?.airedMs ?? 0) / 60_000,
    scte35CuesPlanned: cuesPlanned,
    scte35CuesAired: cuesAired,
    worstDeviations: worst,
  };
}

/** Keeps the WORST_DEVIATIONS rows farthest off (ties: earlier first), deviation 0 never. */
function keepWorst(worst: ReconciledRow[], r: ReconciledRow): void {
  const d = deviationOf(r);
  if (d === 0) return;
  if (worst.length === WORST_DEVIATIONS && d <= deviationOf(worst[worst.length - 1])) return;
  let k = worst.length;
  while (k > 0 && deviationOf(worst[k - 1]) < d) k--;
  worst.splice(k, 0, r);
  if (worst.length > WORST_DEVIATIONS) worst.pop();
}
