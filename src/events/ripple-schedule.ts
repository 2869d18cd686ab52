// rippleSchedule (S30) and its dry run ripplePreview (S17): a schedule-level edit that stays in
// the events slice because it needs the pure timeline rules (src/timeline/ ripple) and the
// events' timing checks and errors (rules.ts, timeline-errors.ts); schedules/ importing them would
// be a cycle (events uses schedules). copy, shift and transpose need neither and live in
// src/schedules/copy-shift-transpose.ts (docs/DECISIONS.md "Operations where their names say").
import { requireRole, type Viewer } from "../common/auth.js";
import { notFound } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { pageRequest } from "../common/paging.js";
import type { Database } from "../db/client.js";
import { editScheduleEvents, loadTimings, loadTimingsFrom, moveEvents, outcome, scheduleTarget, toSchedule, type Schedule, type EventsEditTarget } from "../schedules/index.js";
import { ripple } from "../timeline/index.js";
import { checkFilter } from "./rules.js";
import { pageKey, relabelPage, rippleCopyId } from "./copies.js";
import { previewPage } from "./preview.js";
import { checkEventTiming } from "./rules.js";
import { runTimelineRule } from "./timeline-errors.js";
import type { EventCriteriaInput, EventPageResult } from "./types.js";

export interface RipplePreviewArgs {
  eventId: string;
  fixAll?: boolean | null;
  criteria?: EventCriteriaInput | null;
  page?: number | null;
  size?: number | null;
}

/** S17: the page as rippleSchedule would leave it; nothing is written. */
export async function ripplePreview(db: Database, schedule: Schedule, args: RipplePreviewArgs, maxPageSize: number): Promise<EventPageResult> {
  checkFilter(args.criteria);
  const eventId = parseId(args.eventId, "eventId");
  const request = pageRequest(args.page ?? args.criteria?.pageNumber, args.size ?? args.criteria?.pageSize, maxPageSize);
  const timings = await loadTimings(db, scheduleTarget(Number(schedule.id)));
  if (!timings.some((t) => t.id === eventId)) throw notFound("Event", eventId);
  const { moves } = runTimelineRule(() => ripple(timings, eventId, { fixAll: args.fixAll ?? false }));
  const result = await previewPage(db, schedule, timings, moves, request, args.criteria);
  // Not the live records: ids of their own (copies.ts), and one per question for the page.
  const fixAll = args.fixAll ?? false;
  relabelPage(result.page, (id) => rippleCopyId(id, schedule.version, eventId, fixAll));
  result.id = `${rippleCopyId(schedule.id, schedule.version, eventId, fixAll)}#${pageKey(request.page, request.size, args.criteria)}`;
  return result;
}

/** S30: ripple from an event up to the next locked one (fixAll: every segment after it). */
export function rippleSchedule(db: Database, viewer: Viewer, at: EventsEditTarget, fromEventId: string, fixAll?: boolean | null): Promise<Schedule> {
  requireRole(viewer, "editor");
  const eventId = parseId(fromEventId, "fromEventId");
  return editScheduleEvents(db, viewer, { ...at, operation: "rippleSchedule" }, async ({ tx, target }) => {
    // Only what the ripple may move: the event and those after it, up to the next locked one (fixAll: to the end).
    const timings = await loadTimingsFrom(tx, target, eventId, !fixAll);
    if (!timings.some((t) => t.id === eventId)) throw notFound("Event", eventId);
    const { moves } = runTimelineRule(() => ripple(timings, eventId, { fixAll: fixAll ?? false }));
    const durations = new Map(timings.map((t) => [t.id, t.duration]));
    for (const m of moves) checkEventTiming({ onAirTime: m.onAirTime, duration: durations.get(m.id) ?? 0 }, "rippleSchedule");
    await moveEvents(tx, target, moves);
    // Moved, none added or removed: the touch moves the count by 0 instead of counting.
    return outcome(true, toSchedule, 0);
  });
}
