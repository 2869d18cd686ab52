// Local broadcast time: a schedule's zone, its broadcast days and wall-clock moves. Pure: no
// database or GraphQL imports. Rules in docs/EVENTS.md "Local time". Its public surface, by name.

// A zone: the offset in force at an instant, the instants a local date-time names, and the texts
// of both ("local ms": a local date-time counted as if it were UTC). Bad input: LocalTimeError.
export {
  canonicalZone,
  dateText,
  formatLocal,
  instantOfLocal,
  instantsOfLocal,
  localOf,
  LocalTimeError,
  offsetAt,
  offsetText,
  parseDate,
  parseLocalDateTime,
  resolveLocalText,
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
} from "./zone.js";

// Broadcast days: from a schedule's day start (a local time of day) to the same time the next day.
export {
  broadcastDateOf,
  broadcastDay,
  broadcastDayLookup,
  broadcastDateLookup,
  broadcastDayLocalOf,
  broadcastTimeOf,
  dayStartInstant,
  dayStartText,
  instantOfBroadcastTime,
  parseDayStart,
  UTC_CLOCK,
  type LocalClock,
} from "./broadcast-day.js";

// Moves by whole calendar days that keep the local time of day, and the offset changes on the way.
export { offsetChangeBetween, wallClockMove, wallClockSteps } from "./wall-clock.js";
// Report buckets of whole local days.
export { localDayBucketStarts } from "./buckets.js";
