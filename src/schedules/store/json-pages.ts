// Pages of events built as JSON by PostgreSQL, as PostGraphile does: one statement answers the
// same page of several schedules with their events' selected fields and catalog assets (a JSON
// document), or the same folded into the statement of the schedules themselves (Query.schedules,
// Query.schedule). What to build comes from the GraphQL selection (src/events/json-plan.ts);
// src/events/json-reads.ts turns the documents into pages.
import { sql, type SQL } from "drizzle-orm";
import type { PageRequest } from "../../common/paging.js";
import { queryRows, type Executor } from "../../db/client.js";
import { andAll, filterConditions, type EventFilter } from "./criteria.js";

/** What a JSON read builds of each event: GraphQL field names, checked by the planner. */
export interface JsonReadPlan {
  /** Event fields from the events table's columns. */
  columns: string[];
  /** Event fields kept in the `data` document, answered as stored. */
  data: string[];
  /** The selection of the event's asset; null when not selected. */
  asset: JsonAssetPlan | null;
  /** Whether a page member that needs the total of matching events is selected: else the statement counts nothing. */
  total: boolean;
}

export interface JsonAssetPlan {
  columns: string[];
  /** Document fields of the asset: the keys read of it, or null for the whole document. */
  documents: { field: string; keys: string[] | null }[];
}

