// Cache identity of events that are not the live record. Normalizing client caches (Apollo
// InMemoryCache, urql graphcache, Relay) key an object by (__typename, id): a draft, a preview or
// an earlier version answered with the live id would overwrite the cached live event. Such copies
// keep their type and get an id of their own; Event.eventId keeps the live id (docs/CLIENTS.md
// "Cache identity").
import type { EventTarget } from "../schedules/index.js";
import type { Event, EventPage } from "./types.js";

/** The id of a record (schedule or event) as it was at a version of its schedule: `556@v3`. */
export const versionCopyId = (id: string | number, version: number): string => `${id}@v${version}`;

/** The id of an event in the draft of a change set: `556@changeSet12`. */
export const draftCopyId = (id: string | number, changeSetId: string | number): string => `${id}@changeSet${changeSetId}`;

/** The id of an event as a ripple from `fromEventId` would leave it: `556@v7+ripple552` (`…all` with fixAll). */
export const rippleCopyId = (id: string | number, version: number, fromEventId: number, fixAll: boolean): string =>
  `${versionCopyId(id, version)}+ripple${fromEventId}${fixAll ? "all" : ""}`;

/** Gives an event (in place) the id `idOf(its id)`; eventId keeps the live one. */
export function relabelEvent(event: Event, idOf: (id: string) => string): Event {
  const live = event.eventId ?? event.id;
  event.eventId = live;
  event.id = idOf(live);
  return event;
}

/** Relabels a page's events and the keys of its gaps and overlaps (they name the events of the page). */
export function relabelPage(page: EventPage, idOf: (id: string) => string): EventPage {
  for (const event of page.content) relabelEvent(event, idOf);
  const rekey = (map: Record<string, number>) => Object.fromEntries(Object.entries(map).map(([key, value]) => [idOf(key), value]));
  if (page.gaps) page.gaps = rekey(page.gaps);
  if (page.overlaps) page.overlaps = rekey(page.overlaps);
  return page;
}

/** The relabelling of a target's events: none for the schedule's own, the draft's id for a change set's. */
export function copyIdOfTarget(target: EventTarget): ((id: string) => string) | null {
  const changeSetId = target.changeSetId;
  return changeSetId === null ? null : (id) => draftCopyId(id, changeSetId);
}

/** A short stable text naming a page of a question (page, size, criteria) inside an id: `p0s20` or `p0s20-1a2b3c4d`. */
export function pageKey(page: number, size: number, criteria?: object | null): string {
  const base = `p${page}s${size}`;
  if (!criteria) return base;
  // FNV-1a of the criteria's JSON: the same criteria give the same id.
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(criteria)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${base}-${hash.toString(16).padStart(8, "0")}`;
}
