// BXF (SMPTE ST 2021) AsRun messages in: BxfMessage/BxfData/Schedule/AsRun as the standard puts
// them (each AsRun a BasicAsRun or CompleteAsRun with its AsRunDetail: Status, Type, StartDateTime,
// Duration), and BxfMessage/BxfData/AsRun as earlier automation wrote it; one as-run entry per
// aired item, streamed with saxes like the schedule reader (src/io/formats/bxf-read.ts). Elements are
// matched by local name (any BXF version, any prefix); what is not read is listed in one warning.
// saxes never loads a DTD or an external entity, and a document that declares entities is
// refused. Pure: text in, entries out (the job resolves event ids against the schedule).
import { SaxesParser, type SaxesTagNS } from "saxes";
import { createHash } from "node:crypto";
import { badInput } from "../common/errors.js";
import { broadcastDateText, bxfInstant, feedParser, parseFrameRate, timecodeMs, utcDateTimeMs, utcDurationMs } from "../io/index.js";
import { LocalTimeError, UTC_CLOCK, type LocalClock } from "../localtime/index.js";
import { asRunStatusOf } from "./bxf-status.js";
import type { AsRunEntryValues } from "./rules.js";

/**
 * Elements that hold one as-run item (or a list of them): an item is the innermost of them that
 * carries EventData or Content; one without (an AsRunDetail holding only a Status) gives its
 * values to the item around it.
 */
const ITEMS = new Set(["AsRunEventData", "AsRunEvent", "AsRunDetail", "BasicAsRun", "CompleteAsRun"]);

/** Paths inside an item the reader descends through (null) or takes a text from (its key). */
const PATHS = new Map<string, string | null>([
  ["EventData", null],
  ["EventData/EventId", null],
  ["EventData/EventId/EventId", "eventRef"],
  ["EventData/EventTitle", "title"],
  ["EventData/StartDateTime", null],
  ["EventData/StartDateTime/SmpteDateTime", null],
  ["EventData/StartDateTime/SmpteDateTime/SmpteTimeCode", "start"],
  ["EventData/LengthOption", null],
  ["EventData/LengthOption/Duration", null],
  ["EventData/LengthOption/Duration/SmpteDuration", null],
  ["EventData/LengthOption/Duration/SmpteDuration/SmpteTimeCode", "duration"],
  ["Content", null],
  ["Content/ContentId", null],
  ["Content/ContentId/HouseNumber", "house"],
  ["Content/Name", "title"],
  ["EventData/StartDateTime/UtcDateTime", "utcStart"],
  ["EventData/LengthOption/Duration/UtcDuration", "utcDuration"],
  ["AsRunEventId", null],
  ["AsRunEventId/EventId", "eventRef"],
  ["AsRunEventId/Null", null],
  ["AsRunEventId/BillingReferenceCode", "billing"],
  ["Status", "status"],
  ["Reason", "reason"],
  ["ErrorDescription", "reason"],
  // The children of AsRunDetail (an item of its own that gives them to the item around it).
  ["Type", "type"],
  ["StartDateTime", null],
  ["StartDateTime/SmpteDateTime", null],
  ["StartDateTime/SmpteDateTime/SmpteTimeCode", "actualStart"],
  ["StartDateTime/UtcDateTime", "actualUtcStart"],
  ["Duration", null],
  ["Duration/SmpteDuration", null],
  ["Duration/SmpteDuration/SmpteTimeCode", "actualDuration"],
  ["Duration/UtcDuration", "actualUtcDuration"],
  ["EventNotes", null],
  ["EventNotes/EventNote", "note"],
  // Our own export's entry, exactly (PrivateInformation of the BasicAsRun).
  ["PrivateInformation", null],
  ["PrivateInformation/EntryId", "ownEntryId"],
  ["PrivateInformation/Reason", "ownReason"],
  ["PrivateInformation/DeviceId", "ownDevice"],
  ["PrivateInformation/Scte35Cues", "ownCues"],
]);
/** Keys that make an item an entry (EventData, AsRunEventId or Content); an item without them gives its values to the one around it. */
const ENTRY_KEYS = new Set(["eventRef", "title", "start", "duration", "house", "utcStart", "utcDuration", "ownEntryId"]);
/** PATHS as a tree, so that the reader follows an element's path without building strings. */
interface PathNode {
  path: string;
  key: string | null;
  children: Map<string, PathNode>;
}
const TREE: PathNode = { path: "", key: null, children: new Map() };
for (const [path, key] of PATHS) {
  let node = TREE;
  for (const name of path.split("/")) {
    let next = node.children.get(name);
    if (!next) node.children.set(name, (next = { path: node.path ? `${node.path}/${name}` : name, key: null, children: new Map() }));
    node = next;
  }
  node.key = key;
}
/** Elements whose attributes are read (kept by their path in the item: `EventData/StartDateTime/SmpteDateTime@broadcastDate`). */
const WITH_ATTRIBUTES = new Set(["EventData", "SmpteDateTime", "SmpteDuration"]);

