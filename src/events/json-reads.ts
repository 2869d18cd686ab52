// Pages of events read as JSON documents (the SQL: src/schedules/store/json-pages.ts): the
// documents become EventPages of plain objects, parsed once; the executor then reads them as is.
// Only for selections json-plan.ts accepts; the rest reads through pages.ts.
import { pageMeta, type PageRequest } from "../common/paging.js";
import type { Executor } from "../db/client.js";
import { jsonPagesDocuments, type FoldedPageColumns, type JsonAssets } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { PRELOADED_ASSET, type JsonPagePlan } from "./json-plan.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];
const NONE: Record<string, number> = Object.freeze({}) as Record<string, number>;

/** The names of an event array's values (store/json-pages.ts: columns, data, then the asset). */
function fieldsOf(plan: JsonPagePlan): string[] {
  return [...plan.columns, ...plan.data, ...(plan.asset ? [PRELOADED_ASSET] : [])];
}

/** The assets of a JSON read by organization and key: each object shared by the events that name it. */
type AssetsByKey = Map<string, Map<string, unknown>>;

function assetsByKey(assets: JsonAssets): AssetsByKey {
  const byKey: AssetsByKey = new Map();
  for (const [organization, key, asset] of assets) {
    let ofOrganization = byKey.get(organization);
    if (!ofOrganization) byKey.set(organization, (ofOrganization = new Map()));
    ofOrganization.set(key, asset);
  }
  return byKey;
}

/**
 * An event of the JSON read: its values in the order of `fields`. With an asset selected the last
 * value is the key the event names it by, answered with the asset of that key in `assets` (null:
 * no key, or no asset of that key).
 */
function objectOf(fields: string[], values: unknown[], assets: Map<string, unknown> | undefined): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) event[fields[i]] = values[i];
  if (assets !== undefined) {
    const key = values[fields.length - 1];
    event[PRELOADED_ASSET] = key === null ? null : (assets.get(key as string) ?? null);
  }
  return event;
}

const NO_ASSETS = new Map<string, unknown>();

/**
 * An EventPage of the JSON read: a schedule's total and its events as arrays of `fields`' values.
 * The total is null when the selection reads no member that needs it (json-plan.ts): the members
 * built from it are then not answered, and the page counts what it shows. `assets`: those of the
 * schedule's organization when the plan selects an asset.
 */
function pageOf(request: PageRequest, fields: string[], total: number | null, events: unknown[][], assets: Map<string, unknown> | undefined): EventPage {
  const content = events.map((values) => objectOf(fields, values, assets)) as unknown as EventPage["content"];
  const known = total === null ? request.page * request.size + content.length : Number(total);
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
  const fields = fieldsOf(plan);
  const documents = await jsonPagesDocuments(executor, scheduleIds, request, filter, plan);
  const byKey = assetsByKey(documents.assets);
  for (const page of documents.pages) {
    result.set(Number(page.s), pageOf(request, fields, page.t, page.e, assetsOf(plan, byKey, page.o)));
  }
  return result;
}

/** The EventPages of the rows of the folded statement (store/json-pages.ts foldedPagesStatement), in their order. */
export function foldedPagesOf(request: PageRequest, plan: JsonPagePlan, rows: (FoldedPageColumns & { organization?: unknown })[]): EventPage[] {
  const fields = fieldsOf(plan);
  const assetsRow = rows.find((row) => row._events_assets !== null && row._events_assets !== undefined);
  const byKey = assetsByKey(assetsRow ? (JSON.parse(assetsRow._events_assets!) as JsonAssets) : []);
  return rows.map((row) => pageOf(request, fields, row._events_total, JSON.parse(row._events) as unknown[][], assetsOf(plan, byKey, row.organization)));
}
