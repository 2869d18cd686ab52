// SQL for figures computed from playout samples: per playout per bucket, from the daily rollup for
// the UTC days a bucket holds whole, the hourly rollup for its other whole hours, and raw samples
// for the hours that a bucket edge cuts.
import { sql, type SQL } from "drizzle-orm";
import { badInput } from "../common/errors.js";
import { queryRows, type Executor } from "../db/client.js";
import { HEALTH_FIGURES, rawFigureRows, rollupFigureRows } from "../telemetry/index.js";
import { textArray } from "../telemetry/index.js";
import { edgeHours, fitsHourlyRollup, HOUR_MS, rangesOutside, wholeDayRanges, type Span, type Window } from "./window.js";

/** Organizations a query may read: a list, or every one ("*", a token for all organizations). */
export type OrgScope = string[] | "*";

export interface PlayoutFilter {
  organizations: OrgScope;
  providerId?: string | null;
  channelIds?: string[] | null;
}

export type Source = "rollup" | "hybrid" | "raw";

export const ts = (d: Date): SQL => sql`${d.toISOString()}::timestamptz`;

export function list(values: readonly string[]): SQL {
  return sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/**
 * `column = any(values)`: one parameter whatever the length, and an array the planner can use as
 * an index condition (an `in (subquery)` of a set-returning function would be joined instead).
 */
export function anyOf(column: SQL, values: readonly string[]): SQL {
  return values.length === 1 ? sql`${column} = ${values[0]}` : sql`${column} = any(array${list(values)})`;
}

/** `column` in the organizations of the scope, or true for every organization. */
export function inScope(column: SQL, scope: OrgScope): SQL {
  return scope === "*" ? sql`true` : anyOf(column, scope);
}

/** Bucket start of instant expression `t`: date_bin aligned on window.from, or the local day's start found in window.starts. */
export function bucketOf(window: Window, t: SQL): SQL {
  if (window.starts) {
    // width_bucket over the sorted starts: a binary search per row, one array parameter.
    const starts = sql`${textArray(window.starts.map((s) => new Date(s).toISOString()))}::timestamptz[]`;
    return sql`(${starts})[width_bucket(${t}, ${starts})]`;
  }
  return sql`date_bin(${window.stepMs}::float8 * interval '1 millisecond', ${t}, ${ts(window.from)})`;
}

/** Answers the window's playoutIds when every one is a registered playout in scope; BAD_USER_INPUT otherwise. */
export async function checkPlayoutIds(executor: Executor, window: Window, scope: OrgScope): Promise<void> {
  if (!window.playoutIds?.length) return;
  const rows = await queryRows<{ playout_id: string }>(
    executor,
    sql`select playout_id from playouts where playout_id in ${list(window.playoutIds)} and ${inScope(sql`organization`, scope)}`,
  );
  const known = new Set(rows.map((r) => r.playout_id));
  const unknown = window.playoutIds.filter((id) => !known.has(id));
  if (unknown.length) throw badInput(`window.playoutIds names unknown playouts: ${unknown.slice(0, 10).join(", ")}`, { argument: "window.playoutIds", unknownPlayoutIds: unknown.slice(0, 100) });
}

/**
 * Filters on the rows of either source (both have playout_id and organization): time in [lo, hi),
 * the whole window unless a part of it is given.
 */
function sourceWhere(window: Window, filter: PlayoutFilter, timeColumn: string, lo = ts(window.from), hi = ts(window.to)): SQL {
  const parts: SQL[] = [inScope(sql`organization`, filter.organizations)];
  parts.push(sql`${sql.raw(timeColumn)} >= ${lo} and ${sql.raw(timeColumn)} < ${hi}`);
  if (window.playoutIds) parts.push(anyOf(sql`playout_id`, window.playoutIds));
  if (filter.providerId || filter.channelIds?.length) {
    const registry: SQL[] = [inScope(sql`organization`, filter.organizations)];
    if (filter.providerId) registry.push(sql`provider_id = ${filter.providerId}`);
    if (filter.channelIds?.length) registry.push(anyOf(sql`channel_id`, filter.channelIds));
    parts.push(sql`playout_id in (select playout_id from playouts where ${sql.join(registry, sql` and `)})`);
  }
  return sql.join(parts, sql` and `);
}

/**
 * rollup: every bucket is whole hours. hybrid: buckets of an hour or more whose edges fall inside
 * hours (a "last 7 days" window from now): the hours wholly inside one bucket come from the
 * rollups, and only the hours holding a bucket edge from raw samples. raw: shorter buckets.
 */
export function sourceFor(window: Window, force?: Source): Source {
  return force ?? (fitsHourlyRollup(window) ? "rollup" : window.stepMs >= HOUR_MS ? "hybrid" : "raw");
}

/** True for an hour [h, h + 1 h) inside the window and inside one bucket. */
function wholeHour(window: Window, h: SQL): SQL {
  return sql`(${h} >= ${ts(window.from)} and ${h} + interval '1 hour' <= ${ts(window.to)}
    and ${bucketOf(window, h)} = ${bucketOf(window, sql`(${h} + interval '3599.999999 seconds')`)})`;
}

/**
 * The hours holding a bucket edge as relation `edges(h)`: computed here and sent as one array, so
 * that the planner knows how few rows there are (a generate_series estimate of 1,000 rows made it
 * plan, and JIT-compile, for millions of samples).
 */
function edgeHourRelation(window: Window): SQL {
  return sql`unnest(${textArray(edgeHours(window).map((h) => h.toISOString()))}::timestamptz[]) as edges(h)`;
}

/**
 * `rows(lo, hi)` for each range: inline for one range, else one lateral read per range (an index
 * range scan each; "offset 0" keeps the planner from flattening them into one scan of the window).
 */
function inRanges(ranges: Span[], rows: (lo: SQL, hi: SQL) => SQL): SQL {
  if (ranges.length === 1) return rows(ts(new Date(ranges[0].from)), ts(new Date(ranges[0].to)));
  const edges = (pick: (r: Span) => number) => sql`${textArray(ranges.map((r) => new Date(pick(r)).toISOString()))}::timestamptz[]`;
  return sql`select r.* from unnest(${edges((r) => r.from)}, ${edges((r) => r.to)}) as spans(lo, hi)
    cross join lateral (${rows(sql`spans.lo`, sql`spans.hi`)} offset 0) as r`;
}

/**
 * Rows of the chosen source in the shape of rollupFigureRows / rawFigureRows. From the rollups:
 * the UTC days inside one bucket from the daily one, the window's other whole hours from the
 * hourly one, and (hybrid) the hours a bucket edge cuts from raw samples.
 */
function figureRows(window: Window, filter: PlayoutFilter, source: Source, withFigures: boolean): SQL {
  if (source === "raw") return rawFigureRows(sourceWhere(window, filter, "time"), withFigures);
  const days = wholeDayRanges(window);
  const hours = rangesOutside(window, days);
  const parts: SQL[] = [];
  if (days.length) {
    parts.push(inRanges(days, (lo, hi) => rollupFigureRows(sourceWhere(window, filter, "day", lo, hi), withFigures, "day")));
  }
  const whole = source === "hybrid" ? sql` and ${wholeHour(window, sql`hour`)}` : sql``;
  if (hours.length) {
    parts.push(inRanges(hours, (lo, hi) => rollupFigureRows(sql`${sourceWhere(window, filter, "hour", lo, hi)}${whole}`, withFigures)));
  }
  if (source === "hybrid") {
    // One index range scan per edge hour, never a scan of the whole window (see inRanges).
    const edgeRows = rawFigureRows(sql`${sourceWhere(window, filter, "time")} and time >= edges.h and time < edges.h + interval '1 hour'`, withFigures);
    parts.push(sql`select r.* from ${edgeHourRelation(window)} cross join lateral (${edgeRows} offset 0) as r where not ${wholeHour(window, sql`edges.h`)}`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * One row per playout per bucket: playout_id, organization, bucket, up_seconds, down_seconds,
 * samples and the average of each health figure (null when the bucket has no value of it).
 * Buckets without samples are absent.
 */
export function playoutBuckets(window: Window, filter: PlayoutFilter, force?: Source, withFigures = true): SQL {
  const rows = figureRows(window, filter, sourceFor(window, force), withFigures);
  // Without figures the rows stay narrow: uptime queries then aggregate in memory, not on disk.
  const averages = sql.raw(
    HEALTH_FIGURES.map((f) => (withFigures ? `sum(sum_${f.column}) / nullif(sum(n_${f.column}), 0)` : "null::float8") + ` as ${f.column}`).join(", "),
  );
  return sql`select playout_id, min(organization) as organization, ${bucketOf(window, sql`t`)} as bucket,
      sum(up_seconds)::int8 as up_seconds, sum(down_seconds)::int8 as down_seconds, sum(samples)::int8 as samples, ${averages}
    from (${rows}) as src group by playout_id, 3`;
}

/** The registry columns that reporting rows carry, joined onto per-playout rows aliased `b`. */
export const REGISTRY_JOIN = sql`join playouts p on p.playout_id = b.playout_id
  left join channels c on c.channel_id = p.channel_id and c.organization = p.organization
  left join providers pr on pr.provider_id = p.provider_id
  left join organizations o on o.organization_id = p.organization`;

export const REGISTRY_COLUMNS = sql`p.playout_name, p.playout_mode, p.provider_id, p.channel_id, p.ip, p.port, p.instance_type, p.template_type,
  p.licence_id, p.licence_name, p.licence_mode, p.playout_licence_id, p.playout_type, p.resolution,
  c.channel_name, pr.provider_name, o.name as organization_name`;

export interface PlayoutBucketRow {
  playout_id: string;
  organization: string;
  bucket: string | Date;
  up_seconds: number;
  down_seconds: number;
  samples: number;
  avmon: number | null;
  cache: number | null;
  connection: number | null;
  cpu: number | null;
  file_descriptors: number | null;
  free_memory: number | null;
  playback: number | null;
  storage: number | null;
  playout_name: string | null;
  playout_mode: string | null;
  provider_id: string | null;
  channel_id: string | null;
  ip: string | null;
  port: string | null;
  instance_type: string | null;
  template_type: string | null;
  licence_id: string | null;
  licence_name: string | null;
  licence_mode: string | null;
  playout_licence_id: string | null;
  playout_type: string | null;
  resolution: string | null;
  channel_name: string | null;
  provider_name: string | null;
  organization_name: string | null;
}

/** Per playout per bucket with the registry columns, ordered by bucket then playout id. */
export async function playoutBucketRows(executor: Executor, window: Window, filter: PlayoutFilter, force?: Source, withFigures = true): Promise<PlayoutBucketRow[]> {
  return queryRows<PlayoutBucketRow>(
    executor,
    sql`select b.*, ${REGISTRY_COLUMNS} from (${playoutBuckets(window, filter, force, withFigures)}) as b ${REGISTRY_JOIN} order by b.bucket, b.playout_id`,
  );
}

/**
 * The columns of a PlayoutUsageRecord: per playout per bucket with the organization and the five
 * registry columns it shows, these on the first row of each playout only (null on its others).
 */
export type PlayoutUsageRow = Pick<PlayoutBucketRow, "playout_id" | "bucket" | "up_seconds" | "down_seconds"> &
  ({ first: true; organization: string } | { first: false; organization: null }) &
  Pick<PlayoutBucketRow, "playout_name" | "ip" | "port" | "instance_type" | "template_type">;

/**
 * playoutBucketRows narrowed to PlayoutUsageRow, ordered the same: 10 columns a row instead of 31
 * (a 30-day daily answer of 1,200 rows spent most of its Node time decoding the other 21), and a
 * playout's organization and registry columns sent once, on its first row in that order (the
 * answer repeats them once per bucket; decoding the repeats was a third of what was left; the
 * statement is no slower for it, having less text to write).
 */
export async function playoutUsageRows(executor: Executor, window: Window, filter: PlayoutFilter, force?: Source): Promise<PlayoutUsageRow[]> {
  const once = (table: "b" | "p", column: string) => sql.raw(`case when b.first then ${table}.${column} end as ${column}`);
  return queryRows<PlayoutUsageRow>(
    executor,
    sql`select b.playout_id, b.bucket, b.up_seconds, b.down_seconds, b.first, ${once("b", "organization")}, ${once("p", "playout_name")}, ${once("p", "ip")},
        ${once("p", "port")}, ${once("p", "instance_type")}, ${once("p", "template_type")}
      from (select g.*, row_number() over (partition by g.playout_id order by g.bucket) = 1 as first from (${playoutBuckets(window, filter, force, false)}) as g) as b
      join playouts p on p.playout_id = b.playout_id order by b.bucket, b.playout_id`,
  );
}
