// Schedules: the service owns the transactions and the organization checks of this slice.
import { and, asc, count, desc, eq, gte, ilike, lte, sql, type SQL } from "drizzle-orm";
import { requireRole, scopeForRecord, scopeOrganization, type Viewer } from "../common/auth.js";
import { badInput, notFound, staleVersion } from "../common/errors.js";
import { parseId, parseIds } from "../common/ids.js";
import { checkRange, pageMeta, pageRequest, parseSort, shownTotal, type PageRequest, type SortSpec } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { heldLocals, type LocalSettings } from "../db/local-settings.js";
import { editSchedule } from "./edit-schedule.js";
import { checkFpsFilter, scheduleFields } from "./rules.js";
import { schedules, type ScheduleRow } from "./store/tables.js";
import { SCHEDULE_READS, toSchedule } from "./mapper.js";
import { SCHEDULE_COLUMN_LIST, scheduleRowOf } from "./store/rows.js";
import { foldedPagesStatement, heldPages } from "./store/json-pages.js";
import type { EventsFold, Schedule, ScheduleColumnFold, ScheduleFilterInput, ScheduleInput, SchedulePage } from "./types.js";
import { anyOfIds } from "../db/any-of.js";
import { always, heldConditions, inlined, pageBounds, plannedCount, plannedPage, plannedRows, plannedStatement, when, whenAnyOf, whenPattern, type Condition, type Order } from "../db/planned-select.js";
import type { ReadPlan } from "../common/read-plan.js";

/** The fields read of each schedule (SCHEDULE_READS). */
export type SchedulePlan = ReadPlan<ScheduleRow>;

const SORTABLE = {
  id: schedules.id,
  name: schedules.name,
  channel: schedules.channel,
  channelId: schedules.channelId,
  status: schedules.status,
  fps: schedules.fps,
  playlistType: schedules.playlistType,
  txdate: schedules.txdate,
  startDate: schedules.startDate,
  finishDate: schedules.finishDate,
  dateCreated: schedules.dateCreated,
  dateUpdated: schedules.dateUpdated,
  version: schedules.version,
  archiveStatus: schedules.archiveStatus,
} as const;
const DEFAULT_SORT: SortSpec[] = [{ property: "id", direction: "ASC" }];
/** The placeholder of a later page's offset in a folded list's kept statement. */
const SCHEDULES_SKIP = "__schedules_skip";

export interface ListSchedulesArgs {
  organization?: string | null;
  filter?: ScheduleFilterInput | null;
  page?: number | null;
  size?: number | null;
  sort?: string[] | null;
  selectedScheduleId?: string | null;
}

