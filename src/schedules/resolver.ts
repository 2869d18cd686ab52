import { nullWhenNotFound } from "../common/errors.js";
import type { GraphQLResolveInfo } from "graphql";
import { SafeIntResolver } from "graphql-scalars";
import { Arg, Args, Ctx, ID, Info, Int, Mutation, Query, Resolver } from "type-graphql";
import { OrganizationArgs } from "../common/graphql-args.js";
import { callerOf, type Context } from "../common/context.js";
import { pageNeedsTotal } from "../common/read-plan.js";
import { SCHEDULE_READS } from "./mapper.js";
import { Schedule, ScheduleFilterInput, ScheduleInput, SchedulePage } from "./types.js";
import { NO_FOLDS, type Folds } from "./service.js";
import type { FoldedField } from "../common/selection.js";

/**
 * The pages of other slices the schedules' statement reads too, decided from the selection before
 * it runs: the events page (as one JSON page read) and the history page, each asked once.
 */
function foldsOf(ctx: Context, info: GraphQLResolveInfo | undefined, answers: FoldedField): Folds {
  if (!info) return NO_FOLDS;
  const history = ctx.services.history.foldedRead(info, answers);
  return { events: ctx.services.events.foldedRead(info, answers), columns: history ? [history] : [] };
}

@Resolver(() => Schedule)
export class ScheduleResolver {
  @Query(() => SchedulePage, { description: "Schedules of an organization, filtered, sorted and paged" })
  schedules(
    @Ctx() ctx: Context,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("filter", () => ScheduleFilterInput, { nullable: true }) filter?: ScheduleFilterInput,
    @Arg("page", () => Int, { nullable: true, description: "0-based; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number,
    @Arg("sort", () => [String], { nullable: true, description: '"property,asc|desc" entries; default "id,asc"' }) sort?: string[],
    @Arg("selectedScheduleId", () => ID, { nullable: true, description: "Without page: answer the page holding this schedule" })
    selectedScheduleId?: string,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<SchedulePage> {
    return ctx.services.schedules.list(callerOf(ctx), { organization, filter, page, size, sort, selectedScheduleId }, pageNeedsTotal(info), foldsOf(ctx, info, "page"), SCHEDULE_READS.planFor(info, "content"));
  }

  @Query(() => Schedule, { nullable: true, description: "One schedule; null when unknown or not visible (as every lookup by id)" })
  schedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<Schedule | null> {
    return ctx.services.schedules.get(callerOf(ctx), id, organization, foldsOf(ctx, info, "schedule"), SCHEDULE_READS.planFor(info)).catch(nullWhenNotFound);
  }

  @Query(() => [Schedule], { description: "Schedules using a graphics project (graphicsProject or graphicsProjectV2)" })
  schedulesByGraphicsProject(
    @Ctx() ctx: Context,
    @Arg("name", () => String) name: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<Schedule[]> {
    return ctx.services.schedules.byGraphicsProject(callerOf(ctx), name, organization, SCHEDULE_READS.planFor(info));
  }

  @Query(() => SchedulePage, { description: "The schedules of schedulesByGraphicsProject, a page at a time: the paged form of that list, by id" })
  schedulePageByGraphicsProject(
    @Ctx() ctx: Context,
    @Arg("name", () => String, { description: "Name of the graphics project" }) name: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
    @Arg("page", () => Int, { nullable: true, description: "Page number from 0; default 0" }) page?: number,
    @Arg("size", () => Int, { nullable: true, description: "Schedules per page; default 20, at most the page limit (1000)" }) size?: number,
    @Info() info?: GraphQLResolveInfo,
  ): Promise<SchedulePage> {
    return ctx.services.schedules.byGraphicsProjectPage(callerOf(ctx), name, organization, page, size, pageNeedsTotal(info), SCHEDULE_READS.planFor(info, "content"));
  }

  @Mutation(() => Schedule, { description: "Creates a schedule" })
  createSchedule(
    @Ctx() ctx: Context,
    @Arg("input", () => ScheduleInput) input: ScheduleInput,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.schedules.create(callerOf(ctx), input, organization);
  }

  @Mutation(() => Schedule, { description: "Changes a schedule; input.version, when given, must equal the stored version" })
  updateSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("input", () => ScheduleInput) input: ScheduleInput,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.schedules.update(callerOf(ctx), id, input, organization);
  }

  @Mutation(() => Schedule, { description: "Removes a schedule with its events" })
  deleteSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.schedules.delete(callerOf(ctx), id, organization);
  }

  @Mutation(() => [Schedule], { description: "Removes schedules, all or nothing" })
  deleteSchedules(
    @Ctx() ctx: Context,
    @Arg("ids", () => [ID]) ids: string[],
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule[]> {
    return ctx.services.schedules.deleteMany(callerOf(ctx), ids, organization);
  }

  @Mutation(() => Schedule, { description: "Moves every event (locked ones too) by milliseconds or by whole days (either may be negative; give exactly one)" })
  shiftSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("milliseconds", () => SafeIntResolver, { nullable: true, description: "Exact move, ms" }) milliseconds: number | undefined,
    @Arg("days", () => Int, { nullable: true, description: "Move by whole days (exactly 86,400,000 ms each unless wallClock)" }) days: number | undefined,
    @Arg("wallClock", () => Boolean, { defaultValue: false, description: "With days: keep every event's local time of day in the schedule's time zone across clock changes" })
    wallClock: boolean,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.scheduleOps.shift(callerOf(ctx), { id, milliseconds, days, wallClock, organization });
  }

  @Mutation(() => Schedule, { description: "Moves every event so that the first starts at startTime" })
  transposeSchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("startTime", () => Date) startTime: Date,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.scheduleOps.transpose(callerOf(ctx), { id, startTime, organization });
  }

  @Mutation(() => Schedule, { description: 'A new schedule with copies of the events; name defaults to "<name> (copy)"' })
  copySchedule(
    @Ctx() ctx: Context,
    @Arg("id", () => ID) id: string,
    @Arg("name", () => String, { nullable: true }) name: string | undefined,
    @Arg("startDate", () => Date, {
      nullable: true,
      description: "Where the copy's first broadcast day (the one holding the first event) starts; absent: the source's dates",
    })
    startDate: Date | undefined,
    @Arg("wallClock", () => Boolean, { defaultValue: false, description: "Each event keeps its local time of day and its day number from the first broadcast day, instead of moving by the exact difference" })
    wallClock: boolean,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.scheduleOps.copy(callerOf(ctx), { id, name, startDate, wallClock, organization });
  }
}

