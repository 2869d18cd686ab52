// Billing runs (O8, O9): one DAILY record per organization per UTC day the window touches, computed
// over the whole day and written set-based. A second run replaces the figures and keeps `reported`.
import { sql } from "drizzle-orm";
import { badInput } from "../common/errors.js";
import { execute, type Database } from "../db/client.js";
import { playoutBuckets, ts } from "./figures.js";
import { textArray } from "../telemetry/index.js";
import { billingDaysOf, DAY_MS, MAX_BUCKETS, type Window } from "./window.js";

export interface BillingRunResult {
  organizations: number;
  records: number;
}

const DAY_ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);
const utcDayOf = (column: string) => sql`date_bin(interval '1 day', ${sql.raw(column)}, ${DAY_ORIGIN})`;

export async function billingRun(db: Database, organizations: string[], window: Window): Promise<BillingRunResult> {
  const { starts, end: endMs } = billingDaysOf(window);
  if (starts.length > MAX_BUCKETS) throw badInput(`A billing run covers at most ${MAX_BUCKETS} days`, { argument: "window" });
  if (!organizations.length) return { organizations: 0, records: 0 };
  const first = new Date(starts[0]);
  const end = new Date(endMs);
  const range = (column: string) => sql`${sql.raw(column)} >= ${ts(first)} and ${sql.raw(column)} < ${ts(end)}`;
  // Local days of a zone: each row's day is the last start at or before it (width_bucket, a binary search).
  const startArray = sql`${textArray(starts.map((s) => new Date(s).toISOString()))}::timestamptz[]`;
  const day = (column: string) => (window.timeZone === "UTC" ? utcDayOf(column) : sql`(${startArray})[width_bucket(${sql.raw(column)}, ${startArray})]`);
  // UTC days: the daily rollup holds exactly the samples of each. Local days go through the report
  // buckets (figures.ts): the rollups for whole days and hours, raw samples for the hours a day
  // edge cuts (zones at +05:30, +05:45).
  const localDays: Window = { from: first, to: end, stepMs: DAY_MS, bucketCount: starts.length, playoutIds: null, timeZone: window.timeZone, starts };
  const up =
    window.timeZone === "UTC"
      ? sql`select organization, day as d, sum(up_seconds)::int8 as uptime, count(distinct playout_id)::int8 as playouts
          from playout_daily where organization in (select organization from orgs) and ${range("day")} group by 1, 2`
      : sql`select organization, bucket as d, sum(up_seconds)::int8 as uptime, count(distinct playout_id)::int8 as playouts
          from (${playoutBuckets(localDays, { organizations }, undefined, false)}) b group by 1, 2`;
  const records = await db.transaction((tx) =>
    execute(
      tx,
      sql`with orgs as (select json_array_elements_text(${JSON.stringify(organizations)}::json) as organization),
        days as (select unnest(${startArray}) as d),
        up as (${up}),
        store as (select organization, ${day("time")} as d, max(size)::int8 as size
          from storage_snapshots where organization in (select organization from orgs) and ${range("time")} group by 1, 2),
        cache as (select organization, ${day("time")} as d, sum(size)::int8 as bytes
          from cache_downloads where organization in (select organization from orgs) and ${range("time")} group by 1, 2)
      insert into billing_usage (organization, type, time_stamp, customer_id, product_code, playout_uptime, storage_amount, bandwidth, platform)
      select o.organization, 'DAILY', days.d, reg.vendor_marketplace_identifier, reg.product_code,
        coalesce(up.uptime, 0), coalesce(store.size, 0), coalesce(cache.bytes, 0), coalesce(up.playouts, 0)
      from orgs o cross join days
      left join organizations reg on reg.organization_id = o.organization
      left join up on up.organization = o.organization and up.d = days.d
      left join store on store.organization = o.organization and store.d = days.d
      left join cache on cache.organization = o.organization and cache.d = days.d
      order by 1, 3
      on conflict (organization, type, time_stamp) do update set customer_id = excluded.customer_id, product_code = excluded.product_code,
        playout_uptime = excluded.playout_uptime, storage_amount = excluded.storage_amount, bandwidth = excluded.bandwidth, platform = excluded.platform`,
    ),
  );
  return { organizations: organizations.length, records };
}
