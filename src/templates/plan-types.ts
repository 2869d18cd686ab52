// What the day planner (plan-day.ts) reads and writes: a template's slots, the collections they
// draw from, the position each sequential slot continues from, and the events and messages it
// makes. Plain data, no database or GraphQL types: the planner is pure.
import type { RightsWindowRule } from "../traffic/index.js";

export type CollectionKind = "PROGRAMMES" | "FILLER" | "PROMOS" | "ADVERTISEMENTS";
export type Weekday = "MON" | "TUE" | "WED" | "THU" | "FRI" | "SAT" | "SUN";
export type SlotAnchor = "HARD" | "SOFT";
export type SlotSource = "ASSET" | "COLLECTION" | "LIVE" | "PLACEHOLDER";
export type CollectionOrder = "SEQUENTIAL" | "SHUFFLE" | "RANDOM";
export type OverrunMode = "DROP" | "TRIM";
export type PlannedEventType = "PRIMARY" | "ADVERTISEMENT" | "LIVE" | "PLACEHOLDER" | "BLOCK" | "EMERGENCY";

export const WEEKDAYS: readonly Weekday[] = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

/** An asset as the planner needs it: what plays and how long (its metadata's duration). */
export interface CatalogItem {
  /** null: a live window or placeholder, which plays no asset. */
  mediaId: string | null;
  /** null or 0: the asset has no duration; the planner leaves it out and says so. */
  durationMs: number | null;
  title: string | null;
  /** The catalog asset's id, rights windows, advertiser and product category (the traffic rules: placement-rules.ts). */
  assetId?: string | null;
  rights?: RightsWindowRule[];
  advertiser?: string | null;
  productCategory?: string | null;
}

export interface PlanCollection {
  id: string;
  name: string;
  kind: CollectionKind;
  /** In position order. */
  items: CatalogItem[];
}

export interface PlanSlot {
  id: string;
  days: Weekday[];
  /** Local time of day, ms after midnight; before the broadcast day start: the end of that broadcast day. */
  startMs: number;
  anchor: SlotAnchor;
  source: SlotSource;
  title: string | null;
  eventType: PlannedEventType;
  /** ASSET: the asset (null: not in the catalog). */
  asset: CatalogItem | null;
  mediaId: string | null;
  collectionId: string | null;
  order: CollectionOrder;
  items: number | null;
  durationMs: number | null;
  breakCollectionId: string | null;
  breakMs: number | null;
  fillerCollectionId: string | null;
  overrun: OverrunMode;
}

export interface PlanTemplate {
  zone: string;
  /** ms after local midnight at which each broadcast day starts. */
  dayStartMs: number;
  slots: PlanSlot[];
}

export interface PlannedEvent {
  onAirTime: number;
  duration: number;
  eventType: PlannedEventType;
  title: string;
  mediaId: string | null;
  /** The slot that placed it (for messages and continuation), never written to the event. */
  slotId: string;
}

export interface PlanMessage {
  type: "INFO" | "WARNING";
  message: string;
}

export interface PlannedDay {
  date: string;
  start: number;
  end: number;
  events: PlannedEvent[];
  messages: PlanMessage[];
}
