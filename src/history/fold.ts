// Query.schedule or Query.schedules asking each schedule's history page: that page read in the
// schedule's own statement (a ScheduleColumnFold of the schedule aggregate), so a schedule and its
// history are one round trip. Schedule.history answers the folded page when its own arguments and
// selection give the same key, and reads as usual otherwise. A schedule large enough for the field
// to be heavy work (common/heavy-work.ts) is not folded: its column is null, and the field reads
// within its slot as before. Either way the field is charged to the request's budget.
import { sql } from "drizzle-orm";
import { getArgumentValues, isObjectType, type GraphQLResolveInfo } from "graphql";
import { AppError } from "../common/errors.js";
import { heavyFromEvents } from "../common/heavy-work.js";
import { pageRequest, shownTotal, type PageRequest } from "../common/paging.js";
import { pageNeedsTotal, type ReadPlan } from "../common/read-plan.js";
import { foldedFieldNodes, type FoldedField } from "../common/selection.js";
import { readJsonPage } from "../db/json-page-column.js";
import type { Schedule, ScheduleColumnFold } from "../schedules/index.js";
import { HISTORY_ENTRY_READS } from "./mapper.js";
import { entriesPageColumn, entryOf } from "./store.js";
import type { ScheduleHistoryRow } from "./tables.js";

/** The field the fold answers. */
const FIELD = "history";
/** The placeholder of the event count from which the page is not folded. */
const HEAVY_FROM = "__history_heavy_from";

/** What a history page asks: its bounds, its plan and whether it is counted. */
function foldKey(request: PageRequest, plan: ReadPlan<ScheduleHistoryRow>, withTotal: boolean): string {
  return `${request.page}|${request.size}|${plan.key}|${withTotal ? "total" : ""}`;
}

/** The history fold of `info` (Query.schedule or Query.schedules), or null when its schedules' history is not asked once. */
export function foldedHistoryRead(info: GraphQLResolveInfo, answers: FoldedField, maxPageSize: number): ScheduleColumnFold | null {
  const nodes = foldedFieldNodes(info, answers, FIELD);
  const scheduleType = info.schema.getType("Schedule");
  if (!nodes || !isObjectType(scheduleType)) return null;
  const args = getArgumentValues(scheduleType.getFields()[FIELD], nodes[0], info.variableValues) as { page?: number | null; size?: number | null };
  let request: PageRequest;
  try {
    request = pageRequest(args.page, args.size, maxPageSize);
  } catch (error) {
    // Bad page arguments are answered by Schedule.history itself, as without the fold.
    if (error instanceof AppError) return null;
    throw error;
  }
  // The field's own view of its selection: the same nodes under the same fragments.
  const selection: GraphQLResolveInfo = { ...info, fieldNodes: nodes };
  const plan = HISTORY_ENTRY_READS.planFor(selection, "content");
  const withTotal = pageNeedsTotal(selection);
  const page = entriesPageColumn(sql`sp.id`, plan, request, withTotal);
  return {
    field: FIELD,
    key: foldKey(request, plan, withTotal),
    statementKey: page.key,
    column: () => sql`case when sp.event_count < ${sql.placeholder(HEAVY_FROM)} then ${page.column()} end`,
    values: { ...page.values, [HEAVY_FROM]: heavyFromEvents() },
  };
}

/** The page folded into the schedule's statement for this request, or null (not folded, or folded for other arguments or fields). */
export function foldedHistoryPage(schedule: Schedule, request: PageRequest, plan: ReadPlan<ScheduleHistoryRow>, withTotal: boolean): { rows: ScheduleHistoryRow[]; total: number } | null {
  const folded = schedule.folded?.[FIELD];
  if (!folded || folded.text === null || folded.key !== foldKey(request, plan, withTotal)) return null;
  const page = readJsonPage(folded.text);
  const rows = page.rows.map(entryOf);
  return { rows, total: page.total ?? shownTotal(request, rows.length) };
}