export class ScheduleService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /**
   * withTotal false: the answer's totalElements, totalPages and last are not counted (the caller
   * does not read them); plan: the fields read of each schedule; fold and columns: other slices'
   * pages read in the same statement (Folds).
   */
  async list(viewer: Viewer, args: ListSchedulesArgs, withTotal = true, folds: Folds = NO_FOLDS, plan: SchedulePlan = SCHEDULE_READS.everything): Promise<SchedulePage> {
    const organization = scopeOrganization(viewer, args.organization);
    const sort = parseSort(args.sort, Object.keys(SORTABLE), DEFAULT_SORT);
    const conditions = [when("organization", organization, (p) => eq(schedules.organization, p)), always("visible", visible), ...filterConditions(args.filter)];
    const order = orderOf(sort);
    const request = pageRequest(args.page, args.size, this.maxPageSize);
    if (args.selectedScheduleId !== undefined && args.selectedScheduleId !== null && (args.page === undefined || args.page === null)) {
      const position = await this.positionOf(parseId(args.selectedScheduleId, "selectedScheduleId"), inlined(conditions), order.by());
      if (position !== null) request.page = Math.floor(position / request.size);
    }
    // One statement of the plan's columns, the total (when asked) a window over the same rows; with folds, their pages too.
    if (folded(folds)) {
      const { rows, total } = await this.pageFolded(conditions, order, request, folds, withTotal, plan);
      return { content: rows, ...pageMeta(request, total, rows.length, sort) };
    }
    const { rows, total } = await plannedPage<ScheduleRow>(this.db, schedules, plan, conditions, order, request, withTotal);
    const content = rows.map((row) => SCHEDULE_READS.toOutput(row, plan));
    return { content, ...pageMeta(request, total, content.length, sort) };
  }

  /** The page of schedules and the folded pages of each in one statement; past the end, counted apart. */
  private async pageFolded(conditions: readonly (Condition | null)[], order: Order, request: PageRequest, folds: Folds, withTotal: boolean, plan: SchedulePlan): Promise<{ rows: Schedule[]; total: number }> {
    const total = withTotal ? sql`, count(*) over () as _total` : sql``;
    // The page's size written into the text (a generic plan then knows the limit); a later page's offset as a placeholder.
    const bounds = pageBounds(request, SCHEDULES_SKIP);
    const shape = `page:${order.key}:${withTotal ? "total" : ""}:${bounds.key}`;
    const rows = await this.foldedRows(shape, conditions, folds, plan, bounds.values, (where) => {
      const by = sql.join(order.by(), sql`, `);
      return sql`select ${foldedColumns(plan)}, row_number() over (order by ${by}) as _rank${total} from ${schedules} where ${where} order by ${by} ${bounds.clause}`;
    });
    if (!withTotal) return { rows: this.withFolded(rows, folds, plan), total: shownTotal(request, rows.length) };
    const counted = rows.length ? Number(rows[0]._total) : request.page === 0 ? 0 : await plannedCount(this.db, schedules, conditions);
    return { rows: this.withFolded(rows, folds, plan), total: counted };
  }

  /**
   * The schedules `schedulesPage` selects under `conditions` (given their placeholders), each with
   * its page of events (foldedPagesStatement) and the columns of the other folds: one statement,
   * kept per shape (`shape` names the rest of its text).
   */
  private foldedRows(shape: string, conditions: readonly (Condition | null)[], folds: Folds, plan: SchedulePlan, values: Record<string, unknown>, schedulesPage: (where: SQL | undefined) => SQL): Promise<Record<string, unknown>[]> {
    const held = heldConditions(conditions);
    const { events, columns } = folds;
    const pages = events ? heldPages(events.request, events.filter, events.plan.key) : null;
    const columnsKey = columns.map((c) => `${c.field}=${c.statementKey}`).join(";");
    const key = `schedules fold:${shape}:${plan.key}:${held.key}:${pages?.key ?? ""}:${columnsKey}`;
    const build = () => {
      const extra = columns.map((c) => sql`${c.column()} as ${sql.identifier(foldedName(c.field))}`);
      return events
        ? foldedPagesStatement(schedulesPage(held.where()), events.request, events.filter, events.plan, extra)
        : sql`with sp as materialized (${schedulesPage(held.where())}) select sp.*${sql.join(extra.map((e) => sql`, ${e}`))} from sp order by sp._rank`;
    };
    const foldValues = Object.assign({}, ...columns.map((c) => c.values), pages?.values ?? {});
    return plannedStatement<Record<string, unknown>>(this.db, key, build, { ...held.values, ...foldValues, ...values });
  }

  private withFolded(rows: Record<string, unknown>[], { events, columns }: Folds, plan: SchedulePlan): Schedule[] {
    const pages = events?.pagesOf(rows);
    return rows.map((raw, i) => ({
      ...SCHEDULE_READS.toOutput(scheduleRowOf(raw, plan.columns), plan),
      prefetchedEvents: pages?.[i],
      folded: Object.fromEntries(columns.map((c) => [c.field, { key: c.key, text: raw[foldedName(c.field)] as string | null }])),
    }));
  }

  /** Zero-based row number of a schedule within a filtered, sorted list; null when it is not in it. */
  private async positionOf(id: number, where: SQL | undefined, orderBy: SQL[]): Promise<number | null> {
    const ranked = this.db
      .select({ id: schedules.id, position: sql<number>`row_number() over (order by ${sql.join(orderBy, sql`, `)}) - 1`.as("position") })
      .from(schedules)
      .where(where)
      .as("ranked");
    const [row] = await this.db.select({ position: ranked.position }).from(ranked).where(eq(ranked.id, id));
    return row ? Number(row.position) : null;
  }

  /** folds: other slices' pages read in the same statement (as list); plan: the fields read of the schedule. */
  async get(viewer: Viewer, id: string, organization?: string | null, folds: Folds = NO_FOLDS, plan: SchedulePlan = SCHEDULE_READS.everything): Promise<Schedule> {
    const { scheduleId, conditions } = scheduleLookup(viewer, id, organization, false);
    const [schedule] = folded(folds)
      ? this.withFolded(await this.foldedRows("one", conditions, folds, plan, {}, (where) => sql`select ${foldedColumns(plan)}, 1 as _rank from ${schedules} where ${where}`), folds, plan)
      : (await plannedRows(this.db, schedules, plan, conditions, { byKey: true })).map((row) => SCHEDULE_READS.toOutput(row, plan));
    if (!schedule) throw notFound("Schedule", scheduleId);
    return schedule;
  }

  async byGraphicsProject(viewer: Viewer, name: string, organization?: string | null, plan: SchedulePlan = SCHEDULE_READS.everything): Promise<Schedule[]> {
    const rows = await plannedRows(this.db, schedules, plan, this.graphicsProjectConditions(viewer, name, organization), { order: BY_ID });
    return rows.map((row) => SCHEDULE_READS.toOutput(row, plan));
  }

  /** The schedules of `byGraphicsProject` as a page, by id, with how many there are when the page reads it. */
  async byGraphicsProjectPage(viewer: Viewer, name: string, organization?: string | null, page?: number | null, size?: number | null, withTotal = true, plan: SchedulePlan = SCHEDULE_READS.everything): Promise<SchedulePage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const { rows, total } = await plannedPage<ScheduleRow>(this.db, schedules, plan, this.graphicsProjectConditions(viewer, name, organization), BY_ID, request, withTotal);
    return { content: rows.map((row) => SCHEDULE_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, DEFAULT_SORT) };
  }

  private graphicsProjectConditions(viewer: Viewer, name: string, organization?: string | null): (Condition | null)[] {
    const org = scopeOrganization(viewer, organization);
    if (!name.trim()) throw badInput("name must not be empty", { argument: "name" });
    return [
      when("organization", org, (p) => eq(schedules.organization, p)),
      always("visible", visible),
      when("graphicsProject", name, (p) => sql`(${schedules.graphicsProject} = ${p} or ${schedules.graphicsProjectV2} = ${p})`),
    ];
  }

  async create(viewer: Viewer, input: ScheduleInput, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const org = scopeOrganization(viewer, organization ?? input.organization);
    const fields = scheduleFields(input);
    return editSchedule(this.db, viewer, { operation: "createSchedule" }, async ({ tx }) => {
      const [row] = await tx
        .insert(schedules)
        .values({ ...fields, name: fields.name!, organization: org, createdBy: viewer.userId })
        .returning();
      return toSchedule(row);
    });
  }

  async update(viewer: Viewer, id: string, input: ScheduleInput, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    return editSchedule(this.db, viewer, { operation: "updateSchedule" }, async ({ tx }) => {
      const existing = await lockSchedule(tx, viewer, id, organization ?? input.organization);
      checkVersion(existing, input.version);
      const fields = scheduleFields(input, existing);
      const [row] = await tx
        .update(schedules)
        .set({ ...fields, version: sql`${schedules.version} + 1`, dateUpdated: sql`now()` })
        .where(eq(schedules.id, existing.id))
        .returning();
      return toSchedule(row);
    });
  }

  async delete(viewer: Viewer, id: string, organization?: string | null): Promise<Schedule> {
    const [deleted] = await this.remove(viewer, [id], organization, "deleteSchedule");
    return deleted;
  }

  /** All or nothing: one unknown or foreign id and nothing is deleted. */
  deleteMany(viewer: Viewer, ids: string[], organization?: string | null): Promise<Schedule[]> {
    return this.remove(viewer, ids, organization, "deleteSchedules");
  }

  private async remove(viewer: Viewer, ids: string[], organization: string | null | undefined, operation: "deleteSchedule" | "deleteSchedules"): Promise<Schedule[]> {
    requireRole(viewer, "editor");
    const wanted = [...new Set(parseIds(ids))];
    if (wanted.length === 0) throw badInput("ids must name at least one schedule", { argument: "ids" });
    const org = scopeForRecord(viewer, organization);
    return editSchedule(this.db, viewer, { operation }, async ({ tx }) => {
      const rows = org === null ? [] : await tx.select().from(schedules).where(and(eq(schedules.organization, org), visible(), anyOfIds(schedules.id, wanted))).for("update");
      const found = new Set(rows.map((r) => r.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) throw notFound(missing.length === 1 ? "Schedule" : "Schedules", missing.join(", "));
      await tx.delete(schedules).where(anyOfIds(schedules.id, wanted));
      const byId = new Map(rows.map((r) => [r.id, r]));
      return wanted.map((id) => ({ ...toSchedule(byId.get(id)!), deleted: true }));
    });
  }
}

