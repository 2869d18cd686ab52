// replaceAsset (S33): after the replacement (src/schedules/store/catalog.ts), what follows shortened events ripples.
import type { Executor } from "../db/client.js";
import { scheduleTarget } from "../schedules/index.js";
import { loadTimingsFrom, retimeEvents, type ReplacedEvent, type TimingRow } from "../schedules/index.js";
import { rippleAfter, type Move } from "../timeline/index.js";
import { runTimelineRule } from "./timeline-errors.js";

/**
 * fillGaps: what follows each event that got shorter ripples up to the next locked event. One
 * ripple per segment between locked events (from its first shortened event, which covers the
 * others); each segment is read on its own (from that event to its locked one: loadTimingsFrom),
 * so a replacement reads what it may move, not the schedule. The moves are written in one
 * statement, and answered.
 */
export async function fillGaps(executor: Executor, scheduleId: number, replaced: ReplacedEvent[]): Promise<Move[]> {
  // In air order (onAirTime, id), as replaceInEvents answers them and the timeline module orders events.
  const shortened = replaced.filter((r) => r.duration < r.oldDuration);
  const target = scheduleTarget(scheduleId);
  const moves: Move[] = [];
  const covered = new Set<number>();
  for (const first of shortened) {
    if (covered.has(first.id)) continue;
    // Its segment: this event, those after it, and the locked one that ends it (or the schedule's end).
    const segment: TimingRow[] = await loadTimingsFrom(executor, target, first.id, true);
    if (segment.length === 0) continue;
    // A shortened locked event that ends this segment starts a segment of its own.
    for (const t of segment.slice(1)) if (!t.locked) covered.add(t.id);
    // One by one: a segment without a locked event runs to the end, more moves than a call's arguments may hold.
    for (const move of runTimelineRule(() => rippleAfter(segment, 1, segment[0].onAirTime + segment[0].duration, false)).moves) moves.push(move);
  }
  await retimeEvents(executor, target, moves);
  return moves;
}
