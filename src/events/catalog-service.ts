// The writes that bring events in line with the asset catalog: replaceAsset (S33) and
// syncEventTitles (S38). Each is one edit of the schedule's events (src/schedules/edit-events.ts)
// over the set-based SQL of src/schedules/store/catalog.ts; the schedule is touched only when an
// event changed. Moved here from src/checks/, which keeps only read-only reports.
import { findAssetsByKeys } from "../assets/index.js";
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { parseIds } from "../common/ids.js";
import type { Database } from "../db/client.js";
import { editScheduleEvents, outcome, replaceInEvents, requireEventIds, syncTitles, toSchedule, type Schedule, type ScheduleRow, type EventsEditTarget } from "../schedules/index.js";
import { fillGaps } from "./fill-gaps.js";
import type { Move } from "../timeline/index.js";
import type { AssetReplacementInput, ReplaceAssetResult } from "./types.js";

export class EventCatalogService {
  constructor(private readonly db: Database) {}

  /** S33 */
  async replaceAsset(viewer: Viewer, at: EventsEditTarget, assetId: string, replacementInput: AssetReplacementInput): Promise<ReplaceAssetResult> {
    requireRole(viewer, "editor");
    const original = assetId.trim();
    const wanted = replacementInput.assetId.trim();
    if (!original) throw badInput("assetId must not be empty", { argument: "assetId" });
    if (!wanted) throw badInput("replacement.assetId must not be empty", { argument: "replacement" });
    if (original === wanted) throw badInput("replacement.assetId must differ from assetId", { argument: "replacement" });
    return editScheduleEvents(this.db, viewer, { ...at, operation: "replaceAsset" }, async ({ tx, schedule }) => {
      const found = await findAssetsByKeys(tx, schedule.organization, [original, wanted]);
      const replacement = found.get(wanted);
      if (!replacement) {
        throw badInput(`Asset ${wanted} is not in the catalog of organization ${schedule.organization}`, { argument: "replacement", assetId: wanted });
      }
      const known = found.get(original);
      // Every event whose key names the original asset: by the key given, its assetId or its mediaId.
      const keys = [...new Set([original, ...(known ? [known.assetId, known.mediaId ?? original] : [])])];
      const replaced = await replaceInEvents(tx, schedule.id, keys, replacement);
      if (replaced.length === 0 && !known) {
        throw badInput(`Asset ${original} is neither in the catalog nor used by an event of schedule ${schedule.id}`, { argument: "assetId", assetId: original });
      }
      if (replaced.length === 0) return outcome(false, (row) => resultOf(row, [], null, replacement.mediaId ?? replacement.assetId, known?.mediaId ?? original));
      const originalMediaId = known?.mediaId ?? replaced.find((r) => r.oldMediaId)?.oldMediaId ?? original;
      const moves = replacementInput.fillGaps ? await fillGaps(tx, schedule.id, replaced) : [];
      const times = startsAfter(replaced, moves);
      // Durations and starts change, no event comes or goes: the count moves by 0.
      return outcome(true, (row) => resultOf(row, replaced, times, replacement.mediaId ?? replacement.assetId, originalMediaId), 0);
    });
  }

  /** S38 */
  async syncEventTitles(viewer: Viewer, at: EventsEditTarget, eventIds: string[]): Promise<Schedule> {
    requireRole(viewer, "editor");
    const ids = [...new Set(parseIds(eventIds, "eventIds"))];
    if (ids.length === 0) throw badInput("eventIds must name at least one event", { argument: "eventIds" });
    return editScheduleEvents(this.db, viewer, { ...at, operation: "syncEventTitles" }, async ({ tx, schedule, target }) => {
      await requireEventIds(tx, target, ids);
      const changed = await syncTitles(tx, schedule.id, schedule.organization, ids);
      // Titles only: the count and the timings stay.
      return outcome(changed, toSchedule, 0, undefined, true);
    });
  }
}

/** The first and last start of the replaced events, after fillGaps' moves (a later replaced event may have moved up). */
function startsAfter(replaced: { id: number; onAirTime: number }[], moves: Move[]): { first: number; last: number } {
  const moved = new Map(moves.map((m) => [m.id, m.onAirTime]));
  // A loop, not Math.min(...starts): an asset may play in 100,000 events, more arguments than a call takes.
  let first = Infinity;
  let last = -Infinity;
  for (const r of replaced) {
    const start = moved.get(r.id) ?? r.onAirTime;
    first = Math.min(first, start);
    last = Math.max(last, start);
  }
  return { first, last };
}

function resultOf(
  schedule: ScheduleRow,
  replaced: unknown[],
  times: { first: number; last: number } | null,
  newMediaId: string,
  originalMediaId: string,
): ReplaceAssetResult {
  return {
    schedule: toSchedule(schedule),
    eventsModified: replaced.length,
    firstEventTime: times ? new Date(times.first) : null,
    lastEventTime: times ? new Date(times.last) : null,
    newMediaId,
    originalMediaId,
  };
}
