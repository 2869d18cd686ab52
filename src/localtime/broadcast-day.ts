// Broadcast days: the day a channel counts, from its broadcast day start (a local time of day,
// 06:00 say) to the same local time the next calendar day. 23 hours long on a spring-forward
// day, 25 on a fall-back day. Pure. Rules in docs/EVENTS.md "Local time".
import { dateText, DAY_MS, instantOfLocal, instantsOfLocal, LocalTimeError, localOf, MINUTE_MS, parseDate } from "./zone.js";

/** Where a schedule's local times are counted: its zone and the start of its broadcast day (ms after local midnight). */
export interface LocalClock {
  zone: string;
  dayStartMs: number;
}

export const UTC_CLOCK: LocalClock = { zone: "UTC", dayStartMs: 0 };

const DAY_START = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "06:00" → ms after midnight; LocalTimeError naming the text otherwise. */
export function parseDayStart(text: string): number {
  const m = DAY_START.exec(text.trim());
  if (!m) throw new LocalTimeError(`broadcastDayStart "${text}" is not a local time of day HH:MM (00:00 to 23:59)`);
  return Number(m[1]) * 60 * MINUTE_MS + Number(m[2]) * MINUTE_MS;
}

/** ms after midnight → "06:00". */
export function dayStartText(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The instant a broadcast day (local midnight of its date, as local ms) starts. */
export const dayStartInstant = (clock: LocalClock, dateLocal: number): number => instantOfLocal(clock.zone, dateLocal + clock.dayStartMs);

/** A broadcast day: its date and its start and end instants. */
export interface BroadcastDaySpan {
  date: string;
  start: number;
  end: number;
  lengthMs: number;
}

/** The broadcast day of a date "YYYY-MM-DD". */
export function broadcastDay(clock: LocalClock, date: string): BroadcastDaySpan {
  const day = parseDate(date);
  const start = dayStartInstant(clock, day);
  const end = dayStartInstant(clock, day + DAY_MS);
  return { date: dateText(day), start, end, lengthMs: end - start };
}

/** Local midnight (local ms) of the broadcast day an instant lies in. */
export function broadcastDayLocalOf(clock: LocalClock, ms: number): number {
  let day = Math.floor((localOf(clock.zone, ms) - clock.dayStartMs) / DAY_MS) * DAY_MS;
  // The local reading is off by one day only around a repeated hour holding the day start: settle it on instants.
  if (ms < dayStartInstant(clock, day)) day -= DAY_MS;
  else if (ms >= dayStartInstant(clock, day + DAY_MS)) day += DAY_MS;
  return day;
}

/** "YYYY-MM-DD" of the broadcast day an instant lies in. */
export const broadcastDateOf = (clock: LocalClock, ms: number): string => dateText(broadcastDayLocalOf(clock, ms));

/**
 * The broadcast day of an instant, remembering each day met (sorted, found by bisection): callers
 * that ask for the day of many instants (the run caps of validation and generation) then pay one
 * zone computation per day, not per instant. Bounded by the days asked about.
 */
export function broadcastDayLookup(clock: LocalClock): (ms: number) => BroadcastDaySpan {
  const spans: BroadcastDaySpan[] = [];
  return (ms) => {
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid].start <= ms) lo = mid + 1;
      else hi = mid;
    }
    const before = spans[lo - 1];
    if (before && ms < before.end) return before;
    const span = broadcastDay(clock, broadcastDateOf(clock, ms));
    spans.splice(lo, 0, span);
    return span;
  };
}

/** The broadcast date of an instant, through broadcastDayLookup. */
export function broadcastDateLookup(clock: LocalClock): (ms: number) => string {
  const dayOf = broadcastDayLookup(clock);
  return (ms) => dayOf(ms).date;
}

/**
 * The instant of a time of day of a broadcast day, as traffic systems (BXF) write it: a time of
 * day before the day start belongs to the next calendar date of the same broadcast day (with a
 * 06:00 start, 02:00 of broadcast day 2026-03-28 is 2026-03-29 02:00 local). A time the clocks
 * repeat is its first occurrence, or the first at or after `notBefore` (a reader of events in air
 * order passes the previous event's start, so the second 01:30 of a fall-back night reads as such).
 */
export function instantOfBroadcastTime(clock: LocalClock, broadcastDate: string, timeOfDayMs: number, notBefore?: number): number {
  if (!(timeOfDayMs >= 0 && timeOfDayMs < DAY_MS)) throw new LocalTimeError(`time of day ${timeOfDayMs} ms is not within a day`);
  const day = parseDate(broadcastDate, "broadcastDate");
  const local = day + (timeOfDayMs < clock.dayStartMs ? DAY_MS : 0) + timeOfDayMs;
  if (notBefore !== undefined) {
    const later = instantsOfLocal(clock.zone, local).find((instant) => instant >= notBefore);
    if (later !== undefined) return later;
  }
  return instantOfLocal(clock.zone, local);
}

/** The reverse of instantOfBroadcastTime: the broadcast date of an instant and its local time of day (ms after local midnight). */
export function broadcastTimeOf(clock: LocalClock, ms: number): { broadcastDate: string; timeOfDayMs: number } {
  const local = localOf(clock.zone, ms);
  return { broadcastDate: broadcastDateOf(clock, ms), timeOfDayMs: ((local % DAY_MS) + DAY_MS) % DAY_MS };
}
