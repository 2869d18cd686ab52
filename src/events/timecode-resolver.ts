// Event.onAirTimecode, durationTimecode, somTimecode and eomTimecode: the event's times as labels at
// its schedule's rate (the rate comes from a per-request DataLoader that Schedule.events primes,
// so a page costs no statement and a lone event one per request). Rules in docs/EVENTS.md "Timecode".
import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import { TimecodeScalar } from "./timecode-scalar.js";
import type { Context } from "../common/context.js";
import { framesToTimecode, msToFrames, msToTimecode, timeOfDayTimecode, type FrameRate } from "../timecode/index.js";
import { Event } from "./types.js";

const rateOf = (event: Event, ctx: Context): Promise<FrameRate | null> => ctx.loaders.frameRates.load(Number(event.scheduleId));

@Resolver(() => Event)
export class EventTimecodeResolver {
  @FieldResolver(() => TimecodeScalar, {
    nullable: true,
    description: "onAirTime as a time-of-day timecode (frames since UTC midnight) at the schedule's rate; null where its fps has no timecode",
  })
  async onAirTimecode(@Root() event: Event, @Ctx() ctx: Context): Promise<string | null> {
    const rate = await rateOf(event, ctx);
    // A page read as JSON (json-reads.ts) carries onAirTime as ms, which the DateTime scalar serializes alike.
    return rate ? timeOfDayTimecode(typeof event.onAirTime === "number" ? event.onAirTime : event.onAirTime.getTime(), rate) : null;
  }

  @FieldResolver(() => TimecodeScalar, { nullable: true, description: "duration at the schedule's rate, rounded to the nearest frame" })
  async durationTimecode(@Root() event: Event, @Ctx() ctx: Context): Promise<string | null> {
    const rate = await rateOf(event, ctx);
    return rate ? msToTimecode(event.duration, rate) : null;
  }

  @FieldResolver(() => TimecodeScalar, { nullable: true, description: "som at the schedule's rate, rounded to the nearest frame; null without som" })
  async somTimecode(@Root() event: Event, @Ctx() ctx: Context): Promise<string | null> {
    const rate = await rateOf(event, ctx);
    return rate && typeof event.som === "number" ? msToTimecode(event.som, rate) : null;
  }

  @FieldResolver(() => TimecodeScalar, { nullable: true, description: "End of media: SOM + duration, in frames, at the schedule's rate; null without som" })
  async eomTimecode(@Root() event: Event, @Ctx() ctx: Context): Promise<string | null> {
    const rate = await rateOf(event, ctx);
    return rate && typeof event.som === "number" ? framesToTimecode(msToFrames(event.som, rate) + msToFrames(event.duration, rate), rate) : null;
  }
}
