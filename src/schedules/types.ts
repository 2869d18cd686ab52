// GraphQL shapes of the schedule slice (SPEC ScheduleRecord, ScheduleExtendedRecord, SchedulePage).
import { SafeIntResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { ACCEPTED_FPS } from "../timecode/index.js";
import { MAX_LOCK_HORIZON_MS } from "./lock-horizon.js";
import type { PageRequest } from "../common/paging.js";
import type { EventFilter } from "./store/criteria.js";
import type { JsonReadPlan } from "./store/json-pages.js";
import type { SQL } from "drizzle-orm";

export enum ArchiveStatus {
  NOT_ARCHIVED = "NOT_ARCHIVED",
  ARCHIVING = "ARCHIVING",
  UN_ARCHIVING = "UN_ARCHIVING",
  ARCHIVED = "ARCHIVED",
}
registerEnumType(ArchiveStatus, { name: "ArchiveStatus" });

@ObjectType({ description: "The least time between the starts of two events of the schedule with the same asset, advertiser or product category, ms; 0: off (docs/CHECKS.md)" })
export class SeparationRules {
  @Field(() => SafeIntResolver, { description: "Same catalog asset, ms; 0: off" }) sameAssetMinMs!: number;
  @Field(() => SafeIntResolver, { description: "Same asset advertiser, ms; 0: off" }) sameAdvertiserMinMs!: number;
  @Field(() => SafeIntResolver, { description: "Same asset product category, ms; 0: off" }) sameCategoryMinMs!: number;
}

@InputType({ description: "Separation rules to set; a member left out keeps its stored value (0 on create), null sets 0 (off); never negative" })
export class SeparationRulesInput {
  @Field(() => SafeIntResolver, { nullable: true, description: "Same catalog asset, ms, 0 or more" }) sameAssetMinMs?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Same advertiser, ms, 0 or more" }) sameAdvertiserMinMs?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Same product category, ms, 0 or more" }) sameCategoryMinMs?: number | null;
}

@ObjectType({ description: "A channel's playlist of timed events" })
export class Schedule {
  @Field(() => ID) id!: string;
  @Field(() => String) organization!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) channel!: string | null;
  @Field(() => SafeIntResolver, { nullable: true }) channelId!: number | null;
  @Field(() => String, { description: "FINITE or LOOP" }) playlistType!: string;
  @Field(() => String, { nullable: true }) status!: string | null;
  @Field(() => String, { nullable: true }) txdate!: string | null;
  @Field(() => Float, { description: "Frames per second" }) fps!: number;
  @Field(() => Float, { description: "Frames per second (same as fps)" }) fpsFloat!: number;
  @Field(() => Boolean, { description: "Timecodes of the schedule count drop-frame (HH:MM:SS;FF); default true at 29.97 and 59.94 fps" })
  dropFrame!: boolean;
  @Field(() => String, { description: "IANA time zone (e.g. Europe/London) its local times are read and written in; default UTC" })
  timeZone!: string;
  @Field(() => String, { description: "Local time of day HH:MM at which each broadcast day starts; default 00:00" })
  broadcastDayStart!: string;
  @Field(() => String, { nullable: true }) graphicsProject!: string | null;
  @Field(() => String, { nullable: true }) graphicsProjectV2!: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Shortest allowed ad break, ms" }) breakMin!: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Longest allowed ad break, ms" }) breakMax!: number | null;
  @Field(() => SafeIntResolver, {
    description: "ms; 0 (default): off. No mutation changes, moves, deletes or creates an event starting before now + lockHorizonMs (CONFLICT, extensions.reason LOCK_HORIZON)",
  })
  lockHorizonMs!: number;
  @Field(() => SeparationRules, { description: "Separation rules validation checks (docs/CHECKS.md \"Rights and separation\")" }) separation!: SeparationRules;
  @Field(() => ArchiveStatus) archiveStatus!: ArchiveStatus;
  @Field(() => Int, { description: "Adds 1 at every change of the schedule or its events" }) version!: number;
  @Field(() => Date, { nullable: true, description: "Start of the first event" }) startDate!: Date | null;
  @Field(() => Date, { nullable: true, description: "End of the last event" }) finishDate!: Date | null;
  @Field(() => Date, { nullable: true }) dateApplied!: Date | null;
  @Field(() => Date) dateCreated!: Date;
  @Field(() => Date) dateUpdated!: Date;
  @Field(() => Boolean, { description: "True only on the record a delete answers" }) deleted!: boolean;
  @Field(() => Boolean) finiteType!: boolean;
  @Field(() => Boolean) loopType!: boolean;
  /** Not in the schema: the events page read with the schedules page (EventsFold); Schedule.events answers it when its key matches. */
  prefetchedEvents?: PrefetchedEvents;
  /** Not in the schema: pages read with the schedule by ScheduleColumnFolds, by the field they answer (null: not read, the field reads as usual). */
  folded?: Record<string, FoldedColumn>;
  /** Not in the schema: the schedule's event count when read with it (heavy fields price their work by it). */
  eventCount?: number;
}

/** A page of a schedule's events read in the same statement as the schedule (Query.schedules). */
export interface PrefetchedEvents {
  /** Arguments and selection it answers (events/json-fold.ts prefetchKey). */
  key: string;
  page: unknown;
}

/**
 * How Query.schedules reads each schedule's events in its own statement, given by the events slice
 * (this slice does not import it): the page, filter and JSON plan of the events asked for, which
 * the store folds into the statement of the schedules page (store/json-pages.ts
 * foldedPagesStatement); `pagesOf` reads the events of each row of that statement (rows in
 * its order: the first carries the assets of them all).
 */
