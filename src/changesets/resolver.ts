import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { pageNeedsTotal } from "../common/read-plan.js";
import { OrganizationArgs } from "../common/graphql-args.js";
import { EventPageArgs } from "../events/index.js";
import { EventCriteriaInput, EventPage } from "../events/index.js";
import { Schedule } from "../schedules/index.js";
import { callerOf, type Context } from "../common/context.js";
import { LIST_PAGE_SIZE } from "../common/paging.js";
import { ChangeSet, ChangeSetDiff, ChangeSetPage, EventChange } from "./types.js";
import { CHANGE_SET_READS } from "./mapper.js";

@Resolver(() => ChangeSet)
export class ChangeSetResolver {
  @Query(() => [ChangeSet], { description: "The open change sets of a schedule, oldest first (at most MAX_OPEN_CHANGE_SETS, 20 by default)" })
  changeSets(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ChangeSet[]> {
    return ctx.services.changeSets.list(callerOf(ctx), scheduleId, organization, CHANGE_SET_READS.planFor(info));
  }

  @Query(() => ChangeSetPage, { description: "The open change sets of changeSets, a page at a time: the paged form of that list, oldest first" })
  changeSetPage(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID, { description: "The schedule whose open change sets to list" }) scheduleId: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Change sets per page; default 20, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ChangeSetPage> {
    return ctx.services.changeSets.page(callerOf(ctx), scheduleId, organization, page, size, pageNeedsTotal(info), CHANGE_SET_READS.planFor(info, "content"));
  }

  @Query(() => ChangeSet, { nullable: true, description: "An open change set; null when unknown or not visible" })
  changeSet(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<ChangeSet | null> {
    return ctx.services.changeSets.get(callerOf(ctx), id, organization, CHANGE_SET_READS.planFor(info));
  }

  @Mutation(() => ChangeSet, { description: "A draft copy of the schedule's events (keeping their ids), taken at its current version; a schedule holds at most 20 open change sets by default (MAX_OPEN_CHANGE_SETS; one more is BAD_USER_INPUT)" })
  createChangeSet(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ChangeSet> {
    return ctx.services.changeSets.create(callerOf(ctx), scheduleId, organization);
  }

  @Mutation(() => Schedule, {
    description:
      "Writes the draft onto the schedule in one transaction (version: the schedule's) and deletes the change set; CONFLICT naming the events (extensions.eventIds) when an event the draft changed was changed on the schedule since",
  })
  applyChangeSet(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("version", () => Int, { description: "The schedule's version" }) version: number,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.changeSets.apply(callerOf(ctx), id, version, organization);
  }

  @Mutation(() => ChangeSet, { description: "Deletes the change set and its draft; answers it as it was" })
  discardChangeSet(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<ChangeSet> {
    return ctx.services.changeSets.discard(callerOf(ctx), id, organization);
  }

  @FieldResolver(() => EventPage, {
    description: "The draft's events in onAirTime order, filtered and paged as Schedule.events; each has the draft's own id (556@changeSet7) and the live one as eventId",
  })
  events(
    @Root() changeSet: ChangeSet,
    @Ctx() ctx: Context,
    @Args(() => EventPageArgs) { page, size, term, eventType, from, to }: EventPageArgs,
  ): Promise<EventPage> {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    return ctx.loaders.draftEventsPage.load({ changeSet, args: { page, size, filter: { term, eventType, from, to } } });
  }

  @FieldResolver(() => Int, { description: "The page (0-based, of pageSize matching draft events) holding the event on air at time" })
  eventPageAt(
    @Root() changeSet: ChangeSet,
    @Ctx() ctx: Context,
    @Arg("time", () => Date) time: Date,
    @Arg("pageSize", () => Int) pageSize: number,
    @Arg("criteria", () => EventCriteriaInput, { nullable: true }) criteria?: EventCriteriaInput,
  ): Promise<number> {
    return ctx.services.changeSets.pageAt(callerOf(ctx), changeSet, time, pageSize, criteria);
  }

  @FieldResolver(() => ChangeSetDiff, { description: "What applying would do to the schedule's events" })
  diff(@Root() changeSet: ChangeSet, @Ctx() ctx: Context): Promise<ChangeSetDiff> {
    return ctx.services.changeSets.diff(callerOf(ctx), changeSet);
  }
}

@Resolver(() => ChangeSetDiff)
export class ChangeSetDiffResolver {
  @FieldResolver(() => [EventChange], { description: "Events whose fields differ, in air order (after the change), one page at a time; changedCount counts them all" })
  changed(
    @Root() diff: ChangeSetDiff,
    @Ctx() ctx: Context,
    @Arg("page", () => Int, { nullable: true, defaultValue: 0, description: "Page number, from 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, defaultValue: LIST_PAGE_SIZE, description: "Changes per page (at most MAX_PAGE_SIZE, which lowers the default)" }) size?: number,
  ): EventChange[] {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    return ctx.services.changeSets.changedPage(diff, page, size);
  }
}
