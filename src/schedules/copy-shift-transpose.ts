// The schedule-level edits of all of a schedule's events (S23 copySchedule, S36 shiftSchedule, S39
// transposeSchedule): each is one editScheduleEvents over the aggregate's own store and table, and needs
// no rule of src/timeline/ (every event moves by the same amount). rippleSchedule (S30) does need
// those rules and the events' timing checks, so it stays in src/events/ripple-schedule.ts
// (docs/DECISIONS.md "Operations where their names say").
import { sql } from "drizzle-orm";
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { checkInstantInRange, checkMoveInRange } from "../common/instants.js";
import type { Executor } from "../db/client.js";
import { editScheduleEvents, outcome, type Transactor } from "./edit-events.js";
import { toSchedule } from "./mapper.js";
import { copyName, scheduleName } from "./rules.js";
import { broadcastDayLocalOf, DAY_MS, dayStartInstant, wallClockMove, wallClockSteps } from "../localtime/index.js";
import { localClockOf } from "./local-clock.js";
import { copyEvents, eventStarts, firstStart, lastEnd, moveBySteps, refreshDates, shiftAll } from "./store/index.js";
import { schedules, type ScheduleRow } from "./store/tables.js";
import { scheduleTarget } from "./target.js";
import type { Schedule } from "./types.js";

/** The service of the three (ctx.services.scheduleOps); apart from ScheduleService, which the unit of work itself uses. */
export class ScheduleOpsService {
  constructor(private readonly db: Transactor) {}

  copy(viewer: Viewer, args: Parameters<typeof copySchedule>[2]): Promise<Schedule> {
    return copySchedule(this.db, viewer, args);
  }

  shift(viewer: Viewer, args: Parameters<typeof shiftSchedule>[2]): Promise<Schedule> {
    return shiftSchedule(this.db, viewer, args);
  }

  transpose(viewer: Viewer, args: Parameters<typeof transposeSchedule>[2]): Promise<Schedule> {
    return transposeSchedule(this.db, viewer, args);
  }
}

export interface ShiftArgs {
  id: string;
  milliseconds?: number | null;
  days?: number | null;
  wallClock?: boolean | null;
  organization?: string | null;
}

/** S36: every event moves, locked ones included: by milliseconds, or by whole days (exactly, or keeping local times of day: wallClock). */
export function shiftSchedule(db: Transactor, viewer: Viewer, args: ShiftArgs): Promise<Schedule> {
  requireRole(viewer, "editor");
  const { milliseconds, days } = args;
  const given = (v: number | null | undefined) => v !== undefined && v !== null;
  if (given(milliseconds) === given(days)) throw badInput("shiftSchedule takes exactly one of milliseconds and days", { argument: "milliseconds" });
  if (given(milliseconds) && !Number.isSafeInteger(milliseconds)) throw badInput("milliseconds must be a whole number", { argument: "milliseconds" });
  if (given(days) && !(Number.isInteger(days) && Math.abs(days!) <= MAX_SHIFT_DAYS)) throw badInput(`days must be a whole number from -${MAX_SHIFT_DAYS} to ${MAX_SHIFT_DAYS}`, { argument: "days" });
  if (args.wallClock && !given(days)) throw badInput("wallClock shifts by days: give days, not milliseconds", { argument: "wallClock" });
  return editScheduleEvents(db, viewer, { operation: "shiftSchedule", scheduleId: args.id, organization: args.organization }, async ({ tx, schedule }) => {
    const span = await scheduleSpan(tx, schedule);
    if (args.wallClock) {
      await moveByWallClock(tx, schedule, span, days!, "shiftSchedule", "days");
      return outcome(true, toSchedule, 0);
    }
    const by = given(days) ? days! * DAY_MS : milliseconds!;
    checkMoveInRange(span, by, "shiftSchedule", { argument: given(days) ? "days" : "milliseconds" });
    await shiftAll(tx, schedule.id, by);
    await moveStoredDates(tx, schedule, by);
    // Every event moves and none comes or goes: the count moves by 0 (the dates are read again).
    return outcome(true, toSchedule, 0);
  });
}

/** Longest shift by days: about 1,000 years, far beyond any schedule, well within the instant range checks. */
const MAX_SHIFT_DAYS = 366_000;

/**
 * Moves every event `days` calendar days in the schedule's zone keeping its local time of day
 * (src/localtime wallClockSteps): one step per change of offset, set-based. Without events, the
 * stored dates move the same way.
 */
async function moveByWallClock(tx: Executor, schedule: ScheduleRow, span: { start: number | null; end: number | null }, days: number, what: string, argument: string): Promise<void> {
  const { zone } = localClockOf(schedule);
  const starts = await eventStarts(tx, schedule.id);
  if (starts.length === 0) {
    if (span.start === null) return;
    const by = wallClockMove(zone, span.start, days) - span.start;
    checkMoveInRange(span, by, what, { argument });
    await moveStoredDates(tx, schedule, by);
    return;
  }
  const steps = wallClockSteps(zone, starts, days);
  checkMoveInRange({ start: span.start, end: null }, steps[0].by, what, { argument });
  checkMoveInRange({ start: null, end: span.end }, steps[steps.length - 1].by, what, { argument });
  await moveBySteps(tx, schedule.id, steps);
}

