import { dayStartText } from "../localtime/index.js";
import { defaultDropFrame } from "../timecode/index.js";
import { getTableColumns } from "drizzle-orm";
import { schedules, type ScheduleRow } from "./store/tables.js";
import { type ArchiveStatus, type Schedule } from "./types.js";

const COLUMNS = Object.entries(getTableColumns(schedules));

/** A schedule row of raw SQL (database column names, driver values) as drizzle maps a select of the table. */
export function scheduleRowOf(raw: Record<string, unknown>): ScheduleRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as ScheduleRow;
}

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
