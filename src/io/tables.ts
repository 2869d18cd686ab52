import { customType, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { int64 } from "../db/columns.js";
import { jobs } from "../jobs/tables.js";

const bytea = customType<{ data: Uint8Array }>({ dataType: () => "bytea" });

/**
 * Files uploaded to importScheduleAsync, kept in the database (in pieces of about 256 KiB) until
 * their job has read them: any worker on any server can run the job. Gone with the job's end.
 */
export const importUploads = pgTable(
  "import_uploads",
  {
    jobId: int64("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.seq] })],
);
