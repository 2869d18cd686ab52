// Pages of events built as JSON by PostgreSQL, as PostGraphile does: one statement answers the
// same page of several schedules with their events' selected fields and catalog assets (a JSON
// document per request level), parsed once; the executor then reads plain objects. Only for
// selections json-plan.ts accepts; the rest reads through pages.ts.
import { sql, type SQL } from "drizzle-orm";
import { pageMeta, type PageRequest } from "../common/paging.js";
import { queryRows, type Executor } from "../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";
import { PRELOADED_ASSET, type AssetPlan, type JsonPagePlan } from "./json-plan.js";
import type { EventPage } from "./types.js";

const ORDER = [{ property: "onAirTime", direction: "ASC" as const }];
const NONE: Record<string, number> = Object.freeze({}) as Record<string, number>;


/** GraphQL names only (the plan's names passed validation); anything else is a bug, not input. */
function name(field: string): SQL {
  if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(field)) throw new Error(`not a GraphQL name: ${field}`);
  return sql.raw(`'${field}'`);
}

/** Event fields from columns of `e`; onAirTime absolute with the schedule's origin. */
const EVENT_COLUMN_SQL: Record<string, string> = {
  id: "e.id::text",
  scheduleId: "e.schedule_id::text",
  onAirTime: "e.on_air_time + ids.origin",
  duration: "e.duration",
  eventType: "e.event_type",
  title: "e.title",
  locked: "e.locked",
  mediaId: "e.media_id",
  status: "e.status",
  version: "e.version",
};

/** Asset fields from columns of `a`; instants as ms since the epoch (the DateTime scalar serializes numbers). */
const ASSET_COLUMN_SQL: Record<string, string> = {
  assetId: "a.asset_id",
  organization: "a.organization",
  mediaId: "a.media_id",
  name: "a.name",
  assetSize: "a.asset_size",
  dateApplied: "(extract(epoch from a.date_applied) * 1000)::bigint",
  dateCreated: "(extract(epoch from a.date_created) * 1000)::bigint",
  dateUpdated: "(extract(epoch from a.date_updated) * 1000)::bigint",
  fileCount: "a.file_count",
  storageType: "a.storage_type",
  version: "a.version",
};

const ASSET_DOCUMENT_COLUMN: Record<string, string> = {
  customFields: "custom_fields",
  fileData: "file_data",
  metadata: "metadata",
  qcInfo: "qc_info",
  sourceAssetData: "source_asset_data",
  systemFields: "system_fields",
  tags: "tags",
};

function pairs(entries: [string, SQL][]): SQL {
  return sql.join(
    entries.map(([field, value]) => sql`${name(field)}, ${value}`),
    sql`, `,
  );
}

/** The JSON of one asset row `a` as the plan selects it; a document cut to the keys read when it is an object. */
function assetObject(plan: AssetPlan): SQL {
  const entries: [string, SQL][] = plan.columns.map((f) => [f, sql.raw(ASSET_COLUMN_SQL[f])]);
  for (const { field, keys } of plan.documents) {
    const column = sql.raw(`a.${ASSET_DOCUMENT_COLUMN[field]}`);
    entries.push([
      field,
      keys === null
        ? column
        : sql`case when jsonb_typeof(${column}) = 'object' then jsonb_build_object(${pairs(keys.map((k) => [k, sql`${column}->${name(k)}`]))}) else ${column} end`,
    ]);
  }
  return sql`json_build_object(${pairs(entries)})`;
}

/**
 * The asset of each distinct key `k` (assets/lookup.ts's rule): the asset with that assetId, else
 * the one with that mediaId and the smallest assetId; both in the event's organization. The second
 * probe runs only when the first finds none. Once per key, not per event: a probe of the text
 * index compares with the database's collation, 20–30 µs each on the benchmark's machine.
 */
function assetOf(plan: AssetPlan): SQL {
  const object = assetObject(plan);
  return sql`coalesce(
    (select ${object} from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select ${object} from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1))`;
}

/** The selected values of an event of `events e` as columns v0, v1, … of the page rows (in the order of `entries`). */
function eventEntries(plan: JsonPagePlan): [string, SQL][] {
  const entries: [string, SQL][] = plan.columns.map((f) => [f, sql.raw(EVENT_COLUMN_SQL[f])]);
  for (const f of plan.data) entries.push([f, sql`e.data->${name(f)}`]);
  return entries;
}

/**
 * The same page of each schedule (by id), with what `plan` selects of its events, in one
 * statement: a JSON array of { s: schedule id, t: total of matching events, e: the events in air
 * order }. Paging and filters as pages.ts targetsPages (offset/limit per schedule, the count of
 * an unfiltered schedule from its row).
 */
export async function jsonSchedulesPages(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
  plan: JsonPagePlan,
): Promise<Map<number, EventPage>> {
  const result = new Map<number, EventPage>();
  if (scheduleIds.length === 0) return result;
  const conditions = filterConditions(filter, sql`(select o.time_origin from schedules o where o.id = e.schedule_id)`);
  const where = andAll([sql`e.schedule_id = ids.sid`, ...conditions]);
  const total = conditions.length ? sql`(select count(*)::int from events e where ${where})` : sql`(select event_count from schedules where id = ids.sid)`;
  // A first page's limit is written into the statement: with a parameter there, PostgreSQL plans
  // every execution anew (its generic plan cannot know the limit); the sizes clients use are few.
  const paging =
    request.page === 0 && Number.isSafeInteger(request.size) ? sql.raw(`limit ${request.size}`) : sql`offset ${request.page * request.size} limit ${request.size}`;
  const entries = eventEntries(plan);
  const values = entries.map(([, value], i) => sql`${value} as ${sql.raw(`v${i}`)}`);
  const object = pairs([
    ...entries.map(([field], i): [string, SQL] => [field, sql.raw(`p.v${i}`)]),
    ...(plan.asset ? [[PRELOADED_ASSET, sql`k.asset`] as [string, SQL]] : []),
  ]);
  // Each schedule's page (its own index range), then the assets of the distinct keys, then one
  // JSON document: [{ s: schedule id, t: total, e: [events in air order] }].
  const [{ pages }] = await queryRows<{ pages: string }>(
    executor,
    sql`with ids as materialized (
        select ids.sid, (select o.time_origin from schedules o where o.id = ids.sid) as origin, ${total} as total
        from unnest(${`{${scheduleIds.join(",")}}`}::bigint[]) as ids(sid)),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key${values.length ? sql`, ${sql.join(values, sql`, `)}` : sql``}
        from ids cross join lateral (select * from events e where ${where} order by e.on_air_time, e.id ${paging}) e)${
        plan.asset
          ? sql`, k as materialized (
        select k.organization, k.asset_key, ${assetOf(plan.asset)} as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)`
          : sql``
      }
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join (
        select p.sid, json_agg(json_build_object(${object}) order by p._t, p._id) as events
        from p${plan.asset ? sql` left join k on k.organization = p.organization and k.asset_key = p.asset_key` : sql``}
        group by p.sid) g on g.sid = ids.sid`,
  );
  for (const page of JSON.parse(pages) as { s: number; t: number | null; e: EventPage["content"] }[]) {
    result.set(Number(page.s), { content: page.e, gaps: NONE, overlaps: NONE, programmes: NONE, ...pageMeta(request, Number(page.t ?? 0), page.e.length, ORDER) });
  }
  return result;
}
