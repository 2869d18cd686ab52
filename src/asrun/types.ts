// GraphQL shapes of as-run: entries in, entries out, and the reconciliation (docs/ASRUN.md).
import { SafeIntResolver } from "graphql-scalars";
import { ArgsType, Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";

export enum AsRunStatus {
  AIRED = "AIRED",
  PARTIAL = "PARTIAL",
  SKIPPED = "SKIPPED",
  FAILED = "FAILED",
  UNPLANNED = "UNPLANNED",
}
registerEnumType(AsRunStatus, {
  name: "AsRunStatus",
  description: "What the playout chain reports of an item",
  valuesConfig: {
    AIRED: { description: "Went to air as a whole" },
    PARTIAL: { description: "Went to air in part (cut short or joined late)" },
    SKIPPED: { description: "Was not played (operator or automation skipped it)" },
    FAILED: { description: "Did not go to air because of a fault" },
    UNPLANNED: { description: "Went to air without being in the plan (never matched to an event)" },
  },
});

export enum ReconciliationState {
  ON_TIME = "ON_TIME",
  EARLY = "EARLY",
  LATE = "LATE",
  SHORT = "SHORT",
  LONG = "LONG",
  MISSED = "MISSED",
  UNPLANNED = "UNPLANNED",
}
registerEnumType(ReconciliationState, {
  name: "ReconciliationState",
  description: "Planned against aired, within toleranceMs; the start decides before the duration",
  valuesConfig: {
    ON_TIME: { description: "Start and duration within the tolerance" },
    EARLY: { description: "Started more than the tolerance before the planned start" },
    LATE: { description: "Started more than the tolerance after the planned start" },
    SHORT: { description: "Started on time, ran more than the tolerance shorter" },
    LONG: { description: "Started on time, ran more than the tolerance longer" },
    MISSED: { description: "Planned, and no entry aired it (none matched, or it was SKIPPED or FAILED)" },
    UNPLANNED: { description: "An entry matched to no planned event" },
  },
});

export enum AsRunExportFormat {
  CSV = "CSV",
  JSON = "JSON",
  BXF = "BXF",
}
registerEnumType(AsRunExportFormat, {
  name: "AsRunExportFormat",
  description: "The file exportAsRunReconciliation writes (docs/ASRUN.md \"Files\")",
  valuesConfig: {
    CSV: { description: "A header, then one row per reconciliation row" },
    JSON: { description: "{reconciliation, summary, rows}" },
    BXF: { description: "The window's as-run entries as an SMPTE ST 2021 BXF AsRun message for the traffic system (2017 namespace); importAsRun reads it back" },
  },
});

@InputType({ description: "One item the playout chain reports (docs/ASRUN.md)" })
export class AsRunEntryInput {
  @Field(() => String, { description: "The sender's id of this entry, unique per schedule: a resent entry changes nothing" }) entryId!: string;
  @Field(() => ID, { nullable: true, description: "The planned event it aired; eventId or mediaId is required" }) eventId?: string | null;
  @Field(() => String, { nullable: true, description: "Media id or house number; matched when eventId names no planned event" }) mediaId?: string | null;
  @Field(() => Date, { description: "When it went to air (ms precision)" }) actualStart!: Date;
  @Field(() => SafeIntResolver, { description: "How long it was on air, ms" }) actualDurationMs!: number;
  @Field(() => AsRunStatus) status!: AsRunStatus;
  @Field(() => String, { description: "The playout device or channel that aired it" }) deviceId!: string;
  @Field(() => String, { nullable: true, description: "Why it was SKIPPED, FAILED, PARTIAL or UNPLANNED" }) reason?: string | null;
  @Field(() => Int, { nullable: true, description: "SCTE-35 cues the device sent for it; omitted: the planned event's" }) scte35Cues?: number | null;
}

@ObjectType({ description: "What ingestAsRun did" })
export class AsRunIngestResult {
  @Field(() => Int, { description: "Entries stored by this call" }) inserted!: number;
  @Field(() => Int, { description: "Entries already stored with the same entry id and content (and repeats within the call)" }) duplicates!: number;
  @Field(() => Int, { description: "Entries whose eventId names no event of the schedule and whose mediaId no event has" }) unmatched!: number;
}

@ObjectType({ description: "An as-run entry as stored" })
export class AsRunEntry {
  @Field(() => ID) id!: string;
  @Field(() => String) entryId!: string;
  @Field(() => ID, { nullable: true }) eventId!: string | null;
  @Field(() => String, { nullable: true }) mediaId!: string | null;
  @Field(() => Date) actualStart!: Date;
  @Field(() => SafeIntResolver) actualDurationMs!: number;
  @Field(() => AsRunStatus) status!: AsRunStatus;
  @Field(() => String) deviceId!: string;
  @Field(() => String, { nullable: true }) reason!: string | null;
  @Field(() => Int, { nullable: true }) scte35Cues!: number | null;
  @Field(() => String, { nullable: true, description: "The token sub that sent it" }) ingestedBy!: string | null;
  @Field(() => Date, { description: "When it was received" }) dateCreated!: Date;
}

@ObjectType()
export class AsRunEntryPage extends PageMembers {
  @Field(() => [AsRunEntry]) content!: AsRunEntry[];
}

@ArgsType()
export class AsRunPageArgs {
  @Field(() => Date, { nullable: true, description: "actualStart at or after" }) from?: Date | null;
  @Field(() => Date, { nullable: true, description: "actualStart before" }) to?: Date | null;
  @Field(() => Int, { nullable: true, description: "0-based; default 0" }) page?: number | null;
  @Field(() => Int, { nullable: true, description: "default 20, at most the page limit (1000)" }) size?: number | null;
  @Field(() => [AsRunStatus], { nullable: true, description: "Only entries of these statuses" }) status?: AsRunStatus[] | null;
}

@ObjectType({ description: "A planned event and what aired of it, or an entry matched to no event" })
export class ReconciliationRow {
  @Field(() => ReconciliationState) state!: ReconciliationState;
  @Field(() => ID, { nullable: true, description: "The planned event (null: UNPLANNED)" }) eventId!: string | null;
  @Field(() => String, { nullable: true }) eventType!: string | null;
  @Field(() => String, { nullable: true }) title!: string | null;
  @Field(() => String, { nullable: true, description: "The planned event's media id, else the entry's" }) mediaId!: string | null;
  @Field(() => Date, { nullable: true }) plannedStart!: Date | null;
  @Field(() => SafeIntResolver, { nullable: true }) plannedDurationMs!: number | null;
  @Field(() => String, { nullable: true, description: "The matched entry's id as the sender gave it (null: MISSED with no entry)" }) entryId!: string | null;
  @Field(() => AsRunStatus, { nullable: true }) asRunStatus!: AsRunStatus | null;
  @Field(() => Date, { nullable: true }) actualStart!: Date | null;
  @Field(() => SafeIntResolver, { nullable: true }) actualDurationMs!: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "actualStart − plannedStart, ms (null unless matched)" }) startDeviationMs!: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "actualDurationMs − plannedDurationMs, ms (null unless matched)" }) durationDeviationMs!: number | null;
  @Field(() => String, { nullable: true }) deviceId!: string | null;
  @Field(() => String, { nullable: true }) reason!: string | null;
}

