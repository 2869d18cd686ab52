// A schedule's timecode rate, and the DataLoader that answers it for events (one statement per
// request for every schedule asked, none when the page's schedule primed it).
import DataLoader from "dataloader";
import type { Executor } from "../db/client.js";
import { defaultDropFrame, hasTimecode, type FrameRate } from "../timecode/index.js";
import { schedules } from "./store/tables.js";
import { anyOfIds } from "../db/any-of.js";

/** The rate of a schedule row or answer (a schedule stored before its fps had to have a timecode may hold one without: 12.5, say). */
export function frameRateOf(schedule: { fps: number; dropFrame: boolean | null }): FrameRate {
  return { fps: schedule.fps, dropFrame: schedule.dropFrame ?? defaultDropFrame(schedule.fps) };
}

/** Schedule id → its rate (null: no such schedule, or no timecode at its fps, which only a schedule stored before the rule can hold: see ACCEPTED_FPS of src/timecode). */
export function createFrameRateLoader(executor: Executor): DataLoader<number, FrameRate | null> {
  return new DataLoader<number, FrameRate | null>(async (ids) => {
    const rows = await executor
      .select({ id: schedules.id, fps: schedules.fps, dropFrame: schedules.dropFrame })
      .from(schedules)
      .where(anyOfIds(schedules.id, ids));
    const byId = new Map(rows.map((r) => [r.id, hasTimecode(r.fps) ? frameRateOf(r) : null]));
    return ids.map((id) => byId.get(id) ?? null);
  });
}
