import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { ChangeSetDiff } from "../changesets/index.js";
import { Schedule } from "../schedules/index.js";
import { callerOf, type Context } from "../common/context.js";
import { versionCopyId } from "../events/index.js";
import type { HistoricSchedule } from "./service.js";
import { HISTORY_ENTRY_READS } from "./mapper.js";
import { ChangedEventPage, HistoryEventChange, HistoryEventChangePage, ScheduleHistoryEntry, ScheduleHistoryPage } from "./types.js";

@Resolver(() => Schedule)
export class ScheduleHistoryResolver {
  @FieldResolver(() => ID, {
    description: "Cache identity: the schedule's id; the schedule as it was at an earlier version (atVersion) has an id of its own, 3@v1",
  })
  id(@Root() schedule: HistoricSchedule): string {
    return schedule.historicVersion === undefined ? schedule.id : versionCopyId(schedule.id, schedule.historicVersion);
  }

  @FieldResolver(() => ScheduleHistoryPage, { description: "One entry per committed change of the schedule or its events, newest first" })
  history(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, description: "0-based; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ScheduleHistoryPage> {
    return ctx.services.history.history(callerOf(ctx), schedule, page, size, HISTORY_ENTRY_READS.planFor(info, "content"), pageNeedsTotal(info));
  }

  @FieldResolver(() => ChangedEventPage, {
    description:
      "The events created, changed or removed by the change that made this version, as they are now (with their new versions), by event id: on a mutation's answer, what it changed, so a client cache updates without reading again. A change of the time origin, timeZone, broadcastDayStart, fps or dropFrame changes every event's derived fields, so it names every event",
  })
  changedEvents(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Events per page; default 100, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ChangedEventPage> {
    return ctx.services.history.changedEvents(callerOf(ctx), schedule, page, size, pageNeedsTotal(info));
  }

  @FieldResolver(() => Schedule, { nullable: true, description:
      "The schedule and its events (paged like events; page and size only) as they were at that version, with ids of their own (12@v3, 556@v3) unless it is the current one" })
  atVersion(@Root() schedule: Schedule, @Ctx() ctx: Context, @Arg("version", () => Int) version: number): Promise<Schedule> {
    return ctx.services.history.atVersion(callerOf(ctx), schedule, version);
  }

  @Query(() => ChangeSetDiff, { description: "What going from fromVersion to toVersion changes in the schedule's events (the change-set diff shape)" })
  scheduleDiff(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("fromVersion", () => Int) fromVersion: number,
    @Arg("toVersion", () => Int) toVersion: number,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ChangeSetDiff> {
    return ctx.services.history.diff(callerOf(ctx), scheduleId, fromVersion, toVersion, organization);
  }

  @Mutation(() => Schedule, {
    description: "Makes the events and fields of toVersion current again as a new version; version must be the current one (CONFLICT otherwise)",
  })
  revertSchedule(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("toVersion", () => Int) toVersion: number,
    @Arg("version", () => Int) version: number,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.history.revert(callerOf(ctx), scheduleId, toVersion, version, organization);
  }
}

@Resolver(() => ScheduleHistoryEntry)
export class ScheduleHistoryEntryResolver {
  @FieldResolver(() => HistoryEventChangePage, { description: "What the entry did to events, in the order it did it, a page at a time (default size 100)" })
  eventChangePage(
    @Root() entry: ScheduleHistoryEntry,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Changes per page; default 100, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<HistoryEventChangePage> {
    return ctx.services.history.entryEventChangePage(callerOf(ctx), entry.id, page, size, pageNeedsTotal(info));
  }

  @FieldResolver(() => [HistoryEventChange], {
    description: "What the entry did to events, in the order it did it; one page as a plain list (default size 100)",
    deprecationReason: "Use eventChangePage: the same changes as a page, with how many there are",
  })
  eventChanges(
    @Root() entry: ScheduleHistoryEntry,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true }) page?: number,
    @Arg("size", () => Int, { nullable: true }) size?: number,
  ): Promise<HistoryEventChange[]> {
    return ctx.services.history.entryEventChanges(callerOf(ctx), entry.id, page, size);
  }
}
