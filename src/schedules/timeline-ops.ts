// The schedule-level edits of a whole timeline (S23 copySchedule, S36 shiftSchedule, S39
// transposeSchedule): each is one editTimeline over the aggregate's own store and table, and needs
// no rule of src/timeline/ (every event moves by the same amount). rippleSchedule (S30) does need
// those rules and the events' timing checks, so it stays in src/events/schedule-ops.ts
// (docs/DECISIONS.md "Operations where their names say").
import { sql } from "drizzle-orm";
import { requireRole, type Viewer } from "../common/auth.js";
import { badInput } from "../common/errors.js";
import { checkInstantInRange, checkMoveInRange } from "../common/instants.js";
import type { Executor } from "../db/client.js";
import { editTimeline, outcome, type Transactor } from "./edit-timeline.js";
import { toSchedule } from "./mapper.js";
import { copyName, scheduleName } from "./rules.js";
import { copyEvents, firstStart, lastEnd, shiftAll } from "./store/index.js";
import { schedules, type ScheduleRow } from "./tables.js";
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

/** S36: every event moves, locked ones included. */
export function shiftSchedule(db: Transactor, viewer: Viewer, args: { id: string; milliseconds: number; organization?: string | null }): Promise<Schedule> {
  requireRole(viewer, "editor");
  const { milliseconds } = args;
  if (!Number.isSafeInteger(milliseconds)) throw badInput("milliseconds must be a whole number", { argument: "milliseconds" });
  return editTimeline(db, viewer, { operation: "shiftSchedule", scheduleId: args.id, organization: args.organization }, async ({ tx, schedule }) => {
    checkMoveInRange(await scheduleSpan(tx, schedule), milliseconds, "shiftSchedule", { argument: "milliseconds" });
    await shiftAll(tx, schedule.id, milliseconds);
    await moveStoredDates(tx, schedule, milliseconds);
    return outcome(true, toSchedule);
  });
}

/** S39: the first event starts at startTime; every offset and duration stays. */
export function transposeSchedule(db: Transactor, viewer: Viewer, args: { id: string; startTime: Date; organization?: string | null }): Promise<Schedule> {
  requireRole(viewer, "editor");
  const target = args.startTime.getTime();
  if (!Number.isFinite(target)) throw badInput("startTime is not a valid instant", { argument: "startTime" });
  return editTimeline(db, viewer, { operation: "transposeSchedule", scheduleId: args.id, organization: args.organization }, async ({ tx, schedule }) => {
    const first = (await firstStart(tx, schedule.id)) ?? schedule.startDate?.getTime() ?? target;
    const by = target - first;
    checkMoveInRange(await scheduleSpan(tx, schedule), by, "transposeSchedule", { argument: "startTime" });
    await shiftAll(tx, schedule.id, by);
    await moveStoredDates(tx, schedule, by);
    return outcome(true, toSchedule);
  });
}

/**
 * S23: a new schedule (version 1) with copies of every event. The source is only read (no
 * lock, no touch); the copy is born with its events and counters, so it is not touched either.
 */
export function copySchedule(db: Transactor, viewer: Viewer, args: { id: string; name?: string | null; organization?: string | null }): Promise<Schedule> {
  requireRole(viewer, "editor");
  const newName = args.name === undefined || args.name === null ? null : scheduleName(args.name);
  const options = { operation: "copySchedule", scheduleId: args.id, organization: args.organization, lock: "read" } as const;
  return editTimeline(db, viewer, options, async ({ tx, schedule: source }) => {
    // A schedule stored before the range was enforced is not copied into a second broken one.
    if (source.startDate) checkInstantInRange(source.startDate.getTime(), "copySchedule: the schedule's startDate");
    if (source.finishDate) checkInstantInRange(source.finishDate.getTime(), "copySchedule: the schedule's finishDate");
    const { id: _id, dateCreated: _c, dateUpdated: _u, version: _v, ...fields } = source;
    const [copy] = await tx
      .insert(schedules)
      .values({ ...fields, name: newName ?? copyName(source.name), archiveStatus: "NOT_ARCHIVED", createdBy: viewer.userId })
      .returning();
    await copyEvents(tx, source.id, copy);
    return outcome(false, () => toSchedule(copy));
  });
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
