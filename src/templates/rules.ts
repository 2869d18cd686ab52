// The checks of a schedule template's input (pure: no database, no GraphQL). Every refusal is
// BAD_USER_INPUT naming the argument (`extensions.argument`: "input.timeZone",
// "input.slots[3].start"); a slot's collections are checked against the stored ones by
// checkSlotCollections (NOT_FOUND naming the slot's field, or BAD_USER_INPUT for a wrong kind).
import type { CollectionHeader } from "../collections/index.js";
import { AppError, badInput } from "../common/errors.js";
import { parseId } from "../common/ids.js";
import { lineText, MAX_MEDIA_ID_LENGTH, oneOf } from "../common/input-text.js";
import { canonicalZone, dayStartText, HOUR_MS, LocalTimeError, MINUTE_MS, parseDayStart } from "../localtime/index.js";
import { WEEKDAYS, type CollectionKind, type CollectionOrder, type OverrunMode, type PlannedEventType, type SlotAnchor, type SlotSource } from "./plan-types.js";
import type { StoredSlot } from "./stored-slot.js";

export type { StoredSlot } from "./stored-slot.js";

/** At most this many slots a template (more: BAD_USER_INPUT). */
export const MAX_TEMPLATE_SLOTS = 500;
export const MAX_TEMPLATE_NAME_LENGTH = 200;
export const MAX_SLOT_TITLE_LENGTH = 500;
/** A slot plays at most this many items of its collection (or times its asset). */
export const MAX_SLOT_ITEMS = 10_000;
/** durationMs and breakMs: at most the longest broadcast day (25 hours, when clocks go back). */
export const MAX_SLOT_MS = 25 * HOUR_MS;

export const SLOT_ANCHORS: readonly SlotAnchor[] = ["HARD", "SOFT"];
export const SLOT_SOURCES: readonly SlotSource[] = ["ASSET", "COLLECTION", "LIVE", "PLACEHOLDER"];
export const COLLECTION_ORDERS: readonly CollectionOrder[] = ["SEQUENTIAL", "SHUFFLE", "RANDOM"];
export const OVERRUN_MODES: readonly OverrunMode[] = ["DROP", "TRIM"];
export const SLOT_EVENT_TYPES: readonly PlannedEventType[] = ["PRIMARY", "ADVERTISEMENT", "LIVE", "PLACEHOLDER", "BLOCK", "EMERGENCY"];

/** The collections a slot's field may name, by kind. */
export const KINDS_OF_FIELD: Record<CollectionField, readonly CollectionKind[]> = {
  collectionId: ["PROGRAMMES", "FILLER", "PROMOS"],
  breakCollectionId: ["ADVERTISEMENTS", "PROMOS"],
  fillerCollectionId: ["FILLER", "PROMOS"],
};
export type CollectionField = "collectionId" | "breakCollectionId" | "fillerCollectionId";

/** A TemplateSlotInput as the service receives it. */
export interface SlotInputValues {
  days: readonly string[];
  start: string;
  anchor: string;
  source: string;
  title?: string | null;
  eventType: string;
  mediaId?: string | null;
  collectionId?: string | null;
  order?: string | null;
  items?: number | null;
  durationMs?: number | null;
  breakCollectionId?: string | null;
  breakMs?: number | null;
  fillerCollectionId?: string | null;
  overrun?: string | null;
}

/** A ScheduleTemplateInput as the service receives it. */
export interface TemplateInputValues {
  name: string;
  timeZone: string;
  broadcastDayStart: string;
  slots: readonly SlotInputValues[];
}

/** A collection a slot names: the argument naming it and the kinds it may have. */
export interface CollectionReference {
  id: number;
  argument: string;
  field: CollectionField;
}

export interface TemplateValues {
  name: string;
  timeZone: string;
  dayStartMs: number;
  slots: StoredSlot[];
  references: CollectionReference[];
}

const START = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** "HH:MM" or "HH:MM:SS", 00:00 to 23:59:59 → ms after midnight; null when it is not one. */
export function parseSlotStart(text: string): number | null {
  const m = START.exec(text);
  if (!m) return null;
  const [h, min, s] = [Number(m[1]), Number(m[2]), m[3] === undefined ? 0 : Number(m[3])];
  if (h > 23 || min > 59 || s > 59) return null;
  return h * HOUR_MS + min * MINUTE_MS + s * 1000;
}

