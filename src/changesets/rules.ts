// Which Event fields differ between two versions of an event: pure.
import type { EventRow } from "../events/index.js";

/** Event fields kept in their own columns (assetId is derived from assetData, version is not a field a user changes). */
const COLUMN_FIELDS = ["onAirTime", "duration", "eventType", "title", "locked", "mediaId", "status"] as const;

/** JSON with object keys sorted, so that equal documents compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The names of the Event fields (as the GraphQL Event type names them) whose values differ, in a
 * stable order: the column fields first, then the fields of `data` by name. A field that is
 * absent on one side and null on the other does not differ.
 */
export function changedFields(before: EventRow, after: EventRow): string[] {
  const out: string[] = COLUMN_FIELDS.filter((f) => canonical(before[f]) !== canonical(after[f]));
  const keys = [...new Set([...Object.keys(before.data), ...Object.keys(after.data)])].sort();
  for (const key of keys) if (canonical(before.data[key]) !== canonical(after.data[key])) out.push(key);
  return out;
}
