// The import pipeline: text → format reader → checked event values, in batches. The caller
// decides what a batch becomes (rows of a new schedule, or nothing on a checking pass), so the
// same code serves importSchedule, the import job, and its dry pass.
import { scheduleTarget } from "../events/target.js";
import { extname } from "node:path";
import { eq, sql } from "drizzle-orm";
import { badInput } from "../common/errors.js";
import type { Transaction } from "../db/client.js";
import { eventValues, type EventValues } from "../events/rules.js";
import { insertEvents, touchSchedule } from "../events/store.js";
import { scheduleFields } from "../schedules/rules.js";
import { schedules, type ScheduleRow } from "../schedules/tables.js";
import type { ScheduleInput } from "../schedules/types.js";
import { readCsv } from "./formats/csv.js";
import { readJson, type EventCoercer } from "./formats/json.js";
import { peekText } from "./formats/source.js";
import type { ImportFormat, ImportNotes, ImportOptions, ParsedEvent } from "./formats/types.js";
import { IMPORT_FORMATS } from "./formats/types.js";
import { readXmltv } from "./formats/xmltv.js";

export const BATCH_SIZE = 5000;
export const DEFAULT_FPS = 25;

export interface ImportArgs {
  /** fileName argument, else the uploaded file's name. */
  fileName: string;
  fps?: number | null;
  scriptId?: string | null;
  channel?: string | null;
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
  if (ext === ".xml" || ext === ".xmltv") return "xmltv";
  const first = head.trimStart()[0];
  return first === "<" ? "xmltv" : first === "{" ? "json" : "csv";
}

/** The new schedule's name: the file name without its extension (and without any folder). */
export function scheduleNameOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop()!.trim();
  const ext = extname(base);
  const name = (ext && ext !== base ? base.slice(0, -ext.length) : base).trim();
  if (!name) throw badInput("fileName must name the file (the new schedule takes its name)", { argument: "fileName" });
  return name;
}

export function checkFps(fps: number | null | undefined): number {
  if (fps === undefined || fps === null) return DEFAULT_FPS;
  if (!(fps > 0 && fps <= 300)) throw badInput("fps must be above 0 and at most 300", { argument: "fps" });
  return fps;
}

export interface ImportResult {
  format: ImportFormat;
  count: number;
  notes: ImportNotes;
}

/**
 * Reads the whole text, checks each event with the events rules and hands them over in batches.
 * Throws BAD_USER_INPUT naming the line or element at the first fault.
 */
export async function readEvents(
  text: AsyncIterable<string>,
  args: ImportArgs,
  coerce: EventCoercer,
  onBatch: (batch: EventValues[]) => Promise<void>,
): Promise<ImportResult> {
  const { head, all } = await peekText(text);
  const format = chooseFormat(args, head);
  const options: ImportOptions = { fps: checkFps(args.fps), channel: args.channel?.trim() || null };
  const notes: ImportNotes = { warnings: [], schedule: {} };
  const source: AsyncGenerator<ParsedEvent> =
    format === "csv" ? readCsv(all, options, notes) : format === "json" ? readJson(all, options, notes, coerce) : readXmltv(all, options, notes);
  let batch: EventValues[] = [];
  let count = 0;
  let lastEnd = 0;
  for await (const parsed of source) {
    const values = eventValues(parsed.input, null, { onAirTime: lastEnd }, parsed.at);
    lastEnd = Math.max(lastEnd, values.onAirTime + values.duration);
    batch.push(values);
    count++;
    if (batch.length >= BATCH_SIZE) {
      await onBatch(batch);
      batch = [];
    }
  }
  if (batch.length) await onBatch(batch);
  return { format, count, notes };
}

/** Schedule fields a JSON file carries, as a ScheduleInput (unknown and read-only ones are left out). */
function headerInput(schedule: Record<string, unknown>): ScheduleInput {
  const input: ScheduleInput = {};
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  for (const key of ["status", "txdate", "graphicsProject", "graphicsProjectV2"] as const) if (key in schedule) input[key] = text(schedule[key]);
  for (const key of ["channelId", "breakMin", "breakMax"] as const) if (key in schedule) input[key] = num(schedule[key]);
  if (typeof schedule.playlistType === "string") input.playlistType = schedule.playlistType;
  if (typeof schedule.fps === "number") input.fps = schedule.fps;
  if (typeof schedule.channel === "string") input.channel = schedule.channel;
  return input;
}

/**
 * importSchedule's write: a new schedule (named from the file, fps and channel from the arguments
 * first, then the file) with every event of the file, in the caller's transaction.
 */
export async function importSchedule(
  tx: Transaction,
  owner: { organization: string; userId: string | null },
  text: AsyncIterable<string>,
  args: ImportArgs,
  coerce: EventCoercer,
): Promise<{ schedule: ScheduleRow; result: ImportResult }> {
  const name = scheduleNameOf(args.fileName);
  const fps = checkFps(args.fps);
  const [created] = await tx
    .insert(schedules)
    .values({ name, organization: owner.organization, createdBy: owner.userId, fps, channel: args.channel?.trim() || null })
    .returning();
  const result = await readEvents(text, args, coerce, async (batch) => {
    await insertEvents(tx, scheduleTarget(created.id), batch);
  });
  let header: ScheduleInput;
  try {
    header = headerInput(result.notes.schedule);
    scheduleFields(header, created);
  } catch (error) {
    throw badInput(`schedule: ${(error as Error).message}`);
  }
  if (args.fps !== undefined && args.fps !== null) header.fps = args.fps;
  if (args.channel) header.channel = args.channel.trim();
  const fields = scheduleFields(header, created);
  if (result.count > 0) await touchSchedule(tx, created.id);
  // A new schedule starts at version 1, whatever the steps that filled it.
  const [schedule] = await tx.update(schedules).set({ ...fields, version: 1, dateUpdated: sql`now()` }).where(eq(schedules.id, created.id)).returning();
  return { schedule, result };
}
