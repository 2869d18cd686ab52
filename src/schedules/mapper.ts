import { asStored, ReadMap, type FieldRead } from "../common/read-plan.js";
import { dayStartText } from "../localtime/index.js";
import { defaultDropFrame } from "../timecode/index.js";
import type { ScheduleRow } from "./store/tables.js";
import { type ArchiveStatus, Schedule } from "./types.js";

const stored = asStored<ScheduleRow>;
const made = (columns: (keyof ScheduleRow & string)[], value: (row: ScheduleRow) => unknown): FieldRead<ScheduleRow> => ({ columns, value });

/**
 * How each field of Schedule is read (src/common/read-plan.ts); the one place a schedule row
 * becomes its GraphQL shape. Schedule.events primes the frame rate and local clock of its events
 * from the schedule, Schedule.history prices its work by the event count; every other field of a
 * resolver takes the whole schedule (its plan reads every column).
 */
export const SCHEDULE_READS = new ReadMap<ScheduleRow, Schedule>(
  {
    ...{ id: made(["id"], (row) => String(row.id)), organization: stored("organization"), name: stored("name"), channel: stored("channel"), channelId: stored("channelId") },
    ...{ playlistType: stored("playlistType"), status: stored("status"), txdate: stored("txdate"), fps: stored("fps"), fpsFloat: made(["fps"], (row) => row.fps) },
    dropFrame: made(["dropFrame", "fps"], (row) => row.dropFrame ?? defaultDropFrame(row.fps)),
    ...{ timeZone: stored("timeZone"), broadcastDayStart: made(["broadcastDayStart"], (row) => dayStartText(row.broadcastDayStart)) },
    ...{ graphicsProject: stored("graphicsProject"), graphicsProjectV2: stored("graphicsProjectV2"), breakMin: stored("breakMin"), breakMax: stored("breakMax") },
    lockHorizonMs: stored("lockHorizonMs"),
    separation: made(["separationAssetMs", "separationAdvertiserMs", "separationCategoryMs"], (row) => ({
      ...{ sameAssetMinMs: row.separationAssetMs, sameAdvertiserMinMs: row.separationAdvertiserMs, sameCategoryMinMs: row.separationCategoryMs },
    })),
    ...{ archiveStatus: made(["archiveStatus"], (row) => row.archiveStatus as ArchiveStatus), version: stored("version"), startDate: stored("startDate") },
    ...{ finishDate: stored("finishDate"), dateApplied: stored("dateApplied"), dateCreated: stored("dateCreated"), dateUpdated: stored("dateUpdated") },
    ...{ deleted: made([], () => false), finiteType: made(["playlistType"], (row) => row.playlistType === "FINITE"), loopType: made(["playlistType"], (row) => row.playlistType === "LOOP") },
    eventCount: stored("eventCount"),
  },
  ["id", "organization"],
  { events: ["id", "organization", "fps", "dropFrame", "timeZone", "broadcastDayStart"], history: ["id", "organization", "eventCount"] },
  "everything",
  Schedule,
);

/** A whole schedule row as its GraphQL shape (mutations' answers, callers without a selection). */
export function toSchedule(row: ScheduleRow): Schedule {
  return SCHEDULE_READS.toOutput(row, SCHEDULE_READS.everything);
}
