// Pages of events built as JSON by PostgreSQL, as PostGraphile does: one statement answers the
// same page of several schedules with their events' selected fields and catalog assets (a JSON
// document), or the same folded into the statement of the schedules themselves (Query.schedules,
// Query.schedule). What to build comes from the GraphQL selection (src/events/json-plan.ts);
// src/events/json-reads.ts turns the documents into pages.
import { sql, type SQL } from "drizzle-orm";
import type { PageRequest } from "../../common/paging.js";
import type { Executor } from "../../db/client.js";
import { heldConditions, plannedStatement, writtenSize } from "../../db/planned-select.js";
import { eventFilterConditions, type EventFilter } from "./criteria.js";

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

/**
 * A page's events by column: how many, then one array per value of the plan (columns, data, then
 * with an asset selected the key each event names it by), each in air order; with no events the
 * arrays are null. By column because PostgreSQL's json_agg looks up how to write a type once per
 * array, where json_build_array does it for every value (a third of the statement's work).
 */
export type EventColumns = [number, ...(unknown[] | null)[]];

/** One schedule's page of a JSON read: its id, its organization, the total of matching events, its events (EventColumns). */
export interface JsonPageDocument {
  s: number;
  o: string | null;
  t: number | null;
  e: EventColumns;
}

/**
 * The assets the events of a JSON read name, by column: the organizations, the keys, then one
 * array per selected asset column (JsonAssetPlan.columns' order), then per document field
 * (JsonAssetPlan.documents' order) the document itself, or when keys are read of it `{}` for an
 * object (then one array per key follows, its values) and the document itself otherwise. A key no
 * asset answers to is not listed; with no asset, every array is null.
 */
export type JsonAssets = (unknown[] | null)[];

