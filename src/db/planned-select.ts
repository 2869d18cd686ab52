// The statements of planned reads (src/common/read-plan.ts): a select of the plan's columns, and a
// page of them that carries the count of matching rows as a window count only when the answer
// reads it, so a page is one statement either way.
//
// Each statement is built once per database and shape and kept as drizzle's prepared query: its
// conditions name placeholders, so its text depends only on which conditions are present, the
// plan and the order, never on the values. Composing a select is the largest part of a cheap read's
// CPU otherwise (drizzle's query building: about 0.06 ms a statement, a tenth of an asset lookup).
import { eq, getTableColumns, getTableName, is, sql, type Query, type SQL, type SQLWrapper } from "drizzle-orm";
import { anyOfTexts } from "./any-of.js";
import { PgTransaction, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import { boundedLru, type LRUCache } from "../common/bounded-lru.js";
import type { ReadPlan } from "../common/read-plan.js";
import { shownTotal, type PageRequest } from "../common/paging.js";
import type { Executor } from "./client.js";
import { keyRead, shortPage } from "./short-reads.js";
import { readTarget } from "./replicas.js";
import { withFlatRows } from "./row-mapper.js";

/** The select list of a plan's columns on `table` (its columns keyed by their property names). */
export function selectListOf<Row>(table: PgTable, plan: ReadPlan<Row>): Record<string, PgColumn> {
  const columns = table as unknown as Record<string, PgColumn>;
  return Object.fromEntries(plan.columns.map((column) => [column, columns[column]]));
}

/**
 * A condition of a planned statement: `key` names it in the statement's key and its placeholder;
 * absent (null) when its value is. `make` is given the placeholder of a prepared statement, or the
 * value as a parameter where a statement is composed around the condition (inlined).
 */
export interface Condition {
  key: string;
  value: unknown;
  make: (value: SQLWrapper) => SQL;
  /** Rows are tested against it one by one (a pattern): no index narrows them, and one that matches nothing reads them all. */
  scans?: boolean;
}

/** The condition `make(value)`, or null (no condition) when the value is undefined or null. */
export function when<V>(key: string, value: V | null | undefined, make: (value: SQLWrapper) => SQL): Condition | null {
  return value === undefined || value === null ? null : { key, value, make };
}

/**
 * The condition that `column` is one of `texts` (null or undefined: no condition; an empty list
 * matches nothing). A list of one is an equality: its generic plan walks an index on the column
 * and the page's order and stops at the page's end, where `= any($1)` sorts what it finds and
 * PostgreSQL, costing that above its custom plans, plans every execution anew.
 */
export function whenAnyOf(key: string, column: PgColumn, texts: readonly string[] | null | undefined): Condition | null {
  if (texts === null || texts === undefined) return null;
  if (texts.length === 1) return { key: `${key}=`, value: texts[0], make: (p) => eq(column, p) };
  return { key, value: texts, make: (p) => anyOfTexts(column, p) };
}

/** `when` for a pattern a caller gives (a name's substring): a condition that scans (Condition.scans). */
export function whenPattern<V>(key: string, value: V | null | undefined, make: (value: SQLWrapper) => SQL): Condition | null {
  const condition = when(key, value, make);
  return condition && { ...condition, scans: true };
}

/** A condition without a value (its text is fixed): `key` must say what it is. */
export function always(key: string, make: () => SQL): Condition {
  return { key, value: undefined, make: () => make() };
}

type Conditions = readonly (Condition | null | undefined)[];

/** The order of a planned statement: `key` names it (the same key, the same order). */
export interface Order {
  key: string;
  by: () => SQL[];
  /**
   * An index of the table gives this order (after the equalities its callers filter by), so
   * PostgreSQL reads a page's rows along it and stops after them: a near page without a count is
   * then a short read (short-reads.ts). test/db/short-pages.test.ts checks each such statement's
   * plan has no sort.
   */
  indexed?: boolean;
}

/** What a page's rows must have beside their conditions: a parent the caller is allowed to see. */
export interface Guard {
  key: string;
  conditions: Conditions;
  /** `select 1 from …` under its conditions (the page's rows pass only when it finds a row). */
  exists: (where: SQL | undefined) => SQL;
}

interface Runnable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

const OFFSET = "__offset";
/** The window count's name in a row: no column of a table is called so. */
const TOTAL = "__total";

/** Statements kept per database (a transaction's are built for it and not kept): 512 shapes each. */
const kept = new WeakMap<object, LRUCache<string, Runnable>>();

/**
 * The statement of `key`, built by `build` on the database its reads go to now (a replica or the
 * primary), kept for that database, its rows mapped by a mapper made for it once (row-mapper.ts).
 */
function statementOf(db: Executor, key: string, build: (on: Executor) => Runnable): Runnable {
  if (is(db, PgTransaction)) return withFlatRows(build(db));
  const on = readTarget(db);
  let statements = kept.get(on);
  if (!statements) kept.set(on, (statements = boundedLru({ entries: 512 })));
  let statement = statements.get(key);
  if (!statement) statements.set(key, (statement = withFlatRows(build(on))));
  return statement;
}

function present(conditions: Conditions): Condition[] {
  return conditions.filter((c): c is Condition => !!c);
}

function keyOf(conditions: Condition[]): string {
  return conditions.map((c) => c.key).join("&");
}

/** The conditions joined by `and`, each made with what `valueOf` gives it (a placeholder or the value). */
function joined(conditions: Condition[], valueOf: (c: Condition) => SQLWrapper): SQL | undefined {
  if (!conditions.length) return undefined;
  return sql.join(
    conditions.map((c) => sql`(${c.make(valueOf(c))})`),
    sql` and `,
  );
}

/** The conditions of a kept statement: placeholders named by their keys. */
function whereOf(conditions: Condition[]): SQL | undefined {
  return joined(conditions, (c) => sql.placeholder(c.key));
}

/** The conditions as one condition with their values as parameters, for a statement composed around them. */
export function inlined(conditions: Conditions): SQL | undefined {
  return joined(present(conditions), (c) => sql.param(driverValue(c.value)));
}

/**
 * A condition's value as the driver takes it. A placeholder goes to the driver as it is, without
 * the column's encoder a composed condition would apply: an instant as ISO text, as drizzle's
 * timestamp columns write it (postgres.js refuses a Date where it cannot tell the type).
 */
function driverValue(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

function valuesOf(conditions: Condition[], into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const c of conditions) if (c.value !== undefined) into[c.key] = driverValue(c.value);
  return into;
}

function listOf<Row>(table: PgTable, plan: ReadPlan<Row> | null): Record<string, PgColumn | SQL.Aliased> {
  return plan ? selectListOf(table, plan) : (getTableColumns(table) as Record<string, PgColumn>);
}

/**
 * The rows of `table` under `conditions` (the plan's columns; null: every column), in `order` when
 * given. `byKey`: the conditions name at most one row by a unique key (a lookup by id): it runs as a
 * key read (short-reads.ts), on a shared connection, without the cancel a longer read gets.
 */
export async function plannedRows<Row>(db: Executor, table: PgTable, plan: ReadPlan<Row> | null, conditions: Conditions, options: { order?: Order; byKey?: boolean } = {}): Promise<Row[]> {
  const used = present(conditions);
  const key = `rows:${getTableName(table)}:${plan?.key ?? "*"}:${keyOf(used)}:${options.order?.key ?? ""}:${options.byKey ? "key" : ""}`;
  const statement = statementOf(db, key, (on) => {
    const query = on.select(listOf(table, plan)).from(table).where(whereOf(used));
    const ordered = options.order ? query.orderBy(...options.order.by()) : query;
    return options.byKey ? keyRead(ordered, key) : ordered.prepare(key);
  });
  return (await statement.execute(valuesOf(used))) as Row[];
}

/**
 * A page of rows in `order` (the plan's columns; null: every column) and, when `withTotal`, how
 * many rows match (else what the page shows). With a `guard`, the same statement checks it:
 * `visible` false when it fails (told apart from an empty page by one more statement, only when
 * the page is empty).
 */
export async function plannedPage<Row>(
  db: Executor,
  table: PgTable,
  plan: ReadPlan<Row> | null,
  conditions: Conditions,
  order: Order,
  request: PageRequest,
  withTotal: boolean,
  guard?: Guard,
): Promise<{ rows: Row[]; total: number; visible: boolean }> {
  const used = present(conditions);
  const guardUsed = guard ? present(guard.conditions) : [];
  const all = guard ? [...used, always(guard.key, () => guardHoldsSql(guard, guardUsed))] : used;
  const bounds = pageBounds(request);
  const key = `page:${getTableName(table)}:${plan?.key ?? "*"}:${keyOf(all)}:${keyOf(guardUsed)}:${order.key}:${withTotal ? "total" : ""}:${bounds.key}`;
  const statement = statementOf(db, key, (on) => {
    const page = on
      .select(withTotal ? { ...listOf(table, plan), [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number) } : listOf(table, plan))
      .from(table)
      .where(whereOf(all))
      .orderBy(...order.by())
      // Drizzle writes an SQL limit as given (a number would be a parameter).
      .limit(bounds.limit as unknown as number)
      .offset(bounds.offset as unknown as number);
    // A count reads every matching row, and so may a pattern; without them, a page in an index's order stops after its rows.
    return !withTotal && order.indexed && !all.some((c) => c.scans) ? shortPage(page, key, request.size) : page.prepare(key);
  });
  const rows = (await statement.execute(valuesOf(guardUsed, valuesOf(used, { ...bounds.values })))) as (Row & { [TOTAL]?: number })[];
  if (guard && rows.length === 0 && !(await guardHolds(db, guard, guardUsed))) return { rows, total: 0, visible: false };
  if (!withTotal) return { rows, total: shownTotal(request, rows.length), visible: true };
  // A page past the end has no row to carry the window count: count alone then.
  const total = rows[0]?.[TOTAL] ?? (request.page === 0 ? 0 : await plannedCount(db, table, used));
  return { rows, total, visible: true };
}

/** A page's bounds in a kept statement (pageBounds). */
export interface PageBounds {
  /** What shapes the text: the size, and whether there is an offset (a later page's, held). */
  key: string;
  limit: SQL;
  /** A later page's offset placeholder; none on a first page. */
  offset: SQL | undefined;
  /** `limit n` or `limit n offset $k`, for a statement composed by hand. */
  clause: SQL;
  /** The value of a held offset's placeholder. */
  values: Record<string, unknown>;
}

/**
 * The bounds of `request` for a kept statement: the page's size written into the text, no offset
 * on a first page, a later page's offset a placeholder named `offsetName`. PostgreSQL
 * costs a placeholder limit at a tenth of the rows, so a generic plan with one never looks as
 * cheap as the custom plans and every execution is planned anew (0.4 ms of a folded schedule
 * read's 0.5); with the size written, the generic plan is taken after five executions. The sizes
 * callers use are few, and the kept statements are bounded anyway.
 */
export function pageBounds(request: PageRequest, offsetName = OFFSET): PageBounds {
  return new Bounds(rowCount(request.size), request.page, offsetName);
}

// The SQL is made only when a statement is built: a kept statement is built once, and every
// request of its shape needs only the key and the values. (A class, not an object literal with
// getters: a literal makes its getters' closures on every call, a cost every page paid.)
class Bounds implements PageBounds {
  readonly key: string;
  readonly values: Record<string, unknown>;
  private readonly first: boolean;

  constructor(
    private readonly size: number,
    page: number,
    private readonly offsetName: string,
  ) {
    this.first = page === 0;
    this.key = this.first ? `first ${size}` : `later ${size}`;
    this.values = this.first ? {} : { [offsetName]: page * size };
  }

  get limit(): SQL {
    return sql.raw(String(this.size));
  }

  get offset(): SQL | undefined {
    return this.first ? undefined : sql`${sql.placeholder(this.offsetName)}`;
  }

  get clause(): SQL {
    return this.first ? sql`limit ${this.limit}` : sql`limit ${this.limit} offset ${this.offset}`;
  }
}

/** A page's size, refused when it is not a row count (it is written into a statement's text). */
function rowCount(size: number): number {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`page size ${size} is not a row count`);
  return size;
}