/**
 * Other slices' pages read in the statement of the schedules (given by them: this slice does not
 * import them): the events page (EventsFold) and pages read as one column each (ScheduleColumnFold).
 */
export interface Folds {
  events: EventsFold | null;
  columns: readonly ScheduleColumnFold[];
}

export const NO_FOLDS: Folds = { events: null, columns: [] };

const folded = (folds: Folds): boolean => folds.events !== null || folds.columns.length > 0;

/** The statement's column of a fold's page. */
const foldedName = (field: string): string => `_fold_${field}`;

/** The columns of a folded statement's schedules (store/json-pages.ts reads their id, organization, time origin and event count). */
const foldedColumns = (plan: SchedulePlan): SQL =>
  sql.join([...new Set([...plan.columns, "timeOrigin", "eventCount"] as const)].map((column) => schedules[column]), sql`, `);

/** Schedules every read and lookup sees: not one an import is still writing (tables.ts `visibility`). */
export const visible = (): SQL => eq(schedules.visibility, "VISIBLE");

/** The schedule with this id in the caller's organization, or NOT_FOUND (also for other organizations' and ones being imported). */
export function findSchedule(executor: Executor, viewer: Viewer, id: string | number, organization?: string | null): Promise<ScheduleRow> {
  return openSchedule(executor, viewer, id, organization, { lock: false });
}

