import { dayStartText } from "../localtime/index.js";
import { defaultDropFrame } from "../timecode/index.js";
import type { ScheduleRow } from "./store/tables.js";
import { type ArchiveStatus, type Schedule } from "./types.js";

/** The one place a schedule row becomes its GraphQL shape. */
export function toSchedule(row: ScheduleRow): Schedule {
  return {
    id: String(row.id),
    organization: row.organization,
    name: row.name,
    channel: row.channel,
    channelId: row.channelId,
    playlistType: row.playlistType,
    status: row.status,
    txdate: row.txdate,
    fps: row.fps,
    fpsFloat: row.fps,
    dropFrame: row.dropFrame ?? defaultDropFrame(row.fps),
    timeZone: row.timeZone,
    broadcastDayStart: dayStartText(row.broadcastDayStart),
    graphicsProject: row.graphicsProject,
    graphicsProjectV2: row.graphicsProjectV2,
    breakMin: row.breakMin,
    breakMax: row.breakMax,
    lockHorizonMs: row.lockHorizonMs,
    separation: { sameAssetMinMs: row.separationAssetMs, sameAdvertiserMinMs: row.separationAdvertiserMs, sameCategoryMinMs: row.separationCategoryMs },
    archiveStatus: row.archiveStatus as ArchiveStatus,
    version: row.version,
    startDate: row.startDate,
    finishDate: row.finishDate,
    dateApplied: row.dateApplied,
    dateCreated: row.dateCreated,
    dateUpdated: row.dateUpdated,
    deleted: false,
    finiteType: row.playlistType === "FINITE",
    loopType: row.playlistType === "LOOP",
    eventCount: row.eventCount,
  };
}
