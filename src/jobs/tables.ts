import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
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
    /** Output file kept by the file store, served at /files/<id> once the job SUCCEEDED. */
    fileName: text("file_name"),
    resourceExtension: text("resource_extension"),
    fileSize: int64("file_size"),
    /** Claims so far (first run, retries, take-overs after a lease expired). */
    attempts: integer("attempts").notNull().default(0),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: instant("lease_expires_at"),
    /** Not claimed before this instant (retry backoff). */
    runAfter: instant("run_after").notNull().defaultNow(),
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
