// Timecode as an alternative input form of an event's ms fields: converted once, at the rate of the
// schedule, into the ms fields the rest of the slice knows. Pure. Rules in docs/EVENTS.md "Timecode".
import { badInput } from "../common/errors.js";
import { framesToMs, msToFrames, timecodeToFrames, timecodeToMs, TimecodeError, type FrameRate } from "../timecode/index.js";
import type { EventInput } from "./types.js";

/** Each timecode input and the ms field it stands for. */
const PAIRS = [
  ["durationTimecode", "duration"],
  ["somTimecode", "som"],
  ["timecodeInTimecode", "timecodeIn"],
] as const;

/** True when the input changes the event's duration (in ms or as a timecode). */
export function changesDuration(input: EventInput): boolean {
  return input.duration !== undefined || input.durationTimecode !== undefined || input.eomTimecode !== undefined;
}

const hasTimecode = (input: EventInput) =>
  input.durationTimecode !== undefined || input.somTimecode !== undefined || input.eomTimecode !== undefined || input.timecodeInTimecode !== undefined;

/**
 * `input` with its timecode fields turned into ms at `rate` (the same object when it has none).
 * eomTimecode sets duration = EOM − SOM in frames, SOM from the input else `storedSom`.
 */
export function timecodesAsMs(input: EventInput, rate: FrameRate | undefined, storedSom: unknown, at?: string): EventInput {
  if (!hasTimecode(input)) return input;
  const where = (field: string) => `${at ? `${at}: ` : ""}${field}`;
  if (!rate) throw badInput(`${where("timecode")}: timecode inputs need the schedule's frame rate here`);
  const convert = <T>(field: string, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof TimecodeError) throw badInput(`${where(field)}: ${error.message}`, { field });
      throw error;
    }
  };
  const out: EventInput = { ...input };
  for (const [timecode, ms] of PAIRS) {
    const text = input[timecode];
    delete out[timecode];
    if (text === undefined) continue;
    if (input[ms] !== undefined) throw badInput(`${where(timecode)}: give ${ms} or ${timecode}, not both`, { field: timecode });
    out[ms] = text === null ? null : convert(timecode, () => timecodeToMs(text, rate));
  }
  const eom = input.eomTimecode;
  delete out.eomTimecode;
  if (eom !== undefined && eom !== null) {
    if (input.duration !== undefined || input.durationTimecode !== undefined) {
      throw badInput(`${where("eomTimecode")}: give one of duration, durationTimecode and eomTimecode`, { field: "eomTimecode" });
    }
    const som = out.som !== undefined ? out.som : storedSom;
    if (typeof som !== "number") throw badInput(`${where("eomTimecode")}: needs the event's som (give som or somTimecode)`, { field: "eomTimecode" });
    const somFrames = convert("somTimecode", () => msToFrames(som, rate));
    const eomFrames = convert("eomTimecode", () => timecodeToFrames(eom, rate));
    if (eomFrames < somFrames) throw badInput(`${where("eomTimecode")}: ${eom} is before the event's som`, { field: "eomTimecode" });
    out.duration = framesToMs(eomFrames - somFrames, rate);
  }
  return out;
}
