// What a query asks of a page of events, read once from the GraphQL selection: the page
// statement then fetches only that (no look-back for gaps/overlaps nobody asked for, no `data`
// document when only column fields are selected).
import type { FieldNode, GraphQLResolveInfo } from "graphql";
import { selectedFields } from "../common/selection.js";

export interface PageSelection {
  /** gaps or overlaps: the look-back to the previous events' end. */
  lookBack: boolean;
  /** A field of Event kept in the `data` document (anything but the columns below). */
  data: boolean;
  /** programmes: each PRIMARY event's programme title. */
  programmes: boolean;
}

/** Everything: for callers without a selection (services, previews). */
export const FULL_SELECTION: PageSelection = { lookBack: true, data: true, programmes: true };

/** Event fields answered from the events table's own columns; `asset` needs only asset_id and media_id. */
const COLUMN_FIELDS = new Set([
  "__typename", "id", "scheduleId", "onAirTime", "duration", "eventType", "title", "locked", "mediaId", "status", "version", "asset",
  "onAirTimecode", "durationTimecode", "onAirLocal", "endLocal", "broadcastDate",
]);

const cache = new WeakMap<readonly FieldNode[], PageSelection>();

/** The selection of an EventPage field (Schedule.events, ChangeSet.events). */
export function pageSelectionOf(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): PageSelection {
  const known = cache.get(info.fieldNodes);
  if (known) return known;
  const selection: PageSelection = { lookBack: false, data: false, programmes: false };
  for (const node of info.fieldNodes) {
    for (const field of selectedFields(node.selectionSet, info.fragments)) {
      const name = field.name.value;
      if (name === "gaps" || name === "overlaps") selection.lookBack = true;
      else if (name === "programmes") selection.programmes = true;
      else if (name === "content") {
        for (const f of selectedFields(field.selectionSet, info.fragments)) if (!COLUMN_FIELDS.has(f.name.value)) selection.data = true;
      }
    }
  }
  cache.set(info.fieldNodes, selection);
  return selection;
}

/** A short, stable text of a selection (for loader keys). */
export const selectionKey = (s: PageSelection): string => `${s.lookBack ? "l" : ""}${s.data ? "d" : ""}${s.programmes ? "p" : ""}`;

