// Schedule.broadcastDay: one broadcast day of a schedule as a unit (its local start and end, its
// length, 23 to 25 hours on the days the clocks change, and a page of the events starting in it).
// Rules in docs/EVENTS.md "Local time".
import type { GraphQLResolveInfo } from "graphql";
import { SafeIntResolver } from "graphql-scalars";
import { Arg, Args, ArgsType, Ctx, Field, FieldResolver, Info, Int, ObjectType, Resolver, Root } from "type-graphql";
import { callerOf, type Context } from "../common/context.js";
import { badInput } from "../common/errors.js";
import { broadcastDay, LocalTimeError } from "../localtime/index.js";
import { clockOfSchedule, Schedule } from "../schedules/index.js";
import { hasTimecode } from "../timecode/index.js";
import { jsonPlanOf } from "./json-plan.js";
import { pageSelectionOf } from "./selection.js";
import { primeLocalClock } from "./local-time-resolver.js";
import { EventPage } from "./types.js";
import type { HistoricSchedule } from "../history/index.js";

@ObjectType({ description: "A broadcast day of a schedule: from its broadcastDayStart on one date to the same local time the next, in the schedule's time zone" })
export class BroadcastDay {
  @Field(() => String, { description: "YYYY-MM-DD of the day" }) date!: string;
  @Field(() => Date, { description: "The instant the day starts" }) start!: Date;
  @Field(() => Date, { description: "The instant the day ends (the next day's start)" }) end!: Date;
  @Field(() => SafeIntResolver, { description: "end − start, ms: 86,400,000, or 82,800,000 and 90,000,000 on the days the clocks change by an hour" })
  lengthMs!: number;
  /** Not in the schema: the schedule the day belongs to. */
  schedule!: Schedule;
}

@ArgsType()
class BroadcastDayEventsArgs {
  @Field(() => Int, { nullable: true, description: "0-based; default 0" }) page?: number;
  @Field(() => Int, { nullable: true, description: "default 20, at most 1000" }) size?: number;
}

/** The broadcast day of a schedule on a date; BAD_USER_INPUT naming a date that is not one. */
export function broadcastDayOf(schedule: Schedule, date: string): BroadcastDay {
  if ((schedule as HistoricSchedule).historicVersion !== undefined) throw badInput("broadcastDay is answered for the current schedule only, not a past version", { argument: "date" });
  try {
    const day = broadcastDay(clockOfSchedule(schedule), date);
    return { date: day.date, start: new Date(day.start), end: new Date(day.end), lengthMs: day.lengthMs, schedule };
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(error.message, { argument: "date" });
    throw error;
  }
}

@Resolver(() => Schedule)
export class ScheduleBroadcastDayResolver {
  @FieldResolver(() => BroadcastDay, { description: "The broadcast day of a date (YYYY-MM-DD) in the schedule's time zone, with its events" })
  broadcastDay(@Root() schedule: Schedule, @Ctx() ctx: Context, @Arg("date", () => String, { description: "YYYY-MM-DD" }) date: string): BroadcastDay {
    callerOf(ctx);
    return broadcastDayOf(schedule, date);
  }
}

@Resolver(() => BroadcastDay)
export class BroadcastDayResolver {
  @FieldResolver(() => EventPage, { description: "The events that start within the day, in onAirTime order, paged" })
  events(@Root() day: BroadcastDay, @Ctx() ctx: Context, @Args(() => BroadcastDayEventsArgs) { page, size }: BroadcastDayEventsArgs, @Info() info: GraphQLResolveInfo): Promise<EventPage> {
    callerOf(ctx);
    const { schedule } = day;
    ctx.loaders.frameRates.prime(Number(schedule.id), hasTimecode(schedule.fps) ? { fps: schedule.fps, dropFrame: schedule.dropFrame } : null);
    primeLocalClock(ctx, Number(schedule.id), clockOfSchedule(schedule));
    const args = { page, size, filter: { from: day.start, to: day.end } };
    return ctx.loaders.eventsPage.load({ scheduleId: Number(schedule.id), args, selection: pageSelectionOf(info), plan: jsonPlanOf(info) });
  }
}
