// What the history answers of its stored versions: field changes by GraphQL name. A stored
// version becomes a row of the aggregate through the aggregate's own mapping (scheduleRowOf,
// storedEventRowOf of src/schedules/), defined once.
import { asStored, ReadMap, type FieldRead } from "../common/read-plan.js";
import type { Columns } from "./rewind.js";
import type { ScheduleHistoryRow } from "./tables.js";
import { type FieldChange, ScheduleHistoryEntry } from "./types.js";

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
export const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

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

const stored = asStored<ScheduleHistoryRow>;
const made = (columns: (keyof ScheduleHistoryRow & string)[], value: (row: ScheduleHistoryRow) => unknown): FieldRead<ScheduleHistoryRow> => ({ columns, value });

/** The schedule's changes of an entry ({ column: [old, new] }) as FieldChanges. */
function scheduleChangesOf(row: ScheduleHistoryRow): FieldChange[] {
  const before: Columns = {};
  const after: Columns = {};
  for (const [key, [old, now]] of Object.entries(row.scheduleChanges)) {
    before[key] = old;
    after[key] = now;
  }
  return fieldChangesOf(before, after);
}

/** How each field of ScheduleHistoryEntry is read (src/common/read-plan.ts); its event changes are read by the entry's id. */
export const HISTORY_ENTRY_READS = new ReadMap<ScheduleHistoryRow, ScheduleHistoryEntry>(
  {
    ...{ id: made(["id"], (row) => String(row.id)), versionBefore: stored("versionBefore"), versionAfter: stored("versionAfter"), actor: stored("actor") },
    ...{ operation: stored("operation"), date: stored("dateCreated"), scheduleChanges: made(["scheduleChanges"], scheduleChangesOf) },
    ...{ eventsAdded: stored("eventsAdded"), eventsRemoved: stored("eventsRemoved"), eventsChanged: stored("eventsChanged") },
  },
  ["id"],
  { eventChangePage: ["id"], eventChanges: ["id"] },
  "nothing",
  ScheduleHistoryEntry,
);
