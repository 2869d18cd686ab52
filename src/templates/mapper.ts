// Rows → GraphQL shapes (the only place that maps).
import type { EventType } from "../events/index.js";
import { dayStartText } from "../localtime/index.js";
import { slotStartText, type StoredSlot } from "./rules.js";
import { asStored, ReadMap } from "../common/read-plan.js";
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

/** Each field with the columns it reads: a page or lookup reads the selected ones (src/common/read-plan.ts). */
export const TEMPLATE_READS = new ReadMap<ScheduleTemplateRow, ScheduleTemplate>(
  {
    id: { columns: ["id"], value: (row) => String(row.id) },
    name: asStored("name"),
    timeZone: asStored("timeZone"),
    broadcastDayStart: { columns: ["broadcastDayStart"], value: (row) => dayStartText(row.broadcastDayStart) },
    slots: { columns: ["slots", "id"], value: (row) => row.slots.map((slot, i) => toTemplateSlot(slot, row.id, i)) },
    version: asStored("version"),
    organization: asStored("organization"),
  },
  ["id", "organization"],
);

export function toScheduleTemplate(row: ScheduleTemplateRow): ScheduleTemplate {
  return TEMPLATE_READS.toOutput(row, TEMPLATE_READS.everything);
}
