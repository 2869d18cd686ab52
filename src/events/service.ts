// Events: every mutation is one edit of the timeline (src/schedules/edit-timeline.ts: role,
// transaction, lock, version check, one touch of version and counters); this file holds the work.
import { sql } from "drizzle-orm";
import type { GraphQLResolveInfo } from "graphql";
import { requireRole, requireViewer, type Viewer } from "../common/auth.js";
import { badInput, notFound } from "../common/errors.js";
import { checkInstantInRange, checkMoveInRange } from "../common/instants.js";
import { parseId, parseIds } from "../common/ids.js";
import { pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { frameRateOf } from "../schedules/index.js";
import { toSchedule } from "../schedules/index.js";
import type { FrameRate } from "../timecode/index.js";
import { copyName, scheduleName } from "../schedules/index.js";
import { editTimeline, outcome } from "../schedules/index.js";
import { schedules, type ScheduleRow } from "../schedules/tables.js";
import type { EventsFold, Schedule } from "../schedules/index.js";
import { ripple } from "../timeline/index.js";
import { checkFilter, type EventFilter } from "./criteria.js";
import { toEvent, toValues } from "./mapper.js";
import { pageAt, schedulesPages } from "./pages.js";
import type { PageSelection } from "./selection.js";
import type { JsonPagePlan } from "./json-plan.js";
import { jsonSchedulesPages } from "./json-reads.js";
import { foldedEventsRead, type FoldedField } from "./json-fold.js";
import { previewPage } from "./preview.js";
import { checkEventTiming, eventValues } from "./rules.js";
import * as store from "../schedules/index.js";
import { eventsSummary } from "./summary.js";
import { timeline } from "./timeline-errors.js";
import { scheduleTarget, type EventTarget } from "../schedules/index.js";
import { bulkEdit } from "./bulk.js";
import type { BulkEditInput, BulkEditResult } from "./bulk-types.js";
import type { Event, EventCriteriaInput, EventInput, EventPage, EventPageResult, EventsSummary } from "./types.js";

export interface EventsPageArgs {
  page?: number | null;
  size?: number | null;
  filter?: EventFilter | null;
}

export class EventService {
  constructor(
    private readonly db: Database,
    private readonly maxPageSize = 1000,
  ) {}

  /** Schedule.events for several schedules of one request (the DataLoader's batch). */
  pagesOf(scheduleIds: number[], args: EventsPageArgs, selection?: PageSelection): Promise<Map<number, EventPage>> {
    checkFilter(args.filter);
    return schedulesPages(this.db, scheduleIds, pageRequest(args.page, args.size, this.maxPageSize), args.filter, selection);
  }

  /** As pagesOf, built as JSON by PostgreSQL for a selection json-plan.ts accepts. */
  jsonPagesOf(scheduleIds: number[], args: EventsPageArgs, plan: JsonPagePlan): Promise<Map<number, EventPage>> {
    checkFilter(args.filter);
    return jsonSchedulesPages(this.db, scheduleIds, pageRequest(args.page, args.size, this.maxPageSize), args.filter, plan);
  }

  /** Query.schedules (a page) or Query.schedule: the events read in the same statement, when `info` asks them as one JSON page read (json-fold.ts). */
  foldedRead(info: GraphQLResolveInfo, answers: FoldedField): EventsFold | null {
    return foldedEventsRead(info, answers, this.maxPageSize);
  }

  async pageAt(viewer: Viewer | null, schedule: Schedule, time: Date, pageSize: number, criteria?: EventCriteriaInput | null): Promise<number> {
    requireViewer(viewer);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > this.maxPageSize) {
      throw badInput(`pageSize must be from 1 to ${this.maxPageSize}`, { argument: "pageSize" });
    }
    checkFilter(criteria);
    return pageAt(this.db, scheduleTarget(Number(schedule.id)), time.getTime(), pageSize, criteria);
  }

  async summary(viewer: Viewer | null, schedule: Schedule, size?: number | null): Promise<EventsSummary> {
    requireViewer(viewer);
    const request = pageRequest(0, size, this.maxPageSize);
    return eventsSummary(this.db, Number(schedule.id), request.size, Date.now());
  }

  /** S17: the page as rippleSchedule would leave it; nothing is written. */
  async ripplePreview(
    viewer: Viewer | null,
    schedule: Schedule,
    args: { eventId: string; fixAll?: boolean | null; criteria?: EventCriteriaInput | null; page?: number | null; size?: number | null },
  ): Promise<EventPageResult> {
    requireViewer(viewer);
    checkFilter(args.criteria);
    const eventId = parseId(args.eventId, "eventId");
    const request = pageRequest(args.page ?? args.criteria?.pageNumber, args.size ?? args.criteria?.pageSize, this.maxPageSize);
    const scheduleId = Number(schedule.id);
    const timings = await store.loadTimings(this.db, scheduleTarget(scheduleId));
    if (!timings.some((t) => t.id === eventId)) throw notFound("Event", eventId);
    const { moves } = timeline(() => ripple(timings, eventId, { fixAll: args.fixAll ?? false }));
    return previewPage(this.db, schedule, timings, moves, request, args.criteria);
  }

  async create(viewer: Viewer, scheduleId: string, input: EventInput, changeSetId?: string | null, organization?: string | null): Promise<Event> {
    return editTimeline(this.db, viewer, { operation: "createEvent", scheduleId, changeSetId, organization }, async ({ tx, schedule, target }) => {
      const defaultStart = (await store.lastEnd(tx, target)) ?? schedule.startDate?.getTime() ?? Math.floor(Date.now() / 1000) * 1000;
      const values = eventValues(input, null, { onAirTime: defaultStart, rate: frameRateOf(schedule) });
      const [row] = await store.insertEvents(tx, target, [values]);
      return outcome(true, () => toEvent(row));
    });
  }

  /** S27: all or nothing; each input names an event of this schedule (or draft) by id. */
  async update(viewer: Viewer, scheduleId: string, version: number, inputs: EventInput[], changeSetId?: string | null, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    if (inputs.length === 0) throw badInput("events must hold at least one event", { argument: "events" });
    return editTimeline(this.db, viewer, { operation: "updateEvents", scheduleId, changeSetId, organization, version }, async ({ tx, schedule, target }) => {
      await applyUpdates(tx, target, inputs, "events", frameRateOf(schedule));
      return outcome(true, toSchedule);
    });
  }

  /** S28: all or nothing. */
  async delete(viewer: Viewer, scheduleId: string, ids: string[], changeSetId?: string | null, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const wanted = [...new Set(parseIds(ids))];
    if (wanted.length === 0) throw badInput("ids must name at least one event", { argument: "ids" });
    return editTimeline(this.db, viewer, { operation: "deleteEvents", scheduleId, changeSetId, organization }, async ({ tx, target }) => {
      await store.requireEventIds(tx, target, wanted);
      await store.deleteEventIds(tx, target, wanted);
      return outcome(true, toSchedule);
    });
  }

  /** S30: ripple from an event up to the next locked one (fixAll: every segment after it). */
  async ripple(viewer: Viewer, scheduleId: string, version: number, fromEventId: string, fixAll?: boolean | null, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const eventId = parseId(fromEventId, "fromEventId");
    return editTimeline(this.db, viewer, { operation: "rippleSchedule", scheduleId, organization, version }, async ({ tx, target }) => {
      const timings = await store.loadTimings(tx, target);
      if (!timings.some((t) => t.id === eventId)) throw notFound("Event", eventId);
      const { moves } = timeline(() => ripple(timings, eventId, { fixAll: fixAll ?? false }));
      const durations = new Map(timings.map((t) => [t.id, t.duration]));
      for (const m of moves) checkEventTiming({ onAirTime: m.onAirTime, duration: durations.get(m.id) ?? 0 }, "rippleSchedule");
      await store.moveEvents(tx, target, moves);
      return outcome(true, toSchedule);
    });
  }

  /** S31: see bulk.ts. */
  bulkEdit(
    viewer: Viewer,
    args: { scheduleId: string; version: number; input: BulkEditInput; changeSetId?: string | null; organization?: string | null },
  ): Promise<BulkEditResult> {
    return bulkEdit(this.db, viewer, args, this.maxPageSize);
  }

  /** S36: every event moves, locked ones included. */
  async shift(viewer: Viewer, id: string, milliseconds: number, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    if (!Number.isSafeInteger(milliseconds)) throw badInput("milliseconds must be a whole number", { argument: "milliseconds" });
    return editTimeline(this.db, viewer, { operation: "shiftSchedule", scheduleId: id, organization }, async ({ tx, schedule }) => {
      checkMoveInRange(await scheduleSpan(tx, schedule), milliseconds, "shiftSchedule", { argument: "milliseconds" });
      await store.shiftAll(tx, schedule.id, milliseconds);
      await moveStoredDates(tx, schedule, milliseconds);
      return outcome(true, toSchedule);
    });
  }

  /** S39: the first event starts at startTime; every offset and duration stays. */
  async transpose(viewer: Viewer, id: string, startTime: Date, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const target = startTime.getTime();
    if (!Number.isFinite(target)) throw badInput("startTime is not a valid instant", { argument: "startTime" });
    return editTimeline(this.db, viewer, { operation: "transposeSchedule", scheduleId: id, organization }, async ({ tx, schedule }) => {
      const first = (await store.firstStart(tx, schedule.id)) ?? schedule.startDate?.getTime() ?? target;
      const by = target - first;
      checkMoveInRange(await scheduleSpan(tx, schedule), by, "transposeSchedule", { argument: "startTime" });
      await store.shiftAll(tx, schedule.id, by);
      await moveStoredDates(tx, schedule, by);
      return outcome(true, toSchedule);
    });
  }

  /**
   * S23: a new schedule (version 1) with copies of every event. The source is only read (no
   * lock, no touch); the copy is born with its events and counters, so it is not touched either.
   */
  async copy(viewer: Viewer, id: string, name?: string | null, organization?: string | null): Promise<Schedule> {
    requireRole(viewer, "editor");
    const newName = name === undefined || name === null ? null : scheduleName(name);
    return editTimeline(this.db, viewer, { operation: "copySchedule", scheduleId: id, organization, lock: "read" }, async ({ tx, schedule: source }) => {
      // A schedule stored before the range was enforced is not copied into a second broken one.
      if (source.startDate) checkInstantInRange(source.startDate.getTime(), "copySchedule: the schedule's startDate");
      if (source.finishDate) checkInstantInRange(source.finishDate.getTime(), "copySchedule: the schedule's finishDate");
      const { id: _id, dateCreated: _c, dateUpdated: _u, version: _v, ...fields } = source;
      const [copy] = await tx
        .insert(schedules)
        .values({ ...fields, name: newName ?? copyName(source.name), archiveStatus: "NOT_ARCHIVED", createdBy: viewer.userId })
        .returning();
      await store.copyEvents(tx, source.id, copy);
      return outcome(false, () => toSchedule(copy));
    });
  }
}

