// Demo jobs for the embedded default, so that the job list answers something on a fresh start:
// finished archive and restore jobs whose schedules are in the state those jobs left them, and
// two exports (XMLTV and JSON) queued for real, which the server's worker finishes at start, so
// that their files exist and download.
import type { Database } from "../db/client.js";
import { completeArchive, moveArchiveStatus, scheduleIdsIn } from "../schedules/index.js";
import { enqueueJob } from "./queue.js";
import { jobs, type NewJobRow } from "./tables.js";

const HOUR = 3_600_000;

/** Answers how many jobs it added (none when the organization has fewer than three schedules). */
export async function seedDemoJobs(db: Database, organization = "demo", userId = "demo-admin"): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await scheduleIdsIn(tx, organization, "NOT_ARCHIVED", 3);
    if (ids.length < 3) return 0;
    const [archived, restored, kept] = ids;
    // The states the jobs below left behind: `archived` went to ARCHIVED (its events with it, by the
    // archive job's own edit); `restored` went there and back.
    await moveArchiveStatus(tx, [archived, restored], "NOT_ARCHIVED", "ARCHIVING");
    await moveArchiveStatus(tx, [restored], "ARCHIVING", "ARCHIVED");
    await moveArchiveStatus(tx, [restored], "ARCHIVED", "UN_ARCHIVING");
    await moveArchiveStatus(tx, [restored], "UN_ARCHIVING", "NOT_ARCHIVED");
    // Last: the edit names its operation for the history of the rest of this transaction.
    await completeArchive(tx, { organization, userId }, archived);
    const now = Date.now();
    const finished = (type: string, scheduleId: number, hoursAgo: number, status: "SUCCEEDED" | "CANCELED", message: NewJobRow["messages"]): NewJobRow => ({
      type,
      organization,
      userId,
      accountUserId: userId,
      entityId: scheduleId,
      status,
      progress: status === "SUCCEEDED" ? 100 : 0,
      payload: { scheduleIds: [scheduleId] },
      result: status === "SUCCEEDED" ? { scheduleIds: [String(scheduleId)] } : null,
      messages: message,
      attempts: status === "SUCCEEDED" ? 1 : 0,
      dateCreated: new Date(now - hoursAgo * HOUR),
      dateStarted: status === "SUCCEEDED" ? new Date(now - hoursAgo * HOUR + 1_000) : null,
      dateFinished: new Date(now - hoursAgo * HOUR + 3_000),
    });
    const added = await tx
      .insert(jobs)
      .values([
        finished("SCHEDULE_ARCHIVE", archived, 30, "SUCCEEDED", [{ type: "OK", message: `Archived schedule ${archived}` }]),
        finished("SCHEDULE_ARCHIVE", restored, 28, "SUCCEEDED", [{ type: "OK", message: `Archived schedule ${restored}` }]),
        finished("SCHEDULE_RESTORE", restored, 26, "SUCCEEDED", [{ type: "OK", message: `Restored schedule ${restored}` }]),
        finished("SCHEDULE_ARCHIVE", kept, 2, "CANCELED", [{ type: "INFO", message: `Canceled by ${userId}` }]),
      ])
      .returning({ id: jobs.id });
    for (const [format, fileName] of [["XMLTV", "demo-guide.xml"], ["JSON", "demo-schedule.json"]] as const) {
      await enqueueJob(tx, { type: "TIMELINE_EPG_XML_EXPORT", organization, userId, entityId: kept, fileName, resourceExtension: fileName.split(".").pop()!, payload: { scheduleId: kept, format } });
    }
    return added.length + 2;
  });
}
