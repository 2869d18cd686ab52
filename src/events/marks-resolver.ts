// The mutations that fix what the checks (src/checks/) report: marks and updates by criteria
// (S15, S16, S18; S20–S22 with changeSetId: marks-service.ts), replaceAsset (S33) and
// syncEventTitles (S38: catalog-service.ts). Thin: one service call per field.
import { Arg, Ctx, ID, Int, Mutation, Resolver } from "type-graphql";
import { callerOf, type Context } from "../common/context.js";
import { Schedule } from "../schedules/index.js";
import { EventType } from "./enums.js";
import { Programme, SCTE35Signal, SecondaryEvent } from "./nested.js";
import { AssetReplacementInput, EventCriteriaInput, EventSearchResult, ReplaceAssetResult } from "./types.js";

@Resolver()
export class EventFixResolver {
  @Mutation(() => EventSearchResult, { description: "S15, S20: matching events without a programme get one from their title and onAirTime" })
  markEpgEvents(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput) criteria: EventCriteriaInput,
    @Arg("changeSetId", () => ID, { nullable: true }) changeSetId?: string,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.markEpg(callerOf(ctx), { scheduleId, criteria, changeSetId, organization });
  }

  @Mutation(() => EventSearchResult, { description: "S16, S21: matching events without SCTE-35 signals get a cue-out (0x34) at start and a cue-in (0x35) at end" })
  markScteEvents(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput) criteria: EventCriteriaInput,
    @Arg("changeSetId", () => ID, { nullable: true }) changeSetId?: string,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.markScte(callerOf(ctx), { scheduleId, criteria, changeSetId, organization });
  }

  @Mutation(() => EventSearchResult, { description: "S18, S22: every event matching criteria (and ids, when given) gets the changes named" })
  updateEventsByCriteria(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("criteria", () => EventCriteriaInput, { nullable: true }) criteria?: EventCriteriaInput,
    @Arg("ids", () => [ID], { nullable: true }) ids?: string[],
    @Arg("replacementType", () => EventType, { nullable: true }) replacementType?: EventType,
    @Arg("programme", () => Programme, { nullable: true }) programme?: Programme,
    @Arg("scte35Signals", () => [SCTE35Signal], { nullable: true }) scte35Signals?: SCTE35Signal[],
    @Arg("secondaryEvents", () => [SecondaryEvent], { nullable: true }) secondaryEvents?: SecondaryEvent[],
    @Arg("changeSetId", () => ID, { nullable: true }) changeSetId?: string,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<EventSearchResult> {
    return ctx.services.marks.updateByCriteria(callerOf(ctx), {
      scheduleId, criteria, ids, replacementType, programme, scte35Signals, secondaryEvents, changeSetId, organization,
    });
  }

  @Mutation(() => ReplaceAssetResult, { description: "S33: every event using asset assetId gets the replacement asset (and its duration when known)" })
  replaceAsset(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("assetId", () => String) assetId: string,
    @Arg("version", () => Int) version: number,
    @Arg("replacement", () => AssetReplacementInput) replacement: AssetReplacementInput,
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<ReplaceAssetResult> {
    return ctx.services.eventCatalog.replaceAsset(callerOf(ctx), { scheduleId, assetId, version, replacement, organization });
  }

  @Mutation(() => Schedule, { description: "S38: each event takes its catalog asset's title (systemFields.title); events without one keep theirs" })
  syncEventTitles(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("eventIds", () => [ID]) eventIds: string[],
    @Arg("organization", () => String, { nullable: true }) organization?: string,
  ): Promise<Schedule> {
    return ctx.services.eventCatalog.syncEventTitles(callerOf(ctx), { scheduleId, eventIds, organization });
  }
}
