// Which pages of events PostgreSQL can answer as one JSON document (json-reads.ts), read once
// from the GraphQL selection of Schedule.events. A plan names the columns and documents the
// selection reads; anything outside what the JSON read builds (gaps, overlaps, programmes,
// liveParameters, a nested field of an asset document with its own selection…) gives no plan,
// and the page is read as before (pages.ts).
import type { FieldNode, GraphQLResolveInfo, SelectionSetNode } from "graphql";
import { PAGE_TOTAL_MEMBERS, PAGEABLE_TOTAL_MEMBERS } from "../common/read-plan.js";
import { selectedFields, type Fragments } from "../common/selection.js";
import type { JsonAssetPlan, JsonReadPlan } from "../schedules/index.js";

/** What the JSON read builds for each event of a page (src/schedules/store/json-pages.ts), with a key. */
export interface JsonPagePlan extends JsonReadPlan {
  /** A stable text of the plan (DataLoader keys, statement reuse). */
  key: string;
}

export type AssetPlan = JsonAssetPlan;

/** Where an event answered by a JSON read keeps its asset (null: it names none, or none in the catalog); Event.asset answers it. */
export const PRELOADED_ASSET = "preloadedAsset";

/** Event fields answered from columns (pages.ts pageColumns, mapper.ts toColumnEvent). */
export const EVENT_COLUMN_FIELDS = ["id", "scheduleId", "onAirTime", "duration", "eventType", "title", "locked", "mediaId", "status", "version"] as const;

/** Event fields that mapper.ts toEvent answers as `data[name]`, unchanged (liveParameters is not: its secret is blanked). */
export const EVENT_DATA_FIELDS = [
  "assetData", "audioTransition", "blockId", "blockMode", "category", "color", "houseId", "label", "liveId", "placeholderId",
  "reconciliationId", "recordingPattern", "contentAdvisory", "deviation", "maxExtendedDuration", "som", "timecodeIn",
  "ignoreIncomingScte35Signals", "manualEnd", "manualStart", "recording", "pidOverrides", "playoutSwitches",
  "primarySCTESourceSwitch", "programme", "scte35Signals", "scte35Trigger", "secondaryEvents", "streamOverrides",
  "vendorRPCList", "untimedAds", "voiceovers",
] as const;

/** Asset fields from scalar columns (assets/loaders.ts LoadedAsset). */
export const ASSET_COLUMN_FIELDS = ["id", "assetId", "organization", "mediaId", "name", "assetSize", "dateApplied", "dateCreated", "dateUpdated", "fileCount", "storageType", "version", "advertiser", "productCategory"] as const;

/** Asset document fields; the object-typed ones can be cut down to the keys selected. */
export const ASSET_DOCUMENT_FIELDS = ["customFields", "fileData", "metadata", "qcInfo", "sourceAssetData", "systemFields", "tags"] as const;
const OBJECT_DOCUMENTS = new Set(["metadata", "qcInfo", "sourceAssetData", "systemFields"]);

/** Event timecode fields and the event fields their resolvers read (src/events/timecode-resolver.ts). */
const TIMECODE_INPUTS: Record<string, readonly string[]> = {
  onAirTimecode: ["scheduleId", "onAirTime"],
  durationTimecode: ["scheduleId", "duration"],
  somTimecode: ["scheduleId", "som"],
  eomTimecode: ["scheduleId", "som", "duration"],
  // Local times (local-time-resolver.ts) from the times and the schedule's clock, primed alike.
  onAirLocal: ["scheduleId", "onAirTime"],
  endLocal: ["scheduleId", "onAirTime", "duration"],
  broadcastDate: ["scheduleId", "onAirTime"],
};

/** EventPage members computed in Node from the request, the page's length and the total (pageMeta). */
const PAGE_MEMBERS = new Set(["__typename", "empty", "first", "last", "number", "numberOfElements", "size", "totalElements", "totalPages", "pageable", "sort"]);

const EVENT_COLUMNS = new Set<string>(EVENT_COLUMN_FIELDS);
const EVENT_DATA = new Set<string>(EVENT_DATA_FIELDS);
const ASSET_COLUMNS = new Set<string>(ASSET_COLUMN_FIELDS);
const ASSET_DOCUMENTS = new Set<string>(ASSET_DOCUMENT_FIELDS);


class Unsupported extends Error {}

