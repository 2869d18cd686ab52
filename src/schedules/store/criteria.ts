// The filters of an event search (EventCriteriaInput, the filter arguments of Schedule.events) as
// SQL conditions on `events e`: the one place that turns a filter into SQL.
import { sql, type SQL } from "drizzle-orm";
import { parseIds } from "../../common/ids.js";
import { anyOfIds } from "../../db/any-of.js";
import { assetCriteria } from "../../assets/index.js";

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
 * SQL conditions (AND) on the alias `e`; empty list = every event. `origin` is the SQL of the
 * schedule's time origin (events.on_air_time counts from it).
 */
export function filterConditions(filter: EventFilter | null | undefined, origin: SQL): SQL[] {
  if (!filter) return [];
  const out: SQL[] = [];
  if (filter.eventType) out.push(sql`e.event_type = ${filter.eventType}`);
  if (filter.term && filter.term.trim()) out.push(sql`e.title ilike ${`%${escapeLike(filter.term.trim())}%`}`);
  if (filter.from) out.push(sql`e.on_air_time >= ${filter.from.getTime()} - ${origin}`);
  if (filter.to) out.push(sql`e.on_air_time < ${filter.to.getTime()} - ${origin}`);
  if (filter.ids) {
    const ids = parseIds(filter.ids, "ids");
    out.push(anyOfIds(sql`e.id`, ids));
  }
  if (filter.locked !== undefined && filter.locked !== null) out.push(sql`e.locked = ${filter.locked}`);
  out.push(...assetCriteria(filter));
  return out;
}

export const andAll = (conditions: SQL[]): SQL => (conditions.length ? sql.join(conditions.map((c) => sql`(${c})`), sql` and `) : sql`true`);

/** Stable key of a filter, for grouping DataLoader keys that share one query. */
export function filterKey(filter: EventFilter | null | undefined): string {
  if (!filter) return "";
  return JSON.stringify([filter.eventType ?? null, filter.term ?? null, filter.from?.getTime() ?? null, filter.to?.getTime() ?? null, filter.ids ?? null, filter.locked ?? null, filter.missingAsset ?? null, filter.hasAsset ?? null]);
}