export interface EventsFold {
  request: PageRequest;
  filter: EventFilter | null | undefined;
  /** What the events page reads; `key` a stable text of it (the same key, the same statement). */
  plan: JsonReadPlan & { key: string };
  pagesOf(rows: Record<string, unknown>[]): PrefetchedEvents[];
}

/**
 * A page of another slice's rows read in the schedule's own statement, as one column (the history
 * page of Schedule.history): given by that slice, which owns its table and its SQL. `column` is an
 * expression over the schedule's row `sp` (its id and event_count), JSON text or null; the field
 * answers the column's text when its own arguments and selection give the same `key`.
 */
export interface ScheduleColumnFold {
  /** The Schedule field it answers. */
  field: string;
  /** What the field's arguments and selection ask (compared when the field resolves). */
  key: string;
  /** What shapes the column's text (the statement is kept by it). */
  statementKey: string;
  /** Built only when the statement is (a kept statement is built once). */
  column: () => SQL;
  /** The values of the column's placeholders. */
  values: Record<string, unknown>;
}

/** What a ScheduleColumnFold read for one schedule. */
export interface FoldedColumn {
  key: string;
  text: string | null;
}

@InputType({ description: "Fields of a schedule to create or change; every field optional. id, organization of a record, archiveStatus and the dates the server keeps are read-only." })
export class ScheduleInput {
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) channel?: string | null;
  @Field(() => SafeIntResolver, { nullable: true }) channelId?: number | null;
  @Field(() => String, { nullable: true, description: "FINITE (default) or LOOP" }) playlistType?: string | null;
  @Field(() => String, { nullable: true }) status?: string | null;
  @Field(() => String, { nullable: true }) txdate?: string | null;
  @Field(() => Float, { nullable: true, description: `Frames per second: ${ACCEPTED_FPS}; 25 when a schedule is created without` }) fps?: number | null;
  @Field(() => Float, { nullable: true, description: "Frames per second; used when fps is not given; the same rates as fps" }) fpsFloat?: number | null;
  @Field(() => Boolean, { nullable: true, description: "Drop-frame timecode (only at 29.97 and 59.94 fps); null: the default of the fps" })
  dropFrame?: boolean | null;
  @Field(() => String, { nullable: true, description: "IANA time zone such as Europe/London (default UTC); changing it moves no event" })
  timeZone?: string | null;
  @Field(() => String, { nullable: true, description: "Local time of day HH:MM at which each broadcast day starts (default 00:00)" })
  broadcastDayStart?: string | null;
  @Field(() => String, { nullable: true }) graphicsProject?: string | null;
  @Field(() => String, { nullable: true }) graphicsProjectV2?: string | null;
  @Field(() => SafeIntResolver, { nullable: true }) breakMin?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) breakMax?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: `ms from 0 (default, off) to ${MAX_LOCK_HORIZON_MS} (31 days): no mutation changes an event starting before now + this; null: 0` })
  lockHorizonMs?: number | null;
  @Field(() => SeparationRulesInput, { nullable: true, description: "Separation rules validation checks; null: all off" }) separation?: SeparationRulesInput | null;
  @Field(() => Date, { nullable: true, description: "Kept while the schedule has no events" }) startDate?: Date | null;
  @Field(() => Date, { nullable: true, description: "Kept while the schedule has no events" }) finishDate?: Date | null;
  @Field(() => Date, { nullable: true }) dateApplied?: Date | null;
  @Field(() => Int, { nullable: true, description: "On update: the version you read; a different stored version answers CONFLICT" })
  version?: number | null;
  @Field(() => String, { nullable: true, description: "Used when the organization argument is omitted" }) organization?: string | null;
  @Field(() => ID, { nullable: true, description: "Read-only; ignored" }) id?: string | null;
  @Field(() => ArchiveStatus, { nullable: true, description: "Read-only; ignored (archiveSchedule and restoreSchedules change it)" })
  archiveStatus?: ArchiveStatus | null;
  @Field(() => Date, { nullable: true, description: "Read-only; ignored" }) dateCreated?: Date | null;
  @Field(() => Date, { nullable: true, description: "Read-only; ignored" }) dateUpdated?: Date | null;
}

@InputType({ description: "Filters of the schedule search; members combine with AND" })
export class ScheduleFilterInput {
  @Field(() => String, { nullable: true, description: "Exact name, case-insensitive" }) name?: string | null;
  @Field(() => String, { nullable: true, description: "Part of the name, case-insensitive" }) nameSubString?: string | null;
  @Field(() => String, { nullable: true }) channel?: string | null;
  @Field(() => Float, { nullable: true, description: "Frames per second, exactly; a finite number above 0 and at most 300 (schedules stored before fps had to have a timecode may hold any such rate)" })
  fps?: number | null;
  @Field(() => String, { nullable: true }) graphicsProjectV2?: string | null;
  @Field(() => [String], { nullable: true }) statuses?: string[] | null;
  @Field(() => ArchiveStatus, { nullable: true }) archiveStatus?: ArchiveStatus | null;
  @Field(() => Date, { nullable: true }) dateUpdatedFrom?: Date | null;
  @Field(() => Date, { nullable: true }) dateUpdatedTo?: Date | null;
  @Field(() => Date, { nullable: true }) startDateFrom?: Date | null;
  @Field(() => Date, { nullable: true }) startDateTo?: Date | null;
  @Field(() => Date, { nullable: true }) finishDateFrom?: Date | null;
  @Field(() => Date, { nullable: true }) finishDateTo?: Date | null;
}

@ObjectType()
export class SchedulePage extends PageMembers {
  @Field(() => [Schedule]) content!: Schedule[];
}
