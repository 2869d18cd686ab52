// Rows by SQL column names (what the history stores) as the slices' row types: the one place.
import type { EventRow } from "../events/index.js";
import type { ScheduleRow } from "../schedules/index.js";
import type { Columns } from "./rewind.js";
import type { FieldChange } from "./types.js";

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
export const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** An event row as stored (on_air_time relative) as EventRow, onAirTime absolute with the origin of its version. */
export function eventRowOf(columns: Columns, scheduleId: number, organization: string, origin: number): EventRow {
  return {
    id: Number(columns.id),
    scheduleId,
    organization,
    onAirTime: origin + Number(columns.on_air_time),
    duration: Number(columns.duration),
    eventType: columns.event_type as string,
    title: (columns.title as string | null) ?? null,
    locked: Boolean(columns.locked),
    mediaId: (columns.media_id as string | null) ?? null,
    assetId: (columns.asset_id as string | null) ?? null,
    status: (columns.status as string | null) ?? null,
    version: Number(columns.version),
    data: (columns.data as Record<string, unknown> | null) ?? {},
    qcStatus: (columns.qc_status as string | null) ?? null,
    programmeTitle: (columns.programme_title as string | null) ?? null,
  };
}

export function scheduleRowOf(columns: Columns): ScheduleRow {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(columns)) row[camel(key)] = value;
  return {
    ...(row as unknown as ScheduleRow),
    id: Number(columns.id),
    channelId: numberOrNull(columns.channel_id),
    fps: Number(columns.fps),
    breakMin: numberOrNull(columns.break_min),
    breakMax: numberOrNull(columns.break_max),
    version: Number(columns.version),
    timeOrigin: Number(columns.time_origin),
    maxEventDuration: Number(columns.max_event_duration),
    eventCount: Number(columns.event_count),
    importJobId: numberOrNull(columns.import_job_id),
    startDate: dateOf(columns.start_date),
    finishDate: dateOf(columns.finish_date),
    dateApplied: dateOf(columns.date_applied),
    dateCreated: dateOf(columns.date_created)!,
    dateUpdated: dateOf(columns.date_updated)!,
  };
}

/** What a column name is called in answers: the GraphQL name, on_air_time as the offset it is. */
function fieldName(column: string): string {
  if (column === "on_air_time") return "onAirTimeOffset";
  return camel(column);
}

/**
 * The changed fields of an event or a schedule, old → new: columns by their GraphQL names
 * (onAirTimeOffset: ms after the schedule's timeOrigin; timeOrigin: ms since the epoch), the
 * fields of an event's `data` by their own names. Derived columns (qc_status, programme_title,
 * asset_id) are left out: the `data` field they come from is listed.
 */
export function fieldChangesOf(before: Columns | null, after: Columns | null): FieldChange[] {
  const out: FieldChange[] = [];
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  for (const key of keys) {
    if (key === "id" || key === "qc_status" || key === "programme_title" || key === "asset_id") continue;
    const old = before?.[key] ?? null;
    const now = after?.[key] ?? null;
    if (key === "data") {
      const a = (old ?? {}) as Columns;
      const b = (now ?? {}) as Columns;
      for (const field of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
        if (JSON.stringify(a[field] ?? null) !== JSON.stringify(b[field] ?? null)) out.push({ field, before: a[field] ?? null, after: b[field] ?? null });
      }
      continue;
    }
    if (JSON.stringify(old) !== JSON.stringify(now)) out.push({ field: fieldName(key), before: old, after: now });
  }
  return out;
}