/** What a shift or transpose moves: the events' first start and last end, else the stored dates. */
async function scheduleSpan(executor: Executor, schedule: ScheduleRow): Promise<{ start: number | null; end: number | null }> {
  const start = (await store.firstStart(executor, schedule.id)) ?? schedule.startDate?.getTime() ?? null;
  const end = (await store.lastEnd(executor, scheduleTarget(schedule.id))) ?? schedule.finishDate?.getTime() ?? null;
  return { start, end };
}

/** While a schedule has no events its stored dates are its own: shifting it moves them too. */
async function moveStoredDates(executor: Executor, schedule: ScheduleRow, by: number): Promise<void> {
  if (by === 0) return;
  await executor.execute(sql`update schedules set start_date = start_date + make_interval(secs => ${by / 1000}),
    finish_date = finish_date + make_interval(secs => ${by / 1000}) where id = ${schedule.id}`);
}

/** Applies updates (each with the id of an event of the target) in one statement. */
export async function applyUpdates(executor: Executor, target: EventTarget, inputs: EventInput[], argument: string, rate?: FrameRate): Promise<number[]> {
  const ids = inputs.map((input, i) => {
    if (input.id === undefined || input.id === null) throw badInput(`${argument}[${i}].id is required`, { field: `${argument}[${i}].id` });
    return parseId(input.id, `${argument}[${i}].id`);
  });
  if (new Set(ids).size !== ids.length) throw badInput(`${argument} names an event twice`, { argument });
  const rows = await store.loadEventsById(executor, target, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(missing.length === 1 ? "Event" : "Events", missing.join(", "));
  const updates = inputs.map((input, i) => ({
    id: ids[i],
    values: eventValues(input, toValues(byId.get(ids[i])!), { onAirTime: 0, rate }, `${argument}[${i}]`),
  }));
  await store.updateEvents(executor, target, updates);
  return ids;
}

