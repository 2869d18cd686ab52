// GraphQL shapes of the events slice: Event (SPEC "Event"), its input, pages and summaries.
import { JSONObjectResolver, SafeIntResolver } from "graphql-scalars";
import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { Message, PageMembers } from "../common/graphql-types.js";
import type { PageRequest } from "../common/paging.js";
import { TimecodeScalar } from "./timecode-scalar.js";
import { Schedule } from "../schedules/index.js";
import type { EventFilter } from "../schedules/index.js";
import { BlockMode, EventStatus, EventType } from "./enums.js";
import {
  AudioTransition,
  ContentAdvisory,
  EventAssetData,
  LiveParameters,
  PidOverride,
  PlayoutSwitch,
  PrimarySCTESourceSwitch,
  Programme,
  SCTE35Signal,
  SCTE35Trigger,
  SecondaryEvent,
  StreamOverride,
  UntimedAd,
  VendorRPC,
  Voiceover,
} from "./nested.js";

const opt = { nullable: true } as const;

/**
 * The fields of an event kept in its `data` document, the same on the output type and the input
 * (Event, EventInput). deviation, maxExtendedDuration, som and timecodeIn stay on each: only the
 * output describes their unit. type-graphql gives a subclass the fields of a decorated parent; the
 * parent's own types are never emitted (nothing returns or takes them).
 */
@ObjectType("EventDataFields")
@InputType("EventDataFieldsInput")
export class EventDataFields {
  @Field(() => EventAssetData, opt) assetData?: EventAssetData | null;
  @Field(() => AudioTransition, opt) audioTransition?: AudioTransition | null;
  @Field(() => SafeIntResolver, opt) blockId?: number | null;
  @Field(() => BlockMode, opt) blockMode?: BlockMode | null;
  @Field(() => String, opt) category?: string | null;
  @Field(() => String, opt) color?: string | null;
  @Field(() => String, opt) houseId?: string | null;
  @Field(() => String, opt) label?: string | null;
  @Field(() => String, opt) liveId?: string | null;
  @Field(() => String, opt) placeholderId?: string | null;
  @Field(() => String, opt) reconciliationId?: string | null;
  @Field(() => String, opt) recordingPattern?: string | null;
  @Field(() => [ContentAdvisory], opt) contentAdvisory?: ContentAdvisory[] | null;
  @Field(() => Boolean, opt) ignoreIncomingScte35Signals?: boolean | null;
  @Field(() => Boolean, opt) manualEnd?: boolean | null;
  @Field(() => Boolean, opt) manualStart?: boolean | null;
  @Field(() => Boolean, opt) recording?: boolean | null;
  @Field(() => LiveParameters, opt) liveParameters?: LiveParameters | null;
  @Field(() => [PidOverride], opt) pidOverrides?: PidOverride[] | null;
  @Field(() => [PlayoutSwitch], opt) playoutSwitches?: PlayoutSwitch[] | null;
  @Field(() => PrimarySCTESourceSwitch, opt) primarySCTESourceSwitch?: PrimarySCTESourceSwitch | null;
  @Field(() => Programme, opt) programme?: Programme | null;
  @Field(() => [SCTE35Signal], opt) scte35Signals?: SCTE35Signal[] | null;
  @Field(() => SCTE35Trigger, opt) scte35Trigger?: SCTE35Trigger | null;
  @Field(() => [SecondaryEvent], opt) secondaryEvents?: SecondaryEvent[] | null;
  @Field(() => [StreamOverride], opt) streamOverrides?: StreamOverride[] | null;
  @Field(() => [VendorRPC], opt) vendorRPCList?: VendorRPC[] | null;
  @Field(() => [UntimedAd], opt) untimedAds?: UntimedAd[] | null;
  @Field(() => [Voiceover], opt) voiceovers?: Voiceover[] | null;
}

