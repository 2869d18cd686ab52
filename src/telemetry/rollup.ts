// The one definition of how samples become figures, shared by ingestion (which keeps the hourly
// and daily rollups in step), the rollup rebuild and the raw-sample queries of the reporting area.
import { sql, type SQL } from "drizzle-orm";

/** Health figures: GraphQL name and column (constants, safe to inline). */
export const HEALTH_FIGURES = [
  { name: "avmon", column: "avmon" },
  { name: "cache", column: "cache" },
  { name: "connection", column: "connection" },
  { name: "cpu", column: "cpu" },
  { name: "fileDescriptors", column: "file_descriptors" },
  { name: "freeMemory", column: "free_memory" },
  { name: "playback", column: "playback" },
  { name: "storage", column: "storage" },
] as const;
export type HealthFigure = (typeof HEALTH_FIGURES)[number]["name"];
export const HEALTH_FIGURE_NAMES: string[] = HEALTH_FIGURES.map((f) => f.name);

/** Origin of date_bin for hours and UTC days: any instant at midnight UTC. */
const UTC_ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);

const UP = sql.raw(`case when playback > 0 then interval_seconds else 0 end`);
const DOWN = sql.raw(`case when playback > 0 then 0 else interval_seconds end`);

/** The summed columns of both rollups, in table order. */
const SUMMED = ["up_seconds", "down_seconds", "samples", ...HEALTH_FIGURES.flatMap((f) => [`sum_${f.column}`, `n_${f.column}`])];
const ROLLUP_AGGREGATES = sql.raw(HEALTH_FIGURES.map((f) => `coalesce(sum(${f.column}), 0) as sum_${f.column}, count(${f.column}) as n_${f.column}`).join(", "));
const columnsOf = (key: "hour" | "day") => sql.raw(["playout_id", key, "organization", ...SUMMED].join(", "));
const addedTo = (table: string) => sql.raw(SUMMED.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(", "));

/**
 * One statement that adds the samples of `source` (a relation with the playout_samples columns)
 * to the hourly rollup and, from the same hourly sums, to the daily one. `before` are common table
 * expressions the source needs (ingestion's input and its insert into playout_samples). Rows go
 * in key order so that concurrent batches lock rollup rows in the same order.
 */
export function addToRollups(source: SQL, before?: SQL): SQL {
  return sql`with ${before ? sql`${before}, ` : sql``}hours as (
      select playout_id, date_bin(interval '1 hour', time, ${UTC_ORIGIN}) as hour, min(organization) as organization,
        sum(${UP}) as up_seconds, sum(${DOWN}) as down_seconds, count(*) as samples, ${ROLLUP_AGGREGATES}
      from ${source} as s group by 1, 2
    ), hourly as (
      insert into playout_hourly (${columnsOf("hour")}) select * from hours order by 1, 2
      on conflict (playout_id, hour) do update set ${addedTo("playout_hourly")}
    )
    insert into playout_daily (${columnsOf("day")})
    select playout_id, date_bin(interval '1 day', hour, ${UTC_ORIGIN}), min(organization), ${sql.raw(SUMMED.map((c) => `sum(${c})`).join(", "))}
    from hours group by 1, 2 order by 1, 2
    on conflict (playout_id, day) do update set ${addedTo("playout_daily")}`;
}

/**
 * Samples as rows of the rollup's shape (t = sample time), so one query text serves both sources.
 * `where` filters playout_samples.
 */
export function rawFigureRows(where: SQL, withFigures = true): SQL {
  const figures = withFigures
    ? sql.raw(", " + HEALTH_FIGURES.map((f) => `coalesce(${f.column}, 0) as sum_${f.column}, (${f.column} is not null)::int as n_${f.column}`).join(", "))
    : sql``;
  return sql`select playout_id, organization, time as t, ${UP} as up_seconds, ${DOWN} as down_seconds, 1 as samples ${figures}
    from playout_samples where ${where}`;
}

/** Rows of a rollup in the same shape (t = hour or day). `where` filters playout_hourly or playout_daily. */
export function rollupFigureRows(where: SQL, withFigures = true, grain: "hour" | "day" = "hour"): SQL {
  const figures = withFigures ? sql.raw(", " + HEALTH_FIGURES.map((f) => `sum_${f.column}, n_${f.column}`).join(", ")) : sql``;
  const table = sql.raw(grain === "hour" ? "playout_hourly" : "playout_daily");
  return sql`select playout_id, organization, ${sql.raw(grain)} as t, up_seconds, down_seconds, samples ${figures} from ${table} where ${where}`;
}
