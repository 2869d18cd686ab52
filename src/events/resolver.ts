import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Int, Mutation, Resolver, Root } from "type-graphql";
import { clockOfSchedule, Schedule } from "../schedules/index.js";
import { callerOf, type Context } from "../common/context.js";
import { DraftArgs, OrganizationArgs, ScheduleVersionArgs } from "../common/graphql-args.js";
import { hasTimecode } from "../timecode/index.js";

import { BulkEditInput, BulkEditResult } from "./bulk-types.js";
import { EventPageArgs } from "./page-args.js";
import type { ScheduleWithPage } from "./types.js";
import { jsonPlanOf } from "./json-plan.js";
import { prefetchKey } from "./json-fold.js";
import type { HistoricSchedule } from "../history/index.js";
import { pageSelectionOf } from "./selection.js";
import { primeLocalClock } from "./local-time-resolver.js";
import { Event, EventCriteriaInput, EventInput, EventPage, EventPageResult, EventsSummary } from "./types.js";

@Resolver(() => Schedule)
export class ScheduleEventsResolver {
  @FieldResolver(() => EventPage, { description: "Events in onAirTime order, filtered and paged" })
  events(
    @Root() schedule: ScheduleWithPage,
    @Ctx() ctx: Context,
    @Args(() => EventPageArgs) { page, size, term, eventType, from, to }: EventPageArgs,
    @Info() info: GraphQLResolveInfo,
  ): Promise<EventPage> {
    callerOf(ctx); // UNAUTHENTICATED without a caller
    // A schedule answered by Schedule.atVersion: the events of that version (src/history/).
    if ((schedule as HistoricSchedule).historicVersion !== undefined) {
      return ctx.services.history.eventsAt(callerOf(ctx), schedule, page, size, !!(term || eventType || from || to));
    }
    const args = { page: page ?? schedule.eventsPage?.page, size: size ?? schedule.eventsPage?.size, filter: { term, eventType, from, to } };
    ctx.loaders.frameRates.prime(Number(schedule.id), hasTimecode(schedule.fps) ? { fps: schedule.fps, dropFrame: schedule.dropFrame } : null);
    primeLocalClock(ctx, Number(schedule.id), clockOfSchedule(schedule));
    const plan = jsonPlanOf(info);
    // Read with the schedule by Query.schedules (json-fold.ts) when it asked this same page.
    const prefetched = schedule.prefetchedEvents;
    if (prefetched && plan && prefetched.key === prefetchKey(args, plan)) return Promise.resolve(prefetched.page as EventPage);
    return ctx.loaders.eventsPage.load({ scheduleId: Number(schedule.id), args, selection: pageSelectionOf(info), plan });
  }

  @FieldResolver(() => Int, { description: "The page (0-based, of pageSize matching events) holding the event on air at time" })
  eventPageAt(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("time", () => Date) time: Date,
    @Arg("pageSize", () => Int) pageSize: number,
    @Arg("criteria", () => EventCriteriaInput, { nullable: true }) criteria?: EventCriteriaInput,
  ): Promise<number> {
    return ctx.services.events.pageAt(callerOf(ctx), schedule, time, pageSize, criteria);
  }

  @FieldResolver(() => EventPageResult, {
    description: "rippleSchedule as a dry run: the page as it would be, nothing saved; its events have ids of their own (556@v9+ripple552), eventId the live one",
  })
  ripplePreview(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("eventId", () => ID) eventId: string,
    @Arg("fixAll", () => Boolean, { nullable: true }) fixAll?: boolean,
    @Arg("criteria", () => EventCriteriaInput, { nullable: true }) criteria?: EventCriteriaInput,
    @Arg("page", () => Int, { nullable: true }) page?: number,
    @Arg("size", () => Int, { nullable: true }) size?: number,
  ): Promise<EventPageResult> {
    return ctx.services.events.ripplePreview(callerOf(ctx), schedule, { eventId, fixAll, criteria, page, size });
  }

  @FieldResolver(() => EventsSummary, { description: "Totals and pages of events by type, gaps, overlaps and QC failures" })
  eventsSummary(
    @Root() schedule: Schedule,
    @Ctx() ctx: Context,
    @Arg("size", () => Int, { nullable: true, description: "Page size the pages count in; default 20" }) size?: number,
    @Arg("broadcastDate", () => String, { nullable: true, description: "YYYY-MM-DD: count only the events starting in that broadcast day" }) broadcastDate?: string,
  ): Promise<EventsSummary> {
    return ctx.services.events.summary(callerOf(ctx), schedule, size, broadcastDate);
  }
}

@Resolver(() => Event)
export class EventResolver {
  @Mutation(() => Event, { description: "Adds an event (default onAirTime: the end of the last event)" })
  createEvent(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("input", () => EventInput) input: EventInput,
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<Event> {
    return ctx.services.events.create(callerOf(ctx), { scheduleId, ...draft }, input);
  }

  @Mutation(() => Schedule, { description: "Changes events (each input names one by id); all or nothing" })
  updateEvents(
    @Ctx() ctx: Context,
    @Args(() => ScheduleVersionArgs) at: ScheduleVersionArgs,
    @Arg("events", () => [EventInput]) events: EventInput[],
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<Schedule> {
    return ctx.services.events.update(callerOf(ctx), { ...at, ...draft }, events);
  }

  @Mutation(() => Schedule, { description: "Removes events; all or nothing" })
  deleteEvents(
    @Ctx() ctx: Context,
    @Arg("scheduleId", () => ID) scheduleId: string,
    @Arg("ids", () => [ID]) ids: string[],
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<Schedule> {
    return ctx.services.events.delete(callerOf(ctx), { scheduleId, ...draft }, ids);
  }

  @Mutation(() => Schedule, { description: "Events after fromEventId go back to back up to the next locked event (fixAll: every segment)" })
  rippleSchedule(
    @Ctx() ctx: Context,
    @Args(() => ScheduleVersionArgs) at: ScheduleVersionArgs,
    @Arg("fromEventId", () => ID) fromEventId: string,
    @Arg("fixAll", () => Boolean, { nullable: true }) fixAll: boolean | undefined,
    @Args(() => OrganizationArgs) { organization }: OrganizationArgs,
  ): Promise<Schedule> {
    return ctx.services.events.ripple(callerOf(ctx), { ...at, organization }, fromEventId, fixAll);
  }

  @Mutation(() => BulkEditResult, { description: "Creates, updates, deletes, loops, splits and shifts events in one transaction" })
  bulkEditEvents(
    @Ctx() ctx: Context,
    @Args(() => ScheduleVersionArgs) at: ScheduleVersionArgs,
    @Arg("input", () => BulkEditInput) input: BulkEditInput,
    @Args(() => DraftArgs) draft: DraftArgs,
  ): Promise<BulkEditResult> {
    return ctx.services.events.bulkEdit(callerOf(ctx), { ...at, ...draft }, input);
  }

  @FieldResolver(() => ID, {
    description: "The event's id on the live schedule, the same on its drafts, previews and earlier versions: the id event mutations and criteria take",
  })
  eventId(@Root() event: Event): string {
    return event.eventId ?? event.id;
  }
}
