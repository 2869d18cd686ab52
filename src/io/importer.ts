// The import pipeline: text → format reader → checked event values, in batches of 5,000 that each
// commit on their own into a schedule created hidden (visibility IMPORTING), made visible in the
// last, short transaction. Other requests run between batches; a failed or stopped import removes
// what it wrote. The same code serves importSchedule and the SCHEDULE_IMPORT job.
import { extname } from "node:path";
import { badInput } from "../common/errors.js";
import type { Database, Transaction } from "../db/client.js";
import { defaultDropFrame, fpsRefusal } from "../timecode/index.js";
import { canonicalZone, dayStartText, LocalTimeError, parseDayStart } from "../localtime/index.js";
import { eventValues, type EventValues } from "../events/index.js";
import { appendEvents } from "../schedules/index.js";
import { editScheduleIn, editScheduleEventsIn, outcome, ownerViewer } from "../schedules/index.js";
import { scheduleFields } from "../schedules/index.js";
import { createHiddenSchedule, markImportAlive, removeHiddenSchedule, revealImported, type ScheduleRow } from "../schedules/index.js";
import type { ScheduleInput } from "../schedules/index.js";
import { readCsv } from "./formats/csv.js";
import { readJson, type EventCoercer } from "./formats/json.js";
import { peekText } from "./formats/source.js";
import { removeLeftovers } from "./leftovers.js";
import type { ImportFormat, ImportNotes, ImportOptions, ParsedEvent } from "./formats/types.js";
import { IMPORT_FORMATS } from "./formats/types.js";
import { readXmltv } from "./formats/xmltv.js";
import { readBxf, xmlFormatOf } from "./formats/bxf-read.js";

export const BATCH_SIZE = 5000;
/** Longest stretch of reading without a turn of the event loop. */
const YIELD_EVERY_MS = 10;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
export const DEFAULT_FPS = 25;

export interface ImportArgs {
  /** fileName argument, else the uploaded file's name. */
  fileName: string;
  /**
   * fileName came from the argument: it names the schedule. Otherwise the name the file carries
   * (JSON schedule.name, XMLTV display-name) comes first. Absent in jobs enqueued before: true.
   */
  nameGiven?: boolean | null;
  fps?: number | null;
  scriptId?: string | null;
  channel?: string | null;
  /** The new schedule's time zone (an IANA name); zone-less times and BXF's local times are read in it. Absent: UTC, or the zone a JSON file names. */
  timeZone?: string | null;
  /** The new schedule's broadcast day start "HH:MM"; BXF's times of day count against it. Absent: 00:00, or the one a JSON file names. */
  broadcastDayStart?: string | null;
}

/**
 * The timeZone and broadcastDayStart arguments of an import, checked as a schedule's are: the
 * canonical zone name and "HH:MM" (null where not given); BAD_USER_INPUT naming the value otherwise.
 */
export function checkLocalClockArgs(args: Pick<ImportArgs, "timeZone" | "broadcastDayStart">): { timeZone: string | null; broadcastDayStart: string | null } {
  const checked = <T>(name: string, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof LocalTimeError) throw badInput(`${name}: ${error.message}`, { argument: name });
      throw error;
    }
  };
  const zone = args.timeZone ?? null;
  const dayStart = args.broadcastDayStart ?? null;
  return {
    timeZone: zone === null ? null : checked("timeZone", () => canonicalZone(zone)),
    broadcastDayStart: dayStart === null ? null : checked("broadcastDayStart", () => dayStartText(parseDayStart(dayStart))),
  };
}

/** The format named by scriptId, else by the file's extension, else by its first characters. */
export function chooseFormat(args: Pick<ImportArgs, "scriptId" | "fileName">, head: string): ImportFormat {
  if (args.scriptId !== undefined && args.scriptId !== null) {
    const named = args.scriptId.trim().toLowerCase();
    if (!(IMPORT_FORMATS as readonly string[]).includes(named)) throw badInput(`scriptId must be one of ${IMPORT_FORMATS.join(", ")}`, { argument: "scriptId" });
    return named as ImportFormat;
  }
  const ext = extname(args.fileName).toLowerCase();
  if (ext === ".csv") return "csv";
  if (ext === ".json") return "json";
  if (ext === ".xml" || ext === ".xmltv" || ext === ".bxf") return xmlFormatOf(head);
  const first = head.trimStart()[0];
  return first === "<" ? xmlFormatOf(head) : first === "{" ? "json" : "csv";
}

/** The new schedule's name: the file name without its extension (and without any folder). */
export function scheduleNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()!.trim();
  const ext = extname(base);
  const name = (ext && ext !== base ? base.slice(0, -ext.length) : base).trim();
  if (!name) throw badInput("fileName must name the file (the new schedule takes its name)", { argument: "fileName" });
  return name;
}

