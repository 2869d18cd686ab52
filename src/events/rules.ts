// Rules for event fields: pure. An EventInput becomes the columns and the `data` document of a
// row, checked; BAD_USER_INPUT names the field at fault.
import { badInput } from "../common/errors.js";
import { INSTANT_RANGE_TEXT, MAX_SPAN_MS, describeInstant, isInstantInRange } from "../common/instants.js";
import type { FrameRate } from "../timecode/index.js";
import { EventType } from "./enums.js";
import { timecodesAsMs } from "./timecode-input.js";
import { localTimeAsInstant } from "./local-time-input.js";
import type { LocalClock } from "../localtime/index.js";
import { encodeSignal, Scte35Error, type Scte35SignalData } from "../scte35/index.js";
import type { EventInput } from "./types.js";
import { isUnreadValue, type EventFilter, type EventValues, type ValuesRead } from "../schedules/index.js";

export type { EventFilter, EventValues };

/** Fields kept in their own columns; every other input field goes to `data`. */
const COLUMN_FIELDS = new Set(["id", "version", "onAirTime", "onAirLocal", "duration", "eventType", "title", "locked", "mediaId", "status"]);
/** The value each column field that needs nothing of the event's `data` document sets (no timing: a move may copy the event whole). */
const FIELD_VALUES: Readonly<Record<string, keyof EventValues>> = { eventType: "eventType", title: "title", locked: "locked", mediaId: "mediaId", status: "status" };
/** Fields whose change needs nothing of the `data` document: those, and id and version (which set no value). */
const DOCUMENT_FREE_FIELDS = new Set(["id", "version", ...Object.keys(FIELD_VALUES)]);

/** Whether changing an event by `input` needs its stored `data` document: false when it names only DOCUMENT_FREE_FIELDS. */
export function needsDocument(input: EventInput): boolean {
  // Keys, not entries: a bulk edit asks this of each of 1,000 inputs, and entries makes an array per key.
  for (const key of Object.keys(input)) if (!DOCUMENT_FREE_FIELDS.has(key) && (input as Record<string, unknown>)[key] !== undefined) return true;
  return false;
}

/** The values every edit reads of its events: their timing and what the timeline's rules check. */
const RULE_VALUES: readonly (keyof EventValues)[] = ["onAirTime", "duration", "eventType", "locked"];

/**
 * The stored values an edit by `inputs` must read: all when one needs the document; else the
 * rules' values and the columns the inputs set (the write compares only those with what is stored).
 */
export function valuesToRead(inputs: readonly EventInput[]): ValuesRead {
  if (inputs.some(needsDocument)) return "all";
  const read = new Set(RULE_VALUES);
  for (const input of inputs) for (const key of Object.keys(input)) if (Object.hasOwn(FIELD_VALUES, key) && (input as Record<string, unknown>)[key] !== undefined) read.add(FIELD_VALUES[key]);
  return [...read].sort();
}

const EVENT_TYPES = new Set<string>(Object.values(EventType));
export const MAX_TITLE_LENGTH = 500;

/** Checks a filter; throws BAD_USER_INPUT for what cannot be answered. */
export function checkFilter(filter: EventFilter | null | undefined): void {
  if (!filter) return;
  if (filter.from && filter.to && filter.from > filter.to) throw badInput("from must not be after to", { argument: "from" });
  if (filter.eventType && !(Object.values(EventType) as string[]).includes(filter.eventType)) {
    throw badInput(`eventType must be one of ${Object.values(EventType).join(", ")}`, { argument: "eventType" });
  }
}

const fieldError = (field: string, message: string, at?: string) =>
  badInput(`${at ? `${at}: ` : ""}${field} ${message}`, { field });

export function checkDuration(duration: number, at?: string): number {
  if (!Number.isSafeInteger(duration) || duration < 0) throw fieldError("duration", `must be a whole number of ms, 0 or more (got ${duration})`, at);
  if (duration > MAX_SPAN_MS) throw fieldError("duration", `must be at most ${MAX_SPAN_MS} ms: every instant must lie ${INSTANT_RANGE_TEXT}`, at);
  return duration;
}

export function checkInstant(value: Date, field: string, at?: string): number {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) throw fieldError(field, "is not a valid instant", at);
  if (!isInstantInRange(ms)) throw fieldError(field, `must lie ${INSTANT_RANGE_TEXT} (got ${value.toISOString()})`, at);
  return ms;
}

/** An event's start and end (start + duration) both in range: what every write of an event checks. */
export function checkEventTiming(values: { onAirTime: number; duration: number }, at?: string): void {
  const end = values.onAirTime + values.duration;
  if (!isInstantInRange(values.onAirTime)) throw fieldError("onAirTime", `must lie ${INSTANT_RANGE_TEXT} (got ${describeInstant(values.onAirTime)})`, at);
  if (!isInstantInRange(end)) throw fieldError("duration", `would end the event at ${describeInstant(end)}: every instant must lie ${INSTANT_RANGE_TEXT}`, at);
}


/** Plain JSON of a nested input (class instances and Dates become plain objects and ISO strings). */
function plain(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
}

/**
 * Each SCTE-35 signal a caller sends must make a cue (docs/FORMATS.md "SCTE-35 cues"): a field that
 * does not fit its bits (availNum 300, a Turner ID not 8 bytes, a UPID without its type) is refused
 * before anything is written, naming the field, rather than stored and refused by every later read
 * of the event's cues (a mutation selecting them answered an error for a write it had made).
 */
