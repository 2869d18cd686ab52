// GraphQL shapes of the schedule checks: validation (S40), programme summary (S32), parameter
// evaluation (S35). The results of the writes (marks, replaceAsset) are in src/events/types.ts.
import { SafeIntResolver } from "graphql-scalars";
import { Field, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { Message } from "../common/graphql-types.js";

const opt = { nullable: true } as const;

@ObjectType({ description: "One EPG programme: PRIMARY parts sharing a programme title (else a mediaId) separated only by non-PRIMARY events" })
export class ProgrammeEntry {
  @Field(() => String, opt) title!: string | null;
  @Field(() => String, opt) description!: string | null;
  @Field(() => SafeIntResolver, { description: "ms from the first part's start to the last part's end" }) duration!: number;
  @Field(() => Date, { description: "onAirTime of the first part" }) eventOnAirTime!: Date;
  @Field(() => Date, { description: "programme.startTime of the first part, else its onAirTime" }) startTime!: Date;
  @Field(() => [ID], { description: "The parts, in air order" }) eventIds!: string[];
}

@ObjectType({ description: "The schedule's EPG, in air order" })
export class ProgrammeSummary {
  @Field(() => [ProgrammeEntry], { description: "The programmes of the page asked for" }) programme!: ProgrammeEntry[];
  @Field(() => Int, { description: "Programmes of the whole schedule" }) totalElements!: number;
  @Field(() => Int) totalPages!: number;
  @Field(() => Int, { description: "This page's number, from 0" }) number!: number;
  @Field(() => Int, { description: "Programmes per page" }) size!: number;
}

@ObjectType({ description: "A secondary event parameter with its placeholders replaced" })
export class EvaluatedParameter {
  @Field(() => String) name!: string;
  @Field(() => String) evaluatedValue!: string;
  @Field(() => Boolean, { description: "The parameter names a catalog asset (an ${asset.…}, ${….assetId} or ${….mediaId} placeholder)" }) asset!: boolean;
  @Field(() => Boolean, { description: "Every asset the parameter names is in the catalog (false when it names none)" }) assetExists!: boolean;
  @Field(() => [String], { description: "Placeholders that mean nothing here; they are left in evaluatedValue as written" })
  unknownPlaceholders!: string[];
}

@ObjectType({ description: "A break whose total duration is outside [breakMin, breakMax]" })
export class BreakIssue {
  @Field(() => SafeIntResolver, { description: "The break's start, ms from the schedule start" }) timeFrom!: number;
  @Field(() => SafeIntResolver, { description: "The break's total duration, ms" }) value!: number;
  @Field(() => Boolean, { description: "The break overlaps a neighbouring event" }) overlapping!: boolean;
  @Field(() => [ID]) eventIds!: string[];
}

@ObjectType({ description: "A gap or an overlap between an event and the earlier event that ends last" })
export class TimelineIssue {
  @Field(() => ID) previousEventId!: string;
  @Field(() => ID) eventId!: string;
  @Field(() => SafeIntResolver, { description: "Gap: the previous event's end; overlap: the event's start (ms from the schedule start)" }) timeFrom!: number;
  @Field(() => SafeIntResolver, { description: "Length, ms" }) value!: number;
}

@ObjectType({ description: "Events of the schedule that use one catalog key (missing, archived or failed-QC asset)" })
export class AssetIssue {
  @Field(() => String, { description: "The key the events carry (assetData.assetId, else mediaId)" }) key!: string;
  @Field(() => String, { nullable: true, description: "The catalog asset's assetId (null when missing)" }) assetId!: string | null;
  @Field(() => [ID]) eventIds!: string[];
}

@ObjectType({ description: "An event longer than its catalog asset" })
export class DurationIssue {
  @Field(() => ID) eventId!: string;
  @Field(() => String) assetId!: string;
  @Field(() => SafeIntResolver, { description: "ms" }) duration!: number;
  @Field(() => SafeIntResolver, { description: "The asset's metadata.durationInMilliseconds" }) assetDuration!: number;
}

export enum RightsReason {
  OUTSIDE_WINDOW = "OUTSIDE_WINDOW",
  CHANNEL = "CHANNEL",
  MAX_RUNS = "MAX_RUNS",
  MAX_RUNS_PER_DAY = "MAX_RUNS_PER_DAY",
}
registerEnumType(RightsReason, {
  name: "RightsReason",
  description: "Why an event breaks its asset's rights windows",
  valuesConfig: {
    OUTSIDE_WINDOW: { description: "The event starts in none of the asset's windows" },
    CHANNEL: { description: "It starts inside a window, but none of those lists the schedule's channel" },
    MAX_RUNS: { description: "A run beyond the window's maxRuns on the channel (over every schedule of the organization, in air order)" },
    MAX_RUNS_PER_DAY: { description: "A run beyond the window's maxRunsPerDay in its broadcast day on the channel" },
  },
});

export enum SeparationRule {
  ASSET = "ASSET",
  ADVERTISER = "ADVERTISER",
  CATEGORY = "CATEGORY",
}
registerEnumType(SeparationRule, {
  name: "SeparationRule",
  description: "Which separation rule of the schedule two events break",
  valuesConfig: {
    ASSET: { description: "Same catalog asset (sameAssetMinMs)" },
    ADVERTISER: { description: "Same advertiser (sameAdvertiserMinMs)" },
    CATEGORY: { description: "Same product category (sameCategoryMinMs)" },
  },
});

@ObjectType({ description: "An event that breaks its asset's rights windows (docs/CHECKS.md \"Rights and separation\")" })
export class RightsIssue {
  @Field(() => ID, { description: "The event" }) eventId!: string;
  @Field(() => String, { description: "The catalog asset's mediaId (its assetId when it has none)" }) mediaId!: string;
  @Field(() => RightsReason, { description: "Which rule it breaks" }) reason!: RightsReason;
}

@ObjectType({ description: "An event that starts too soon after the previous event with the same asset, advertiser or product category" })
export class SeparationIssue {
  @Field(() => ID, { description: "The later event" }) eventId!: string;
  @Field(() => ID, { description: "The earlier event (the last one before it sharing the value)" }) otherEventId!: string;
  @Field(() => SeparationRule, { description: "The rule broken" }) rule!: SeparationRule;
  @Field(() => SafeIntResolver, { description: "ms between the two starts (below the rule's minimum)" }) gapMs!: number;
}

@ObjectType({ description: "The rights and separation issues of the events the change that made a schedule's version created or changed: on a mutation's answer, the violations the edit introduced (it succeeded: schedulers decide)" })
export class IntroducedIssues {
  @Field(() => Int, { description: "How many events the change created or changed (removed ones have no issues)" }) changedEvents!: number;
  @Field(() => [RightsIssue], { description: "Rights issues of those events, in air order" }) rightsIssues!: RightsIssue[];
  @Field(() => [SeparationIssue], { description: "Separation issues with one of those events on either side, in air order" }) separationIssues!: SeparationIssue[];
}

@ObjectType({ description: "How many of each problem the whole schedule has (always complete, whatever fullList)" })
export class ValidationTotals {
  @Field(() => Int) events!: number;
  @Field(() => Int) overlaps!: number;
  @Field(() => Int) gaps!: number;
  @Field(() => Int) breaks!: number;
  @Field(() => Int) breakIssues!: number;
  @Field(() => Int) missingAssets!: number;
  @Field(() => Int) missingAssetEvents!: number;
  @Field(() => Int) archivedAssets!: number;
  @Field(() => Int) archivedAssetEvents!: number;
  @Field(() => Int) failedQcAssets!: number;
  @Field(() => Int) failedQcAssetEvents!: number;
  @Field(() => Int) lockedCollisions!: number;
  @Field(() => Int) durationIssues!: number;
  @Field(() => Int, { description: "Rights issues (an event counted once per reason)" }) rightsIssues!: number;
  @Field(() => Int, { description: "Separation issues (an event counted once per rule)" }) separationIssues!: number;
  @Field(() => Int, { description: "Sum of the problem figures (events counted once per problem kind; breaks and events are not problems)" }) problems!: number;
}

@ObjectType({
  description:
    "Schedule validation. Warnings only: nothing refuses to save. Archived and missing assets, breaks and their issues, and the other checks; with fullList false every list holds only its first `limit` entries (in air order) while totals stay complete.",
})
export class ValidationResult {
  @Field(() => ID) scheduleId!: string;
  @Field(() => SafeIntResolver, { nullable: true, description: "The channel validated for (the argument, else the schedule's)" }) channelId!: number | null;
  @Field(() => Boolean) fullList!: boolean;
  @Field(() => Int, { nullable: true, description: "Entries per list when fullList is false; null when lists are complete" }) limit!: number | null;
  @Field(() => Boolean, { description: "No problem of any kind" }) valid!: boolean;
  @Field(() => ValidationTotals) totals!: ValidationTotals;
  @Field(() => [Message], { description: "One line per kind of problem found, and any note on the arguments" }) messages!: Message[];
  @Field(() => [ID], { description: "Events whose asset is archived (storageType ARCHIVED)" }) archivedAssetEvents!: string[];
  @Field(() => [String], { description: "assetIds of the archived assets the events use" }) archivedAssets!: string[];
  @Field(() => [BreakIssue]) breakIssues!: BreakIssue[];
  /** Ids of each break's events; the `breaks` field resolver loads the events only when asked. */
  breakEventIds!: number[][];
  @Field(() => [TimelineIssue]) overlaps!: TimelineIssue[];
  /** Not in the schema as it is: the `gaps` field resolver answers one page of it. */
  gaps!: TimelineIssue[];
  @Field(() => [String], { description: "Keys that name no catalog asset" }) missingAssets!: string[];
  @Field(() => [ID]) missingAssetEvents!: string[];
  @Field(() => [AssetIssue], { description: "Missing assets with the events using each" }) missingAssetIssues!: AssetIssue[];
  @Field(() => [AssetIssue], { description: "Archived assets with the events using each" }) archivedAssetIssues!: AssetIssue[];
  @Field(() => [String], { description: "assetIds of assets whose qcInfo.qcStatus is FAILED" }) failedQcAssets!: string[];
  @Field(() => [ID]) failedQcAssetEvents!: string[];
  @Field(() => [AssetIssue]) failedQcAssetIssues!: AssetIssue[];
  @Field(() => [TimelineIssue], { description: "Overlaps in which at least one of the two events is locked" }) lockedCollisions!: TimelineIssue[];
  @Field(() => [DurationIssue], { description: "Events longer than their asset" }) durationIssues!: DurationIssue[];
  @Field(() => [RightsIssue], { description: "Events outside their asset's rights windows, on a channel not allowed, or beyond a run cap; air order, then reason" }) rightsIssues!: RightsIssue[];
  @Field(() => [SeparationIssue], { description: "Events too close to an earlier one with the same asset, advertiser or category; air order, then rule" }) separationIssues!: SeparationIssue[];
}
