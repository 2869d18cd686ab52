// Q3's SQL, as this service's reporting code writes it (playoutBuckets, daily buckets, rollup
// source), rendered once: the floor sends it as is and PostGraphile gets it as a SQL function.
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { playoutBuckets } from "../../src/reporting/figures.js";
import { parseWindow } from "../../src/reporting/window.js";

export const USAGE_COLUMNS = ["playout_id", "organization", "playout_name", "ip", "port", "instance_type", "template_type", "time_stamp", "uptime", "downtime"] as const;

function usageQuery(organization: string, from: Date, to: Date) {
  const window = parseWindow({ from, to, period: 1, periodType: "DAYS" });
  return new PgDialect().sqlToQuery(sql`select b.playout_id, b.organization, p.playout_name, p.ip, p.port, p.instance_type, p.template_type,
      b.bucket as time_stamp, b.up_seconds as uptime, b.down_seconds as downtime
    from (${playoutBuckets(window, { organizations: [organization] }, undefined, false)}) as b
    join playouts p on p.playout_id = b.playout_id order by b.bucket, b.playout_id`);
}

/** Text and parameters for postgres.js. */
export function usageStatement(organization: string, from: Date, to: Date): { text: string; params: unknown[] } {
  const { sql: text, params } = usageQuery(organization, from, to);
  return { text, params };
}

const literal = (value: unknown) => (typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`);

/**
 * `peers.playout_usage(organization, from_time, to_time)` for PostGraphile: the same statement,
 * its organization and window edges turned into the function's arguments (the bucket width and
 * the edge-hour list stay as rendered for the benchmark's window, which is the only one asked).
 */
export function usageFunctionSql(organization: string, from: Date, to: Date): string {
  const { sql: text, params } = usageQuery(organization, from, to);
  // Arguments by position: the organization column would shadow an argument of the same name.
  const body = text.replace(/\$(\d+)/g, (_m, n: string) => {
    const value = params[Number(n) - 1];
    if (value === organization) return "$1";
    if (value === from.toISOString()) return "$2";
    if (value === to.toISOString()) return "$3";
    return literal(value);
  });
  return `
    create schema if not exists peers;
    drop function if exists peers.playout_usage(text, timestamptz, timestamptz);
    drop type if exists peers.playout_usage_record;
    create type peers.playout_usage_record as (playout_id text, organization text, playout_name text, ip text, port text,
      instance_type text, template_type text, time_stamp timestamptz, uptime int8, downtime int8);
    create function peers.playout_usage(organization text, from_time timestamptz, to_time timestamptz)
      returns setof peers.playout_usage_record language sql stable as $fn$ ${body} $fn$;`;
}

/**
 * The smart tags PostGraphile needs: events name their asset by (organization, asset_id), without a
 * foreign key; Q4 filters by event_type, which PostGraphile offers only on indexed columns unless told.
 */
export const SMART_TAGS_SQL = `
  comment on table assets is E'@unique organization,asset_id';
  comment on table events is E'@foreignKey (organization, asset_id) references assets (organization, asset_id)|@fieldName asset|@foreignFieldName eventsByAsset';
  comment on column events.event_type is E'@behavior +filterBy';`;