/** ms after midnight → "HH:MM", or "HH:MM:SS" when it has seconds. */
export function slotStartText(ms: number): string {
  const seconds = Math.floor(ms / 1000) % 60;
  return seconds === 0 ? dayStartText(ms) : `${dayStartText(ms)}:${String(seconds).padStart(2, "0")}`;
}

function localClock<T>(argument: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof LocalTimeError) throw badInput(`${argument}: ${error.message}`, { argument });
    throw error;
  }
}

/** A positive whole number up to `max`, or null when absent. */
function positive(value: unknown, argument: string, max: number, unit: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw badInput(`${argument} must be a whole number of ${unit} from 1 to ${max}; got ${String(value).slice(0, 40)}`, { argument });
  }
  return value;
}

function collectionId(value: unknown, argument: string): number | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" && typeof value !== "number") throw badInput(`${argument} must be an asset collection id`, { argument });
  return parseId(value, argument);
}

function notFor(source: SlotSource, argument: string, what: string): never {
  throw badInput(`${argument}: ${what} (this slot's source is ${source})`, { argument });
}

/** One slot checked into its stored form, with the collections it names. */
export function slotValues(input: SlotInputValues, at: string): { slot: StoredSlot; references: CollectionReference[] } {
  if (!input || typeof input !== "object") throw badInput(`${at} must be a slot`, { argument: at });
  if (!Array.isArray(input.days) || input.days.length === 0) throw badInput(`${at}.days must name at least one weekday`, { argument: `${at}.days` });
  if (input.days.length > WEEKDAYS.length) throw badInput(`${at}.days names a weekday twice`, { argument: `${at}.days` });
  const days = input.days.map((d, i) => oneOf(d, WEEKDAYS, `${at}.days[${i}]`));
  if (new Set(days).size !== days.length) throw badInput(`${at}.days names a weekday twice`, { argument: `${at}.days` });
  days.sort((a, b) => WEEKDAYS.indexOf(a) - WEEKDAYS.indexOf(b));
  const startMs = typeof input.start === "string" ? parseSlotStart(input.start.trim()) : null;
  if (startMs === null) {
    throw badInput(`${at}.start must be a local time of day HH:MM or HH:MM:SS, 00:00 to 23:59:59; got ${JSON.stringify(String(input.start).slice(0, 40))}`, { argument: `${at}.start` });
  }
  const anchor = oneOf(input.anchor, SLOT_ANCHORS, `${at}.anchor`);
  const source = oneOf(input.source, SLOT_SOURCES, `${at}.source`);
  const eventType = oneOf(input.eventType, SLOT_EVENT_TYPES, `${at}.eventType`);
  const order = input.order === undefined || input.order === null ? "SEQUENTIAL" : oneOf(input.order, COLLECTION_ORDERS, `${at}.order`);
  const overrun = input.overrun === undefined || input.overrun === null ? "DROP" : oneOf(input.overrun, OVERRUN_MODES, `${at}.overrun`);
  const title = lineText(input.title, `${at}.title`, MAX_SLOT_TITLE_LENGTH, false);
  const mediaId = lineText(input.mediaId, `${at}.mediaId`, MAX_MEDIA_ID_LENGTH, false);
  const main = collectionId(input.collectionId, `${at}.collectionId`);
  const breaks = collectionId(input.breakCollectionId, `${at}.breakCollectionId`);
  const filler = collectionId(input.fillerCollectionId, `${at}.fillerCollectionId`);
  const items = positive(input.items, `${at}.items`, MAX_SLOT_ITEMS, "items");
  const durationMs = positive(input.durationMs, `${at}.durationMs`, MAX_SLOT_MS, "ms");
  const breakMs = positive(input.breakMs, `${at}.breakMs`, MAX_SLOT_MS, "ms");

  const plays = source === "ASSET" || source === "COLLECTION";
  if (source === "ASSET" && mediaId === null) throw badInput(`${at}.mediaId is required: an ASSET slot plays the asset with this media id`, { argument: `${at}.mediaId` });
  if (source !== "ASSET" && mediaId !== null) notFor(source, `${at}.mediaId`, "only an ASSET slot names a media id");
  if (source === "COLLECTION" && main === null) throw badInput(`${at}.collectionId is required: a COLLECTION slot plays items of this collection`, { argument: `${at}.collectionId` });
  if (source !== "COLLECTION" && main !== null) notFor(source, `${at}.collectionId`, "only a COLLECTION slot names a collection to play");
  if (!plays && durationMs === null) throw badInput(`${at}.durationMs is required: a ${source} slot lasts durationMs (above 0)`, { argument: `${at}.durationMs` });
  if (!plays && items !== null) notFor(source, `${at}.items`, "only ASSET and COLLECTION slots play items");
  if (plays && items !== null && durationMs !== null) {
    throw badInput(`${at}: give items or durationMs, not both (items: that many, durationMs: as many as fit)`, { argument: `${at}.durationMs` });
  }
  if (!plays && (breakMs !== null || breaks !== null)) notFor(source, `${at}.${breakMs !== null ? "breakMs" : "breakCollectionId"}`, "only ASSET and COLLECTION slots have breaks");
  if ((breakMs === null) !== (breaks === null)) {
    const missing = breakMs === null ? "breakMs" : "breakCollectionId";
    throw badInput(`${at}.${missing} is required with ${missing === "breakMs" ? "breakCollectionId" : "breakMs"}: a break is its length and the collection it draws from`, { argument: `${at}.${missing}` });
  }
  const references: CollectionReference[] = [];
  if (main !== null) references.push({ id: main, argument: `${at}.collectionId`, field: "collectionId" });
  if (breaks !== null) references.push({ id: breaks, argument: `${at}.breakCollectionId`, field: "breakCollectionId" });
  if (filler !== null) references.push({ id: filler, argument: `${at}.fillerCollectionId`, field: "fillerCollectionId" });
  return {
    slot: {
      days,
      startMs,
      anchor,
      source,
      title,
      eventType,
      mediaId,
      collectionId: main === null ? null : String(main),
      order,
      items,
      durationMs,
      breakCollectionId: breaks === null ? null : String(breaks),
      breakMs,
      fillerCollectionId: filler === null ? null : String(filler),
      overrun,
    },
    references,
  };
}