export interface BxfAsRunOptions {
  /** The schedule's fps: timecodes without a frameRate attribute count frames at it; null: it has no timecode. */
  fps: number | null;
  /** The schedule's zone and broadcast day start: broadcast dates and times of day are its local broadcast time (default UTC, 00:00). */
  clock?: LocalClock;
}

export interface BxfAsRunNotes {
  warnings: string[];
}

/** An entry of the file: its values (eventId still unresolved), its line, and the BXF EventId it names. */
export type BxfAsRunEntry = AsRunEntryValues & { line: number; eventRef: string | null };

interface Item {
  /** Its element's local name (for the warning of elements not read). */
  name: string;
  line: number;
  /** The open elements below the item (item wrappers left out), as nodes of TREE. */
  rel: PathNode[];
  values: Record<string, string>;
  attributes: Record<string, string>;
  children: number;
}

export async function* readAsRunBxf(text: AsyncIterable<string>, options: BxfAsRunOptions, notes: BxfAsRunNotes): AsyncGenerator<BxfAsRunEntry> {
  const parser = new SaxesParser<{ xmlns: true; position: true }>({ xmlns: true, position: true });
  // Broadcast dates and times of day are the schedule's local broadcast time (src/io/formats/bxf-time.ts).
  const clock = options.clock ?? UTC_CLOCK;
  // The start of the entry read last (+1 ms when it had a length): where the clocks repeat an hour, a time is its occurrence at or after it.
  let notBefore: number | undefined;
  const ready: BxfAsRunEntry[] = [];
  // Elements not read: how many, and the line of the first (the warning names it).
  const ignored = new Map<string, { count: number; line: number }>();
  const path: string[] = [];
  const items: Item[] = [];
  const byId = new Map<string, string[]>(); // entry id → fingerprints of its items, for repeats
  const unknownStatus: string[] = [];
  const nonPrimary: string[] = [];
  let failure: Error | null = null;
  let skipDepth = 0;
  let asRuns = 0;
  let count = 0;
  let messageId: string | null = null;
  // The device of the entries: the AsRun's Channel shortName, else its Name, else the message's origin.
  const device = { short: null as string | null, name: null as string | null, origin: null as string | null };
  const deviceOf = () => device.short ?? device.name ?? device.origin ?? "bxf";
  let channelName = false;
  let textKey: string | null = null;
  let buffer = "";

  const fail = (message: string) => {
    failure ??= badInput(message);
  };
  const ignore = (name: string) => {
    const seen = ignored.get(name);
    if (seen) seen.count++;
    else ignored.set(name, { count: 1, line: parser.line });
  };

  const timecode = (item: Item, key: string, rateKey: string, what: string, at: string): number | null => {
    const value = item.values[key];
    if (value === undefined) return null;
    const rateText = item.attributes[rateKey];
    const fps = rateText === undefined ? options.fps : parseFrameRate(rateText);
    if (fps === null) {
      throw badInput(rateText === undefined ? `${at}: ${what}: the schedule's frame rate has no timecode; give the SmpteTimeCode a frameRate` : `${at}: frameRate "${rateText}" is not a frame rate`);
    }
    try {
      return timecodeMs(value, fps);
    } catch (error) {
      throw badInput(`${at}: ${what}: ${(error as Error).message}`);
    }
  };

  /** The actual start: AsRunDetail's StartDateTime (SmpteDateTime or UtcDateTime), else EventData's. */
  const startOf = (item: Item, at: string): number | null => {
    const v = item.values;
    for (const [label, utc, path] of [["actualStart", "actualUtcStart", "StartDateTime/SmpteDateTime"], ["start", "utcStart", "EventData/StartDateTime/SmpteDateTime"]] as const) {
      if (v[label] !== undefined) {
        const timeOfDay = timecode(item, label, `${path}@frameRate`, "start", at)!;
        const date = item.attributes[`${path}@broadcastDate`];
        const day = date === undefined ? null : broadcastDateText(date);
        if (day === null) throw badInput(`${at}: ${date === undefined ? "SmpteDateTime needs a broadcastDate" : `broadcastDate "${date}" is not a date (YYYY-MM-DD)`}`);
        try {
          return bxfInstant(clock, day, timeOfDay, v[label], notBefore);
        } catch (error) {
          if (error instanceof LocalTimeError) throw badInput(`${at}: ${error.message}`);
          throw error;
        }
      }
      if (v[utc] !== undefined) {
        const ms = utcDateTimeMs(v[utc]);
        if (ms === null) throw badInput(`${at}: UtcDateTime "${v[utc]}" is not a date and time (xs:dateTime)`);
        return ms;
      }
    }
    return null;
  };

  /** The actual length: AsRunDetail's Duration, else EventData's LengthOption/Duration. */
  const durationOf = (item: Item, at: string): number | null => {
    const v = item.values;
    for (const [label, utc, path] of [["actualDuration", "actualUtcDuration", "Duration/SmpteDuration"], ["duration", "utcDuration", "EventData/LengthOption/Duration/SmpteDuration"]] as const) {
      if (v[label] !== undefined) return timecode(item, label, `${path}@frameRate`, "duration", at);
      if (v[utc] !== undefined) {
        const ms = utcDurationMs(v[utc]);
        if (ms === null) throw badInput(`${at}: UtcDuration "${v[utc]}" is not a duration (PnDTnHnMnS)`);
        return ms;
      }
    }
    return null;
  };

  /** The entry of a closed item, or null when it is not one (a warning says why). */
  const entryOf = (item: Item): BxfAsRunEntry | null => {
    count++;
    const at = `line ${item.line}`;
    const v = item.values;
    if (item.attributes["EventData@eventType"]?.toLowerCase() === "nonprimary" || v.type?.toLowerCase() === "nonprimary") {
      nonPrimary.push(at);
      return null;
    }
    const mapped = asRunStatusOf(v.status);
    if (mapped === null) {
      unknownStatus.push(`${at}: status "${v.status}"`);
      return null;
    }
    const startMs = startOf(item, at);
    if (startMs === null) throw badInput(`${at}: AsRunDetail/StartDateTime (or EventData/StartDateTime) is required (when it went to air)`);
    const duration = durationOf(item, at);
    notBefore = startMs + (duration ? 1 : 0);
    if (duration === null && (mapped.status === "AIRED" || mapped.status === "PARTIAL" || mapped.status === "UNPLANNED")) {
      throw badInput(`${at}: AsRunDetail/Duration (or EventData/LengthOption/Duration) is required for an item that went to air (status ${mapped.status})`);
    }
    // Our own export says the entry exactly in PrivateInformation; any other sender's reason is its note, else what the status implies.
    const own = v.ownEntryId !== undefined;
    const cues = v.ownCues !== undefined && /^\d{1,9}$/.test(v.ownCues) ? Number(v.ownCues) : null;
    const values: AsRunEntryValues = {
      entryId: "",
      eventId: null,
      mediaId: v.house || null,
      actualStart: new Date(startMs),
      actualDurationMs: duration ?? 0,
      status: mapped.status,
      deviceId: (own && v.ownDevice) || deviceOf(),
      reason: own ? v.ownReason || null : v.reason || v.note || mapped.reason,
      scte35Cues: cues,
    };
    values.entryId = own && v.ownEntryId ? v.ownEntryId : entryIdOf(v.eventRef || null, values);
    return { ...values, line: item.line, eventRef: v.eventRef || null };
  };

  /**
   * The entry id: the item's EventId (a repeat of it with other content gets `#2`, `#3` … in file
   * order), else the message id and the item's place in it, else a hash of the item's values.
   * The same file always gives the same ids, so importing it again stores nothing.
   */
  const entryIdOf = (eventRef: string | null, v: AsRunEntryValues): string => {
    const fingerprint = JSON.stringify([v.mediaId, v.actualStart.getTime(), v.actualDurationMs, v.status, v.reason]);
    const base = eventRef ?? (messageId ? `${messageId}#${count}` : `bxf-${createHash("sha1").update(fingerprint).digest("hex").slice(0, 20)}`);
    const seen = byId.get(base);
    if (!seen) {
      byId.set(base, [fingerprint]);
      return base;
    }
    const same = seen.indexOf(fingerprint);
    if (same >= 0) return same === 0 ? base : `${base}#${same + 1}`;
    seen.push(fingerprint);
    return `${base}#${seen.length}`;
  };

  const closeItem = (item: Item) => {
    const parent = items[items.length - 1];
    const isEntry = Object.keys(item.values).some((k) => ENTRY_KEYS.has(k));
    if (!isEntry) {
      if (parent) {
        for (const [k, value] of Object.entries(item.values)) parent.values[k] ??= value;
        for (const [k, value] of Object.entries(item.attributes)) parent.attributes[k] ??= value;
        return;
      }
      if (item.children === 0) notes.warnings.push(`line ${item.line}: an AsRun item without EventData or Content; ignored`);
      return;
    }
    if (parent) parent.children++;
    const entry = entryOf(item);
    if (entry) ready.push(entry);
  };

  parser.on("doctype", (doctype) => {
    if (/<!ENTITY/i.test(doctype)) fail(`line ${parser.line}: entity declarations are not accepted (DTDs and external entities are never loaded)`);
  });
  parser.on("error", (error) => fail(`line ${parser.line}: ${error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, "")}`));
  parser.on("opentag", (tag: SaxesTagNS) => {
    if (failure) return;
    if (skipDepth > 0) {
      skipDepth++;
      return;
    }
    const name = tag.local;
    const item = items[items.length - 1];
    // A nested item element starts its own item, unless inside the EventData or Content of one.
    if (ITEMS.has(name) && (item === undefined ? path[path.length - 1] === "AsRun" : item.rel.length === 0)) {
      items.push({ name, line: parser.line, rel: [], values: {}, attributes: {}, children: 0 });
      return;
    }
    if (item) {
      const parent = item.rel.length ? item.rel[item.rel.length - 1] : TREE;
      const node = parent.children.get(name);
      if (node === undefined) {
        ignore(`${item.name}/${parent.path ? `${parent.path}/` : ""}${name}`);
        skipDepth = 1;
        return;
      }
      item.rel.push(node);
      const key = node.key;
      if (key !== null) {
        textKey = key;
        buffer = "";
      } else if (WITH_ATTRIBUTES.has(name)) {
        for (const a of Object.values(tag.attributes)) item.attributes[`${node.path}@${a.local}`] = a.value;
      }
      return;
    }
    path.push(name);
    const where = path.join("/");
    if (path.length === 1) {
      if (name !== "BxfMessage") fail(`line ${parser.line}: the root element must be <BxfMessage> (SMPTE ST 2021), found <${tag.name}>`);
      messageId = attr(tag, "id") ?? null;
      device.origin = attr(tag, "origin")?.trim() || null;
      return;
    }
    if (where === "BxfMessage/BxfData" || where === "BxfMessage/BxfData/Schedule") return;
    if (where === "BxfMessage/BxfData/AsRun" || where === "BxfMessage/BxfData/Schedule/AsRun") {
      asRuns++;
      return;
    }
    if (where === "BxfMessage/BxfData/AsRun/Channel" || where === "BxfMessage/BxfData/Schedule/Channel") {
      device.short = (attr(tag, "shortName") ?? attr(tag, "ShortName"))?.trim() || null;
      return;
    }
    if (where === "BxfMessage/BxfData/AsRun/Channel/Name" || where === "BxfMessage/BxfData/Schedule/Channel/Name") {
      channelName = true;
      buffer = "";
      return;
    }
    ignore(where.replace(/^BxfMessage\//, ""));
    path.pop();
    skipDepth = 1;
  });
  const onText = (t: string) => {
    if (skipDepth === 0 && (textKey !== null || channelName)) buffer += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    if (failure) return;
    if (skipDepth > 0) {
      skipDepth--;
      return;
    }
    const item = items[items.length - 1];
    if (item) {
      if (item.rel.length === 0) {
        items.pop();
        try {
          closeItem(item);
        } catch (error) {
          failure ??= error as Error;
        }
        return;
      }
      item.rel.pop();
      if (textKey !== null) {
        item.values[textKey] ??= buffer.replace(/\s+/g, " ").trim();
        textKey = null;
      }
      return;
    }
    if (channelName) {
      device.name = buffer.replace(/\s+/g, " ").trim() || null;
      channelName = false;
    }
    path.pop();
  });
  yield* feedParser(parser, text, ready, () => failure);
  if (asRuns === 0) throw badInput("The file holds no BXF AsRun (BxfMessage/BxfData/Schedule/AsRun)");
  yield* ready.splice(0);
  if (unknownStatus.length) {
    for (const u of unknownStatus) notes.warnings.push(`${u} is not an as-run status playout-gateway knows (docs/ASRUN.md "BXF AsRun in"); the item is not stored`);
  }
  if (nonPrimary.length) notes.warnings.push(`${nonPrimary.length} NonPrimary item(s) ignored: as-run is kept for primary events (first: ${nonPrimary[0]})`);
  if (ignored.size) {
    const list = [...ignored].slice(0, 30).map(([n, { count, line }]) => (count > 1 ? `${n} (${count}, first line ${line})` : `${n} (line ${line})`));
    notes.warnings.push(`Elements not read, ignored: ${list.join(", ")}${ignored.size > 30 ? `, and ${ignored.size - 30} more` : ""}`);
  }
}

function attr(tag: SaxesTagNS, local: string): string | undefined {
  for (const a of Object.values(tag.attributes)) if (a.local === local) return a.value;
  return undefined;
}
