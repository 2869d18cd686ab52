// replaceAsset (S33): after the replacement (src/schedules/store/catalog.ts), what follows shortened events ripples.
import type { Executor } from "../db/client.js";
import { scheduleTarget } from "../schedules/index.js";
import { loadTimings, retimeEvents, type ReplacedEvent, type TimingRow } from "../schedules/index.js";
import { rippleAfter, type Move } from "../timeline/index.js";
import { runTimelineRule } from "./timeline-errors.js";

/**
 * fillGaps: what follows each event that got shorter ripples up to the next locked event. One
 * ripple per segment between locked events (from its first shortened event, which covers the
 * others); the moves are written in one statement. Answers how many events moved.
 */
export async function fillGaps(executor: Executor, scheduleId: number, replaced: ReplacedEvent[]): Promise<number> {
  const shortened = replaced.filter((r) => r.duration < r.oldDuration);
  if (shortened.length === 0) return 0;
  // In air order (onAirTime, id), as the timeline module orders events.
  const timings: TimingRow[] = await loadTimings(executor, scheduleTarget(scheduleId));
  const index = new Map(timings.map((t, i) => [t.id, i]));
  // Each event's segment is named by the next locked event after it (-1: none, the end).
  const segmentById = new Map<number, number>();
  let nextLocked = -1;
  for (let i = timings.length - 1; i >= 0; i--) {
    segmentById.set(timings[i].id, nextLocked);
    if (timings[i].locked) nextLocked = timings[i].id;
  }
  const starts = new Map<number, number>();
  for (const s of shortened) {
    const segment = segmentById.get(s.id) ?? -1;
    if (!starts.has(segment)) starts.set(segment, s.id);
  }
  // Segments are independent (a ripple stops at its locked event), so each reads the loaded timeline.
  const moves: Move[] = [];
  for (const fromId of starts.values()) {
    const i = index.get(fromId)!;
    moves.push(...runTimelineRule(() => rippleAfter(timings, i + 1, timings[i].onAirTime + timings[i].duration, false)).moves);
  }
  await retimeEvents(executor, scheduleTarget(scheduleId), moves);
  return moves.length;
}

