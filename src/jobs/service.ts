// Jobs: listing, polling and cancelling. Enqueuing belongs to the slices that start work (queue.ts).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { canSee, requireRole, scopeOrganizations, type Viewer } from "../common/auth.js";
import { badInput, conflict, notFound } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import type { Database } from "../db/client.js";
import { keyRead } from "../db/key-reads.js";
import { appendMessages } from "./lease.js";
import { JOB_READS, toJob } from "./mapper.js";
import type { ReadPlan } from "../common/read-plan.js";
import { boundedLru, type LRUCache } from "../common/bounded-lru.js";
import { plannedPage, selectListOf } from "../db/planned-select.js";
import type { JobRegistry } from "./registry.js";
import { isCancelable } from "./states.js";
import { jobs, type JobRow } from "./tables.js";
import type { Job, JobPage, JobStatus } from "./types.js";
import { pageMeta, pageRequest } from "../common/paging.js";
import { anyOfTexts } from "../db/any-of.js";

const NEWEST_FIRST = [{ property: "id", direction: "DESC" as const }];

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
    const rows = (await this.db.select(columnsOf(plan)).from(jobs).where(this.listCondition(viewer, args)).orderBy(desc(jobs.id)).limit(limit)) as unknown as JobRow[];
    return rows.map((row) => JOB_READS.toOutput(row, plan));
  }

  /** The jobs of `list` as a page, newest first: one statement of the selected fields' columns, counting only when the page reads the count. */
  async page(viewer: Viewer, args: ListJobsArgs, page?: number | null, size?: number | null, plan: ReadPlan<JobRow> = JOB_READS.everything, withTotal = true): Promise<JobPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const { rows, total } = await plannedPage(this.db, jobs, plan, this.listCondition(viewer, args), [desc(jobs.id)], request, withTotal);
    return { content: rows.map((row) => JOB_READS.toOutput(row, plan)), ...pageMeta(request, total, rows.length, NEWEST_FIRST) };
  }

  private listCondition(viewer: Viewer, args: ListJobsArgs): SQL | undefined {
    const scope = scopeOrganizations(viewer, args.organizations);
    const conditions: (SQL | undefined)[] = [
      scope === "*" ? undefined : anyOfTexts(jobs.organization, scope),
      args.providerId ? eq(jobs.providerId, args.providerId) : undefined,
      args.userId ? eq(jobs.userId, args.userId) : undefined,
      args.statuses?.length ? anyOfTexts(jobs.status, args.statuses) : undefined,
    ];
    return and(...conditions);
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
  const [row] = (await jobByIdOf(db, plan).execute({ id: parseId(id, "id") })) as unknown as JobRow[];
  return row ?? null;
}

const columnsOf = (plan: ReadPlan<JobRow>) => selectListOf(jobs, plan);
const prepareJobById = (db: Database, plan: ReadPlan<JobRow>) => keyRead(db.select(columnsOf(plan)).from(jobs).where(eq(jobs.id, sql.placeholder("id"))), `job_by_id:${plan.key}`);
const jobByIdStatements = new WeakMap<Database, LRUCache<string, ReturnType<typeof prepareJobById>>>();

/**
 * The by-id read of the job poll, the service's most frequent request, built once per database and
 * selection (bounded): drizzle otherwise rebuilds the select on each call.
 */
function jobByIdOf(db: Database, plan: ReadPlan<JobRow>): ReturnType<typeof prepareJobById> {
  let statements = jobByIdStatements.get(db);
  if (!statements) jobByIdStatements.set(db, (statements = boundedLru({ entries: 64 })));
  let statement = statements.get(plan.key);
  if (!statement) statements.set(plan.key, (statement = prepareJobById(db, plan)));
  return statement;
}
