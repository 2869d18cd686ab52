// Archive (S13) and restore (S5), schedule operations that run as jobs (the engine is src/jobs/): the mutation moves archiveStatus to its transitional state and
// enqueues the job in one transaction; the handler completes the move; cancel or failure undo it.
//   archive: NOT_ARCHIVED → ARCHIVING → ARCHIVED      restore: ARCHIVED → UN_ARCHIVING → NOT_ARCHIVED
import { and, asc, eq, sql } from "drizzle-orm";
import { requireRole, scopeForRecord, type Viewer } from "../common/auth.js";
import { AppError, badInput, conflict, notFound } from "../common/errors.js";
import { parseIds } from "../common/ids.js";
import type { Database, Executor, Transaction } from "../db/client.js";
import { archiveEvents, restoreEvents } from "./store/index.js";
import { editSchedule, editScheduleIn } from "./edit-schedule.js";
import { editScheduleEventsIn, outcome, ownerViewer } from "./edit-events.js";
import { lockSchedule, visible } from "./service.js";
import { schedules, type ArchiveStatusValue } from "./store/tables.js";
import { toJob } from "../jobs/index.js";
import { enqueueJob, type JobSignal } from "../jobs/index.js";
import type { JobHandler, JobRegistry } from "../jobs/index.js";
import type { JobMessage } from "../jobs/index.js";
import type { JobRow } from "../jobs/index.js";
import type { Job } from "../jobs/index.js";
import { anyOfIds } from "../db/any-of.js";

export interface ArchivePayload {
  scheduleIds: number[];
}

export class ArchiveService {
  constructor(
    private readonly db: Database,
    private readonly signal: JobSignal,
  ) {}

  async archive(viewer: Viewer, id: string, organization?: string | null): Promise<Job> {
    requireRole(viewer, "editor");
    const job = await editSchedule(this.db, viewer, { operation: "archiveSchedule" }, async ({ tx }) => {
      const schedule = await lockSchedule(tx, viewer, id, organization);
      if (schedule.archiveStatus !== "NOT_ARCHIVED") {
        throw conflict(`Schedule ${schedule.id} is ${schedule.archiveStatus}; only a NOT_ARCHIVED schedule can be archived`, {
          archiveStatus: schedule.archiveStatus,
        });
      }
      await moveArchiveStatus(tx, [schedule.id], "NOT_ARCHIVED", "ARCHIVING");
      const payload: ArchivePayload = { scheduleIds: [schedule.id] };
      return enqueueJob(tx, { type: "SCHEDULE_ARCHIVE", organization: schedule.organization, userId: viewer.userId, entityId: schedule.id, payload: { ...payload } });
    });
    this.signal.enqueued();
    return toJob(job);
  }

  /** All or nothing: every schedule must exist, be visible and be ARCHIVED. One job restores them all. */
  async restore(viewer: Viewer, ids: string[], organization?: string | null): Promise<Job> {
    requireRole(viewer, "editor");
    const wanted = [...new Set(parseIds(ids))];
    if (wanted.length === 0) throw badInput("ids must name at least one schedule", { argument: "ids" });
    const org = scopeForRecord(viewer, organization);
    const job = await editSchedule(this.db, viewer, { operation: "restoreSchedules" }, async ({ tx }) => {
      const rows =
        org === null
          ? []
          : await tx
              .select({ id: schedules.id, archiveStatus: schedules.archiveStatus })
              .from(schedules)
              .where(and(eq(schedules.organization, org), visible(), anyOfIds(schedules.id, wanted)))
              .orderBy(asc(schedules.id))
              .for("update");
      const found = new Set(rows.map((r) => r.id));
      const missing = wanted.filter((id) => !found.has(id));
      if (missing.length) throw notFound(missing.length === 1 ? "Schedule" : "Schedules", missing.join(", "));
      const notArchived = rows.filter((r) => r.archiveStatus !== "ARCHIVED");
      if (notArchived.length) {
        throw conflict(`Only ARCHIVED schedules can be restored: ${notArchived.map((r) => `${r.id} is ${r.archiveStatus}`).join(", ")}`, {
          scheduleIds: notArchived.map((r) => String(r.id)),
        });
      }
      await moveArchiveStatus(tx, wanted, "ARCHIVED", "UN_ARCHIVING");
      return enqueueJob(tx, { type: "SCHEDULE_RESTORE", organization: org!, userId: viewer.userId, entityId: wanted[0], payload: { scheduleIds: wanted } });
    });
    this.signal.enqueued();
    return toJob(job);
  }
}

/**
 * Moves the schedules that are in `from` to `to`; answers the ids moved. `touch`: a change of the
 * schedule on its own (version + 1); a job step leaves that to the edit it runs in.
 */
export async function moveArchiveStatus(executor: Executor, ids: number[], from: ArchiveStatusValue, to: ArchiveStatusValue, touch = true): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .update(schedules)
    .set(touch ? { archiveStatus: to, version: sql`${schedules.version} + 1`, dateUpdated: sql`now()` } : { archiveStatus: to })
    .where(and(anyOfIds(schedules.id, ids), eq(schedules.archiveStatus, from)))
    .returning({ id: schedules.id });
  return rows.map((r) => r.id);
}

