// Rows and columns of the aggregate's tables: the column lists come from the Drizzle tables, never
// retyped; a raw row becomes an EventRow or a ScheduleRow here, and nowhere else.
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { events, schedules, type EventRow, type EventValues, type ScheduleRow } from "./tables.js";
import { objectMaker, type ObjectMaker } from "../../common/object-maker.js";

export const json = (value: unknown): SQL => sql`${JSON.stringify(value)}::jsonb`;

/** The time origin of a schedule (ms since the epoch), as a scalar SQL expression. */
export const originOf = (scheduleId: number | SQL): SQL => sql`(select o.time_origin from schedules o where o.id = ${scheduleId})`;

/** Every column of `events`, from the Drizzle table: the one list raw SQL takes its names from. */
const EVENT_TABLE_COLUMNS = getTableColumns(events);

/** The stored names of the event's columns, in the table's order (id and schedule_id first). */
export const EVENT_COLUMN_NAMES: readonly string[] = Object.values(EVENT_TABLE_COLUMNS).map((c) => c.name);

/**
 * The columns an event's values are written to (EventValues, by property): not the key (id,
 * schedule_id, organization), not version, not the ones the database derives from `data`.
 */
export const VALUE_COLUMNS: readonly { property: string; name: string; type: string }[] = Object.entries(EVENT_TABLE_COLUMNS)
  .filter(([, c]) => !["id", "schedule_id", "organization", "version"].includes(c.name) && !isGenerated(c))
  .map(([property, c]) => ({ property, name: c.name, type: c.getSQLType() }));

export const VALUE_COLUMN_NAMES: readonly string[] = VALUE_COLUMNS.map((c) => c.name);

function isGenerated(column: { generated?: unknown }): boolean {
  return column.generated !== undefined && column.generated !== null;
}

/** Stored columns written by copies (everything but the generated ones). */
export const STORED_COLUMN_NAMES: readonly string[] = Object.values(EVENT_TABLE_COLUMNS)
  .filter((c) => !isGenerated(c))
  .map((c) => c.name);

/** `a = x.a, …` for each of `names` (the set list of a statement that copies whole values). */
export const setList = (names: readonly string[], from: string): SQL => sql.raw(names.map((n) => `${n} = ${from}.${n}`).join(", "));

/** `names` as a column list, each prefixed with `alias.` when one is given. */
export const columnList = (names: readonly string[], alias?: string): SQL => sql.raw(names.map((n) => (alias ? `${alias}.${n}` : n)).join(", "));

/** `e.<column> as "<property>"` for each of `columns`; onAirTime absolute with `origin`. */
const selectList = (columns: readonly (readonly [property: string, name: string])[], origin: SQL): SQL =>
  sql.join(
    columns.map(([property, name]) => (name === "on_air_time" ? sql`e.on_air_time + ${origin} as "onAirTime"` : sql.raw(`e.${name} as "${property}"`))),
    sql`, `,
  );

/**
 * The columns of `events e` under the property names of EventRow, for raw selects; onAirTime
 * absolute with `origin`, the schedule's origin looked up once for the statement (by a parameter:
 * by `e.schedule_id` it would be a subplan run once a row).
 */
export const eventColumns = (origin: SQL): SQL =>
  selectList(
    Object.entries(EVENT_TABLE_COLUMNS).map(([property, column]) => [property, column.name] as const),
    origin,
  );

/**
 * Which of an event's values a read brings: all of them, or some by property (an edit whose
 * inputs and rules need no more: the others then hold the unread marks below).
 */
export type ValuesRead = "all" | readonly (keyof EventValues)[];

/** The id and the value columns `read` names of `events e` (what StoredValues holds), onAirTime absolute with `origin`. */
export const valueColumns = (origin: SQL, read: ValuesRead): SQL =>
  selectList(
    [["id", "id"] as const, ...VALUE_COLUMNS.filter((c) => read === "all" || read.includes(c.property as keyof EventValues)).map((c) => [c.property, c.name] as const)],
    origin,
  );

/** What `data` reads as when a statement did not fetch the document (the selection or the edit needs none of it). */
const NO_DATA: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

/** What a column value reads as when a statement did not fetch it (StoredValues of a partial read): typed as any value, so that it passes through unchanged. */
const NOT_READ = Symbol("a column value not read") as never;

/** Whether a value (a column's or the document) is one a statement did not read: never written back (writes.ts refuses it). */
export const isUnreadValue = (value: unknown): boolean => value === NOT_READ || value === NO_DATA;

/** A column's value as a read gives it, by `as`; the mark when the statement did not select it. */
const readValue = <T,>(value: unknown, as: (value: unknown) => T): T => (value === undefined ? NOT_READ : as(value));
const orNull = (value: unknown): string | null => (value as string | null) ?? null;

