// Events: every mutation is one edit of the schedule's events (src/schedules/edit-events.ts: role,
// transaction, lock, version check, one touch of version and counters); this file holds the work.
import type { GraphQLResolveInfo } from "graphql";
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput, notFound } from "../common/errors.js";
import { parseId, parseIds } from "../common/ids.js";
import { pageRequest } from "../common/paging.js";
import type { Database, Executor } from "../db/client.js";
import { broadcastDayRange, frameRateOf, localClockOf } from "../schedules/index.js";
import type { LocalClock } from "../localtime/index.js";
import { scheduleEventCount, toSchedule } from "../schedules/index.js";
import type { FrameRate } from "../timecode/index.js";
import { editScheduleEvents, outcome, type EventsEditTarget } from "../schedules/index.js";
import type { EventsFold, Schedule } from "../schedules/index.js";
import { checkFilter } from "./rules.js";
import { toEvent } from "./mapper.js";
import { pageAt, schedulesPages } from "./pages.js";
import type { PageSelection } from "./selection.js";
import type { JsonPagePlan } from "./json-plan.js";
import { jsonSchedulesPages } from "./json-reads.js";
import { foldedEventsRead } from "./json-fold.js";
import type { FoldedField } from "../common/selection.js";
import { eventValues, valuesToRead } from "./rules.js";
import * as store from "../schedules/index.js";
import { eventsSummary } from "./summary.js";
import { heavyWork } from "../common/heavy-work.js";
import { rippleSchedule, ripplePreview, type RipplePreviewArgs } from "./ripple-schedule.js";
import { scheduleTarget, type EventTarget, type EventUpdate } from "../schedules/index.js";
import type { StoredValues } from "../schedules/index.js";
import { bulkEdit } from "./bulk.js";
import type { BulkEditInput, BulkEditResult } from "./bulk-types.js";
import { copyIdOfTarget, relabelEvent } from "./copies.js";
import type { Event, EventCriteriaInput, EventInput, EventPage, EventPageResult, EventsPageArgs, EventsSummary } from "./types.js";


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

  async pageAt(viewer: Viewer, schedule: Schedule, time: Date, pageSize: number, criteria?: EventCriteriaInput | null): Promise<number> {
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > this.maxPageSize) {
      throw badInput(`pageSize must be from 1 to ${this.maxPageSize}`, { argument: "pageSize" });
    }
    checkFilter(criteria);
    return pageAt(this.db, scheduleTarget(Number(schedule.id)), time.getTime(), pageSize, criteria);
  }

  async summary(viewer: Viewer, schedule: Schedule, size?: number | null, broadcastDate?: string | null): Promise<EventsSummary> {
    const request = pageRequest(0, size, this.maxPageSize);
    return eventsSummary(this.db, Number(schedule.id), request.size, Date.now(), broadcastDayRange(schedule, broadcastDate));
  }

  /** S17: see ripple-schedule.ts. */
  async ripplePreview(viewer: Viewer, schedule: Schedule, args: RipplePreviewArgs): Promise<EventPageResult> {
    const events = await scheduleEventCount(this.db, viewer, schedule);
    return heavyWork("Schedule.ripplePreview", viewer.userId, events, () => ripplePreview(this.db, schedule, args, this.maxPageSize));
  }

  /** S26: `at` names the schedule (or draft) as the mutation's arguments do; passed as it is to editScheduleEvents. */
  async create(viewer: Viewer, at: EventsEditTarget, input: EventInput): Promise<Event> {
    return editScheduleEvents(this.db, viewer, { ...at, operation: "createEvent" }, async ({ tx, schedule, target }) => {
      const defaultStart = (await store.lastEnd(tx, target)) ?? schedule.startDate?.getTime() ?? Math.floor(Date.now() / 1000) * 1000;
      const values = eventValues(input, null, { onAirTime: defaultStart, rate: frameRateOf(schedule), clock: localClockOf(schedule) });
      const [row] = await store.insertEvents(tx, target, [values]);
      // Created in a draft: the draft's id (copies.ts).
      const draftId = copyIdOfTarget(target);
      return outcome(true, () => (draftId ? relabelEvent(toEvent(row), draftId) : toEvent(row)), 1);
    });
  }

  /** S27: all or nothing; each input names an event of this schedule (or draft) by id. */
  async update(viewer: Viewer, at: EventsEditTarget, inputs: EventInput[]): Promise<Schedule> {
    requireRole(viewer, "editor");
    if (inputs.length === 0) throw badInput("events must hold at least one event", { argument: "events" });
    const ids = updateIds(inputs, "events");
    // The events are read right behind the schedule's lock (only the values the inputs and rules need), and written together with its touch.
    const reading = valuesToRead(inputs);
    const preload = (tx: Executor, target: EventTarget) => store.loadEventValuesById(tx, target, ids, reading);
    return editScheduleEvents(this.db, viewer, { ...at, operation: "updateEvents", preload }, async ({ tx, schedule, target, preloaded }) => {
      const updates = plannedUpdates(ids, preloaded, inputs, "events", frameRateOf(schedule), localClockOf(schedule));
      return outcome(true, toSchedule, 0, () => store.updateEvents(tx, target, updates), store.keepTiming(updates));
    });
  }

  /** S28: all or nothing. */
  async delete(viewer: Viewer, at: EventsEditTarget, ids: string[]): Promise<Schedule> {
    requireRole(viewer, "editor");
    const wanted = [...new Set(parseIds(ids))];
    if (wanted.length === 0) throw badInput("ids must name at least one event", { argument: "ids" });
    // Their presence is checked right behind the target's lock; the delete goes out with the touch
    // (every one named is there, under the lock: the count moves by all of them).
    const preload = (tx: Executor, target: EventTarget) => store.requireEventIds(tx, target, wanted);
    return editScheduleEvents(this.db, viewer, { ...at, operation: "deleteEvents", preload }, async ({ tx, target }) =>
      outcome(true, toSchedule, -wanted.length, () => store.deleteEventIds(tx, target, wanted)),
    );
  }

  /** S30: see ripple-schedule.ts. */
  ripple(viewer: Viewer, at: EventsEditTarget, fromEventId: string, fixAll?: boolean | null): Promise<Schedule> {
    return rippleSchedule(this.db, viewer, at, fromEventId, fixAll);
  }

  /** S31: see bulk.ts. */
  bulkEdit(viewer: Viewer, at: EventsEditTarget, input: BulkEditInput): Promise<BulkEditResult> {
    return bulkEdit(this.db, viewer, at, input, this.maxPageSize);
  }

}

/** The ids of updates' events (each input names one, none twice). */
function updateIds(inputs: EventInput[], argument: string): number[] {
  const ids = inputs.map((input, i) => {
    if (input.id === undefined || input.id === null) throw badInput(`${argument}[${i}].id is required`, { field: `${argument}[${i}].id` });
    return parseId(input.id, `${argument}[${i}].id`);
  });
  if (new Set(ids).size !== ids.length) throw badInput(`${argument} names an event twice`, { argument });
  return ids;
}

/** Each input's new values over its stored event (`rows`: the target's events of `ids`; NOT_FOUND for one missing). */
function plannedUpdates(ids: number[], rows: StoredValues[], inputs: EventInput[], argument: string, rate?: FrameRate, clock?: LocalClock): EventUpdate[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length) throw notFound(missing.length === 1 ? "Event" : "Events", missing.join(", "));
  return inputs.map((input, i) => {
    const before = byId.get(ids[i])!;
    return { id: ids[i], before, values: eventValues(input, before, { onAirTime: 0, rate, clock }, `${argument}[${i}]`) };
  });
}

