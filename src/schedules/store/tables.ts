// The tables of the schedule aggregate: schedules, their events, and the change sets whose drafts
// the event mutations edit (change_sets, change_set_events, change_set_removals), with the row
// types and the values of an event. Only src/schedules/store/ runs statements on them; other
// slices name them only for their foreign keys.
import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, instant, int64, updatedAt } from "../../db/columns.js";

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
    /**
     * ms (0: off): no edit changes, moves, removes or creates an event starting before now + this
     * (docs/EVENTS.md "Lock horizon"; the check: drizzle/0021_lock_horizon.sql, edit-events.ts).
     */
    lockHorizonMs: int64("lock_horizon_ms").notNull().default(0),
    /** Separation rules, ms (0: off): least time between the starts of two events with the same asset, advertiser, product category (docs/CHECKS.md). */
    separationAssetMs: int64("separation_asset_ms").notNull().default(0),
    separationAdvertiserMs: int64("separation_advertiser_ms").notNull().default(0),
    separationCategoryMs: int64("separation_category_ms").notNull().default(0),
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

/**
 * The schedule's columns that fields of every one of its events are read through: the time origin
 * (onAirTime), the zone and broadcast day start (onAirLocal, endLocal, broadcastDate), the rate
 * (the timecodes). A change of any of them changes those fields of all its events at once.
 */
export const EVENT_DERIVING_COLUMNS: readonly string[] = [schedules.timeOrigin, schedules.timeZone, schedules.broadcastDayStart, schedules.fps, schedules.dropFrame].map((column) => column.name);

export type ScheduleRow = typeof schedules.$inferSelect;
export type NewScheduleRow = typeof schedules.$inferInsert;

/**
 * The columns every table of events shares after its key: `events` and the change-set drafts
 * (below). src/schedules/store/ runs the same SQL on either, so they come from one place.
 */
export function eventColumns() {
  return {
    organization: text("organization").notNull(),
    /** Start, ms after the schedule's time_origin. */
    onAirTime: int64("on_air_time").notNull(),
    /** Length, ms (never negative). */
    duration: int64("duration").notNull().default(0),
    eventType: text("event_type").notNull().default("PRIMARY"),
    title: text("title"),
    locked: boolean("locked").notNull().default(false),
    mediaId: text("media_id"),
    /** assetData.assetId, copied out of `data` so that asset lookups need no JSON. */
    assetId: text("asset_id"),
    status: text("status"),
    /** assetData.assetQCStatus and programme.title, derived by the database from `data` (for summaries without JSON). */
    qcStatus: text("qc_status").generatedAlwaysAs(sql`data->'assetData'->>'assetQCStatus'`),
    programmeTitle: text("programme_title").generatedAlwaysAs(sql`data->'programme'->>'title'`),
    version: integer("version").notNull().default(1),
    /** The nested and rarely searched fields of the event (EventData). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  };
}

/**
 * Timed events of a schedule. The timing and search columns are plain, indexed columns (integer
 * ms as bigint, so that shift, ripple and gap arithmetic are exact); every other field of SPEC
 * "Event" lives in `data` exactly as given.
 *
 * on_air_time counts from the schedule's time_origin (schedules.time_origin + on_air_time = ms
 * since the epoch): shiftSchedule and transposeSchedule move the origin, one row, instead of
 * rewriting every event. Read events through src/schedules/store/, which adds it.
 *
 * Few indexes on purpose: every index is rewritten for every event a ripple moves.
 */
export const events = pgTable(
  "events",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    ...eventColumns(),
  },
  (t) => [
    index("events_schedule_time_idx").on(t.scheduleId, t.onAirTime, t.id),
    // The longest event of a schedule by one probe, only events over a minute (store/look-back.ts
    // longestOf, drizzle/0031); its last end is a short range of the index of starts (lastEndOf).
    index("events_schedule_long_idx").on(t.scheduleId, t.duration).where(sql`${t.duration} > 60000`),
    // The locked events (few): where the gaps a bulk edit reports end (store/timings.ts lockedGaps, drizzle/0032).
    index("events_schedule_locked_idx").on(t.scheduleId, t.onAirTime).where(sql`${t.locked}`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;

/**
 * An open change set: a draft of a schedule's events (change_set_events) taken at baseVersion.
 * Applied or discarded change sets are deleted (their drafts go with them).
 * max_event_duration and event_count play the part of the schedule's columns of the same names
 * for the draft (page queries read them from whichever row holds the events).
 */
export const changeSets = pgTable(
  "change_sets",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: int64("schedule_id")
      .notNull()
      .references(() => schedules.id, { onDelete: "cascade" }),
    organization: text("organization").notNull(),
    /** 1 at creation, + 1 per draft edit. */
    version: integer("version").notNull().default(1),
    /** The schedule's version when the draft was taken. */
    baseVersion: integer("base_version").notNull(),
    maxEventDuration: int64("max_event_duration").notNull().default(0),
    eventCount: integer("event_count").notNull().default(0),
    createdBy: text("created_by"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
  },
  (t) => [index("change_sets_schedule_idx").on(t.scheduleId, t.id)],
);

/**
 * The draft events of a change set: the columns of `events` (times relative to the schedule's
 * time_origin, like the schedule's own events) keyed by (change_set_id, id), so that copies keep
 * the ids of the events they copy. Events created in the draft take their id from the events
 * identity sequence, so they can never clash with a real event.
 *
 * base_version is the schedule event's version when it was copied (null: created in the draft);
 * every draft write adds 1 to version, so version <> base_version marks the events the draft
 * changed. Events the draft removed are kept in change_set_removals.
 */
export const changeSetEvents = pgTable(
  "change_set_events",
  {
    changeSetId: int64("change_set_id")
      .notNull()
      .references(() => changeSets.id, { onDelete: "cascade" }),
    id: int64("id")
      .notNull()
      .default(sql`nextval(pg_get_serial_sequence('events', 'id'))`),
    scheduleId: int64("schedule_id").notNull(),
    ...eventColumns(),
    baseVersion: integer("base_version"),
    /** Created or changed by the draft: version <> base_version, stored so that ANALYZE counts it (drizzle/0033). */
    touched: boolean("touched").generatedAlwaysAs(sql`version is distinct from base_version`),
  },
  (t) => [
    primaryKey({ columns: [t.changeSetId, t.id] }),
    index("change_set_events_time_idx").on(t.changeSetId, t.onAirTime, t.id),
    index("change_set_events_long_idx").on(t.changeSetId, t.duration).where(sql`${t.duration} > 60000`),
    index("change_set_events_locked_idx").on(t.changeSetId, t.onAirTime).where(sql`${t.locked}`),
    // The rows the draft created or changed (few): what diff and apply read, without a pass over every copy.
    index("change_set_events_touched_idx").on(t.changeSetId, t.id).where(sql`${t.touched}`),
  ],
);

/** Events of the schedule that the draft removed, with the version they had when copied. */
export const changeSetRemovals = pgTable(
  "change_set_removals",
  {
    changeSetId: int64("change_set_id")
      .notNull()
      .references(() => changeSets.id, { onDelete: "cascade" }),
    id: int64("id").notNull(),
    baseVersion: integer("base_version").notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeSetId, t.id] })],
);

export type ChangeSetRow = typeof changeSets.$inferSelect;

/** The values of an event's value columns: what a write of the store takes (times absolute, ms since the epoch). */
export interface EventValues {
  onAirTime: number;
  duration: number;
  eventType: string;
  title: string | null;
  locked: boolean;
  mediaId: string | null;
  assetId: string | null;
  status: string | null;
  data: Record<string, unknown>;
}
