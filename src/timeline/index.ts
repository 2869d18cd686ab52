/**
 * The timeline engine: pure functions over a schedule's timed events (no database, no GraphQL).
 *
 * Units: every time is an integer number of milliseconds — `onAirTime` since the epoch, durations,
 * offsets and `somDelta` as lengths. Inputs may come in any order and are never mutated; results
 * name existing events by id. Bad input (unknown id, negative duration, segment outside its event,
 * loopTo before loopFrom, …) throws `TimelineError` (message + `field`), which the services map to
 * BAD_USER_INPUT. Every function is O(n log n) or better in the number of events.
 *
 * Order and reading (order.ts)
 *   orderTimeline(events): T[]                       sorted copy by (onAirTime, id); checks ids/times
 *                                                    (linear when already in order: pass events ORDER BY on_air_time, id)
 *   compareSlots(a, b)                               the air order: by onAirTime, then id
 *   timelineBounds(events): {start, end} | null      first start, last end (startDate/finishDate)
 *   eventOnAirAt(events, time): T | null             start ≤ time < end; the latest-starting wins
 *   findGaps(events) / findOverlaps(events): Interval[]   {previousId, nextId, start, duration > 0}
 *       between each event and the earlier event that ends last (for events one after the other:
 *       the previous one); an event inside a longer one opens no gap.
 * Ripple (ripple.ts)
 *   ripple(events, fromId, {fixAll?}): {moves, remainders}
 *       fromId stays; following events go back to back up to the next locked event (never moved);
 *       fixAll: every following segment too, each from its locked event's end.
 *       remainders: {lockedId, gapMs} left before a locked event (gapMs < 0 = overlap), non-zero only.
 *   rippleAfter(ordered, startIndex, cursor, fixAll): {moves, remainders}
 *       the same loop on events already in order, from ordered[startIndex] placed at cursor (split, replaceAsset).
 * Shift (shift.ts)
 *   shiftEvents(events, byMs, {fromTime?, includeLocked?}): {moves, collisions}
 *       bulk edit shiftBy/shiftFrom (locked stay). includeLocked moves the whole list as one (tests,
 *       bench). shiftSchedule does not use it: it moves every event, locked too, in SQL
 *       (src/schedules/store/writes.ts: shiftAll moves the schedule's time origin, moveBySteps
 *       the later days of a wall-clock shift).
 *       collisions: overlaps of the result between a moved and an unmoved event.
 *   transpose(events, newStart): Move[]             every event, locked too; first starts at newStart
 *   appendToEnd(events, durations, emptyStart): {onAirTime, duration}[]   sentToEnd
 *   appendAfter(end, durations, emptyStart): the same from a known last end (null: no events)
 * Split (split.ts)
 *   splitEvent(event & {title?}, {segments, breakDuration?, partSuffix?, breakTitlePattern?}): {pieces, end}
 *       pieces: {kind: "PART"|"BREAK", n, onAirTime, duration, title, somDelta}[] back to back from the
 *       event start; part 1 keeps the event's id, every other piece is a new event (breaks: PLACEHOLDER).
 *   splitInTimeline(events, eventId, options): {pieces, end, moves, remainders}
 *       splitEvent, then what follows ripples up to the next locked event.
 * Loop (loop.ts)
 *   loopEvents(templates: {duration}[], loopFrom, loopTo, maxEvents?): {template, onAirTime, duration}[]
 *       fills [loopFrom, loopTo) exactly; the last placement is trimmed.
 * Collisions (collision.ts)
 *   resolveCollision(existing, placed: {id?, onAirTime, duration}, "SPLICE"|"OVERRIDE"|"OVERLAP"):
 *       {moves, trims, deletes, tails, lockedConflicts, remainders}
 *       trims: {id, onAirTime, duration, somDelta}; tails: new events {sourceId, onAirTime, duration, somDelta}
 *       (a copy of the source event whose media starts somDelta later).
 *   resolveCollisions(existing, placements: Slot[], resolveType, {firstTailId?}):
 *       {changes: Trim[], deletes, tails: (Tail & {id})[], lockedConflicts: {placedId, lockedId}[],
 *        remainders: {placedId, lockedId, gapMs}[]}
 *       many placements (new events with unused ids, e.g. negative, or moved existing ones) in turn,
 *       one sort for all: use it for bulk edits. changes = final timing of events and placements
 *       that changed (somDelta counted from them as given); tails get ids from firstTailId down.
 * Breaks (breaks.ts)
 *   findBreaks(events & {eventType}): {eventIds, start, end, duration, overlapping}[]
 *       maximal runs of consecutive ADVERTISEMENT/BLOCK events.
 */
// The shapes every rule takes and answers, and its one error (the services answer BAD_USER_INPUT).
export { TimelineError, type Interval, type Move, type Remainder, type Slot, type Trim } from "./types.js";

// Order and reading.
export { compareSlots, eventOnAirAt, findGaps, findOverlaps, orderTimeline, timelineBounds } from "./order.js";

// Placement rules: ripple, shift, split, loop, collisions.
export { ripple, rippleAfter } from "./ripple.js";
export { appendAfter, appendToEnd, shiftEvents, transpose } from "./shift.js";
export { splitEvent, splitInTimeline } from "./split.js";
export { loopEvents } from "./loop.js";
export { resolveCollision, resolveCollisions, type CollisionResult, type Placement, type ResolveType } from "./collision.js";

// Breaks: runs of commercial events, for validation.
export { findBreaks } from "./breaks.js";