/** The schedule's event count (heavy fields price their work by it): from the object when it carries it, else read. */
export async function scheduleEventCount(executor: Executor, viewer: Viewer, schedule: { id: string; organization: string; eventCount?: number }): Promise<number> {
  return schedule.eventCount ?? (await findSchedule(executor, viewer, schedule.id, schedule.organization)).eventCount;
}

/** As findSchedule, holding the row lock until the transaction ends (serializes writers of one schedule). */
export function lockSchedule(executor: Executor, viewer: Viewer, id: string | number, organization?: string | null): Promise<ScheduleRow> {
  return openSchedule(executor, viewer, id, organization, { lock: true });
}

/**
 * findSchedule or lockSchedule; includeHidden: also a schedule an import is still writing (that
 * import's own writes); settings: transaction-local settings the same statement sets first;
 * sendBehind: called with the schedule's id once its read is sent, to send statements that run
 * right behind it in the same round trip (their answers are the caller's; used only once the
 * schedule is found). It must not throw.
 */
export async function openSchedule(
  executor: Executor,
  viewer: Viewer,
  id: string | number,
  organization: string | null | undefined,
  options: { lock: boolean; includeHidden?: boolean; settings?: LocalSettings; sendBehind?: (scheduleId: number) => void },
): Promise<ScheduleRow> {
  const { scheduleId, conditions } = scheduleLookup(viewer, id, organization, options.includeHidden ?? false);
  const held = heldConditions(conditions);
  const settings = heldLocals(options.settings);
  // Its text is kept by what shapes it (which conditions, the lock, the settings' names).
  const key = `schedule:open:${held.key}:${options.lock ? "lock" : "read"}:${settings.key}`;
  const reading = plannedStatement<Record<string, unknown>>(
    executor,
    key,
    () => sql`select ${SCHEDULE_COLUMN_LIST} from schedules where ${and(held.where(), settings.condition())}${options.lock ? sql` for update` : sql``}`,
    { ...held.values, ...settings.values },
  );
  // What must run right behind the read (under its lock) goes out in the same round trip.
  options.sendBehind?.(scheduleId);
  const [row] = await reading;
  if (!row) throw notFound("Schedule", scheduleId);
  return scheduleRowOf(row);
}

/** The conditions naming one schedule the caller may see (NOT_FOUND for another organization's, as for a missing one). */
function scheduleLookup(viewer: Viewer, id: string | number, organization: string | null | undefined, includeHidden: boolean): { scheduleId: number; conditions: Condition[] } {
  const scheduleId = parseId(id, "id");
  const org = scopeForRecord(viewer, organization);
  if (org === null) throw notFound("Schedule", scheduleId);
  const conditions = [when("id", scheduleId, (p) => eq(schedules.id, p))!, when("organization", org, (p) => eq(schedules.organization, p))!];
  return { scheduleId, conditions: includeHidden ? conditions : [...conditions, always("visible", visible)] };
}

