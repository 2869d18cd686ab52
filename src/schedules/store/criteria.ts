// The filters of an event search (EventCriteriaInput, the filter arguments of Schedule.events) as
// SQL conditions on `events e`: the one place that turns a filter into SQL.
import { sql, type SQL } from "drizzle-orm";
import { parseIds } from "../../common/ids.js";
import { anyOfIds } from "../../db/any-of.js";
import { assetCriteria } from "../../assets/index.js";
import { always, when, type Condition } from "../../db/planned-select.js";

/** The filters every event search understands (EventCriteriaInput without paging). */
export interface EventFilter {
  /** An EventType value (checked by the events slice before a read). */
  eventType?: string | null;
  term?: string | null;
  from?: Date | null;
  to?: Date | null;
  ids?: readonly string[] | null;
  locked?: boolean | null;
  missingAsset?: boolean | null;
  /** Events that name an asset (assetData.assetId or mediaId), whether or not it is in the catalog. */
  hasAsset?: boolean | null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filter as conditions on the alias `e` (db/planned-select.ts Condition): their keys say which
 * are present, which alone shapes the text, and their values go as parameters, or as placeholders
 * of a kept statement (heldConditions), so a filtered page is planned once per set of conditions,
 * not once per value. `origin` is the SQL of the schedule's time origin (events.on_air_time counts
 * from it). Only the locks and the asset filters are written into the text: two values each.
 */
export function eventFilterConditions(filter: EventFilter | null | undefined, origin: SQL): Condition[] {
  if (!filter) return [];
  const term = filter.term?.trim();
  const conditions = [
    when("events.eventType", filter.eventType || null, (p) => sql`e.event_type = ${p}`),
    when("events.term", term ? `%${escapeLike(term)}%` : null, (p) => sql`e.title ilike ${p}`),
    when("events.from", filter.from?.getTime(), (p) => sql`e.on_air_time >= ${p}::bigint - ${origin}`),
    when("events.to", filter.to?.getTime(), (p) => sql`e.on_air_time < ${p}::bigint - ${origin}`),
    when("events.ids", filter.ids ? parseIds(filter.ids, "ids") : null, (p) => anyOfIds(sql`e.id`, p)),
    typeof filter.locked === "boolean" ? always(`events.locked=${filter.locked}`, () => sql`e.locked = ${sql.raw(String(filter.locked))}`) : null,
  ];
  const asset = assetCriteria(filter);
  if (asset.length) conditions.push(always(`events.asset=${filter.missingAsset ?? ""}/${filter.hasAsset ?? ""}`, () => andAll(asset)));
  return conditions.filter((c): c is Condition => c !== null);
}

/** The filter's conditions (eventFilterConditions) with their values as parameters; empty list = every event. */
export function filterConditions(filter: EventFilter | null | undefined, origin: SQL): SQL[] {
  return eventFilterConditions(filter, origin).map((c) => c.make(sql.param(c.value)));
}

export const andAll = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions.map((c) => sql`(${c})`), sql` and `) : sql`true`);

/** Stable key of a filter, for grouping DataLoader keys that share one query. */
export function filterKey(filter: EventFilter | null | undefined): string {
  if (!filter) return "";
  return JSON.stringify([filter.eventType ?? null, filter.term ?? null, filter.from?.getTime() ?? null, filter.to?.getTime() ?? null, filter.ids ?? null, filter.locked ?? null, filter.missingAsset ?? null, filter.hasAsset ?? null]);
}
