// The events' side of archive and restore (src/schedules/archive.ts): set-based and idempotent. The
// status an event had before is kept in its data (archivedFromStatus, never answered or exported)
// so that restore gives it back; an event holding that key is already archived.
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";

export const ARCHIVED_FROM = "archivedFromStatus";

export async function archiveEvents(executor: Executor, scheduleId: number): Promise<void> {
  await executor.execute(sql`
    update events set status = 'ARCHIVED', version = version + 1,
      data = data || jsonb_build_object(${ARCHIVED_FROM}::text, status)
    where schedule_id = ${scheduleId} and not (data ? ${ARCHIVED_FROM})`);
}

export async function restoreEvents(executor: Executor, scheduleId: number): Promise<void> {
  await executor.execute(sql`
    update events set status = data->>${ARCHIVED_FROM}, version = version + 1, data = data - ${ARCHIVED_FROM}::text
    where schedule_id = ${scheduleId} and data ? ${ARCHIVED_FROM}`);
}