/** One schedule's page of a JSON read: its id, the total of matching events, the events as arrays of the plan's values. */
export interface JsonPageDocument {
  s: number;
  t: number | null;
  e: unknown[][];
}

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
  id: "a.id::text",
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
function assetObject(plan: JsonAssetPlan): SQL {
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
function assetOf(plan: JsonAssetPlan): SQL {
  const object = assetObject(plan);
  return sql`coalesce(
    (select ${object} from assets a where a.organization = k.organization and a.asset_id = k.asset_key),
    (select ${object} from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1))`;
}

/** The selected values of an event of `events e` as columns v0, v1, … of the page rows (in the order of `entries`). */
function eventEntries(plan: JsonReadPlan): [string, SQL][] {
  const entries: [string, SQL][] = plan.columns.map((f) => [f, sql.raw(EVENT_COLUMN_SQL[f])]);
  for (const f of plan.data) entries.push([f, sql`e.data->${name(f)}`]);
  return entries;
}

interface PagesParts {
  /** The CTEs: ids (sid, origin, total), p (each schedule's page rows) and k (the assets of their distinct keys). */
  ctes: SQL;
  /** A subquery of (sid, events): each schedule's events as one JSON array in air order. */
  events: SQL;
}

/**
 * The page rows of the schedule `ids.sid` (a lateral subquery on `ids`): its matching events
 * (`where`) in air order, the page's offset skipped inside the statement. A first page's limit is
 * written into the text: with a parameter there, PostgreSQL plans every execution anew (its generic
 * plan cannot know the limit); the sizes clients use are few. A later page passes offset and limit
 * as parameters (one statement for every page number); when the statement knows how many events
 * match (`count`: the schedule's event_count without a filter, else the count of a selected total)
 * it reads from the nearer end of them, as pages.ts does, in two branches of which the plan runs
 * one (each is gated by a one-time filter on the count). Unfiltered, the events skipped are read
 * from the index alone (`events_schedule_time_idx`) and the page's rows then by id; a filter reads
 * each row it tests.
 */
function pageOfSchedule(where: SQL, request: PageRequest, filtered: boolean, count: SQL | null): SQL {
  const order = sql`order by e.on_air_time, e.id`;
  if (request.page === 0 && Number.isSafeInteger(request.size)) return sql`select * from events e where ${where} ${order} ${sql.raw(`limit ${request.size}`)}`;
  const skip = sql`${request.page * request.size}::bigint`;
  const take = sql`${request.size}::bigint`;
  if (count === null) return sql`select * from events e where ${where} ${order} offset ${skip} limit ${take}`;
  const nearStart = sql`${skip} + ${take} <= ${count} / 2`;
  const fromEnd = sql`order by e.on_air_time desc, e.id desc offset greatest(${count} - ${skip} - ${take}, 0) limit greatest(least(${take}, ${count} - ${skip}), 0)`;
  const columns = filtered ? sql`*` : sql`e.id`;
  const branches = sql`(select ${columns} from events e where ${where} and ${nearStart} ${order} offset ${skip} limit ${take})
        union all (select ${columns} from events e where ${where} and not (${nearStart}) ${fromEnd})`;
  return filtered ? branches : sql`select e.* from (${branches}) i join events e on e.id = i.id`;
}

/**
 * The page of each schedule of `source` (a FROM item aliased `ids` with columns `sid`, the
 * schedule's `origin` and its `event_count`) with what `plan` selects of its events. Filters as
 * pages.ts; the total only when the plan needs it: the schedule's count when unfiltered, else a
 * count of the matching events in the same statement.
 */
function pagesParts(source: SQL, request: PageRequest, filter: EventFilter | null | undefined, plan: JsonReadPlan): PagesParts {
  const conditions = filterConditions(filter, sql`ids.origin`);
  const where = andAll([sql`e.schedule_id = ids.sid`, ...conditions]);
  const total = !plan.total ? sql`null::int` : conditions.length ? sql`(select count(*)::int from events e where ${where})` : sql`ids.event_count`;
  // How many events match, when the statement knows it anyway (the page then reads from its nearer end).
  const count = conditions.length === 0 ? sql`ids.event_count` : plan.total ? sql`ids.total` : null;
  const entries = eventEntries(plan);
  const values = entries.map(([, value], i) => sql`${value} as ${sql.raw(`v${i}`)}`);
  // Each event as an array of the plan's values (columns, data, then the asset), its keys named once
  // in Node: json_build_array costs PostgreSQL about half of json_build_object with the same values
  // (docs/PERFORMANCE.md).
  const array = sql.join([...entries.map((_, i) => sql.raw(`p.v${i}`)), ...(plan.asset ? [sql`k.asset`] : [])], sql`, `);
  // Each schedule's page (its own index range), then the assets of the distinct keys.
  const ctes = sql`ids as materialized (
        select ids.sid, ids.origin, ids.event_count, ${total} as total
        from ${source}),
      p as materialized (
        select ids.sid, e.on_air_time as _t, e.id as _id, e.organization, coalesce(nullif(e.asset_id, ''), nullif(e.media_id, '')) as asset_key${values.length ? sql`, ${sql.join(values, sql`, `)}` : sql``}
        from ids cross join lateral (${pageOfSchedule(where, request, conditions.length > 0, count)}) e)${
        plan.asset
          ? sql`, k as materialized (
        select k.organization, k.asset_key, ${assetOf(plan.asset)} as asset
        from (select distinct organization, asset_key from p where asset_key is not null) k)`
          : sql``
      }`;
  const events = sql`(select p.sid, json_agg(json_build_array(${array}) order by p._t, p._id) as events
        from p${plan.asset ? sql` left join k on k.organization = p.organization and k.asset_key = p.asset_key` : sql``}
        group by p.sid)`;
  return { ctes, events };
}

/** The same page of each schedule (by id) with what `plan` selects of its events, in one statement. */
export async function jsonPagesDocuments(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
  plan: JsonReadPlan,
): Promise<JsonPageDocument[]> {
  if (scheduleIds.length === 0) return [];
  const source = sql`(select u.sid, s.time_origin as origin, s.event_count
        from unnest(${`{${scheduleIds.join(",")}}`}::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids`;
  const { ctes, events } = pagesParts(source, request, filter, plan);
  const [{ pages }] = await queryRows<{ pages: string }>(
    executor,
    sql`with ${ctes}
      select coalesce(json_agg(json_build_object('s', ids.sid, 't', ids.total, 'e', coalesce(g.events, '[]'::json))), '[]'::json)::text as pages
      from ids left join ${events} g on g.sid = ids.sid`,
  );
  return JSON.parse(pages) as JsonPageDocument[];
}

/** Columns a folded statement adds to each schedule row: its events (JSON text of arrays) and their total. */
export interface FoldedPageColumns {
  _events: string;
  _events_total: number | null;
}

/**
 * One statement for schedules and the same page of each one's events: `schedulesPage` selects the
 * schedule rows with a `_rank` column (their order); the answer is those rows in that order, each
 * with FoldedPageColumns.
 */
export function foldedPagesStatement(schedulesPage: SQL, request: PageRequest, filter: EventFilter | null | undefined, plan: JsonReadPlan): SQL {
  const { ctes, events } = pagesParts(sql`(select sp.id as sid, sp.time_origin as origin, sp.event_count from sp) ids`, request, filter, plan);
  return sql`with sp as materialized (${schedulesPage}), ${ctes}
      select sp.*, ids.total as _events_total, coalesce(g.events, '[]'::json)::text as _events
      from sp join ids on ids.sid = sp.id left join ${events} g on g.sid = sp.id
      order by sp._rank`;
}
