// Schedules an import created hidden (visibility IMPORTING) and did not finish: removed in small
// steps so that no other request waits long behind the removal of a large one.
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.js";
import { deleteSomeEvents } from "../schedules/index.js";

/** Events removed per statement when a hidden schedule goes. */
export const REMOVE_CHUNK = 5000;

/** A synchronous import that wrote nothing for this long was interrupted (its process died). */
const ABANDONED_AFTER = sql`interval '1 hour'`;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Deletes a schedule that is still hidden, its events first in chunks; nothing when it became visible. */
export async function removeHiddenSchedule(db: Database, scheduleId: number): Promise<void> {
  const [row] = await queryRows<{ id: number }>(db, sql`select id from schedules where id = ${scheduleId} and visibility = 'IMPORTING'`);
  if (!row) return;
  for (;;) {
    if ((await deleteSomeEvents(db, scheduleId, REMOVE_CHUNK)) < REMOVE_CHUNK) break;
    await nextTurn();
  }
  await db.execute(sql`delete from schedules where id = ${scheduleId} and visibility = 'IMPORTING'`);
}

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
  for (const row of rows) await removeHiddenSchedule(db, Number(row.id));
}