/** A document as a read gives it: parsed (postgres.js, PGlite), as text, or not read. */
const documentOf = (data: unknown): Record<string, unknown> =>
  data === undefined || data === null ? NO_DATA : ((typeof data === "string" ? JSON.parse(data) : data) as Record<string, unknown>);

/**
 * A stored event's values, as an edit reads them: its id beside them (an edit writes only the
 * value columns, so the id never reaches a column).
 */
export type StoredValues = EventValues & { readonly id: number };

/** A raw row of valueColumns as StoredValues, one fixed literal. */
export function storedValuesOf(raw: Record<string, unknown>): StoredValues {
  return {
    id: Number(raw.id),
    onAirTime: readValue(raw.onAirTime, Number),
    duration: readValue(raw.duration, Number),
    eventType: readValue(raw.eventType, String),
    title: readValue(raw.title, orNull),
    locked: readValue(raw.locked, Boolean),
    mediaId: readValue(raw.mediaId, orNull),
    assetId: readValue(raw.assetId, orNull),
    status: readValue(raw.status, orNull),
    data: documentOf(raw.data),
  };
}

/**
 * A raw row as EventRow, one fixed literal (the JSON `data` arrives parsed from postgres.js and
 * PGlite, as text from reads that fetch it as text; numbers are numbers).
 */
export function eventRowOf(raw: Record<string, unknown>): EventRow {
  return {
    id: Number(raw.id),
    scheduleId: Number(raw.scheduleId),
    organization: raw.organization as string,
    onAirTime: Number(raw.onAirTime),
    duration: Number(raw.duration),
    eventType: raw.eventType as string,
    title: (raw.title as string | null) ?? null,
    locked: Boolean(raw.locked),
    mediaId: (raw.mediaId as string | null) ?? null,
    assetId: (raw.assetId as string | null) ?? null,
    status: (raw.status as string | null) ?? null,
    version: Number(raw.version),
    data: documentOf(raw.data),
    qcStatus: (raw.qcStatus as string | null) ?? null,
    programmeTitle: (raw.programmeTitle as string | null) ?? null,
  };
}


const SCHEDULE_COLUMNS = Object.entries(getTableColumns(schedules));
const SCHEDULE_COLUMN_BY_KEY = new Map(SCHEDULE_COLUMNS);

/** Columns of schedules and the maker of rows of them (common/object-maker.ts: a row of 33 keys made key by key was a dictionary). */
interface RowShape {
  columns: (typeof SCHEDULE_COLUMNS)[number][];
  make: ObjectMaker;
}
const shapeOfColumns = (columns: (typeof SCHEDULE_COLUMNS)[number][]): RowShape => ({ columns, make: objectMaker(columns.map(([key]) => key)) });
const EVERY_COLUMN = shapeOfColumns(SCHEDULE_COLUMNS);
/** The shape of a plan's keys, made once per plan (its columns array is kept with it). */
const shapesByKeys = new WeakMap<readonly string[], RowShape>();
function shapeOfKeys(keys: readonly string[]): RowShape {
  let shape = shapesByKeys.get(keys);
  if (!shape) shapesByKeys.set(keys, (shape = shapeOfColumns(keys.map((key) => [key, SCHEDULE_COLUMN_BY_KEY.get(key)!]))));
  return shape;
}
/** Every column of schedules by name, for a `returning` that scheduleRowOf reads (named: a prepared statement keeps its row type). */
export const SCHEDULE_COLUMN_LIST = columnList(SCHEDULE_COLUMNS.map(([, column]) => column.name));

/**
 * A schedule row of raw SQL or of a stored version (database column names, driver or JSON values)
 * as drizzle maps a select of the table; a column the record lacks is null. With `keys` (a read
 * plan's columns) only those are mapped: a page of 50 folded schedules mapped every column of
 * each, timestamps parsed, for the few a selection reads.
 */
export function scheduleRowOf(raw: Record<string, unknown>, keys?: readonly (keyof ScheduleRow & string)[]): ScheduleRow {
  const { columns, make } = keys ? shapeOfKeys(keys) : EVERY_COLUMN;
  const values: unknown[] = new Array(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const value = raw[columns[i][1].name];
    values[i] = value === null || value === undefined ? null : columns[i][1].mapFromDriverValue(value);
  }
  return make(values) as unknown as ScheduleRow;
}

/**
 * An event as stored (database column names, on_air_time relative to the origin; the history's
 * versions keep it so) as EventRow, onAirTime absolute with `origin`.
 */
export function storedEventRowOf(columns: Record<string, unknown>, scheduleId: number, organization: string, origin: number): EventRow {
  const raw: Record<string, unknown> = {};
  for (const [property, column] of Object.entries(EVENT_TABLE_COLUMNS)) raw[property] = columns[column.name];
  return eventRowOf({ ...raw, scheduleId, organization, onAirTime: origin + Number(columns.on_air_time), data: columns.data ?? {} });
}
