// Archive (S13) and restore (S5): the mutation moves archiveStatus to its transitional state and
// enqueues the job in one transaction; the handler completes the move; cancel or failure undo it.
//   archive: NOT_ARCHIVED → ARCHIVING → ARCHIVED      restore: ARCHIVED → UN_ARCHIVING → NOT_ARCHIVED
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { requireRole, scopeForRecord, type Viewer } from "../common/auth.js";
import { AppError, badInput, conflict, notFound } from "../common/errors.js";
import { parseIds } from "../common/ids.js";
import type { Database, Executor, Transaction } from "../db/client.js";
import { archiveEvents, restoreEvents } from "../io/archive-events.js";
import { lockSchedule, visible } from "../schedules/service.js";
import { schedules, type ArchiveStatusValue } from "../schedules/tables.js";
import { toJob } from "./mapper.js";
import { enqueueJob, type JobSignal } from "./queue.js";
import type { JobHandler, JobRegistry } from "./registry.js";
import type { JobMessage } from "./states.js";
import type { Job } from "./types.js";

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
    const job = await this.db.transaction(async (tx) => {
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
    const job = await this.db.transaction(async (tx) => {
      const rows =
        org === null
          ? []
          : await tx
              .select({ id: schedules.id, archiveStatus: schedules.archiveStatus })
              .from(schedules)
              .where(and(eq(schedules.organization, org), visible(), inArray(schedules.id, wanted)))
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

/** Moves the schedules that are in `from` to `to` (a change of the schedule: version + 1); answers the ids moved. */
export async function moveArchiveStatus(executor: Executor, ids: number[], from: ArchiveStatusValue, to: ArchiveStatusValue): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await executor
    .update(schedules)
    .set({ archiveStatus: to, version: sql`${schedules.version} + 1`, dateUpdated: sql`now()` })
    .where(and(inArray(schedules.id, ids), eq(schedules.archiveStatus, from)))
    .returning({ id: schedules.id });
  return rows.map((r) => r.id);
}

/** The archive step of one schedule. Idempotent: a schedule already ARCHIVED is left alone. */
async function archiveOneSchedule(tx: Transaction, scheduleId: number): Promise<boolean> {
  const moved = await moveArchiveStatus(tx, [scheduleId], "ARCHIVING", "ARCHIVED");
  if (moved.length === 1) await archiveEvents(tx, scheduleId);
  return moved.length === 1;
}

/** The restore step of one schedule. Idempotent: a schedule already NOT_ARCHIVED is left alone. */
async function restoreOneSchedule(tx: Transaction, scheduleId: number): Promise<boolean> {
  const moved = await moveArchiveStatus(tx, [scheduleId], "UN_ARCHIVING", "NOT_ARCHIVED");
  if (moved.length === 1) await restoreEvents(tx, scheduleId);
  return moved.length === 1;
}

/** Runs one schedule's step; "gone" when the schedule was deleted after the job was enqueued. */
async function runStep(tx: Transaction, step: (tx: Transaction, scheduleId: number) => Promise<boolean>, scheduleId: number): Promise<"done" | "gone"> {
  if (await step(tx, scheduleId)) return "done";
  // Not moved: already done by an earlier run of this job, or the schedule is no more.
  const [row] = await tx.select({ id: schedules.id }).from(schedules).where(eq(schedules.id, scheduleId));
  return row ? "done" : "gone";
}

const listOf = (ids: number[]) => (ids.length === 1 ? `schedule ${ids[0]}` : `schedules ${ids.join(", ")}`);

/**
 * One step per schedule, each in its own fenced transaction so that progress shows and a cancel
 * stops between schedules; the last step commits together with SUCCEEDED. Schedules deleted
 * meanwhile are reported; when all are gone the job FAILS.
 */
function transitionHandler(step: (tx: Transaction, scheduleId: number) => Promise<boolean>, undo: { from: ArchiveStatusValue; to: ArchiveStatusValue }, verb: "archived" | "restored"): JobHandler<ArchivePayload> {
  return {
    async run(ctx) {
      const ids = ctx.job.payload.scheduleIds;
      const gone: number[] = [];
      for (const [index, scheduleId] of ids.slice(0, -1).entries()) {
        await ctx.checkpoint();
        if ((await ctx.transaction((tx) => runStep(tx, step, scheduleId))) === "gone") gone.push(scheduleId);
        await ctx.progress(((index + 1) / ids.length) * 100);
      }
      await ctx.finish(async (tx) => {
        const last = ids[ids.length - 1];
        if ((await runStep(tx, step, last)) === "gone") gone.push(last);
        const deleted = `${gone.length === 1 ? "was" : "were"} deleted before ${gone.length === 1 ? "it was" : "they were"} ${verb}`;
        if (gone.length === ids.length) throw new AppError("NOT_FOUND", `${listOf(gone)} ${deleted}`.replace(/^s/, "S"));
        const done = ids.filter((id) => !gone.includes(id));
        const messages: JobMessage[] = [{ type: "OK", message: `${verb === "archived" ? "Archived" : "Restored"} ${listOf(done)}` }];
        if (gone.length) messages.push({ type: "WARNING", message: `${listOf(gone)} ${deleted}`.replace(/^s/, "S") });
        return { result: { scheduleIds: done.map(String) }, messages };
      });
    },
    async abandon(tx, job) {
      await moveArchiveStatus(tx, (job.payload as unknown as ArchivePayload).scheduleIds ?? [], undo.from, undo.to);
    },
  };
}

export function registerArchiveHandlers(registry: JobRegistry): JobRegistry {
  return registry
    .register("SCHEDULE_ARCHIVE", transitionHandler(archiveOneSchedule, { from: "ARCHIVING", to: "NOT_ARCHIVED" }, "archived"))
    .register("SCHEDULE_RESTORE", transitionHandler(restoreOneSchedule, { from: "UN_ARCHIVING", to: "ARCHIVED" }, "restored"));
}
