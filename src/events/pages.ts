// Pages of events as GraphQL answers: one schedule's (or draft's) page, the same page of many in
// one statement for the DataLoader, the page holding an instant, and the gap/overlap/programme
// maps of a page. The SQL is the schedule aggregate's (src/schedules/store/pages.ts).
import { pageMeta, type PageRequest } from "../common/paging.js";
import type { Executor } from "../db/client.js";
import { positionAt, scheduleTarget, targetKey, targetPageRows, targetsPageRows, type EventTarget, type PagedRow } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { toEvent, toColumnEvent } from "./mapper.js";
import { FULL_SELECTION, type PageSelection } from "./selection.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];

/**
 * An EventPage from its rows (in air order) and the total of matching events. Without `data`
 * in the selection the rows carry no document: programmes come from the programme_title column
 * (generated from data.programme.title) and each event is the columns alone.
 */
export function buildPage(rows: PagedRow[], total: number, request: PageRequest, selection: PageSelection = FULL_SELECTION): EventPage {
  const gaps: Record<string, number> = {};
  const overlaps: Record<string, number> = {};
  const programmes: Record<string, number> = {};
  for (const { row, previousEnd } of rows) {
    if (previousEnd !== null) {
      const gap = row.onAirTime - previousEnd;
      const shared = Math.min(previousEnd, row.onAirTime + row.duration) - row.onAirTime;
      if (gap > 0) gaps[String(row.id)] = gap;
      else if (shared > 0) overlaps[String(row.id)] = shared;
    }
    if (row.eventType === "PRIMARY") {
      const title = (selection.data ? (row.data.programme as { title?: string } | undefined)?.title : row.programmeTitle) ?? row.title;
      if (title) programmes[title] = (programmes[title] ?? 0) + 1;
    }
  }
  const content = selection.data ? rows.map((r) => toEvent(r.row)) : rows.map((r) => toColumnEvent(r.row));
  return { content, gaps, overlaps, programmes, ...pageMeta(request, total, rows.length, ORDER) };
}

/** One page of one target (a schedule's events or a draft), read from the nearer end of the schedule. */
export async function schedulePage(
  executor: Executor,
  target: EventTarget,
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<EventPage> {
  const { rows, total } = await targetPageRows(executor, target, request, filter, selection);
  return buildPage(rows, total, request, selection);
}

/** The same page of several schedules in one statement (for Schedule.events over a list). */
export function schedulesPages(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<Map<number, EventPage>> {
  return targetsPages(executor, scheduleIds.map((id) => scheduleTarget(id)), request, filter, selection);
}

/**
 * As schedulesPages for targets of one kind (schedules, or drafts); keyed by schedule or change set id.
 * One statement, also for one target's first page; a later page of one target goes to schedulePage,
 * which reads from the nearer end.
 */
export async function targetsPages(
  executor: Executor,
  targets: EventTarget[],
  request: PageRequest,
  filter?: EventFilter | null,
  selection: PageSelection = FULL_SELECTION,
): Promise<Map<number, EventPage>> {
  const result = new Map<number, EventPage>();
  if (targets.length === 0) return result;
  if (targets.length === 1 && request.page > 0) {
    result.set(targetKey(targets[0]), await schedulePage(executor, targets[0], request, filter, selection));
    return result;
  }
  const pages = await targetsPageRows(executor, targets, request, filter, selection);
  for (const target of targets) {
    const id = targetKey(target);
    const page = pages.get(id);
    result.set(id, buildPage(page?.rows ?? [], page?.total ?? 0, request, selection));
  }
  return result;
}

/**
 * 0-based page (of `pageSize` matching events) holding the event on air at `time`: the last
 * matching event starting at or before it. 0 when none starts that early.
 */
export async function pageAt(executor: Executor, target: EventTarget, time: number, pageSize: number, filter?: EventFilter | null): Promise<number> {
  return Math.floor((await positionAt(executor, target, time, filter)) / pageSize);
}