export function checkCueSignals(signals: readonly unknown[] | null | undefined, at?: string): void {
  signals?.forEach((signal, i) => {
    try {
      encodeSignal(plain(signal) as Scte35SignalData, { eventOnAirMs: 0, eventDurationMs: 0 }, "BASE64");
    } catch (error) {
      if (!(error instanceof Scte35Error)) throw error;
      const field = `scte35Signals[${i}]${error.field ? `.${error.field}` : ""}`;
      throw badInput(`${at ? `${at}: ` : ""}scte35Signals[${i}]: ${error.message}`, { field });
    }
  });
}

/**
 * The values of an event created from `input`, or of `existing` changed by it (only the fields
 * given change; null clears). `at` prefixes messages ("updated[3]"). Timecode inputs count at
 * `defaults.rate`, the schedule's. The SCTE-35 signals given must make cues (checkCueSignals),
 * unless `defaults.keepUnencodableCues` (an import reads back a file's signals as they are).
 */
export function eventValues(
  input: EventInput,
  existing: EventValues | null,
  defaults: { onAirTime: number; rate?: FrameRate; clock?: LocalClock; keepUnencodableCues?: boolean },
  at?: string,
): EventValues {
  // Read without its document (needsDocument false): the document and the asset id read from it stay as stored.
  if (existing && isUnreadValue(existing.data)) return columnValues(input, existing, at);
  if (!defaults.keepUnencodableCues) checkCueSignals(input.scte35Signals, at);
  input = localTimeAsInstant(timecodesAsMs(input, defaults.rate, existing?.data.som, at), defaults.clock, at);
  const out: EventValues = existing
    ? { ...existing, data: { ...existing.data } }
    : { onAirTime: defaults.onAirTime, duration: 0, eventType: EventType.PRIMARY, title: null, locked: false, mediaId: null, assetId: null, status: null, data: {} };
  if (input.onAirTime !== undefined) {
    if (input.onAirTime === null) {
      if (existing) throw fieldError("onAirTime", "must not be null", at);
    } else out.onAirTime = checkInstant(input.onAirTime, "onAirTime", at);
  }
  if (input.duration !== undefined && input.duration !== null) out.duration = checkDuration(input.duration, at);
  applyPlainColumns(out, input, at);
  for (const [key, value] of Object.entries(input)) {
    if (COLUMN_FIELDS.has(key) || value === undefined) continue;
    if (value === null) delete out.data[key];
    else out.data[key] = plain(value);
  }
  checkEventTiming(out, at);
  keepSecret(out.data, existing?.data, input);
  checkNested(out.data, at);
  const assetData = out.data.assetData as { assetId?: string | null } | undefined;
  out.assetId = assetData?.assetId ?? null;
  return out;
}

/** The column fields that need no rule but their own: type, title, locked, mediaId, status. */
function applyPlainColumns(out: EventValues, input: EventInput, at?: string): void {
  if (input.eventType !== undefined && input.eventType !== null) {
    if (!EVENT_TYPES.has(input.eventType)) throw fieldError("eventType", `must be one of ${[...EVENT_TYPES].join(", ")}`, at);
    out.eventType = input.eventType;
  }
  if (input.title !== undefined) out.title = checkedTitle(input.title, at);
  if (input.locked !== undefined) out.locked = input.locked ?? false;
  if (input.mediaId !== undefined) out.mediaId = input.mediaId;
  if (input.status !== undefined) out.status = input.status;
}

/** eventValues of an input of DOCUMENT_FREE_FIELDS only, on an event read without its document. */
function columnValues(input: EventInput, existing: EventValues, at?: string): EventValues {
  if (needsDocument(input)) throw new Error("an event read without its data document was given a change that needs it");
  const out = { ...existing };
  applyPlainColumns(out, input, at);
  return out;
}

const checkedTitle = (given: string | null, at?: string): string | null => {
  const title = given === null ? null : given.trim();
  if (title !== null && title.length > MAX_TITLE_LENGTH) throw fieldError("title", `must be at most ${MAX_TITLE_LENGTH} characters`, at);
  return title;
};

/**
 * liveParameters.encryptionKey is never answered, so a client that sends back the liveParameters it
 * read sends no key: keep the stored one unless the input names it (a string, or null to clear).
 */
function keepSecret(data: Record<string, unknown>, before: Record<string, unknown> | undefined, input: EventInput): void {
  const previousKey = (before?.liveParameters as { encryptionKey?: string } | undefined)?.encryptionKey;
  const given = input.liveParameters;
  if (!given || previousKey === undefined || given.encryptionKey !== undefined) return;
  data.liveParameters = { ...(data.liveParameters as object), encryptionKey: previousKey };
}

function checkNested(data: Record<string, unknown>, at?: string): void {
  for (const key of ["deviation", "maxExtendedDuration", "som", "timecodeIn"]) {
    const v = data[key];
    if (typeof v === "number" && key !== "deviation" && v < 0) throw fieldError(key, "must not be negative (ms)", at);
  }
  const lists = ["secondaryEvents", "scte35Signals", "playoutSwitches", "voiceovers", "vendorRPCList"] as const;
  for (const list of lists) {
    const items = data[list] as { offset?: number | null; duration?: number | null }[] | undefined;
    items?.forEach((item, i) => {
      if (item.duration != null && item.duration < 0) throw fieldError(`${list}[${i}].duration`, "must not be negative (ms)", at);
    });
  }
}