/** A page's size as text of the statement (pageBounds says why); refuses what is not a row count. */
export function writtenSize(size: number): SQL {
  return sql.raw(String(rowCount(size)));
}

/** The guard as one condition: its parent exists under its conditions' placeholders. */
function guardHoldsSql(guard: Guard, used: Condition[]): SQL {
  return sql`exists (${guard.exists(whereOf(used))})`;
}

async function guardHolds(db: Executor, guard: Guard, used: Condition[]): Promise<boolean> {
  const key = `guard:${guard.key}:${keyOf(used)}`;
  const statement = statementOf(db, key, (on) => on.select({ holds: sql<boolean>`${guardHoldsSql(guard, used)}` }).from(sql`(select 1) as one`).prepare(key));
  const [row] = (await statement.execute(valuesOf(used))) as { holds: boolean }[];
  return row.holds === true;
}

/**
 * Conditions for a statement composed around them and kept (plannedStatement): which are present
 * (the key), their placeholders joined by `and` (built only when the statement is), their values.
 */
export function heldConditions(conditions: Conditions): { key: string; where: () => SQL | undefined; values: Record<string, unknown> } {
  const used = present(conditions);
  return { key: keyOf(used), where: () => whereOf(used), values: valuesOf(used) };
}

interface Preparing {
  session: { prepareQuery(query: Query, fields: undefined, name: string | undefined, arrayMode: false): Runnable };
  dialect: { sqlToQuery(statement: SQL): Query };
}

