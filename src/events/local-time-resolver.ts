// Event.onAirLocal, endLocal and broadcastDate: the event's instants in its schedule's zone (the
// clock comes from a per-request DataLoader that Schedule.events primes, so a page costs no
// statement and a lone event one per request). A page whose schedule primed its clock is answered
// without these resolvers (src/server/graphql/schema.ts, localTimeField). Rules in docs/EVENTS.md "Local time".
import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../common/context.js";
import { broadcastDateOf, formatLocal, type LocalClock } from "../localtime/index.js";
import { Event } from "./types.js";

// A page read as JSON (json-reads.ts) carries onAirTime as ms.
const startOf = (event: Event): number => (typeof event.onAirTime === "number" ? event.onAirTime : event.onAirTime.getTime());

/** The fields this module answers, by name, from an event and its schedule's clock. */
export const LOCAL_TIME_FIELDS = {
  onAirLocal: (event: Event, clock: LocalClock) => formatLocal(clock.zone, startOf(event)),
  endLocal: (event: Event, clock: LocalClock) => formatLocal(clock.zone, startOf(event) + event.duration),
  broadcastDate: (event: Event, clock: LocalClock) => broadcastDateOf(clock, startOf(event)),
} as const;

/** Makes a schedule's clock known to this request's event fields (the loader, and the synchronous path). */
export function primeLocalClock(ctx: Context, scheduleId: number, clock: LocalClock): void {
  ctx.loaders.localClocks.prime(scheduleId, clock);
  ctx.loaders.primedClocks.set(scheduleId, clock);
}

@Resolver(() => Event)
export class EventLocalTimeResolver {
  @FieldResolver(() => String, { description: "onAirTime in the schedule's time zone: ISO 8601 with the offset in force then, e.g. 2026-03-29T02:30:00+01:00" })
  async onAirLocal(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    return LOCAL_TIME_FIELDS.onAirLocal(event, await ctx.loaders.localClocks.load(Number(event.scheduleId)));
  }

  @FieldResolver(() => String, { description: "The event's end (onAirTime + duration) in the schedule's time zone, with the offset in force then" })
  async endLocal(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    return LOCAL_TIME_FIELDS.endLocal(event, await ctx.loaders.localClocks.load(Number(event.scheduleId)));
  }

  @FieldResolver(() => String, { description: "YYYY-MM-DD of the broadcast day the event starts in (by the schedule's broadcastDayStart)" })
  async broadcastDate(@Root() event: Event, @Ctx() ctx: Context): Promise<string> {
    return LOCAL_TIME_FIELDS.broadcastDate(event, await ctx.loaders.localClocks.load(Number(event.scheduleId)));
  }
}