/** A JSON read of several schedules: their pages, and the assets their events name. */
export interface JsonPagesDocuments {
  pages: JsonPageDocument[];
  assets: JsonAssets;
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
  advertiser: "a.advertiser",
  productCategory: "a.product_category",
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

/** The arrays of JsonAssets after organization and key, over asset rows `a`: one json_agg each. */
function assetColumns(plan: JsonAssetPlan): SQL[] {
  const arrays = plan.columns.map((f) => sql`json_agg(${sql.raw(ASSET_COLUMN_SQL[f])})`);
  for (const { field, keys } of plan.documents) {
    const column = sql.raw(`a.${ASSET_DOCUMENT_COLUMN[field]}`);
    if (keys === null) {
      arrays.push(sql`json_agg(${column})`);
      continue;
    }
    arrays.push(sql`json_agg(case when jsonb_typeof(${column}) = 'object' then '{}'::jsonb else ${column} end)`);
    for (const key of keys) arrays.push(sql`json_agg(${column}->${name(key)})`);
  }
  return arrays;
}

/**
 * The asset of each distinct key `k` of a schedule's organization (assets/lookup.ts's rule): the
 * asset with that assetId, else the one with that mediaId and the smallest assetId (the second
 * branch runs only when the first finds none). Once per key and statement, not per event: a page
 * of 1,000 spots names a few hundred assets, and each asset is read and sent once.
 */
const ASSET_OF_KEY = sql`((select a.* from assets a where a.organization = k.organization and a.asset_id = k.asset_key)
          union all (select a.* from assets a where a.organization = k.organization and a.media_id = k.asset_key order by a.asset_id collate "C" limit 1)
          limit 1) a`;

/** The key an event names its asset by: its assetId, else its mediaId. */
const ASSET_KEY = sql`coalesce(nullif(e.asset_id, ''), nullif(e.media_id, ''))`;

/** The selected values of an event of `events e`: its columns, then its fields kept in `data`, in the plan's order. */
function eventValues(plan: JsonReadPlan): SQL[] {
  return [...plan.columns.map((f) => sql.raw(EVENT_COLUMN_SQL[f])), ...plan.data.map((f) => sql`e.data->${name(f)}`)];
}

interface PagesParts {
  /**
   * The CTEs: ids (sid, organization, origin, total), g (sid, organization, events: each schedule's
   * page as EventColumns, and with an asset selected `keys`, the asset keys its events name) and
   * with an asset selected k (assets: see below).
   */
  ctes: SQL;
  /** With an asset selected, the assets the events name as JSON (JsonAssets); else null. */
  assets: SQL | null;
}

/**
 * The page rows of the schedule `ids.sid` (a lateral subquery on `ids`): its matching events
 * (`where`) in air order, the page's offset skipped inside the statement. The page's size is
 * written into the text: with a parameter there, PostgreSQL plans every execution anew (its generic
 * plan cannot know the limit: db/planned-select.ts pageBounds); the sizes clients use are few. A
 * later page passes its offset as a parameter (one statement for every page number); when the statement knows how many events
 * match (`count`: the schedule's event_count without a filter, else the count of a selected total)
 * it reads from the nearer end of them, as pages.ts does, in two branches of which the plan runs
 * one (each is gated by a one-time filter on the count). Unfiltered, the events skipped are read
 * from the index alone (`events_schedule_time_idx`) and the page's rows then by id; a filter reads
 * each row it tests.
 */
function pageOfSchedule(where: SQL, request: PageRequest, filtered: boolean, count: SQL | null): SQL {
  const size = writtenSize(request.size);
  const order = sql`order by e.on_air_time, e.id`;
  if (firstPageWritten(request)) return sql`select * from events e where ${where} ${order} limit ${size}`;
  const skip = sql`${sql.placeholder(EVENTS_SKIP)}::bigint`;
  const take = sql`${size}::bigint`;
  if (count === null) return sql`select * from events e where ${where} ${order} offset ${skip} limit ${take}`;
  const nearStart = sql`${skip} + ${take} <= ${count} / 2`;
  const fromEnd = sql`order by e.on_air_time desc, e.id desc offset greatest(${count} - ${skip} - ${take}, 0) limit greatest(least(${take}, ${count} - ${skip}), 0)`;
  const columns = filtered ? sql`*` : sql`e.id`;
  const branches = sql`(select ${columns} from events e where ${where} and ${nearStart} ${order} offset ${skip} limit ${take})
        union all (select ${columns} from events e where ${where} and not (${nearStart}) ${fromEnd})`;
  return filtered ? sql`select * from (${branches}) e ${order}` : sql`select e.* from (${branches}) i join events e on e.id = i.id ${order}`;
}

/**
 * The page of each schedule of `source` (a FROM item aliased `ids` with columns `sid`, the
 * schedule's `origin` and its `event_count`) with what `plan` selects of its events. The filter's
 * conditions are placeholders (heldFilter); the total only when the plan needs it: the schedule's
 * count when unfiltered, else a count of the matching events in the same statement.
 */
function pagesParts(source: SQL, request: PageRequest, filter: EventFilter | null | undefined, plan: JsonReadPlan): PagesParts {
  const conditions = heldFilter(filter).where();
  const filtered = conditions !== undefined;
  const where = filtered ? sql`e.schedule_id = ids.sid and ${conditions}` : sql`e.schedule_id = ids.sid`;
  const total = !plan.total ? sql`null::int` : filtered ? sql`(select count(*)::int from events e where ${where})` : sql`ids.event_count`;
  // How many events match, when the statement knows it anyway (the page then reads from its nearer end).
  const count = !filtered ? sql`ids.event_count` : plan.total ? sql`ids.total` : null;
  // The page by column (EventColumns): one json_agg per value, fed the page's rows in air order
  // (pageOfSchedule orders them; an aggregate over one ordered subquery reads it in that order, and
  // an ORDER BY inside each json_agg would sort the page once per value). Each schedule's page is
  // aggregated where it is read (its own index range, a lateral subquery): no table of every page's
  // rows to group again.
  const values = [...eventValues(plan), ...(plan.asset ? [ASSET_KEY] : [])];
  const keys = plan.asset ? sql`, array_agg(${ASSET_KEY}) as keys` : sql``;
  const ctes = sql`ids as materialized (
        select ids.sid, ids.organization, ids.origin, ids.event_count, ${total} as total
        from ${source}),
      g as materialized (
        select ids.sid, ids.organization, x.*
        from ids cross join lateral (
          select json_build_array(${sql.join([sql`count(*)`, ...values.map((v) => sql`json_agg(${v})`)], sql`, `)}) as events${keys}
          from (${pageOfSchedule(where, request, filtered, count)}) e) x)${
        plan.asset
          ? sql`, k as materialized (
        select json_build_array(${sql.join([sql`json_agg(k.organization)`, sql`json_agg(k.asset_key)`, ...assetColumns(plan.asset)], sql`, `)}) as assets
        from (select distinct g.organization, u.asset_key from g cross join lateral unnest(g.keys) as u(asset_key) where u.asset_key is not null) k
        cross join lateral ${ASSET_OF_KEY})`
          : sql``
      }`;
  return { ctes, assets: plan.asset ? sql`(select assets from k)` : null };
}

/** The placeholder of the schedule ids of jsonPagesDocuments (one array). */
const SCHEDULE_IDS = "__schedule_ids";

/**
 * The same page of each schedule (by id) with what `plan` selects of its events, in one
 * statement, kept per shape (heldPages).
 */
export async function jsonPagesDocuments(
  executor: Executor,
  scheduleIds: number[],
  request: PageRequest,
  filter: EventFilter | null | undefined,
  plan: JsonReadPlan & { key: string },
): Promise<JsonPagesDocuments> {
  if (scheduleIds.length === 0) return { pages: [], assets: [] };
  const build = () => {
    const source = sql`(select u.sid, s.organization, s.time_origin as origin, s.event_count
        from unnest(${sql.placeholder(SCHEDULE_IDS)}::bigint[]) as u(sid) left join schedules s on s.id = u.sid) ids`;
    const { ctes, assets } = pagesParts(source, request, filter, plan);
    return sql`with ${ctes}
      select json_build_object(
        'pages', coalesce(json_agg(json_build_object('s', ids.sid, 'o', ids.organization, 't', ids.total, 'e', coalesce(g.events, '[0]'::json))), '[]'::json),
        'assets', ${assets ?? sql`'[]'::json`})::text as documents
      from ids left join g on g.sid = ids.sid`;
  };
  const pages = heldPages(request, filter, plan.key);
  const values = { ...pages.values, [SCHEDULE_IDS]: `{${scheduleIds.join(",")}}` };
  const [{ documents }] = await plannedStatement<{ documents: string }>(executor, `json pages:${pages.key}`, build, values);
  return JSON.parse(documents) as JsonPagesDocuments;
}

/**
 * Columns a folded statement adds to each schedule row: its events (JSON text of EventColumns) and their
 * total; the first row also carries the assets the events of every row name (JSON text of
 * JsonAssets, null on the other rows and when no asset is selected).
 */
export interface FoldedPageColumns {
  _events: string;
  _events_total: number | null;
  _events_assets: string | null;
}

/**
 * One statement for schedules and the same page of each one's events: `schedulesPage` selects the
 * schedule rows with a `_rank` column (their order); the answer is those rows in that order, each
 * with FoldedPageColumns and `columns` (expressions over the schedule's row `sp`).
 */
export function foldedPagesStatement(schedulesPage: SQL, request: PageRequest, filter: EventFilter | null | undefined, plan: JsonReadPlan, columns: SQL[] = []): SQL {
  const { ctes, assets } = pagesParts(sql`(select sp.id as sid, sp.organization, sp.time_origin as origin, sp.event_count from sp) ids`, request, filter, plan);
  const firstRowAssets = assets ? sql`case when sp._rank = (select min(_rank) from sp) then ${assets}::text end` : sql`null::text`;
  return sql`with sp as materialized (${schedulesPage}), ${ctes}
      select sp.*, ids.total as _events_total, coalesce(g.events, '[0]'::json)::text as _events, ${firstRowAssets} as _events_assets${sql.join(columns.map((c) => sql`, ${c}`))}
      from sp join ids on ids.sid = sp.id left join g on g.sid = sp.id
      order by sp._rank`;
}

/** The placeholder of a later page's offset in a kept statement of pages. */
const EVENTS_SKIP = "__events_skip";

/** A first page is written into the text whole, a later page's size (pageOfSchedule says why). */
function firstPageWritten(request: PageRequest): boolean {
  return request.page === 0;
}

/** The filter's conditions as placeholders (on `ids.origin`, the schedule's origin in pagesParts). */
function heldFilter(filter: EventFilter | null | undefined) {
  return heldConditions(eventFilterConditions(filter, sql`ids.origin`));
}

/**
 * A statement of pages (pagesParts) for `request` and `filter`: the key of its text (the plan's
 * key, the size of a first page, which filter conditions are present; a later page's offset and
 * the filter's values are placeholders) and the values of those placeholders.
 */
export function heldPages(request: PageRequest, filter: EventFilter | null | undefined, planKey: string): { key: string; values: Record<string, unknown> } {
  const held = heldFilter(filter);
  return {
    key: `${firstPageWritten(request) ? "first" : "later"} ${request.size}|${held.key}|${planKey}`,
    values: { ...held.values, [EVENTS_SKIP]: request.page * request.size },
  };
}