type Step = (tx: Transaction, job: Pick<JobRow, "organization" | "userId">, scheduleId: number) => Promise<"done" | "gone">;

/**
 * One schedule's step of archive or restore: an edit of its events (the status moves, every
 * event follows, one touch). Idempotent: a schedule already moved is left alone. "gone" when the
 * schedule was deleted after the job was enqueued.
 */
function transitionStep(operation: "SCHEDULE_ARCHIVE" | "SCHEDULE_RESTORE", from: ArchiveStatusValue, to: ArchiveStatusValue, events: (tx: Executor, scheduleId: number) => Promise<void>): Step {
  return async (tx, job, scheduleId) => {
    try {
      return await editScheduleEventsIn(tx, ownerViewer(job), { operation, scheduleId, organization: job.organization, lockHorizon: false }, async () => {
        const moved = await moveArchiveStatus(tx, [scheduleId], from, to, false);
        if (moved.length === 1) await events(tx, scheduleId);
        // Not moved: already done by an earlier run of this job.
        return outcome(moved.length === 1, () => "done" as const);
      });
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") return "gone";
      throw error;
    }
  };
}

const archiveOneSchedule = transitionStep("SCHEDULE_ARCHIVE", "ARCHIVING", "ARCHIVED", archiveEvents);

/**
 * The archive job's step on one ARCHIVING schedule, for the demo data that shows a finished
 * archive job (src/jobs/seed.ts): the same edit the job runs, in the caller's transaction.
 */
export const completeArchive = (tx: Transaction, owner: Pick<JobRow, "organization" | "userId">, scheduleId: number) => archiveOneSchedule(tx, owner, scheduleId);

/** The first `limit` schedules of the organization in `status`, by id (the demo jobs pick theirs). */
export async function scheduleIdsIn(executor: Executor, organization: string, status: ArchiveStatusValue, limit: number): Promise<number[]> {
  const rows = await executor
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(eq(schedules.organization, organization), eq(schedules.archiveStatus, status)))
    .orderBy(asc(schedules.id))
    .limit(limit);
  return rows.map((r) => r.id);
}
const restoreOneSchedule = transitionStep("SCHEDULE_RESTORE", "UN_ARCHIVING", "NOT_ARCHIVED", restoreEvents);

const listOf = (ids: number[]) => (ids.length === 1 ? `schedule ${ids[0]}` : `schedules ${ids.join(", ")}`);

/**
 * One step per schedule, each in its own fenced transaction so that progress shows and a cancel
 * stops between schedules; the last step commits together with SUCCEEDED. Schedules deleted
 * meanwhile are reported; when all are gone the job FAILS.
 */
function transitionHandler(step: Step, undo: { from: ArchiveStatusValue; to: ArchiveStatusValue }, verb: "archived" | "restored"): JobHandler<ArchivePayload> {
  return {
    async run(ctx) {
      const ids = ctx.job.payload.scheduleIds;
      const gone: number[] = [];
      for (const [index, scheduleId] of ids.slice(0, -1).entries()) {
        await ctx.checkpoint();
        if ((await ctx.transaction((tx) => step(tx, ctx.job, scheduleId))) === "gone") gone.push(scheduleId);
        await ctx.progress(((index + 1) / ids.length) * 100);
      }
      await ctx.finish(async (tx) => {
        const last = ids[ids.length - 1];
        if ((await step(tx, ctx.job, last)) === "gone") gone.push(last);
        const deleted = `${gone.length === 1 ? "was" : "were"} deleted before ${gone.length === 1 ? "it was" : "they were"} ${verb}`;
        if (gone.length === ids.length) throw new AppError("NOT_FOUND", `${listOf(gone)} ${deleted}`.replace(/^s/, "S"));
        const done = ids.filter((id) => !gone.includes(id));
        const messages: JobMessage[] = [{ type: "OK", message: `${verb === "archived" ? "Archived" : "Restored"} ${listOf(done)}` }];
        if (gone.length) messages.push({ type: "WARNING", message: `${listOf(gone)} ${deleted}`.replace(/^s/, "S") });
        return { result: { scheduleIds: done.map(String) }, messages };
      });
    },
    async abandon(tx, job, by) {
      const ids = (job.payload as unknown as ArchivePayload).scheduleIds ?? [];
      await editScheduleIn(tx, ownerViewer({ organization: job.organization, userId: by.actor }), { operation: by.operation }, () => moveArchiveStatus(tx, ids, undo.from, undo.to));
    },
  };
}

export function registerArchiveHandlers(registry: JobRegistry): JobRegistry {
  return registry
    .register("SCHEDULE_ARCHIVE", transitionHandler(archiveOneSchedule, { from: "ARCHIVING", to: "NOT_ARCHIVED" }, "archived"))
    .register("SCHEDULE_RESTORE", transitionHandler(restoreOneSchedule, { from: "UN_ARCHIVING", to: "ARCHIVED" }, "restored"));
}
