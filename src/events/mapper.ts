import type { EventStatus, EventType } from "./enums.js";
import type { LiveParameters } from "./nested.js";
import type { EventValues } from "./rules.js";
import type { EventRow } from "./tables.js";
import type { Event } from "./types.js";

/** The one place an event row becomes its GraphQL shape. The encryption key never leaves. */
export function toEvent(row: EventRow): Event {
  const data = row.data as Partial<Event>;
  const live = data.liveParameters as LiveParameters | undefined;
  return {
    ...data,
    id: String(row.id),
    scheduleId: String(row.scheduleId),
    onAirTime: new Date(row.onAirTime),
    duration: row.duration,
    eventType: row.eventType as EventType,
    title: row.title,
    locked: row.locked,
    mediaId: row.mediaId,
    status: row.status as EventStatus | null,
    version: row.version,
    liveParameters: live ? { ...live, encryptionKey: null } : null,
    organization: row.organization,
  };
}

/** The service's view of a stored row (for updates that merge an input into it). */
export function toValues(row: EventRow): EventValues {
  return {
    onAirTime: row.onAirTime,
    duration: row.duration,
    eventType: row.eventType,
    title: row.title,
    locked: row.locked,
    mediaId: row.mediaId,
    assetId: row.assetId,
    status: row.status,
    data: row.data,
  };
}