@ObjectType()
export class ReconciliationStateCount {
  @Field(() => ReconciliationState) state!: ReconciliationState;
  @Field(() => Int) count!: number;
}

@ObjectType({ description: "Planned and aired time of one event type, ms" })
export class ReconciliationTypeTotals {
  @Field(() => String) eventType!: string;
  @Field(() => SafeIntResolver) plannedMs!: number;
  @Field(() => SafeIntResolver) airedMs!: number;
}

@ObjectType({ description: "Totals of a whole reconciliation (every row of the window, not only the page)" })
export class ReconciliationSummary {
  @Field(() => [ReconciliationStateCount], { description: "Every state, with 0 where none" }) counts!: ReconciliationStateCount[];
  @Field(() => Int) plannedEvents!: number;
  @Field(() => Int, { description: "Entries that put something on air (AIRED, PARTIAL, UNPLANNED)" }) airedEntries!: number;
  @Field(() => [ReconciliationTypeTotals]) byEventType!: ReconciliationTypeTotals[];
  @Field(() => SafeIntResolver) plannedMs!: number;
  @Field(() => SafeIntResolver, { description: "Including unplannedMs" }) airedMs!: number;
  @Field(() => SafeIntResolver, { description: "On air without a planned event" }) unplannedMs!: number;
  @Field(() => Float, { description: "ADVERTISEMENT events' planned minutes" }) adBreakMinutesPlanned!: number;
  @Field(() => Float, { description: "ADVERTISEMENT events' aired minutes" }) adBreakMinutesAired!: number;
  @Field(() => Int) scte35CuesPlanned!: number;
  @Field(() => Int) scte35CuesAired!: number;
  @Field(() => [ReconciliationRow], { description: "The 10 matched rows farthest off (larger of the two deviations)" }) worstDeviations!: ReconciliationRow[];
}

@ObjectType({ description: "asRunReconciliation: a page of rows in time order, and the summary of the whole window" })
export class AsRunReconciliation extends PageMembers {
  @Field(() => [ReconciliationRow]) content!: ReconciliationRow[];
  @Field(() => ReconciliationSummary) summary!: ReconciliationSummary;
  @Field(() => Date, { nullable: true }) from!: Date | null;
  @Field(() => Date, { nullable: true }) to!: Date | null;
  @Field(() => Int) toleranceMs!: number;
}
