// The one definition of how samples become figures, shared by ingestion (which keeps the hourly
// rollup in step), the rollup rebuild and the raw-sample queries of the reporting area.
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

/** Origin of date_bin for hours: any instant on the hour. */
const HOUR_ORIGIN = sql.raw(`timestamptz '2000-01-01 00:00:00+00'`);

const UP = sql.raw(`case when playback > 0 then interval_seconds else 0 end`);
const DOWN = sql.raw(`case when playback > 0 then 0 else interval_seconds end`);

const ROLLUP_COLUMNS = sql.raw(
  ["playout_id", "hour", "organization", "up_seconds", "down_seconds", "samples", ...HEALTH_FIGURES.flatMap((f) => [`sum_${f.column}`, `n_${f.column}`])].join(", "),
);
const ROLLUP_AGGREGATES = sql.raw(HEALTH_FIGURES.map((f) => `coalesce(sum(${f.column}), 0), count(${f.column})`).join(", "));
const ROLLUP_ADD = sql.raw(
  ["up_seconds", "down_seconds", "samples", ...HEALTH_FIGURES.flatMap((f) => [`sum_${f.column}`, `n_${f.column}`])]
    .map((c) => `${c} = playout_hourly.${c} + excluded.${c}`)
    .join(", "),
);

/**
 * Adds the samples of `source` (a relation with the playout_samples columns) to the hourly rollup.
 * Rows go in key order so that concurrent batches lock rollup rows in the same order.
 */
export function addToRollup(source: SQL): SQL {
  return sql`insert into playout_hourly (${ROLLUP_COLUMNS})
    select playout_id, date_bin(interval '1 hour', time, ${HOUR_ORIGIN}) as hour, min(organization), sum(${UP}), sum(${DOWN}), count(*), ${ROLLUP_AGGREGATES}
    from ${source} as s group by 1, 2 order by 1, 2
    on conflict (playout_id, hour) do update set ${ROLLUP_ADD}`;
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

/** Rollup rows in the same shape (t = hour). `where` filters playout_hourly. */
export function rollupFigureRows(where: SQL, withFigures = true): SQL {
  const figures = withFigures ? sql.raw(", " + HEALTH_FIGURES.map((f) => `sum_${f.column}, n_${f.column}`).join(", ")) : sql``;
  return sql`select playout_id, organization, hour as t, up_seconds, down_seconds, samples ${figures} from playout_hourly where ${where}`;
}
