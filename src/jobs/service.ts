// Jobs: listing, polling and cancelling. Enqueuing belongs to the slices that start work (queue.ts).
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { canSee, requireRole, scopeOrganizations, type Viewer } from "../common/auth.js";
import { badInput, conflict, notFound } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import type { Database } from "../db/client.js";
import { keyRead } from "../db/key-reads.js";
import { appendMessages } from "./lease.js";
import { toJob } from "./mapper.js";
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

  /** S1: newest first, at most `limit` (default 100). */
  async list(viewer: Viewer, args: ListJobsArgs): Promise<Job[]> {
    const limit = args.limit ?? DEFAULT_JOB_LIST_LIMIT;
    if (!Number.isInteger(limit) || limit < 1 || limit > this.maxPageSize) {
      throw badInput(`limit must be from 1 to ${this.maxPageSize} (got ${limit})`, { argument: "limit" });
    }
    const rows = await this.db
      .select()
      .from(jobs)
      .where(this.listCondition(viewer, args))
      .orderBy(desc(jobs.id))
      .limit(limit);
    return rows.map(toJob);
  }

  /** The jobs of `list` as a page, newest first, with how many there are. */
  async page(viewer: Viewer, args: ListJobsArgs, page?: number | null, size?: number | null): Promise<JobPage> {
    const request = pageRequest(page, size, this.maxPageSize);
    const where = this.listCondition(viewer, args);
    const [rows, [count]] = await Promise.all([
      this.db.select().from(jobs).where(where).orderBy(desc(jobs.id)).offset(request.page * request.size).limit(request.size),
      this.db.select({ n: sql<number>`count(*)::int` }).from(jobs).where(where),
    ]);
    return { content: rows.map(toJob), ...pageMeta(request, Number(count.n), rows.length, NEWEST_FIRST) };
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

  /** Polling: null when unknown or of an organization the caller may not see. */
  async get(viewer: Viewer, id: string): Promise<Job | null> {
    const row = await findVisibleJob(this.db, viewer, id);
    return row ? toJob(row) : null;
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

/** The job with this id if the caller may see its organization, else null. */
export async function findVisibleJob(db: Database, viewer: Viewer, id: string | number): Promise<JobRow | null> {
  const row = await findJob(db, id);
  return row && canSee(viewer, row.organization) ? row : null;
}

/** The job with this id whoever may see it: only for a request that proved its right otherwise (a signed link). */
export async function findJob(db: Database, id: string | number): Promise<JobRow | null> {
  const [row] = await jobByIdOf(db).execute({ id: parseId(id, "id") });
  return row ?? null;
}

const prepareJobById = (db: Database) => keyRead(db.select().from(jobs).where(eq(jobs.id, sql.placeholder("id"))), "job_by_id");
const jobByIdStatements = new WeakMap<Database, ReturnType<typeof prepareJobById>>();

/**
 * The by-id read of the job poll, the service's most frequent request, built once per database:
 * drizzle otherwise rebuilds the select of every column on each call.
 */
function jobByIdOf(db: Database): ReturnType<typeof prepareJobById> {
  let statement = jobByIdStatements.get(db);
  if (!statement) jobByIdStatements.set(db, (statement = prepareJobById(db)));
  return statement;
}
