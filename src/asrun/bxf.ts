// BXF (SMPTE ST 2021) AsRun messages in: BxfMessage/BxfData/Schedule/AsRun as the standard puts
// them (each AsRun a BasicAsRun or CompleteAsRun with its AsRunDetail: Status, Type, StartDateTime,
// Duration), and BxfMessage/BxfData/AsRun as earlier automation wrote it; one as-run entry per
// aired item, streamed like the schedule reader (src/io/formats/bxf-read.ts), with the same walk
// of the document (src/common/bxf-xml.ts: elements matched by local name, any BXF version, any
// prefix; what is not read listed in one warning; no DTD or external entity ever loaded, a
// document that declares entities refused) and the same reading of times (src/common/bxf-smpte.ts).
// Pure: text in, entries out (the job resolves event ids against the schedule).
import { createHash } from "node:crypto";
import { SmpteTimeReader } from "../common/bxf-smpte.js";
import { BXF_DATA, BXF_SCHEDULE, BxfPathStack, bxfAttribute, bxfPathTree, BxfWalk, channelShortName, collapseSpaces, type BxfElements, type BxfPathNode, type BxfTag } from "../common/bxf-xml.js";
import { badInput } from "../common/errors.js";
import { feedParser } from "../io/index.js";
import { UTC_CLOCK, type LocalClock } from "../localtime/index.js";
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
/** A node of PATHS as a tree (the key its text is kept under, null for none). */
interface PathNode extends BxfPathNode<PathNode> {
  key: string | null;
}
const TREE = bxfPathTree<PathNode, string | null>(PATHS, (path) => ({ path, key: null, children: new Map() }), (node, key) => (node.key = key));
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


/** An as-run item being read. */
interface Item {
  /** Its element's local name (for the warning of elements not read). */
  name: string;
  line: number;
  /** The open elements below the item (item wrappers left out), as nodes of TREE. */
  rel: BxfPathStack<PathNode>;
  values: Record<string, string>;
  attributes: Record<string, string>;
  children: number;
}

/** Where the actual start and length are: AsRunDetail's first (what aired), else EventData's (what was planned). */
const STARTS = [
  ["actualStart", "actualUtcStart", "StartDateTime/SmpteDateTime"],
  ["start", "utcStart", "EventData/StartDateTime/SmpteDateTime"],
] as const;
const LENGTHS = [
  ["actualDuration", "actualUtcDuration", "Duration/SmpteDuration"],
  ["duration", "utcDuration", "EventData/LengthOption/Duration/SmpteDuration"],
] as const;

export async function* readAsRunBxf(text: AsyncIterable<string>, options: BxfAsRunOptions, notes: BxfAsRunNotes): AsyncGenerator<BxfAsRunEntry> {
  const reader = new AsRunReader(options, notes);
  const { walk, ready } = reader;
  yield* feedParser(walk.parser, text, ready, () => walk.failure);
  if (reader.asRuns === 0) throw badInput("The file holds no BXF AsRun (BxfMessage/BxfData/Schedule/AsRun)");
  yield* ready.splice(0);
  reader.warnAtEnd();
}

/** The reader of one AsRun message: the walk hands it the elements, it makes the entries ready. */
class AsRunReader implements BxfElements {
  readonly walk = new BxfWalk(this);
  readonly ready: BxfAsRunEntry[] = [];
  /** AsRun elements read (a message without one is refused). */
  asRuns = 0;
  // Broadcast dates and times of day are the schedule's local broadcast time (src/io/formats/bxf-time.ts).
  private readonly times: SmpteTimeReader;
  // The start of the entry read last (+1 ms when it had a length): where the clocks repeat an hour, a time is its occurrence at or after it.
  private notBefore: number | undefined;
  /** The items open, outermost first (an AsRunDetail inside its BasicAsRun). */
  private readonly items: Item[] = [];
  private readonly byId = new Map<string, string[]>(); // entry id → fingerprints of its items, for repeats
  private readonly unknownStatus: string[] = [];
  private readonly nonPrimary: string[] = [];
  /** Items closed (the place of an entry in the message, for its id). */
  private count = 0;
  private messageId: string | null = null;
  // The device of the entries: the AsRun's Channel shortName, else its Name, else the message's origin.
  private readonly device = { short: null as string | null, name: null as string | null, origin: null as string | null };
  private channelName = false;
  /** The key of the item's text being read. */
  private textKey: string | null = null;

