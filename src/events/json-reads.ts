// Pages of events read as JSON documents (the SQL: src/schedules/store/json-pages.ts): the
// documents become EventPages of plain objects, parsed once; the executor then reads them as is.
// Only for selections json-plan.ts accepts; the rest reads through pages.ts.
import { pageMeta, shownTotal, type PageRequest } from "../common/paging.js";
import type { Executor } from "../db/client.js";
import { jsonPagesDocuments, type EventColumns, type FoldedPageColumns, type JsonAssetPlan, type JsonAssets } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { PRELOADED_ASSET, type JsonPagePlan } from "./json-plan.js";
import { Event, type EventPage } from "./types.js";
import { objectMaker, type ObjectMaker } from "../common/object-maker.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];
const EVENT_PROTOTYPE = Event.prototype as object;
const NONE: Record<string, number> = Object.freeze({}) as Record<string, number>;

/** The names of a page's value arrays (store/json-pages.ts EventColumns: columns, data, then the asset), and the maker of events of them. */
interface EventShape {
  fields: string[];
  make: ObjectMaker;
}

function shapeOf(plan: JsonPagePlan): EventShape {
  const fields = [...plan.columns, ...plan.data, ...(plan.asset ? [PRELOADED_ASSET] : [])];
  // Instances of Event: type-graphql hands Event's field resolvers (timecodes, local times,
  // signals) their parent as one, and copied a plain object into one twice for every call.
  return { fields, make: objectMaker(fields, EVENT_PROTOTYPE) };
}

/** The assets of a JSON read by organization and key: each object shared by the events that name it. */
type AssetsByKey = Map<string, Map<string, unknown>>;

/** The assets of JsonAssets (by column) as objects of what `plan` selects, by organization and key. */
function assetsByKey(plan: JsonAssetPlan | null, assets: JsonAssets): AssetsByKey {
  const byKey: AssetsByKey = new Map();
  const [organizations, keys] = assets;
  if (!plan || !organizations || !keys) return byKey;
  // Objects of one shape (common/object-maker.ts): the columns, then the documents.
  const make = objectMaker([...plan.columns, ...plan.documents.map(({ field }) => field)]);
  const asset: unknown[] = [];
  for (let i = 0; i < keys.length; i++) {
    let column = 2;
    let at = 0;
    for (let c = 0; c < plan.columns.length; c++) asset[at++] = assets[column++]![i];
    for (const { keys: read } of plan.documents) {
      const document = assets[column++]![i];
      if (read === null) {
        asset[at++] = document;
        continue;
      }
      // `{}` stands for an object document: its keys read follow, one array each.
      const isObject = typeof document === "object" && document !== null && !Array.isArray(document);
      const cut: Record<string, unknown> | null = isObject ? {} : null;
      for (const key of read) {
        const value = assets[column++]![i];
        if (cut) cut[key] = value;
      }
      asset[at++] = cut ?? document;
    }
    const organization = organizations[i] as string;
    let ofOrganization = byKey.get(organization);
    if (!ofOrganization) byKey.set(organization, (ofOrganization = new Map()));
    ofOrganization.set(keys[i] as string, make(asset));
  }
  return byKey;
}

/**
 * The events of a page's EventColumns as objects of `fields`. With an asset selected the last
 * array holds the key each event names it by, answered with the asset of that key in `assets`
 * (null: no key, or no asset of that key).
 */
function eventsOf({ fields, make }: EventShape, columns: EventColumns, assets: Map<string, unknown> | undefined): Record<string, unknown>[] {
  const [count, ...values] = columns;
  const events: Record<string, unknown>[] = new Array(count);
  const valueCount = assets === undefined ? fields.length : fields.length - 1;
  const event: unknown[] = new Array(fields.length);
  for (let i = 0; i < count; i++) {
    for (let f = 0; f < valueCount; f++) event[f] = values[f]![i];
    if (assets !== undefined) {
      const key = values[fields.length - 1]![i];
      event[valueCount] = key === null ? null : (assets.get(key as string) ?? null);
    }
    events[i] = make(event);
  }
  return events;
}

const NO_ASSETS = new Map<string, unknown>();

/**
 * An EventPage of the JSON read: a schedule's total and its events (EventColumns of `fields`).
 * The total is null when the selection reads no member that needs it (json-plan.ts): the members
 * built from it are then not answered, and the page counts what it shows. `assets`: those of the
 * schedule's organization when the plan selects an asset.
 */
function pageOf(request: PageRequest, shape: EventShape, total: number | null, columns: EventColumns, assets: Map<string, unknown> | undefined): EventPage {
  const content = eventsOf(shape, columns, assets) as unknown as EventPage["content"];
  const known = total === null ? shownTotal(request, content.length) : Number(total);
  return { content, gaps: NONE, overlaps: NONE, programmes: NONE, ...pageMeta(request, known, content.length, ORDER) };
}

/** The assets of `organization` for a plan that selects an asset (undefined when it selects none). */
function assetsOf(plan: JsonPagePlan, byKey: AssetsByKey, organization: unknown): Map<string, unknown> | undefined {
  if (!plan.asset) return undefined;
  return byKey.get(organization as string) ?? NO_ASSETS;
}

/** The same page of each schedule (by id), with what `plan` selects of its events, in one statement. */
export async function jsonSchedulesPages(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
  plan: JsonPagePlan,
): Promise<Map<number, EventPage>> {
  const result = new Map<number, EventPage>();
  const shape = shapeOf(plan);
  const documents = await jsonPagesDocuments(executor, scheduleIds, request, filter, plan);
  const byKey = assetsByKey(plan.asset, documents.assets);
  for (const page of documents.pages) {
    result.set(Number(page.s), pageOf(request, shape, page.t, page.e, assetsOf(plan, byKey, page.o)));
  }
  return result;
}

/** The EventPages of the rows of the folded statement (store/json-pages.ts foldedPagesStatement), in their order. */
export function foldedPagesOf(request: PageRequest, plan: JsonPagePlan, rows: (FoldedPageColumns & { organization?: unknown })[]): EventPage[] {
  const shape = shapeOf(plan);
  const assetsRow = rows.find((row) => row._events_assets !== null && row._events_assets !== undefined);
  const byKey = assetsByKey(plan.asset, assetsRow ? (JSON.parse(assetsRow._events_assets!) as JsonAssets) : []);
  return rows.map((row) => pageOf(request, shape, row._events_total, JSON.parse(row._events) as EventColumns, assetsOf(plan, byKey, row.organization)));
}
