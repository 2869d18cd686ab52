import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, instant, int64, updatedAt } from "../db/columns.js";

export const ARCHIVE_STATUSES = ["NOT_ARCHIVED", "ARCHIVING", "UN_ARCHIVING", "ARCHIVED"] as const;
export type ArchiveStatusValue = (typeof ARCHIVE_STATUSES)[number];

/** VISIBLE: an ordinary schedule. IMPORTING: being written by an import, seen by no read or lookup. */
export const VISIBILITIES = ["VISIBLE", "IMPORTING"] as const;
export type VisibilityValue = (typeof VISIBILITIES)[number];

export const schedules = pgTable(
  "schedules",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    name: text("name").notNull(),
    channel: text("channel"),
    channelId: int64("channel_id"),
    playlistType: text("playlist_type").notNull().default("FINITE"),
    status: text("status"),
    txdate: text("txdate"),
    fps: doublePrecision("fps").notNull().default(25),
    /** Timecode labels drop-frame (29.97 and 59.94 only); null: the default of the fps (src/timecode). */
    dropFrame: boolean("drop_frame"),
    /** IANA zone its local times are read and written in (docs/EVENTS.md "Local time"); instants stay UTC. */
    timeZone: text("time_zone").notNull().default("UTC"),
    /** Local time of day, ms after midnight, at which each broadcast day starts. */
    broadcastDayStart: integer("broadcast_day_start").notNull().default(0),
    graphicsProject: text("graphics_project"),
    graphicsProjectV2: text("graphics_project_v2"),
    /** Shortest and longest allowed ad break, milliseconds. */
    breakMin: int64("break_min"),
    breakMax: int64("break_max"),
    archiveStatus: text("archive_status").$type<ArchiveStatusValue>().notNull().default("NOT_ARCHIVED"),
    version: integer("version").notNull().default(1),
    /**
     * ms since the epoch that every event time of this schedule counts from (events.on_air_time
     * is relative to it): shifting or transposing the schedule moves this one value.
     */
    timeOrigin: int64("time_origin").notNull().default(0),
    /**
     * Longest event duration, ms (kept by every change of the events): how far back an event
     * still on air at some instant can have started, which bounds the gap/overlap look-ups.
     */
    maxEventDuration: int64("max_event_duration").notNull().default(0),
    /** Number of events (kept by every change of the events): unfiltered pages need no count. */
    eventCount: integer("event_count").notNull().default(0),
    /** First event start and last event end; the given dates while the schedule has no events. */
    startDate: instant("start_date"),
    finishDate: instant("finish_date"),
    dateApplied: instant("date_applied"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
    createdBy: text("created_by"),
    /** IMPORTING while an import writes it in chunks; VISIBLE in the import's last transaction (src/io/importer.ts). */
    visibility: text("visibility").$type<VisibilityValue>().notNull().default("VISIBLE"),
    /** The SCHEDULE_IMPORT job writing it while IMPORTING (null: a synchronous import, or visible). */
    importJobId: int64("import_job_id"),
  },
  (t) => [
    index("schedules_org_id_idx").on(t.organization, t.id),
    index("schedules_org_name_idx").on(t.organization, sql`lower(${t.name})`),
    index("schedules_org_graphics_idx").on(t.organization, t.graphicsProject),
    index("schedules_org_graphics_v2_idx").on(t.organization, t.graphicsProjectV2),
    index("schedules_org_start_idx").on(t.organization, t.startDate),
    index("schedules_importing_idx").on(t.organization).where(sql`visibility <> 'VISIBLE'`),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;