/** S39: the first event starts at startTime; every offset and duration stays. */
export function transposeSchedule(db: Transactor, viewer: Viewer, args: { id: string; startTime: Date; organization?: string | null }): Promise<Schedule> {
  requireRole(viewer, "editor");
  const target = args.startTime.getTime();
  if (!Number.isFinite(target)) throw badInput("startTime is not a valid instant", { argument: "startTime" });
  return editScheduleEvents(db, viewer, { operation: "transposeSchedule", scheduleId: args.id, organization: args.organization }, async ({ tx, schedule }) => {
    const first = (await firstStart(tx, schedule.id)) ?? schedule.startDate?.getTime() ?? target;
    const by = target - first;
    checkMoveInRange(await scheduleSpan(tx, schedule), by, "transposeSchedule", { argument: "startTime" });
    await shiftAll(tx, schedule.id, by);
    await moveStoredDates(tx, schedule, by);
    return outcome(true, toSchedule, 0);
  });
}

/**
 * S23: a new schedule (version 1) with copies of every event. The source is only read (no
 * lock, no touch); the copy is born with its events and counters, so it is not touched either.
 */
export function copySchedule(db: Transactor, viewer: Viewer, args: CopyArgs): Promise<Schedule> {
  requireRole(viewer, "editor");
  const newName = args.name === undefined || args.name === null ? null : scheduleName(args.name);
  const options = { operation: "copySchedule", scheduleId: args.id, organization: args.organization, lock: "read" } as const;
  return editScheduleEvents(db, viewer, options, async ({ tx, schedule: source }) => {
    // A schedule stored before the range was enforced is not copied into a second broken one.
    if (source.startDate) checkInstantInRange(source.startDate.getTime(), "copySchedule: the schedule's startDate");
    if (source.finishDate) checkInstantInRange(source.finishDate.getTime(), "copySchedule: the schedule's finishDate");
    const { id: _id, dateCreated: _c, dateUpdated: _u, version: _v, ...fields } = source;
    const [copy] = await tx
      .insert(schedules)
      .values({ ...fields, name: newName ?? copyName(source.name), archiveStatus: "NOT_ARCHIVED", createdBy: viewer.userId })
      .returning();
    await copyEvents(tx, source.id, copy);
    const moved = args.startDate ? await moveCopy(tx, copy, args.startDate, args.wallClock ?? false) : copy;
    return outcome(false, () => toSchedule(moved));
  });
}

export interface CopyArgs {
  id: string;
  name?: string | null;
  /** Where the copy's first broadcast day (the one holding the source's first event) starts. */
  startDate?: Date | null;
  /** Each event keeps its local time of day and its day number from that first day. */
  wallClock?: boolean | null;
  organization?: string | null;
}

/**
 * Moves a fresh copy so that its first broadcast day starts at startDate: by the exact
 * difference, or (wallClock) by whole days of the zone's calendar, each event at its local time
 * of day. Answers the copy's row with its dates refreshed.
 */
async function moveCopy(tx: Executor, copy: ScheduleRow, startDate: Date, wallClock: boolean): Promise<ScheduleRow> {
  const target = checkInstantInRange(startDate.getTime(), "startDate", { argument: "startDate" });
  const span = await scheduleSpan(tx, copy);
  if (span.start === null) return copy;
  const clock = localClockOf(copy);
  const firstDay = broadcastDayLocalOf(clock, span.start);
  if (wallClock) {
    const days = Math.round((broadcastDayLocalOf(clock, target) - firstDay) / DAY_MS);
    await moveByWallClock(tx, copy, span, days, "copySchedule", "startDate");
  } else {
    const by = target - dayStartInstant(clock, firstDay);
    checkMoveInRange(span, by, "copySchedule", { argument: "startDate" });
    await shiftAll(tx, copy.id, by);
    await moveStoredDates(tx, copy, by);
  }
  return refreshDates(tx, copy.id);
}

/** What a shift or transpose moves: the events' first start and last end, else the stored dates. */
async function scheduleSpan(executor: Executor, schedule: ScheduleRow): Promise<{ start: number | null; end: number | null }> {
  const start = (await firstStart(executor, schedule.id)) ?? schedule.startDate?.getTime() ?? null;
  const end = (await lastEnd(executor, scheduleTarget(schedule.id))) ?? schedule.finishDate?.getTime() ?? null;
  return { start, end };
}

/** While a schedule has no events its stored dates are its own: shifting it moves them too. */
async function moveStoredDates(executor: Executor, schedule: ScheduleRow, by: number): Promise<void> {
  if (by === 0) return;
  await executor.execute(sql`update schedules set start_date = start_date + make_interval(secs => ${by / 1000}),
    finish_date = finish_date + make_interval(secs => ${by / 1000}) where id = ${schedule.id}`);
}
