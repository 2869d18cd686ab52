// Rows → GraphQL shapes (the only place that maps).
import type { EventType } from "../events/index.js";
import { dayStartText } from "../localtime/index.js";
import { slotStartText, type StoredSlot } from "./rules.js";
import type { ScheduleTemplateRow } from "./tables.js";
import type { CollectionOrder, OverrunMode, ScheduleTemplate, SlotAnchor, SlotSource, TemplateSlot, Weekday } from "./types.js";

/** A slot's id: its template's id and its index in the template's list. */
export const slotId = (templateId: number | string, index: number): string => `${templateId}.${index}`;

export function toTemplateSlot(slot: StoredSlot, templateId: number | string, index: number): TemplateSlot {
  return {
    id: slotId(templateId, index),
    days: slot.days as Weekday[],
    start: slotStartText(slot.startMs),
    anchor: slot.anchor as SlotAnchor,
    source: slot.source as SlotSource,
    title: slot.title,
    eventType: slot.eventType as EventType,
    mediaId: slot.mediaId,
    collectionId: slot.collectionId,
    order: slot.order as CollectionOrder,
    items: slot.items,
    durationMs: slot.durationMs,
    breakCollectionId: slot.breakCollectionId,
    breakMs: slot.breakMs,
    fillerCollectionId: slot.fillerCollectionId,
    overrun: slot.overrun as OverrunMode,
  };
}

export function toScheduleTemplate(row: ScheduleTemplateRow): ScheduleTemplate {
  return {
    id: String(row.id),
    name: row.name,
    timeZone: row.timeZone,
    broadcastDayStart: dayStartText(row.broadcastDayStart),
    slots: row.slots.map((slot, i) => toTemplateSlot(slot, row.id, i)),
    version: row.version,
    organization: row.organization,
  };
}
