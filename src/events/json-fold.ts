// Query.schedules (or Query.schedule) asking each schedule's events: the schedules and their events pages in ONE
// statement, as PostGraphile sends one: the page, filter and JSON plan given here are
// folded by the schedule store into the statement of the schedules page, whatever the events'
// page and filter and the schedules' sort. Decided from the selection of Query.schedules before
// it runs. Schedule.events answers the prefetched
// page only when its own arguments and selection give the same key, and reads as usual otherwise
// (@skip/@include, aliases with other arguments, a selection the JSON read does not build).
import { getArgumentValues, isObjectType, type GraphQLResolveInfo } from "graphql";
import { AppError } from "../common/errors.js";
import { pageRequest } from "../common/paging.js";
import { filterKey, type EventFilter } from "../schedules/index.js";
import { checkFilter } from "./rules.js";
import { foldedFieldNodes, type FoldedField } from "../common/selection.js";
import { jsonPlanOfNodes, type JsonPagePlan } from "./json-plan.js";
import type { EventsFold, FoldedPageColumns } from "../schedules/index.js";
import { foldedPagesOf } from "./json-reads.js";
import type { EventsPageArgs } from "./types.js";

/**
 * What a page of Schedule.events answers: its arguments and the plan of its selection. The plan's
 * key follows the arguments' JSON as it is (that JSON ends where its brackets close, so the two
 * never run together): escaped inside the JSON it cost a copy of its 500-odd characters per schedule.
 */
export function prefetchKey(args: EventsPageArgs, plan: JsonPagePlan): string {
  return JSON.stringify([args.page ?? null, args.size ?? null, filterKey(args.filter)]) + plan.key;
}

/** The fold of `info` (Query.schedules or Query.schedule), or null when its schedules' events are not read, or not by one JSON page read. */
export function foldedEventsRead(info: GraphQLResolveInfo, answers: FoldedField, maxPageSize: number): EventsFold | null {
  const nodes = foldedFieldNodes(info, answers, "events");
  if (!nodes) return null;
  const plan = jsonPlanOfNodes(nodes, info.fragments);
  if (!plan) return null;
  const scheduleType = info.schema.getType("Schedule");
  if (!isObjectType(scheduleType)) return null;
  const values = getArgumentValues(scheduleType.getFields().events, nodes[0], info.variableValues) as Record<string, unknown>;
  const filter = { term: values.term, eventType: values.eventType, from: values.from, to: values.to } as EventFilter;
  const args: EventsPageArgs = { page: values.page as number | undefined, size: values.size as number | undefined, filter };
  let request;
  try {
    request = pageRequest(args.page, args.size, maxPageSize);
    checkFilter(filter);
  } catch (error) {
    // Bad page arguments are answered by Schedule.events itself, as without the fold.
    if (error instanceof AppError) return null;
    throw error;
  }
  const key = prefetchKey(args, plan);
  return {
    request,
    filter,
    plan,
    pagesOf: (rows) => foldedPagesOf(request, plan, rows as unknown as FoldedPageColumns[]).map((page) => ({ key, page })),
  };
}
