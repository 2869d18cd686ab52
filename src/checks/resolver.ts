// GraphQL of the checks: Schedule fields (S14, S32, S35, S40), Event.asset, ValidationResult.breaks.
// Read-only: the mutations that fix what they report are in src/events/ (marks-resolver.ts).
// Thin: one service (or loader) call per field.
import { SafeIntResolver } from "graphql-scalars";
import { type GraphQLResolveInfo, Kind } from "graphql";
import { Arg, Ctx, FieldResolver, Info, Int, Resolver, Root } from "type-graphql";
import { Asset } from "../assets/index.js";
import { PRELOADED_ASSET } from "../events/index.js";
import { SecondaryEvent } from "../events/index.js";
import { Event, EventsSummary, PageList } from "../events/index.js";
import { Schedule } from "../schedules/index.js";
import { ChangeSet } from "../changesets/index.js";
import { callerOf, type Context } from "../common/context.js";
import { LIST_PAGE_SIZE } from "../common/paging.js";
import { pageNeedsTotal } from "../common/read-plan.js";
import { assetKeyOf } from "../assets/index.js";
import { COLUMN_EVENT_FIELDS } from "./reads.js";
import { EvaluatedParameter, IntroducedIssues, ProgrammeSummary, TimelineIssue, ValidationResult } from "./types.js";

@Resolver(() => Schedule)
export class ScheduleChecksResolver {
  @FieldResolver(() => [Asset], { description: "Catalog assets the schedule's events use whose name holds `name` (case-insensitive), by name" })
  assets(@Root() schedule: Schedule, @Ctx() ctx: Context, @Arg("name", () => String) name: string): Promise<Asset[]> {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    return ctx.loaders.scheduleAssets.load({ scheduleId: Number(schedule.id), organization: schedule.organization, name });
  }

  @FieldResolver(() => ProgrammeSummary, { description: "The EPG programmes of the schedule in air order, a page at a time" })
  programmeSummary(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0 (default 0)" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Programmes per page (default 20, at most MAX_PAGE_SIZE)" }) size?: number,
    @Arg("broadcastDate", () => String, { nullable: true, description: "YYYY-MM-DD: only the programmes of that broadcast day (by their first part's start)" }) broadcastDate?: string,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ProgrammeSummary> {
    return ctx.services.checks.programmeSummary(callerOf(ctx), schedule, page, size, broadcastDate, pageNeedsTotal(info));
  }

  @FieldResolver(() => [EvaluatedParameter], {
    description:
      "The command's parameters with placeholders replaced, for the event on air onAirTimeFrom ms after the schedule start: ${current|previous|next.title|duration|onAirTime|endTime|eventType|mediaId|assetId|houseId|id}, ${schedule.name|id|channel|channelId}, ${channel}, ${asset.<member>[.<member>…]} (the current event's catalog asset), and the keys of command.substitution",
  })
  evaluateParameters(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("onAirTimeFrom", () => SafeIntResolver, { description: "ms since the schedule start" }) onAirTimeFrom: number,
    @Arg("command", () => SecondaryEvent) command: SecondaryEvent,
  ): Promise<EvaluatedParameter[]> {
    return ctx.services.checks.evaluateParameters(callerOf(ctx), schedule, onAirTimeFrom, command);
  }

  @FieldResolver(() => ValidationResult, { description: "Overlaps, gaps, breaks, missing/archived/failed-QC assets, locked collisions, events longer than their asset" })
  validation(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("channelId", () => SafeIntResolver, { nullable: true, description: "The channel to validate for (default: the schedule's)" }) channelId?: number,
    @Arg("fullList", () => Boolean, { nullable: true, defaultValue: true, description: "false: totals and only the first problems of each kind" })
    fullList?: boolean,
  ): Promise<ValidationResult> {
    return ctx.services.checks.validation(callerOf(ctx), schedule, channelId, fullList);
  }
}