/**
 * The rows of a statement `build` composes with placeholders (sql.placeholder, heldConditions),
 * kept per database and `key` like the planned reads: `key` names everything that shapes the
 * text (null: a text that holds values, built for this call alone). Rows as the driver answers
 * them, by the statement's column names. Drizzle's own `execute` prepares a raw statement the
 * same way, each time.
 */
export async function plannedStatement<Row>(db: Executor, key: string | null, build: () => SQL, values: Record<string, unknown>): Promise<Row[]> {
  const prepare = (on: Executor) => {
    const { session, dialect } = on as unknown as Preparing;
    return session.prepareQuery(key === null ? dialect.sqlToQuery(build()) : keptText(dialect, key, build), undefined, key ?? undefined, false);
  };
  const statement = key === null || is(db, PgTransaction) ? prepare(db) : statementOf(db, `statement:${key}`, prepare);
  const result = (await statement.execute(values)) as Row[] | { rows: Row[] };
  return Array.isArray(result) ? result : result.rows;
}

/** The texts of kept statements by dialect: a transaction's statement is made for it, but its text is written once (512 shapes). */
const keptTexts = new WeakMap<object, LRUCache<string, Query>>();

function keptText(dialect: Preparing["dialect"], key: string, build: () => SQL): Query {
  let texts = keptTexts.get(dialect);
  if (!texts) keptTexts.set(dialect, (texts = boundedLru({ entries: 512 })));
  let text = texts.get(key);
  if (!text) texts.set(key, (text = dialect.sqlToQuery(build())));
  return text;
}

/** How many rows of `table` match the conditions. */
export async function plannedCount(db: Executor, table: PgTable, conditions: Conditions): Promise<number> {
  const used = present(conditions);
  const key = `count:${getTableName(table)}:${keyOf(used)}`;
  const statement = statementOf(db, key, (on) =>
    on
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(whereOf(used))
      .prepare(key),
  );
  const [row] = (await statement.execute(valuesOf(used))) as { n: number }[];
  return Number(row.n);
}
