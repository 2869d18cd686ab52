// replaceAsset (S33): after the replacement (src/schedules/store/catalog.ts), what follows shortened events ripples.
import type { Executor } from "../db/client.js";
import { scheduleTarget } from "../schedules/index.js";
import { loadSegmentsFrom, retimeEvents, type ReplacedEvent } from "../schedules/index.js";
import { rippleAfter, type Move } from "../timeline/index.js";
import { runTimelineRule } from "./timeline-errors.js";

/**
 * fillGaps: what follows each event that got shorter ripples up to the next locked event. One
 * ripple per segment between locked events (from its first shortened event, which covers the
 * others); the segments are read together and on their own (loadSegmentsFrom), so a
 * replacement reads what it may move, not the schedule. The moves are written in one
 * statement, and answered.
 */
export async function fillGaps(executor: Executor, scheduleId: number, replaced: ReplacedEvent[]): Promise<Move[]> {
  const shortened = replaced.filter((r) => r.duration < r.oldDuration);
  const target = scheduleTarget(scheduleId);
  const moves: Move[] = [];
  for (const segment of await loadSegmentsFrom(executor, target, shortened.map((s) => s.id))) {
    // One by one: a segment without a locked event runs to the end, more moves than a call's arguments may hold.
    for (const move of runTimelineRule(() => rippleAfter(segment, 1, segment[0].onAirTime + segment[0].duration, false)).moves) moves.push(move);
  }
  await retimeEvents(executor, target, moves);
  return moves;
}