/** The whole input checked: name, zone, broadcast day start, 0 to MAX_TEMPLATE_SLOTS slots. */
export function templateValues(input: TemplateInputValues, at = "input"): TemplateValues {
  if (!input || typeof input !== "object") throw badInput(`${at} is required`, { argument: at });
  const name = lineText(input.name, `${at}.name`, MAX_TEMPLATE_NAME_LENGTH, true)!;
  if (typeof input.timeZone !== "string") throw badInput(`${at}.timeZone is required`, { argument: `${at}.timeZone` });
  if (typeof input.broadcastDayStart !== "string") throw badInput(`${at}.broadcastDayStart is required`, { argument: `${at}.broadcastDayStart` });
  const timeZone = localClock(`${at}.timeZone`, () => canonicalZone(input.timeZone));
  const dayStartMs = localClock(`${at}.broadcastDayStart`, () => parseDayStart(input.broadcastDayStart));
  if (!Array.isArray(input.slots)) throw badInput(`${at}.slots must be a list of slots`, { argument: `${at}.slots` });
  if (input.slots.length > MAX_TEMPLATE_SLOTS) {
    throw badInput(`${at}.slots holds ${input.slots.length} slots; a template holds at most ${MAX_TEMPLATE_SLOTS}`, { argument: `${at}.slots`, maxLength: MAX_TEMPLATE_SLOTS });
  }
  const slots: StoredSlot[] = [];
  const references: CollectionReference[] = [];
  input.slots.forEach((s, i) => {
    const checked = slotValues(s, `${at}.slots[${i}]`);
    slots.push(checked.slot);
    references.push(...checked.references);
  });
  return { name, timeZone, dayStartMs, slots, references };
}

/**
 * The named collections against the stored ones of the organization: a missing one is NOT_FOUND
 * naming the slot's field; one of a kind the field does not take is BAD_USER_INPUT.
 */
export function checkSlotCollections(references: readonly CollectionReference[], found: ReadonlyMap<number, CollectionHeader>): void {
  for (const ref of references) {
    const collection = found.get(ref.id);
    if (!collection) throw new AppError("NOT_FOUND", `${ref.argument}: asset collection ${ref.id} not found`, { id: String(ref.id), argument: ref.argument });
    const allowed = KINDS_OF_FIELD[ref.field];
    if (!(allowed as readonly string[]).includes(collection.kind)) {
      throw badInput(`${ref.argument}: asset collection ${ref.id} ("${collection.name}") holds ${collection.kind}; ${ref.field} takes ${allowed.join(" or ")}`, { argument: ref.argument });
    }
  }
}