@ObjectType({ description: "A timed entry of a schedule. Times are ms; onAirTime is an instant." })
export class Event extends EventDataFields {
  @Field(() => ID, {
    description:
      "Cache identity: the event's id on the live schedule; a draft, a preview or an earlier version of it has an id of its own (556@changeSet12, 556@v3, 556@v7+ripple552)",
  })
  id!: string;
  /** Not a class field of GraphQL (EventResolver.eventId answers it): the live id of a copy whose id was relabelled (copies.ts). */
  eventId?: string;
  @Field(() => ID, { description: "The schedule holding the event" }) scheduleId!: string;
  @Field(() => Date) onAirTime!: Date;
  @Field(() => SafeIntResolver, { description: "ms" }) duration!: number;
  @Field(() => EventType) eventType!: EventType;
  @Field(() => String, opt) title!: string | null;
  @Field(() => Boolean, { description: "Fixed-time: only an explicit update of this event moves it" }) locked!: boolean;
  @Field(() => String, opt) mediaId!: string | null;
  @Field(() => EventStatus, opt) status!: EventStatus | null;
  @Field(() => Int, { description: "Adds 1 at every change of this event" }) version!: number;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) deviation?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) maxExtendedDuration?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Start of media, ms into the source" }) som?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms" }) timecodeIn?: number | null;
  /** Not a GraphQL field: the organization whose catalog Event.asset reads. */
  organization?: string;
}

@InputType({
  description:
    "Fields of an event; all optional. On update only the fields given change (a nested structure or list is replaced whole); null clears. id is required by updates and ignored by creations; version is read-only.",
})
export class EventInput extends EventDataFields {
  @Field(() => ID, opt) id?: string | null;
  @Field(() => Date, { nullable: true, description: "Default on creation: the end of the last event (else the schedule start)" })
  onAirTime?: Date | null;
  @Field(() => String, {
    nullable: true,
    description: "Instead of onAirTime: a local date-time in the schedule's time zone (2026-03-29T06:00); a repeated hour's first occurrence unless an offset is given",
  })
  onAirLocal?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "ms, not negative; default 0" }) duration?: number | null;
  @Field(() => EventType, { nullable: true, description: "Default PRIMARY" }) eventType?: EventType | null;
  @Field(() => String, opt) title?: string | null;
  @Field(() => Boolean, opt) locked?: boolean | null;
  @Field(() => String, opt) mediaId?: string | null;
  @Field(() => EventStatus, opt) status?: EventStatus | null;
  @Field(() => Int, { nullable: true, description: "Read-only; ignored" }) version?: number | null;
  @Field(() => SafeIntResolver, opt) deviation?: number | null;
  @Field(() => SafeIntResolver, opt) maxExtendedDuration?: number | null;
  @Field(() => SafeIntResolver, opt) som?: number | null;
  @Field(() => SafeIntResolver, opt) timecodeIn?: number | null;
  @Field(() => TimecodeScalar, { nullable: true, description: "duration as a timecode at the schedule's rate (instead of duration)" })
  durationTimecode?: string | null;
  @Field(() => TimecodeScalar, { nullable: true, description: "som as a timecode at the schedule's rate (instead of som)" }) somTimecode?: string | null;
  @Field(() => TimecodeScalar, { nullable: true, description: "End of media: sets duration to EOM − SOM (instead of duration)" }) eomTimecode?: string | null;
  @Field(() => TimecodeScalar, { nullable: true, description: "timecodeIn as a timecode at the schedule's rate (instead of timecodeIn)" })
  timecodeInTimecode?: string | null;
}

@InputType({ description: "Event search; members combine with AND" })
export class EventCriteriaInput {
  @Field(() => EventType, opt) eventType?: EventType | null;
  @Field(() => String, { nullable: true, description: "Part of the title, case-insensitive" }) term?: string | null;
  @Field(() => Date, { nullable: true, description: "onAirTime at or after" }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: "onAirTime before (half-open range)" }) to?: Date | null;
  @Field(() => [ID], opt) ids?: string[] | null;
  @Field(() => Boolean, opt) locked?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "true: events whose assetData.assetId (else mediaId) names no catalog asset; false: the others" })
  missingAsset?: boolean | null;
  @Field(() => Boolean, { nullable: true, description: "true: events that name an asset (assetData.assetId or mediaId); false: events that name none (LIVE, say)" })
  hasAsset?: boolean | null;
  @Field(() => Int, { nullable: true, description: "0-based; default 0" }) pageNumber?: number | null;
  @Field(() => Int, { nullable: true, description: "default 20, at most 1000" }) pageSize?: number | null;
}

