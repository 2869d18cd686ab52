// A template's slot as stored (schedule_templates.slots, checked by rules.ts templateValues) and
// answered. Types only: the table (tables.ts) names it without loading the rules.
import type { CollectionOrder, OverrunMode, PlannedEventType, SlotAnchor, SlotSource, Weekday } from "./plan-types.js";

/** A slot as stored (schedule_templates.slots) and answered: checked, collection ids as decimal text. */
export interface StoredSlot {
  days: Weekday[];
  /** Local time of day, ms after midnight. */
  startMs: number;
  anchor: SlotAnchor;
  source: SlotSource;
  title: string | null;
  eventType: PlannedEventType;
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

