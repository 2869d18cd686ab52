import { sql } from "drizzle-orm";
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant, int64 } from "../db/columns.js";
import type { JobMessage, JobStatusValue } from "./states.js";

export interface JobDetailsValue {
  endDateFrom?: string | null;
  startDateTo?: string | null;
  timeInMilliseconds?: boolean | null;
}

/** Asynchronous work (SPEC ProcessingJob and HalJob) and the bookkeeping of the worker that runs it. */
export const jobs = pgTable(
  "jobs",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    uniqueId: uuid("unique_id").notNull().defaultRandom(),
    organization: text("organization").notNull(),
    type: text("type").notNull(),
    status: text("status").$type<JobStatusValue>().notNull().default("PENDING"),
    /** The schedule concerned (for an import, the new one). */
    entityId: int64("entity_id"),
    providerId: text("provider_id"),
    userId: text("user_id"),
    accountUserId: text("account_user_id"),
    messages: jsonb("messages").$type<JobMessage[]>().notNull().default(sql`'[]'::jsonb`),
    details: jsonb("details").$type<JobDetailsValue>(),
    progress: integer("progress").notNull().default(0),
    /** What the handler needs to do its work; set at enqueue time. */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** What the handler reports when it succeeds. */
    result: jsonb("result").$type<Record<string, unknown>>(),
    /** The output file's name and size (its bytes are in job_files), served at /files/<id> once the job SUCCEEDED. */
    fileName: text("file_name"),
    resourceExtension: text("resource_extension"),
    fileSize: int64("file_size"),
    /** Claims so far (first run, retries, take-overs after a lease expired). */
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: instant("lease_expires_at"),
    /** Not claimed before this instant (retry backoff). */
    runAfter: instant("run_after").notNull().defaultNow(),
    /** The W3C traceparent of the request that enqueued it, when the service traces: its run links to that trace. */
    traceParent: text("trace_parent"),
    /** Set when cancelJob reached the job while a handler was running it. */
    cancelRequested: boolean("cancel_requested").notNull().default(false),
    dateCreated: createdAt(),
    dateStarted: instant("date_started"),
    dateFinished: instant("date_finished"),
  },
  (t) => [
    index("jobs_org_id_idx").on(t.organization, t.id),
    // The claim query reads only unfinished jobs: keep that index small.
    index("jobs_runnable_idx").on(t.runAfter).where(sql`status in ('PENDING', 'PROCESSING')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Output files of jobs (exports), kept in the database so that every server on it serves them.
 * A file is written piece by piece while its job runs and counts only once `size` is set (in the
 * job's fenced step that records it); then it is the job's one file. Kept JOB_FILE_RETENTION_HOURS.
 */
export const jobFiles = pgTable(
  "job_files",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    jobId: int64("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    /** Bytes; null while the file is being written. */
    size: int64("size"),
    dateCreated: createdAt(),
  },
  (t) => [index("job_files_job_idx").on(t.jobId), index("job_files_created_idx").on(t.dateCreated)],
);

/** The bytes of a job file in pieces of 1 MiB (the last one shorter), numbered from 0. */
export const jobFileChunks = pgTable(
  "job_file_chunks",
  {
    fileId: int64("file_id")
      .notNull()
      .references(() => jobFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);

export type JobFileRow = typeof jobFiles.$inferSelect;