@Resolver(() => Schedule)
export class ScheduleIntroducedIssuesResolver {
  @FieldResolver(() => IntroducedIssues, {
    description:
      "The rights and separation issues of the events the change that made this version created or changed: select it on a mutation's answer to show at once what the edit introduced (the edit is not refused)",
  })
  introducedIssues(@Root() schedule: Schedule, @Ctx() ctx: Context): Promise<IntroducedIssues> {
    return ctx.services.checks.introducedIssues(callerOf(ctx), schedule);
  }
}

@Resolver(() => ChangeSet)
export class ChangeSetChecksResolver {
  @FieldResolver(() => ValidationResult, { description: "The draft's events validated as Schedule.validation validates the schedule's, against the schedule's rules: review a draft before applying it" })
  validation(
    @Root() changeSet: ChangeSet,
    @Ctx() ctx: Context,
    @Arg("channelId", () => SafeIntResolver, { nullable: true, description: "The channel to validate for (default: the schedule's)" }) channelId?: number,
    @Arg("fullList", () => Boolean, { nullable: true, defaultValue: true, description: "false: totals and only the first problems of each kind" })
    fullList?: boolean,
  ): Promise<ValidationResult> {
    return ctx.services.checks.draftValidation(callerOf(ctx), changeSet, channelId, fullList);
  }
}

@Resolver(() => Event)
export class EventAssetResolver {
  @FieldResolver(() => Asset, { nullable: true, description: "The catalog asset of assetData.assetId, else mediaId; null when it names none or is missing" })
  asset(@Root() event: Event, @Ctx() ctx: Context): Promise<Asset | null> | Asset | null {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    // Pages read as JSON (events/json-reads.ts) come with their asset joined.
    const preloaded = (event as Event & { [PRELOADED_ASSET]?: Asset | null })[PRELOADED_ASSET];
    if (preloaded !== undefined) return preloaded;
    const key = assetKeyOf({ assetId: event.assetData?.assetId, mediaId: event.mediaId });
    if (!key || !event.organization) return null;
    return ctx.loaders.assets.byKey(event.organization).load(key);
  }
}

@Resolver(() => EventsSummary)
export class EventsSummaryAssetsResolver {
  @FieldResolver(() => PageList, { nullable: true })
  missingAssetsEvents(@Root() summary: EventsSummary, @Ctx() ctx: Context): Promise<PageList> | PageList | null {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    if (summary.scheduleId === undefined || summary.pageSize === undefined) return summary.missingAssetsEvents;
    return ctx.services.checks.missingAssetPages(summary.scheduleId, summary.pageSize, summary.range ?? null);
  }
}

@Resolver(() => ValidationResult)
export class ValidationResultResolver {
  @FieldResolver(() => [[Event]], { description: "Every break (a maximal run of ADVERTISEMENT/BLOCK events) with its events, in air order, one page of breaks at a time; totals.breaks counts them all" })
  breaks(
    @Root() result: ValidationResult,
    @Ctx() ctx: Context,
    @Info() info: GraphQLResolveInfo,
    @Arg("page", () => Int, { nullable: true, defaultValue: 0, description: "Page number, from 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, defaultValue: LIST_PAGE_SIZE, description: "Breaks per page (at most MAX_PAGE_SIZE, which lowers the default)" }) size?: number,
  ): Promise<Event[][]> {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    const selections = info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
    const columnsOnly = selections.every((s) => s.kind === Kind.FIELD && COLUMN_EVENT_FIELDS.has(s.name.value));
    return ctx.services.checks.breaksPage(result, columnsOnly, page, size);
  }

  @FieldResolver(() => [TimelineIssue], { description: "Gaps between events, in air order, one page at a time; totals.gaps counts them all" })
  gaps(
    @Root() result: ValidationResult,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, defaultValue: 0, description: "Page number, from 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, defaultValue: LIST_PAGE_SIZE, description: "Gaps per page (at most MAX_PAGE_SIZE, which lowers the default)" }) size?: number,
  ): TimelineIssue[] {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    return ctx.services.checks.gapsPage(result, page, size);
  }
}
