// A schedule's local clock (its zone and broadcast day start), and the DataLoader that answers it
// for events (one statement per request for every schedule asked, none when Schedule.events primed it).
import DataLoader from "dataloader";
import type { Executor } from "../db/client.js";
import { badInput } from "../common/errors.js";
import { broadcastDay, LocalTimeError, parseDayStart, UTC_CLOCK, type LocalClock } from "../localtime/index.js";
import { schedules } from "./store/tables.js";
import { anyOfIds } from "../db/any-of.js";

/** The clock of a schedule row. */
export const localClockOf = (schedule: { timeZone: string; broadcastDayStart: number }): LocalClock => ({ zone: schedule.timeZone, dayStartMs: schedule.broadcastDayStart });

/** Schedule id → its clock (UTC at 00:00 for an id that names none). */
export function createLocalClockLoader(executor: Executor): DataLoader<number, LocalClock> {
  return new DataLoader<number, LocalClock>(async (ids) => {
    const rows = await executor
      .select({ id: schedules.id, timeZone: schedules.timeZone, broadcastDayStart: schedules.broadcastDayStart })
      .from(schedules)
      .where(anyOfIds(schedules.id, ids));
    const byId = new Map(rows.map((r) => [r.id, localClockOf(r)]));
    return ids.map((id) => byId.get(id) ?? UTC_CLOCK);
  });
}

/** The clock of a schedule's GraphQL shape (its broadcastDayStart as HH:MM). */
export const clockOfSchedule = (schedule: { timeZone: string; broadcastDayStart: string }): LocalClock => ({
  zone: schedule.timeZone,
  dayStartMs: parseDayStart(schedule.broadcastDayStart),
});

/** The instants [from, to) of a schedule's broadcast day on a date, or null without a date; BAD_USER_INPUT naming a date that is not one. */
export function broadcastDayRange(schedule: { timeZone: string; broadcastDayStart: string }, date: string | null | undefined): { from: number; to: number } | null {
  if (date === undefined || date === null) return null;
  try {
    const day = broadcastDay(clockOfSchedule(schedule), date);
    return { from: day.start, to: day.end };
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(error.message, { argument: "broadcastDate" });
    throw error;
  }
}