/** The fps argument of an import (default 25): a rate with a timecode (src/timecode fpsRefusal), else BAD_USER_INPUT. */
export function checkFps(fps: number | null | undefined): number {
  if (fps === undefined || fps === null) return DEFAULT_FPS;
  const refused = fpsRefusal(fps);
  if (refused) throw badInput(`fps ${refused}`, { argument: "fps" });
  return fps;
}

export interface ImportResult {
  format: ImportFormat;
  count: number;
  notes: ImportNotes;
}

/**
 * Reads the whole text, checks each event with the events rules and hands them over in batches.
 * A batch is written while the next one is read (one `onBatch` at a time, so at most two batches
 * are held): the reader and the database work side by side. Throws BAD_USER_INPUT naming the line
 * or element at the first fault, once the batch being written has settled (so that what it wrote
 * is known to the caller's clean-up). The text's source is closed on every path (an upload's read
 * stream holds a temp file and a descriptor).
 */
export async function readEvents(
  text: AsyncIterable<string>,
  args: ImportArgs,
  coerce: EventCoercer,
  onBatch: (batch: EventValues[]) => Promise<void>,
): Promise<ImportResult> {
  const { head, all, close } = await peekText(text);
  // The batch being written (one at a time), and whether a write failed (the reading then stops).
  const writes: { current: Promise<void> | null; failed: boolean } = { current: null, failed: false };
  try {
    const format = chooseFormat(args, head);
    const clock = checkLocalClockArgs(args);
    const options: ImportOptions = {
      fps: checkFps(args.fps),
      channel: args.channel?.trim() || null,
      timeZone: clock.timeZone ?? "UTC",
      zoneGiven: clock.timeZone !== null,
      broadcastDayStart: clock.broadcastDayStart === null ? 0 : parseDayStart(clock.broadcastDayStart),
    };
    // Timecode inputs (CSV durations, JSON *Timecode fields) count at the fps argument, drop-frame by its default.
    const rate = { fps: options.fps, dropFrame: defaultDropFrame(options.fps) };
    const notes: ImportNotes = { warnings: [], schedule: {} };
    const source: AsyncGenerator<ParsedEvent> =
      format === "csv" ? readCsv(all, options, notes) : format === "json" ? readJson(all, options, notes, coerce) : format === "bxf" ? readBxf(all, options, notes) : readXmltv(all, options, notes);
    let batch: EventValues[] = [];
    const hand = async (full: EventValues[]) => {
      await writes.current;
      const write = onBatch(full);
      // Awaited at the next batch or at the end, so not "unhandled" until then.
      write.catch(() => (writes.failed = true));
      writes.current = write;
    };
    let count = 0;
    let lastEnd = 0;
    let turn = performance.now();
    for await (const parsed of source) {
      // Reading and checking run on promises alone (PGlite answers without I/O): give the event loop
      // a turn every few ms, so that other requests are read, answered and not left waiting.
      if ((count & 63) === 0 && performance.now() - turn > YIELD_EVERY_MS) {
        await nextTurn();
        turn = performance.now();
        if (writes.failed) await writes.current;
      }
      // A file's signals are kept as they are: an export's cue that did not fit reads back null (docs/FORMATS.md).
      const values = eventValues(parsed.input, null, { onAirTime: lastEnd, rate, keepUnencodableCues: true }, parsed.at);
      lastEnd = Math.max(lastEnd, values.onAirTime + values.duration);
      batch.push(values);
      count++;
      if (batch.length >= BATCH_SIZE) {
        await hand(batch);
        batch = [];
      }
    }
    if (batch.length) await hand(batch);
    await writes.current;
    return { format, count, notes };
  } catch (error) {
    // A fault of the file while a batch is being written: that write settles first (its own fault, if any, is the lesser one).
    await writes.current?.catch(() => {});
    throw error;
  } finally {
    await close();
  }
}

/** Schedule fields a file carries, as a ScheduleInput (unknown and read-only ones are left out). */
function headerInput(schedule: Record<string, unknown>): ScheduleInput {
  const input: ScheduleInput = {};
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  for (const key of ["status", "txdate", "graphicsProject", "graphicsProjectV2"] as const) if (key in schedule) input[key] = text(schedule[key]);
  for (const key of ["timeZone", "broadcastDayStart"] as const) if (typeof schedule[key] === "string") input[key] = schedule[key];
  for (const key of ["channelId", "breakMin", "breakMax"] as const) if (key in schedule) input[key] = num(schedule[key]);
  if (typeof schedule.playlistType === "string") input.playlistType = schedule.playlistType;
  if (typeof schedule.fps === "number") input.fps = schedule.fps;
  if (typeof schedule.dropFrame === "boolean") input.dropFrame = schedule.dropFrame;
  if (typeof schedule.channel === "string") input.channel = schedule.channel;
  if (typeof schedule.name === "string" && schedule.name.trim()) input.name = schedule.name;
  return input;
}

