// Jobs: listing, polling and cancelling. Enqueuing belongs to the slices that start work (queue.ts).
import { desc, eq, sql } from "drizzle-orm";
import { canSee, requireRole, scopeOrganizations, type Viewer } from "../common/auth.js";
import { badInput, conflict, notFound } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import type { Database } from "../db/client.js";
import { appendMessages } from "./lease.js";
import { JOB_READS, toJob } from "./mapper.js";
import type { ReadPlan } from "../common/read-plan.js";
import { plannedPage, plannedRows, when, whenAnyOf, type Condition } from "../db/planned-select.js";
import type { JobRegistry } from "./registry.js";
import { isCancelable } from "./states.js";
import { jobs, type JobRow } from "./tables.js";
import type { Job, JobPage, JobStatus } from "./types.js";
import { pageMeta, pageRequest } from "../common/paging.js";

const NEWEST_FIRST = [{ property: "id", direction: "DESC" as const }];
const NEWEST_FIRST_ORDER = { key: "id desc", by: () => [desc(jobs.id)], indexed: true };

export const DEFAULT_JOB_LIST_LIMIT = 100;

export interface ListJobsArgs {
  organizations?: string[] | null;
  providerId?: string | null;
  userId?: string | null;
  statuses?: JobStatus[] | null;
  limit?: number | null;
}

export class JobService {
  constructor(
    private readonly db: Database,
    private readonly registry: JobRegistry,
    private readonly maxPageSize = 1000,
  ) {}

  /** S1: newest first, at most `limit` (default 100); the columns of the selected fields only. */
  async list(viewer: Viewer, args: ListJobsArgs, plan: ReadPlan<JobRow> = JOB_READS.everything): Promise<Job[]> {
    const limit = args.limit ?? DEFAULT_JOB_LIST_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.maxPageSize) {
      throw badInput(`limit must be from 1 to ${this.maxPageSize} (got ${limit})`, { argument: "limit" });
    }
    const { rows } = await plannedPage(this.db, jobs, plan, this.listConditions(viewer, args), NEWEST_FIRST_ORDER, { page: 0, size: limit }, false);
    return rows.map((row) => JOB_READS.toOutput(row, plan));
  }

  /** The jobs of `list` as a page, newest first: one statement of the selected fields' columns, counting only when the page reads the count. */
  async page(viewer: Viewer, args: ListJobsArgs, page?: number | null, size?: number | null, plan: ReadPlan<JobRow> = JOB_READS.everything, withTotal = true): Promise<JobPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const { rows, total } = await plannedPage(this.db, jobs, plan, this.listConditions(viewer, args), NEWEST_FIRST_ORDER, request, withTotal);
    return { content: rows.map((row) => JOB_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, NEWEST_FIRST) };
  }

  private listConditions(viewer: Viewer, args: ListJobsArgs): (Condition | null)[] {
    const scope = scopeOrganizations(viewer, args.organizations);
    return [
      scope === "*" ? null : whenAnyOf("organizations", jobs.organization, scope),
      when("provider", args.providerId || null, (p) => eq(jobs.providerId, p)),
      when("user", args.userId || null, (p) => eq(jobs.userId, p)),
      whenAnyOf("statuses", jobs.status, args.statuses?.length ? args.statuses : null),
    ];
  }

  /** Polling: null when unknown or of an organization the caller may not see; the columns of the selected fields. */
  async get(viewer: Viewer, id: string, plan: ReadPlan<JobRow> = JOB_READS.everything): Promise<Job | null> {
    const row = await findVisibleJob(this.db, viewer, id, plan);
    return row ? JOB_READS.toOutput(row, plan) : null;
  }

  /**
   * PENDING or PROCESSING → CANCELED at once, undoing what enqueuing prepared in the same
   * transaction. A running handler stops at its next step: its fenced writes find the job final.
   */
  async cancel(viewer: Viewer, id: string): Promise<Job> {
    requireRole(viewer, "editor");
    const jobId = parseId(id, "id");
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(jobs).where(eq(jobs.id, jobId)).for("update");
      if (!row || !canSee(viewer, row.organization)) throw notFound("Job", jobId);
      if (!isCancelable(row.status)) {
        throw conflict(`Job ${jobId} is already ${row.status}; only PENDING or PROCESSING jobs can be canceled`, { status: row.status });
      }
      await this.registry.get(row.type)?.abandon?.(tx, row, { actor: viewer.userId, operation: "cancelJob" });
      const [updated] = await tx
        .update(jobs)
        .set({
          status: "CANCELED",
          cancelRequested: row.status === "PROCESSING",
          dateFinished: sql`now()`,
          messages: appendMessages([{ type: "INFO", message: `Canceled by ${viewer.userId}` }]),
        })
        .where(eq(jobs.id, jobId))
        .returning();
      return toJob(updated);
    });
  }
}

/** The job with this id (the plan's columns: every one by default) if the caller may see its organization, else null. */
export async function findVisibleJob(db: Database, viewer: Viewer, id: string | number, plan: ReadPlan<JobRow> = JOB_READS.everything): Promise<JobRow | null> {
  const row = await findJob(db, id, plan);
  return row && canSee(viewer, row.organization) ? row : null;
}

/** The job with this id whoever may see it: only for a request that proved its right otherwise (a signed link). */
export async function findJob(db: Database, id: string | number, plan: ReadPlan<JobRow> = JOB_READS.everything): Promise<JobRow | null> {
  // The job poll, the service's most frequent request: a key read (short-reads.ts).
  const [row] = await plannedRows(db, jobs, plan, [when("id", parseId(id, "id"), (p) => eq(jobs.id, p))], { byKey: true });
  return row ?? null;
}
