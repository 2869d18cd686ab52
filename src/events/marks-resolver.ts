// The mutations that fix what the checks (src/checks/) report: marks and updates by criteria
// (S15, S16, S18; S20–S22 with changeSetId: marks-service.ts), replaceAsset (S33) and
// syncEventTitles (S38: catalog-service.ts). Thin: one service call per field.
import { Arg, Args, Ctx, ID, Int, Mutation, Resolver } from "type-graphql";
import { callerOf, type Context } from "../common/context.js";
import { DraftArgs, OrganizationArgs } from "../common/graphql-args.js";
import { Schedule } from "../schedules/index.js";
import { EventType } from "./enums.js";
import { Programme, SCTE35Signal, SecondaryEvent } from "./nested.js";
import { AssetReplacementInput, EventCriteriaInput, EventSearchResult, ReplaceAssetResult } from "./types.js";

@Resolver()
export class EventFixResolver {
  @Mutation(() => EventSearchResult, { description: "Matching events without a programme get one from their title and onAirTime" })
  markEpgEvents(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput) criteria: EventCriteriaInput,
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.markEpg(callerOf(ctx), { scheduleId, ...draft }, criteria);
  }

  @Mutation(() => EventSearchResult, { description: "Matching events without SCTE-35 signals get a cue-out (0x34) at start and a cue-in (0x35) at end" })
  markScteEvents(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput) criteria: EventCriteriaInput,
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.markScte(callerOf(ctx), { scheduleId, ...draft }, criteria);
  }

  @Mutation(() => EventSearchResult, { description: "Every event matching criteria (and ids, when given) gets the changes named" })
  updateEventsByCriteria(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput, { nullable: true }) criteria: EventCriteriaInput | undefined,
    @Arg("ids", () => [ID], { nullable: true }) ids: string[] | undefined,
    @Arg("replacementType", () => EventType, { nullable: true }) replacementType: EventType | undefined,
    @Arg("programme", () => Programme, { nullable: true }) programme: Programme | undefined,
    @Arg("scte35Signals", () => [SCTE35Signal], { nullable: true }) scte35Signals: SCTE35Signal[] | undefined,
    @Arg("secondaryEvents", () => [SecondaryEvent], { nullable: true }) secondaryEvents: SecondaryEvent[] | undefined,
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.updateByCriteria(callerOf(ctx), { scheduleId, ...draft }, { criteria, ids, replacementType, programme, scte35Signals, secondaryEvents });
  }

  @Mutation(() => ReplaceAssetResult, { description: "Every event using asset assetId gets the replacement asset (and its duration when known)" })
  replaceAsset(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("assetId", () => String) assetId: string,
    @Arg("version", () => Int) version: number,
    @Arg("replacement", () => AssetReplacementInput) replacement: AssetReplacementInput,
    @Args(() => OrganizationArgs) org: OrganizationArgs,
  ): Promise<ReplaceAssetResult> {
    return ctx.services.eventCatalog.replaceAsset(callerOf(ctx), { scheduleId, version, ...org }, assetId, replacement);
  }

  @Mutation(() => Schedule, { description: "Each event takes its catalog asset's title (systemFields.title); events without one keep theirs" })
  syncEventTitles(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("eventIds", () => [ID]) eventIds: string[],
    @Args(() => OrganizationArgs) org: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.eventCatalog.syncEventTitles(callerOf(ctx), { scheduleId, ...org }, eventIds);
  }
}