  constructor(
    options: BxfAsRunOptions,
    private readonly notes: BxfAsRunNotes,
  ) {
    this.times = new SmpteTimeReader({ clock: options.clock ?? UTC_CLOCK, fps: options.fps });
  }

  open(tag: BxfTag): void {
    const name = tag.local;
    const item = this.items[this.items.length - 1];
    // A nested item element starts its own item, unless inside the EventData or Content of one.
    if (ITEMS.has(name) && (item === undefined ? this.walk.head[this.walk.head.length - 1] === "AsRun" : item.rel.depth === 0)) {
      this.items.push({ name, line: this.walk.line, rel: new BxfPathStack(TREE), values: {}, attributes: {}, children: 0 });
    } else if (item) this.openInItem(item, tag);
    else this.openHead(tag);
  }

  /** An element of an item: a text to keep, attributes to keep, or one to descend through. */
  private openInItem(item: Item, tag: BxfTag): void {
    const node = item.rel.enter(tag.local, this.walk, `${item.name}/`);
    if (node === undefined) return;
    if (node.key !== null) {
      this.textKey = node.key;
      this.walk.collectText();
    } else if (WITH_ATTRIBUTES.has(tag.local)) {
      for (const a of Object.values(tag.attributes)) item.attributes[`${node.path}@${a.local}`] = a.value;
    }
  }

  /** An element above the items: the message (its id and origin), the AsRun and its Channel. */
  private openHead(tag: BxfTag): void {
    const walk = this.walk;
    walk.openHead(tag);
    if (walk.head.length === 1) {
      this.messageId = bxfAttribute(tag, "id") ?? null;
      this.device.origin = bxfAttribute(tag, "origin")?.trim() || null;
      return;
    }
    // As the standard puts it (BxfData/Schedule/AsRun) and as earlier automation wrote it (BxfData/AsRun).
    const where = walk.where;
    if (where === BXF_DATA || where === BXF_SCHEDULE) return;
    if (where === `${BXF_DATA}/AsRun` || where === `${BXF_SCHEDULE}/AsRun`) this.asRuns++;
    else if (where === `${BXF_DATA}/AsRun/Channel` || where === `${BXF_SCHEDULE}/Channel`) this.device.short = channelShortName(tag)?.trim() || null;
    else if (where === `${BXF_DATA}/AsRun/Channel/Name` || where === `${BXF_SCHEDULE}/Channel/Name`) {
      this.channelName = true;
      walk.collectText();
    } else walk.skipHead();
  }

  close(): void {
    const item = this.items[this.items.length - 1];
    if (item === undefined) {
      if (this.channelName) {
        this.device.name = collapseSpaces(this.walk.takeText()) || null;
        this.channelName = false;
      }
      this.walk.closeHead();
    } else if (item.rel.depth === 0) {
      this.items.pop();
      this.closeItem(item);
    } else {
      item.rel.leave();
      if (this.textKey !== null) {
        item.values[this.textKey] ??= collapseSpaces(this.walk.takeText());
        this.textKey = null;
      }
    }
  }

  /** An item closes: an entry, or (without EventData or Content) values for the item around it. */
  private closeItem(item: Item): void {
    const parent = this.items[this.items.length - 1];
    const isEntry = Object.keys(item.values).some((k) => ENTRY_KEYS.has(k));
    if (!isEntry) {
      if (parent) {
        for (const [k, value] of Object.entries(item.values)) parent.values[k] ??= value;
        for (const [k, value] of Object.entries(item.attributes)) parent.attributes[k] ??= value;
        return;
      }
      if (item.children === 0) this.notes.warnings.push(`line ${item.line}: an AsRun item without EventData or Content; ignored`);
      return;
    }
    if (parent) parent.children++;
    const entry = this.entryOf(item);
    if (entry) this.ready.push(entry);
  }

