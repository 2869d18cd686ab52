// The checks of as-run entries before they are stored (docs/ASRUN.md "Entries"). Pure.
import { badInput } from "../common/errors.js";
import { isInstantInRange } from "../common/instants.js";
import { AS_RUN_STATUSES, type AsRunStatusValue } from "./reconcile.js";

/** At most this many entries a call of ingestAsRun (more: BAD_USER_INPUT). */
export const MAX_AS_RUN_ENTRIES = 10_000;
export const MAX_ENTRY_ID_LENGTH = 200;
export const MAX_TEXT_LENGTH = 1000;

/** An entry as the service receives it (AsRunEntryInput, or a CSV row). */
export interface AsRunEntryValues {
  entryId: string;
  eventId?: string | null;
  mediaId?: string | null;
  actualStart: Date;
  actualDurationMs: number;
  status: string;
  deviceId: string;
  reason?: string | null;
  scte35Cues?: number | null;
}

/** A checked entry, as stored (as_run_entries). */
export interface AsRunRecord {
  entry_id: string;
  event_id: number | null;
  media_id: string | null;
  actual_start: number;
  actual_duration: number;
  status: AsRunStatusValue;
  device_id: string;
  reason: string | null;
  scte35_cues: number | null;
}

function text(value: string | null | undefined, field: string, max: number, required: boolean): string | null {
  const v = value?.trim() ?? "";
  if (!v) {
    if (required) throw badInput(`${field} must not be empty`, { field });
    return null;
  }
  if (v.length > max) throw badInput(`${field} must be at most ${max} characters`, { field });
  return v;
}

export function asRunRecord(e: AsRunEntryValues, at: string): AsRunRecord {
  const entryId = text(e.entryId, `${at}.entryId`, MAX_ENTRY_ID_LENGTH, true)!;
  const eventText = text(e.eventId, `${at}.eventId`, 30, false);
  const eventId = eventText === null ? null : Number(eventText);
  if (eventId !== null && (!/^\d+$/.test(eventText!) || !Number.isSafeInteger(eventId) || eventId < 1)) {
    throw badInput(`${at}.eventId must be an event id (a positive integer); got ${JSON.stringify(e.eventId)}`, { field: `${at}.eventId` });
  }
  const mediaId = text(e.mediaId, `${at}.mediaId`, MAX_ENTRY_ID_LENGTH, false);
  if (eventId === null && mediaId === null) throw badInput(`${at} must name an eventId or a mediaId (house number)`, { field: at });
  const start = e.actualStart instanceof Date ? e.actualStart.getTime() : NaN;
  if (!Number.isFinite(start) || !isInstantInRange(start)) throw badInput(`${at}.actualStart must be an instant`, { field: `${at}.actualStart` });
  if (!Number.isSafeInteger(e.actualDurationMs) || e.actualDurationMs < 0) {
    throw badInput(`${at}.actualDurationMs must be a whole number of ms, 0 or more`, { field: `${at}.actualDurationMs` });
  }
  if (!AS_RUN_STATUSES.includes(e.status as AsRunStatusValue)) {
    throw badInput(`${at}.status must be one of ${AS_RUN_STATUSES.join(", ")}`, { field: `${at}.status` });
  }
  const cues = e.scte35Cues ?? null;
  if (cues !== null && (!Number.isInteger(cues) || cues < 0 || cues > 1000)) {
    throw badInput(`${at}.scte35Cues must be from 0 to 1000`, { field: `${at}.scte35Cues` });
  }
  return {
    entry_id: entryId,
    event_id: eventId,
    media_id: mediaId,
    actual_start: start,
    actual_duration: e.actualDurationMs,
    status: e.status as AsRunStatusValue,
    device_id: text(e.deviceId, `${at}.deviceId`, MAX_ENTRY_ID_LENGTH, true)!,
    reason: text(e.reason, `${at}.reason`, MAX_TEXT_LENGTH, false),
    scte35_cues: cues,
  };
}

const sameRecord = (a: AsRunRecord, b: AsRunRecord) =>
  a.event_id === b.event_id && a.media_id === b.media_id && a.actual_start === b.actual_start && a.actual_duration === b.actual_duration &&
  a.status === b.status && a.device_id === b.device_id && a.reason === b.reason && a.scte35_cues === b.scte35_cues;

/**
 * The batch checked: 1 to MAX_AS_RUN_ENTRIES entries, each valid; an entry id given twice counts
 * once when both are the same and is refused when they differ.
 */
export function asRunBatch(entries: readonly AsRunEntryValues[], name = "entries"): { records: AsRunRecord[]; repeated: number } {
  if (entries.length === 0) throw badInput(`${name} must hold at least one entry`, { argument: name });
  if (entries.length > MAX_AS_RUN_ENTRIES) {
    throw badInput(`${name} holds ${entries.length} entries; at most ${MAX_AS_RUN_ENTRIES} a call`, { argument: name });
  }
  const byId = new Map<string, AsRunRecord>();
  let repeated = 0;
  entries.forEach((e, i) => {
    const record = asRunRecord(e, `${name}[${i}]`);
    const seen = byId.get(record.entry_id);
    if (!seen) byId.set(record.entry_id, record);
    else if (sameRecord(seen, record)) repeated++;
    else throw badInput(`${name}[${i}]: entry id ${record.entry_id} is given twice with different content`, { field: `${name}[${i}].entryId` });
  });
  return { records: [...byId.values()], repeated };
}
