// What every import format produces: events as EventInput values (checked later by the events
// rules, which name the place given in `at`), plus notes for the job's messages.
import type { EventInput } from "../../events/index.js";

export type ImportFormat = "csv" | "json" | "xmltv" | "bxf";
export const IMPORT_FORMATS: readonly ImportFormat[] = ["csv", "json", "xmltv", "bxf"];

export interface ParsedEvent {
  input: EventInput;
  /** Where the event came from, for messages: "line 12", "events[3]", "programme 4 (line 20)". */
  at: string;
}

export interface ImportOptions {
  /** Frames a second of the new schedule (CSV timecodes count frames at this rate). */
  fps: number;
  /** XMLTV: the channel whose programmes are imported (default: the first). */
  channel: string | null;
  /** The zone zone-less times are read in (formats/times.ts): the new schedule's, UTC unless the file names one (absent: UTC). */
  timeZone?: string;
  /** timeZone is the import's argument: a zone the file names does not replace it. */
  zoneGiven?: boolean;
  /** The new schedule's broadcast day start, ms after local midnight (BXF's times of day count against it; absent: 00:00). */
  broadcastDayStart?: number;
}

/** Filled in while a format reads: notes for the messages, and what the file says about the schedule. */
export interface ImportNotes {
  warnings: string[];
  /** Schedule fields the file carries (JSON: its `schedule`; XMLTV: the channel picked and its display name). */
  schedule: Record<string, unknown>;
}

export type FormatReader = (text: AsyncIterable<string>, options: ImportOptions, notes: ImportNotes) => AsyncGenerator<ParsedEvent>;