/** How an import writes: plain transactions (importSchedule) or the job's fenced ones. */
export interface ImportWrites<T> {
  /** Runs one batch's writes; each call commits on its own. */
  transaction<U>(fn: (tx: Transaction) => Promise<U>): Promise<U>;
  /** The last transaction, which makes the schedule visible (the job settles itself in it). */
  finish(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** After each committed batch: the events written so far. */
  written?(count: number): Promise<void>;
  /** The SCHEDULE_IMPORT job writing, null for importSchedule. */
  jobId: number | null;
  /** Leave what was written to the next run (the job goes back to the queue): no clean-up. */
  keepOnError?(error: unknown): boolean;
}

/**
 * importSchedule and the import job: a new schedule (named by the fileName argument, else by the
 * file, else after the file; fps and channel from the arguments first, then the file) with every
 * event of the file. Batches commit one by one into the hidden schedule; `finish` makes it visible.
 * On any fault what was written is removed and the fault thrown.
 */
export async function importInChunks<T>(
  db: Database,
  owner: { organization: string; userId: string | null },
  text: AsyncIterable<string>,
  args: ImportArgs,
  coerce: EventCoercer,
  writes: ImportWrites<T>,
  settle: (tx: Transaction, schedule: ScheduleRow, result: ImportResult) => Promise<T>,
): Promise<T> {
  const fps = checkFps(args.fps);
  const fileName = scheduleNameOf(args.fileName);
  let scheduleId: number | null = null;
  let written = 0;
  const viewer = ownerViewer(owner);
  const edit = { operation: writes.jobId === null ? "importSchedule" : "SCHEDULE_IMPORT", includeHidden: true };
  // The new row is recorded under the mutation's name, or the job's as the worker names jobs.
  const created = { operation: writes.jobId === null ? "importSchedule" : "job:SCHEDULE_IMPORT" };
  const create = (tx: Transaction) =>
    editScheduleIn(tx, viewer, created, () =>
      createHiddenSchedule(tx, { name: fileName, organization: owner.organization, createdBy: owner.userId, fps, channel: args.channel?.trim() || null, importJobId: writes.jobId }),
    );
  try {
    await removeLeftovers(db, owner.organization, writes.jobId);
    const result = await readEvents(text, args, coerce, async (batch) => {
      await writes.transaction(async (tx) => {
        scheduleId ??= await create(tx);
        // A batch writes into the hidden schedule: nobody sees it yet, so it is not touched; the
        // import's one change of the schedule's events is recorded by `finish`.
        await editScheduleEventsIn(tx, viewer, { ...edit, scheduleId }, async ({ target }) => {
          await appendEvents(tx, target, batch);
          // date_updated tells removeLeftovers that this import is alive.
          await markImportAlive(tx, target.scheduleId);
          return outcome(false, () => undefined);
        });
      });
      written += batch.length;
      await writes.written?.(written);
      await nextTurn();
    });
    let header: ScheduleInput;
    try {
      header = headerInput(result.notes.schedule);
      scheduleFields({ ...header, name: header.name ?? fileName });
    } catch (error) {
      throw badInput(`schedule: ${(error as Error).message}`);
    }
    if (args.nameGiven !== false || header.name === undefined) header.name = fileName;
    if (args.fps !== undefined && args.fps !== null) header.fps = args.fps;
    if (args.channel) header.channel = args.channel.trim();
    const clock = checkLocalClockArgs(args);
    if (clock.timeZone !== null) header.timeZone = clock.timeZone;
    if (clock.broadcastDayStart !== null) header.broadcastDayStart = clock.broadcastDayStart;
    const fields = scheduleFields(header);
    return await writes.finish(async (tx) => {
      scheduleId ??= await create(tx);
      // The import's one change of the schedule's events: the touch sets dates, counters and version.
      return editScheduleEventsIn(tx, viewer, { ...edit, scheduleId }, async ({ schedule: hidden }) => {
        // A new schedule starts at version 1, whatever the steps that filled it: 0 here, the touch adds 1.
        await revealImported(tx, hidden.id, fields);
        return outcome(true, (schedule) => settle(tx, schedule, result));
      });
    });
  } catch (error) {
    if (scheduleId !== null && !writes.keepOnError?.(error)) {
      const hidden: number = scheduleId;
      await removeHiddenSchedule(db, owner.organization, hidden).catch(() => {}); // what stays behind, removeLeftovers takes later
    }
    throw error;
  }
}