/** Checks the version a caller read against the stored one (optimistic concurrency): CONFLICT when they differ. */
export function checkVersion(row: ScheduleRow, version: number | null | undefined): void {
  if (version !== undefined && version !== null && version !== row.version) throw staleVersion("Schedule", version, row.version);
}

function filterConditions(filter: ScheduleFilterInput | null | undefined): (Condition | null)[] {
  if (!filter) return [];
  checkRange("dateUpdated", filter.dateUpdatedFrom, filter.dateUpdatedTo);
  checkRange("startDate", filter.startDateFrom, filter.startDateTo);
  checkRange("finishDate", filter.finishDateFrom, filter.finishDateTo);
  checkFpsFilter(filter.fps);
  const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
  return [
    when("name", filter.name || null, (p) => sql`lower(${schedules.name}) = lower(${p})`),
    whenPattern("nameSubString", filter.nameSubString ? `%${escapeLike(filter.nameSubString)}%` : null, (p) => ilike(schedules.name, p)),
    when("channel", filter.channel || null, (p) => eq(schedules.channel, p)),
    when("fps", filter.fps, (p) => eq(schedules.fps, p)),
    when("graphicsProjectV2", filter.graphicsProjectV2 || null, (p) => eq(schedules.graphicsProjectV2, p)),
    whenAnyOf("statuses", schedules.status, filter.statuses?.length ? filter.statuses : null),
    when("archiveStatus", filter.archiveStatus || null, (p) => eq(schedules.archiveStatus, p)),
    when("dateUpdatedFrom", filter.dateUpdatedFrom || null, (p) => gte(schedules.dateUpdated, p)),
    when("dateUpdatedTo", filter.dateUpdatedTo || null, (p) => lte(schedules.dateUpdated, p)),
    when("startDateFrom", filter.startDateFrom || null, (p) => gte(schedules.startDate, p)),
    when("startDateTo", filter.startDateTo || null, (p) => lte(schedules.startDate, p)),
    when("finishDateFrom", filter.finishDateFrom || null, (p) => gte(schedules.finishDate, p)),
    when("finishDateTo", filter.finishDateTo || null, (p) => lte(schedules.finishDate, p)),
  ];
}

/** The order of a sort (named by it, so a planned statement is kept per sort). */
function orderOf(sort: SortSpec[]): Order {
  return {
    key: sort.map((s) => `${s.property} ${s.direction}`).join(","),
    by: () => {
      const order = sort.map((s) => {
        const column = SORTABLE[s.property as keyof typeof SORTABLE];
        // A column without nulls is written without `nulls last` (the same order), so that an index gives it either way.
        if (column.notNull) return s.direction === "DESC" ? desc(column) : asc(column);
        return s.direction === "DESC" ? sql`${desc(column)} nulls last` : sql`${asc(column)} nulls last`;
      });
      // A stable order whatever the sort, so that pages never repeat or skip a row.
      if (!sort.some((s) => s.property === "id")) order.push(sql`${asc(schedules.id)}`);
      return order;
    },
    // The primary key's index gives the order by id, whichever way and whatever the conditions; the
    // other sortable columns have no index that does for every caller (an index by organization
    // gives theirs only within one).
    indexed: sort.length === 1 && sort[0].property === "id",
  };
}

const BY_ID: Order = { key: "id", by: () => [asc(schedules.id)], indexed: true };

/** A schedule row by id, visible or not, without a caller's scope (a job re-reads the schedule it was given); undefined when gone. */
export async function scheduleRowById(executor: Executor, scheduleId: number): Promise<ScheduleRow | undefined> {
  const [row] = await executor.select().from(schedules).where(eq(schedules.id, scheduleId));
  return row;
}

/** How many schedules there are (of one organization when given): the demo seeds only an empty database. */
export async function countSchedules(executor: Executor, organization?: string): Promise<number> {
  const [{ n }] = await executor.select({ n: count() }).from(schedules).where(organization === undefined ? undefined : eq(schedules.organization, organization));
  return Number(n);
}
