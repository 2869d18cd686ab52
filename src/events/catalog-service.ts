// The writes that bring events in line with the asset catalog: replaceAsset (S33) and
// syncEventTitles (S38). Each is one edit of the timeline (src/schedules/edit-timeline.ts) over
// the set-based SQL of src/schedules/store/catalog.ts; the schedule is touched only when an event
// changed. Moved here from src/checks/, which keeps only read-only reports.
import { findAssetsByKeys } from "../assets/index.js";
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { parseIds } from "../common/ids.js";
import type { Database } from "../db/client.js";
import { editTimeline, firstAndLastStart, outcome, replaceInEvents, requireEventIds, syncTitles, toSchedule, type Schedule } from "../schedules/index.js";
import { fillGaps } from "./fill-gaps.js";
import type { AssetReplacementInput, ReplaceAssetResult } from "./types.js";

export interface ReplaceAssetArgs {
  scheduleId: string;
  assetId: string;
  version: number;
  replacement: AssetReplacementInput;
  organization?: string | null;
}

export interface SyncTitlesArgs {
  scheduleId: string;
  eventIds: string[];
  organization?: string | null;
}

export class EventCatalogService {
  constructor(private readonly db: Database) {}

  /** S33 */
  async replaceAsset(viewer: Viewer, args: ReplaceAssetArgs): Promise<ReplaceAssetResult> {
    requireRole(viewer, "editor");
    const original = args.assetId.trim();
    const wanted = args.replacement.assetId.trim();
    if (!original) throw badInput("assetId must not be empty", { argument: "assetId" });
    if (!wanted) throw badInput("replacement.assetId must not be empty", { argument: "replacement" });
    if (original === wanted) throw badInput("replacement.assetId must differ from assetId", { argument: "replacement" });
    const options = { operation: "replaceAsset", scheduleId: args.scheduleId, organization: args.organization, version: args.version };
    return editTimeline(this.db, viewer, options, async ({ tx, schedule }) => {
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
      if (replaced.length === 0) return outcome(false, () => resultOf([], null, replacement.mediaId ?? replacement.assetId, known?.mediaId ?? original));
      const originalMediaId = known?.mediaId ?? replaced.find((r) => r.oldMediaId)?.oldMediaId ?? original;
      if (args.replacement.fillGaps) await fillGaps(tx, schedule.id, replaced);
      const times = await firstAndLastStart(tx, schedule.id, replaced.map((r) => r.id));
      return outcome(true, () => resultOf(replaced, times, replacement.mediaId ?? replacement.assetId, originalMediaId));
    });
  }

  /** S38 */
  async syncEventTitles(viewer: Viewer, args: SyncTitlesArgs): Promise<Schedule> {
    requireRole(viewer, "editor");
    const ids = [...new Set(parseIds(args.eventIds, "eventIds"))];
    if (ids.length === 0) throw badInput("eventIds must name at least one event", { argument: "eventIds" });
    return editTimeline(this.db, viewer, { operation: "syncEventTitles", scheduleId: args.scheduleId, organization: args.organization }, async ({ tx, schedule, target }) => {
      await requireEventIds(tx, target, ids);
      const changed = await syncTitles(tx, schedule.id, schedule.organization, ids);
      return outcome(changed, toSchedule);
    });
  }
}

function resultOf(replaced: unknown[], times: { first: number; last: number } | null, newMediaId: string, originalMediaId: string): ReplaceAssetResult {
  return {
    eventsModified: replaced.length,
    firstEventTime: times ? new Date(times.first) : null,
    lastEventTime: times ? new Date(times.last) : null,
    newMediaId,
    originalMediaId,
  };
}