/** The fields selected in `set`; a fragment the document lacks gives no plan. */
const fieldsOf = (set: SelectionSetNode | undefined, fragments: Fragments): FieldNode[] =>
  selectedFields(set, fragments, () => {
    throw new Unsupported();
  });



const sorted = (names: Set<string>) => [...names].sort();

function assetPlanOf(nodes: FieldNode[], fragments: Fragments): AssetPlan {
  const columns = new Set<string>();
  const documents = new Map<string, Set<string> | null>();
  for (const node of nodes) {
    for (const field of fieldsOf(node.selectionSet, fragments)) {
      const name = field.name.value;
      if (name === "__typename") continue;
      if (ASSET_COLUMNS.has(name)) columns.add(name);
      else if (ASSET_DOCUMENTS.has(name)) {
        // A document cut down to its keys when every key read is a leaf; else whole.
        const subfields = OBJECT_DOCUMENTS.has(name) ? fieldsOf(field.selectionSet, fragments) : null;
        const leaves = subfields?.every((f) => !f.selectionSet) ? subfields.map((f) => f.name.value).filter((n) => n !== "__typename") : null;
        const known = documents.get(name);
        if (known === null || leaves === null) documents.set(name, null);
        else documents.set(name, new Set([...(known ?? []), ...leaves]));
      } else throw new Unsupported();
    }
  }
  return {
    columns: sorted(columns),
    documents: [...documents.keys()].sort().map((field) => {
      const keys = documents.get(field);
      return { field, keys: keys ? sorted(keys) : null };
    }),
  };
}

/** Off only for the peer benchmark's A/B (bench/peers, PEERS_JSON_READS=off): every page then reads through pages.ts. */
export const jsonReads = { enabled: true };

const cache = new WeakMap<readonly FieldNode[], JsonPagePlan | null>();

/** The plan of an EventPage field (Schedule.events), or null when the JSON read does not answer its selection. */
export function jsonPlanOf(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): JsonPagePlan | null {
  if (!jsonReads.enabled) return null;
  const known = cache.get(info.fieldNodes);
  if (known !== undefined) return known;
  let plan: JsonPagePlan | null;
  try {
    plan = planOf(info.fieldNodes, info.fragments);
  } catch (error) {
    if (!(error instanceof Unsupported)) throw error;
    plan = null;
  }
  cache.set(info.fieldNodes, plan);
  return plan;
}

/** As jsonPlanOf, for the nodes of a Schedule.events field found in an enclosing selection (json-fold.ts). */
export function jsonPlanOfNodes(nodes: readonly FieldNode[], fragments: Fragments): JsonPagePlan | null {
  if (!jsonReads.enabled) return null;
  try {
    return planOf(nodes, fragments);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

function planOf(pageNodes: readonly FieldNode[], fragments: Fragments): JsonPagePlan {
  const columns = new Set<string>();
  const data = new Set<string>();
  const assetNodes: FieldNode[] = [];
  let total = false;
  for (const node of pageNodes) {
    for (const member of fieldsOf(node.selectionSet, fragments)) {
      const name = member.name.value;
      if (PAGE_TOTAL_MEMBERS.has(name)) total = true;
      else if (name === "pageable" && fieldsOf(member.selectionSet, fragments).some((f) => PAGEABLE_TOTAL_MEMBERS.has(f.name.value))) total = true;
      if (PAGE_MEMBERS.has(name)) continue;
      if (name !== "content") throw new Unsupported();
      for (const field of fieldsOf(member.selectionSet, fragments)) {
        const f = field.name.value;
        if (f === "__typename") continue;
        if (EVENT_COLUMNS.has(f)) columns.add(f);
        // A live schedule's event: its eventId is its id (resolver.ts eventId).
        else if (f === "eventId") columns.add("id");
        else if (EVENT_DATA.has(f)) data.add(f);
        else if (f === "asset") assetNodes.push(field);
        else if (f in TIMECODE_INPUTS) {
          // Computed by their resolvers (timecode-resolver.ts) from the event's times and its
          // schedule's rate (primed by Schedule.events): the read fetches those times.
          for (const input of TIMECODE_INPUTS[f]) (EVENT_COLUMNS.has(input) ? columns : data).add(input);
        } else throw new Unsupported();
      }
    }
  }
  const asset = assetNodes.length ? assetPlanOf(assetNodes, fragments) : null;
  const plan = { columns: sorted(columns), data: sorted(data), asset, total };
  return { ...plan, key: JSON.stringify(plan) };
}