@ObjectType({
  description:
    "A page of events in onAirTime order. gaps maps the id of an event on the page to the time (ms) between the latest end of the events before it in the schedule and its start; overlaps maps it to the time it shares with them. programmes maps a programme title to the number of its PRIMARY parts on the page.",
})
export class EventPage extends PageMembers {
  @Field(() => [Event]) content!: Event[];
  @Field(() => JSONObjectResolver, { description: "event id → gap before it, ms (keys: events on this page)" }) gaps!: Record<string, number>;
  @Field(() => JSONObjectResolver, { description: "event id → ms it shares with earlier events" }) overlaps!: Record<string, number>;
  @Field(() => JSONObjectResolver, { description: "programme title → PRIMARY parts on this page" }) programmes!: Record<string, number>;
}

@ObjectType({ description: "A schedule's time span with one page of its events" })
export class EventPageResult {
  @Field(() => ID) id!: string;
  @Field(() => Date, opt) startDate!: Date | null;
  @Field(() => Date, opt) finishDate!: Date | null;
  @Field(() => EventPage) page!: EventPage;
}

@ObjectType({ description: "How many, and on which pages (0-based, of the summary's size)" })
export class PageList {
  @Field(() => [Int]) pages!: number[];
  @Field(() => Int) total!: number;
}

@ObjectType({ description: "Totals and pages of a schedule's events; pages count in the summary's size" })
export class EventsSummary {
  @Field(() => Int, { description: "Page holding the event on air now (the last one started, else 0)" }) currentEventPage!: number;
  @Field(() => JSONObjectResolver, { description: "eventType → { pages, total }" }) eventsByType!: Record<string, PageList>;
  @Field(() => PageList, { description: "Events with a gap before them" }) gaps!: PageList;
  @Field(() => PageList, { description: "Events that overlap the event before them" }) overlaps!: PageList;
  @Field(() => PageList, { nullable: true, description: "Events whose asset (assetData.assetId, else mediaId) is not in the catalog (computed only when asked)" })
  missingAssetsEvents!: PageList | null;
  @Field(() => PageList, { description: "Events whose assetData.assetQCStatus is FAILED" }) unsuccessfulQCAssetsEvents!: PageList;
  @Field(() => Int, { description: "PRIMARY programmes (parts of one programme count once)" }) totalProgrammes!: number;
  /** Not GraphQL fields: what the missingAssetsEvents field resolver (src/checks) needs. */
  /** Not in the schema: the broadcast day it was asked for (its instants), which missingAssetsEvents keeps to. */
  range?: { from: number; to: number } | null;
  scheduleId?: number;
  pageSize?: number;
}

@ObjectType({ description: "The matching events after a mark or an update by criteria: the requested page, and what was done" })
export class EventSearchResult {
  @Field(() => EventPageResult) content!: EventPageResult;
  @Field(() => [Message]) messages!: Message[];
  @Field(() => Schedule, {
    description: "The schedule after the change (unchanged for a draft's); its changedEvents answers every event the change touched, with their new versions",
  })
  schedule!: Schedule;
}

@InputType({ description: "The asset that replaces another in every event using it" })
export class AssetReplacementInput {
  @Field(() => String, { description: "A catalog asset of the schedule's organization" }) assetId!: string;
  @Field(() => Boolean, {
    nullable: true,
    description: "When the new asset is shorter, ripple what follows each replaced event up to the next locked event (default false: the gap stays)",
  })
  fillGaps?: boolean | null;
}

@ObjectType({ description: "What replaceAsset did" })
export class ReplaceAssetResult {
  @Field(() => Schedule, {
    description: "The schedule after the replacement; its changedEvents answers the events the replacement changed, with their new versions",
  })
  schedule!: Schedule;
  @Field(() => Int, { description: "Events whose asset was replaced (events only moved by fillGaps are not counted)" }) eventsModified!: number;
  @Field(() => Date, { nullable: true, description: "onAirTime of the first replaced event" }) firstEventTime!: Date | null;
  @Field(() => Date, { nullable: true, description: "onAirTime of the last replaced event" }) lastEventTime!: Date | null;
  @Field(() => String, { nullable: true }) newMediaId!: string | null;
  @Field(() => String, { nullable: true }) originalMediaId!: string | null;
}

/** What a page of events asks (Schedule.events, ChangeSet.events), once its arguments are read. */
export interface EventsPageArgs {
  page?: number | null;
  size?: number | null;
  filter?: EventFilter | null;
}

/** A schedule answered by bulkEditEvents carries the page the caller shows (pageNumber, pageSize). */
export type ScheduleWithPage = Schedule & { eventsPage?: PageRequest | null };
