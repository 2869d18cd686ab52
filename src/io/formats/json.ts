// JSON import of the export's own format, streamed: `{ "schedule": {…}, "events": [ {…}, … ] }`.
// Each event is checked against the GraphQL EventInput type (the caller's `coerce`), so a file
// accepts exactly what createEvent accepts; id, scheduleId and version are the old schedule's and dropped.
import JSONParser from "@streamparser/json/jsonparser.js";
import { badInput } from "../../common/errors.js";
import { canonicalZone, LocalTimeError } from "../../localtime/index.js";
import type { EventInput } from "../../events/index.js";
import type { ImportNotes, ImportOptions, ParsedEvent } from "./types.js";

export const JSON_FORMAT = "playout-gateway/schedule";

function zoneOf(name: string): string {
  try {
    return canonicalZone(name);
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(`schedule.timeZone: ${error.message}`);
    throw error;
  }
}

/** Turns one event object of the file into an EventInput; throws BAD_USER_INPUT naming `at` and the field. */
export type EventCoercer = (value: Record<string, unknown>, at: string, zone?: string) => EventInput;

// scte35Cues: the export writes each signal's cue; derived from the signals, so not read back.
const DROPPED = ["id", "scheduleId", "version", "scte35Cues"];

export async function* readJson(text: AsyncIterable<string>, options: ImportOptions, notes: ImportNotes, coerce: EventCoercer): AsyncGenerator<ParsedEvent> {
  const parser = new JSONParser({ paths: ["$.format", "$.schedule", "$.events.*"], keepStack: false });
  const ready: ParsedEvent[] = [];
  let failure: Error | null = null;
  let sawEvents = false;
  let index = 0;
  parser.onValue = ({ value, key, parent }) => {
    if (failure) return;
    try {
      if (Array.isArray(parent)) {
        sawEvents = true;
        const at = `events[${index++}]`;
        if (!value || typeof value !== "object" || Array.isArray(value)) throw badInput(`${at}: an event must be an object`);
        const event = { ...(value as Record<string, unknown>) };
        for (const drop of DROPPED) delete event[drop];
        ready.push({ input: coerce(event, at, options.timeZone ?? "UTC"), at });
      } else if (key === "schedule") {
        if (!value || typeof value !== "object" || Array.isArray(value)) throw badInput("schedule: must be an object");
        Object.assign(notes.schedule, value);
        // Zone-less times of the events that follow are read in the schedule's zone (formats/times.ts).
        const zone = (value as Record<string, unknown>).timeZone;
        if (typeof zone === "string" && !options.zoneGiven) options.timeZone = zoneOf(zone);
      } else if (key === "format" && value !== JSON_FORMAT) {
        throw badInput(`format: expected "${JSON_FORMAT}", found ${JSON.stringify(value)}`);
      }
    } catch (error) {
      failure = error as Error;
    }
  };
  const write = (chunk: string | null) => {
    try {
      // The parser ends by itself after the top-level object; only blank text may follow it.
      if (parser.isEnded) {
        if (chunk !== null && chunk.trim()) throw new Error("text follows the JSON object");
      } else if (chunk === null) parser.end();
      else parser.write(chunk);
    } catch (error) {
      failure ??= badInput(`Not valid JSON: ${(error as Error).message}`);
    }
  };
  let first = true;
  for await (const chunk of text) {
    if (first && chunk.trim()) {
      first = false;
      if (!chunk.trimStart().startsWith("{")) throw badInput('Not the JSON export format: expected an object { "schedule": …, "events": [ … ] }');
    }
    write(chunk);
    if (failure) throw failure;
    yield* ready.splice(0);
  }
  write(null);
  if (failure) throw failure;
  yield* ready.splice(0);
  if (!sawEvents && !Object.keys(notes.schedule).length) throw badInput('Not the JSON export format: expected an object { "schedule": …, "events": [ … ] }');
}
