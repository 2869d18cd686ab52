// Pages of events read as JSON documents (the SQL: src/schedules/store/json-pages.ts): the
// documents become EventPages of plain objects, parsed once; the executor then reads them as is.
// Only for selections json-plan.ts accepts; the rest reads through pages.ts.
import { pageMeta, type PageRequest } from "../common/paging.js";
import type { Executor } from "../db/client.js";
import { jsonPagesDocuments, type FoldedPageColumns } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { PRELOADED_ASSET, type JsonPagePlan } from "./json-plan.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];
const NONE: Record<string, number> = Object.freeze({}) as Record<string, number>;

/** The names of an event array's values (store/json-pages.ts: columns, data, then the asset). */
function fieldsOf(plan: JsonPagePlan): string[] {
  return [...plan.columns, ...plan.data, ...(plan.asset ? [PRELOADED_ASSET] : [])];
}

/** An event of the JSON read: its values in the order of `fields`. */
function objectOf(fields: string[], values: unknown[]): Record<string, unknown> {
  const event: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) event[fields[i]] = values[i];
  return event;
}

/**
 * An EventPage of the JSON read: a schedule's total and its events as arrays of `fields`' values.
 * The total is null when the selection reads no member that needs it (json-plan.ts): the members
 * built from it are then not answered, and the page counts what it shows.
 */
function pageOf(request: PageRequest, fields: string[], total: number | null, events: unknown[][]): EventPage {
  const content = events.map((values) => objectOf(fields, values)) as unknown as EventPage["content"];
  const known = total === null ? request.page * request.size + content.length : Number(total);
  return { content, gaps: NONE, overlaps: NONE, programmes: NONE, ...pageMeta(request, known, content.length, ORDER) };
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
  for (const page of await jsonPagesDocuments(executor, scheduleIds, request, filter, plan)) {
    result.set(Number(page.s), pageOf(request, fields, page.t, page.e));
  }
  return result;
}

/** The EventPage of one row of the folded statement (store/json-pages.ts foldedPagesStatement). */
export function foldedPageOf(request: PageRequest, plan: JsonPagePlan, row: FoldedPageColumns): EventPage {
  return pageOf(request, fieldsOf(plan), row._events_total, JSON.parse(row._events) as unknown[][]);
}
