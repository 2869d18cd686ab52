// onAirLocal as an alternative input form of onAirTime: a local date-time read in the schedule's
// zone, converted once into the instant the rest of the slice knows. Pure. Rules in docs/EVENTS.md "Local time".
import { badInput } from "../common/errors.js";
import { LocalTimeError, resolveLocalText, UTC_CLOCK, type LocalClock } from "../localtime/index.js";
import type { EventInput } from "./types.js";

/** `input` with onAirLocal turned into onAirTime in the clock's zone (the same object when it has none). */
export function localTimeAsInstant(input: EventInput, clock: LocalClock | undefined, at?: string): EventInput {
  if (input.onAirLocal === undefined) return input;
  const where = `${at ? `${at}: ` : ""}onAirLocal`;
  const { onAirLocal, ...out } = input;
  if (onAirLocal === null) return out;
  if (input.onAirTime !== undefined && input.onAirTime !== null) throw badInput(`${where}: give onAirTime or onAirLocal, not both`, { field: "onAirLocal" });
  try {
    out.onAirTime = new Date(resolveLocalText((clock ?? UTC_CLOCK).zone, onAirLocal, "onAirLocal"));
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(`${at ? `${at}: ` : ""}${error.message}`, { field: "onAirLocal" });
    throw error;
  }
  return out;
}
