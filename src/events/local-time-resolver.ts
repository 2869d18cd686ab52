// Event.onAirLocal, endLocal and broadcastDate: the event's instants in its schedule's zone (the
// clock comes from a per-request DataLoader that Schedule.events primes, so a page costs no
// statement and a lone event one per request). Rules in docs/EVENTS.md "Local time".
import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../common/context.js";
import { broadcastDateOf, formatLocal } from "../localtime/index.js";
import { Event } from "./types.js";

// A page read as JSON (json-reads.ts) carries onAirTime as ms.
const startOf = (event: Event): number => (typeof event.onAirTime === "number" ? event.onAirTime : event.onAirTime.getTime());

@Resolver(() => Event)
export class EventLocalTimeResolver {
  @FieldResolver(() => String, { description: "onAirTime in the schedule's time zone: ISO 8601 with the offset in force then, e.g. 2026-03-29T02:30:00+01:00" })
  async onAirLocal(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    const clock = await ctx.loaders.localClocks.load(Number(event.scheduleId));
    return formatLocal(clock.zone, startOf(event));
  }

  @FieldResolver(() => String, { description: "The event's end (onAirTime + duration) in the schedule's time zone, with the offset in force then" })
  async endLocal(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    const clock = await ctx.loaders.localClocks.load(Number(event.scheduleId));
    return formatLocal(clock.zone, startOf(event) + event.duration);
  }

  @FieldResolver(() => String, { description: "YYYY-MM-DD of the broadcast day the event starts in (by the schedule's broadcastDayStart)" })
  async broadcastDate(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    return broadcastDateOf(await ctx.loaders.localClocks.load(Number(event.scheduleId)), startOf(event));
  }
}
