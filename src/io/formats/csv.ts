// CSV import: a header row, then one event per row (RFC 4180 quoting, any line ending). Columns
// by name, any order, case-insensitive; unknown columns are noted and ignored.
import { badInput } from "../../common/errors.js";
import { EventType } from "../../events/index.js";
import type { EventInput } from "../../events/index.js";
import { defaultDropFrame, timecodeToMs, TimecodeError } from "../../timecode/index.js";
import { instantInZone, parseIsoInstant } from "./times.js";
import type { ImportNotes, ImportOptions, ParsedEvent } from "./types.js";

const COLUMNS = ["onairtime", "duration", "title", "eventtype", "mediaid", "houseid", "locked"] as const;
type Column = (typeof COLUMNS)[number];

interface Row {
  line: number;
  fields: string[];
}

/** Splits text into rows of fields, streaming; `line` is where the row starts (1-based). */
export async function* csvRows(text: AsyncIterable<string>): AsyncGenerator<Row> {
  let fields: string[] = [];
  let field = "";
  let quoted = false; // inside quotes
  let wasQuoted = false; // the current field was quoted (so an empty one still counts)
  let afterQuote = false; // just read a quote inside quotes: either "" or the end of the quotes
  let line = 1;
  let rowLine = 1;
  let pendingCR = false;
  const endField = () => {
    fields.push(field);
    field = "";
    wasQuoted = false;
  };
  for await (const chunk of text) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (pendingCR) {
        pendingCR = false;
        if (c === "\n") continue;
      }
      if (quoted) {
        if (afterQuote) {
          afterQuote = false;
          if (c === '"') {
            field += '"';
            continue;
          }
          quoted = false; // the quote closed the field; fall through to read c outside quotes
        } else if (c === '"') {
          afterQuote = true;
          continue;
        } else {
          if (c === "\n" || c === "\r") line++;
          if (c === "\r") pendingCR = true;
          field += c;
          continue;
        }
      }
      if (c === '"') {
        if (field.length > 0) throw badInput(`line ${line}: a quote inside an unquoted field (quote the whole field and double the quote)`);
        quoted = true;
        wasQuoted = true;
      } else if (c === ",") {
        endField();
      } else if (c === "\n" || c === "\r") {
        if (c === "\r") pendingCR = true;
        endField();
        const row = { line: rowLine, fields };
        fields = [];
        line++;
        rowLine = line;
        if (!(row.fields.length === 1 && row.fields[0] === "")) yield row; // blank lines are skipped
      } else {
        if (wasQuoted) throw badInput(`line ${line}: text after the closing quote of a field`);
        field += c;
      }
    }
  }
  if (quoted && !afterQuote) throw badInput(`line ${rowLine}: the file ends inside a quoted field (truncated?)`);
  if (field.length > 0 || wasQuoted || fields.length > 0) {
    endField();
    yield { line: rowLine, fields };
  }
}

const TRUE = new Set(["true", "yes", "1", "y"]);
const FALSE = new Set(["false", "no", "0", "n", ""]);
const EVENT_TYPES = new Set<string>(Object.values(EventType));

/** Whole ms, or a timecode at the import's fps (drop-frame when written HH:MM:SS;FF; src/timecode). */
function durationOf(value: string, fps: number, at: string): number {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (!/^\d+:/.test(text)) throw badInput(`${at}: duration "${value}" is neither milliseconds nor HH:MM:SS:FF at ${fps} fps`, { field: "duration" });
  try {
    return timecodeToMs(text, { fps, dropFrame: defaultDropFrame(fps) });
  } catch (error) {
    if (error instanceof TimecodeError) throw badInput(`${at}: duration ${error.message}`, { field: "duration" });
    throw error;
  }
}

function rowInput(values: Map<Column, string>, fps: number, at: string, zone: string): EventInput {
  const input: EventInput = {};
  const onAirTime = values.get("onairtime")?.trim();
  if (!onAirTime) throw badInput(`${at}: onAirTime is required`, { field: "onAirTime" });
  const when = parseIsoInstant(onAirTime);
  if (!when) throw badInput(`${at}: onAirTime "${onAirTime}" is not an ISO 8601 instant (2026-03-01T06:00:00Z; no zone means the schedule's, ${zone})`, { field: "onAirTime" });
  const instant = instantInZone(when, zone);
  if (instant === null) throw badInput(`${at}: onAirTime "${onAirTime}" does not exist in ${zone}: the clocks skip it`, { field: "onAirTime" });
  input.onAirTime = new Date(instant);
  const duration = values.get("duration");
  if (duration !== undefined && duration.trim() !== "") input.duration = durationOf(duration, fps, at);
  const title = values.get("title");
  if (title !== undefined && title !== "") input.title = title;
  const type = values.get("eventtype")?.trim().toUpperCase();
  if (type) {
    if (!EVENT_TYPES.has(type)) throw badInput(`${at}: eventType "${type}" is not one of ${[...EVENT_TYPES].join(", ")}`, { field: "eventType" });
    input.eventType = type as EventType;
  }
  const mediaId = values.get("mediaid")?.trim();
  if (mediaId) input.mediaId = mediaId;
  const houseId = values.get("houseid")?.trim();
  if (houseId) input.houseId = houseId;
  const locked = values.get("locked")?.trim().toLowerCase();
  if (locked !== undefined) {
    if (TRUE.has(locked)) input.locked = true;
    else if (FALSE.has(locked)) input.locked = false;
    else throw badInput(`${at}: locked "${locked}" must be true or false`, { field: "locked" });
  }
  return input;
}

export async function* readCsv(text: AsyncIterable<string>, options: ImportOptions, notes: ImportNotes): AsyncGenerator<ParsedEvent> {
  let header: (Column | null)[] | null = null;
  for await (const row of csvRows(text)) {
    if (!header) {
      const names = row.fields.map((f) => f.trim().toLowerCase());
      if (!names.includes("onairtime")) {
        throw badInput(`line ${row.line}: the header row must name the columns, onAirTime among them (found: ${row.fields.join(", ").slice(0, 200)})`);
      }
      const seen = new Set<string>();
      header = names.map((name, i) => {
        if (seen.has(name)) throw badInput(`line ${row.line}: column "${row.fields[i]}" appears twice`);
        seen.add(name);
        if ((COLUMNS as readonly string[]).includes(name)) return name as Column;
        notes.warnings.push(`Column "${row.fields[i].trim()}" is not known and was ignored`);
        return null;
      });
      continue;
    }
    const at = `line ${row.line}`;
    if (row.fields.length !== header.length) {
      throw badInput(`${at}: expected ${header.length} fields as in the header, found ${row.fields.length}`);
    }
    const values = new Map<Column, string>();
    header.forEach((column, i) => column && values.set(column, row.fields[i]));
    yield { input: rowInput(values, options.fps, at, options.timeZone ?? "UTC"), at };
  }
  if (!header) throw badInput("The file has no header row");
}
