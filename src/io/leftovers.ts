// Schedules an import created hidden (visibility IMPORTING) and did not finish: found here, removed
// by the schedule aggregate in small steps (removeHiddenSchedule).
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.js";
import { removeHiddenSchedule } from "../schedules/index.js";

/** A synchronous import that wrote nothing for this long was interrupted (its process died). */
const ABANDONED_AFTER = sql`interval '1 hour'`;

/**
 * Hidden schedules of the organization that no import will finish: those of earlier runs of
 * `jobId`, of import jobs that are no longer running, and of synchronous imports silent for an hour.
 */
export async function removeLeftovers(db: Database, organization: string, jobId: number | null): Promise<void> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from schedules s where s.organization = ${organization} and s.visibility <> 'VISIBLE' and (
      ${jobId === null ? sql`false` : sql`s.import_job_id = ${jobId}`}
      or (s.import_job_id is null and s.date_updated < now() - ${ABANDONED_AFTER})
      or (s.import_job_id is not null and not exists (select 1 from jobs j where j.id = s.import_job_id and j.status in ('PENDING', 'PROCESSING'))))`,
  );
  for (const row of rows) await removeHiddenSchedule(db, organization, Number(row.id));
}