  /** The entry of a closed item, or null when it is not one (a warning says why). */
  private entryOf(item: Item): BxfAsRunEntry | null {
    this.count++;
    const at = `line ${item.line}`;
    const v = item.values;
    if (item.attributes["EventData@eventType"]?.toLowerCase() === "nonprimary" || v.type?.toLowerCase() === "nonprimary") {
      this.nonPrimary.push(at);
      return null;
    }
    const mapped = asRunStatusOf(v.status);
    if (mapped === null) {
      this.unknownStatus.push(`${at}: status "${v.status}"`);
      return null;
    }
    const startMs = this.startOf(item, at);
    if (startMs === null) throw badInput(`${at}: AsRunDetail/StartDateTime (or EventData/StartDateTime) is required (when it went to air)`);
    const duration = this.durationOf(item, at);
    this.notBefore = startMs + (duration ? 1 : 0);
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
      deviceId: (own && v.ownDevice) || this.deviceOf(),
      reason: own ? v.ownReason || null : v.reason || v.note || mapped.reason,
      scte35Cues: cues,
    };
    values.entryId = own && v.ownEntryId ? v.ownEntryId : this.entryIdOf(v.eventRef || null, values);
    return { ...values, line: item.line, eventRef: v.eventRef || null };
  }

  private deviceOf(): string {
    return this.device.short ?? this.device.name ?? this.device.origin ?? "bxf";
  }

  /** The actual start: AsRunDetail's StartDateTime (SmpteDateTime or UtcDateTime), else EventData's. */
  private startOf(item: Item, at: string): number | null {
    const v = item.values;
    for (const [label, utc, path] of STARTS) {
      if (v[label] !== undefined || v[utc] !== undefined) {
        return this.times.start(v[label], item.attributes[`${path}@frameRate`], item.attributes[`${path}@broadcastDate`], v[utc], at, this.notBefore);
      }
    }
    return null;
  }

  /** The actual length: AsRunDetail's Duration, else EventData's LengthOption/Duration. */
  private durationOf(item: Item, at: string): number | null {
    const v = item.values;
    for (const [label, utc, path] of LENGTHS) {
      if (v[label] !== undefined || v[utc] !== undefined) return this.times.length(v[label], item.attributes[`${path}@frameRate`], v[utc], at);
    }
    return null;
  }

  /**
   * The entry id: the item's EventId (a repeat of it with other content gets `#2`, `#3` … in file
   * order), else the message id and the item's place in it, else a hash of the item's values.
   * The same file always gives the same ids, so importing it again stores nothing.
   */
  private entryIdOf(eventRef: string | null, v: AsRunEntryValues): string {
    const fingerprint = JSON.stringify([v.mediaId, v.actualStart.getTime(), v.actualDurationMs, v.status, v.reason]);
    const base = eventRef ?? (this.messageId ? `${this.messageId}#${this.count}` : `bxf-${createHash("sha1").update(fingerprint).digest("hex").slice(0, 20)}`);
    const seen = this.byId.get(base);
    if (!seen) {
      this.byId.set(base, [fingerprint]);
      return base;
    }
    const same = seen.indexOf(fingerprint);
    if (same >= 0) return same === 0 ? base : `${base}#${same + 1}`;
    seen.push(fingerprint);
    return `${base}#${seen.length}`;
  }

  /** The warnings of the whole read: items not stored, elements not read. */
  warnAtEnd(): void {
    const warnings = this.notes.warnings;
    for (const u of this.unknownStatus) warnings.push(`${u} is not an as-run status playout-gateway knows (docs/ASRUN.md "BXF AsRun in"); the item is not stored`);
    if (this.nonPrimary.length) warnings.push(`${this.nonPrimary.length} NonPrimary item(s) ignored: as-run is kept for primary events (first: ${this.nonPrimary[0]})`);
    const notRead = this.walk.notReadWarning();
    if (notRead !== null) warnings.push(notRead);
  }
}
