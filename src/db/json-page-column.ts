// A planned page of a child table as one column of its parent's statement: the plan's columns as
// JSON, in the page's order, with the count of the parent's children when the answer reads it. A
// parent and one page of its children are then one statement (one round trip), as PostGraphile
// sends one; the parent's read decides the rest of the statement and keeps it (plannedStatement).
import { getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PageRequest } from "../common/paging.js";
import type { ReadPlan } from "../common/read-plan.js";
import { pageBounds, type Order } from "./planned-select.js";

/** A child page as a column: what shapes its text, its select-list expression (JSON text; built only when a statement is), its placeholders' values. */
export interface PageColumn {
  key: string;
  column: () => SQL;
  values: Record<string, unknown>;
}

/** The rows of a page column by their property names (JSON values: dates as ISO text), and the count when it was read. */
export interface JsonPage {
  rows: Record<string, unknown>[];
  total: number | null;
}

/**
 * The page `request` of `table`'s rows whose `childKey` equals `parent` (an expression of the
 * parent's statement), in `order`, as JSON text: {"r": [rows], "t": count or null}. `name` keeps
 * the placeholders of the page's bounds apart from the statement's others.
 */
export function jsonPageColumn<Row>(
  table: PgTable,
  plan: ReadPlan<Row>,
  childKey: PgColumn,
  parent: SQL,
  order: Order,
  request: PageRequest,
  withTotal: boolean,
  name: string,
): PageColumn {
  const bounds = pageBounds(request, `__${name}_skip`);
  const column = (): SQL => {
    const columns = table as unknown as Record<string, PgColumn>;
    const inner = sql.join(plan.columns.map((name) => sql`${columns[name]} as ${sql.identifier(name)}`), sql`, `);
    // The keys are the plan's property names, written as literals: json_build_object cannot type a parameter.
    const members = sql.join(plan.columns.map((name) => sql`${sql.raw(`'${propertyName(name)}'`)}, p.${sql.identifier(name)}`), sql`, `);
    const by = sql.join(order.by(), sql`, `);
    // row_number() streams: the Limit stops the index scan at the page's end; json_agg keeps its order.
    const rows = sql`select ${inner}, row_number() over (order by ${by}) as _n from ${table} where ${childKey} = ${parent}
      order by ${by} ${bounds.clause}`;
    const total = withTotal ? sql`(select count(*) from ${table} where ${childKey} = ${parent})` : sql`null`;
    return sql`(select json_build_object('r', coalesce(json_agg(json_build_object(${members}) order by p._n), '[]'::json), 't', ${total})::text
      from (${rows}) p)`;
  };
  return {
    key: `${getTableName(table)}:${plan.key}:${order.key}:${withTotal ? "total" : ""}:${bounds.key}`,
    column,
    values: bounds.values,
  };
}

/** The page a jsonPageColumn answered (its JSON text). */
export function readJsonPage(text: string): JsonPage {
  const page = JSON.parse(text) as { r: Record<string, unknown>[]; t: number | string | null };
  return { rows: page.r, total: page.t === null ? null : Number(page.t) };
}

function propertyName(column: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(column)) throw new Error(`jsonPageColumn: ${column} is not a property name`);
  return column;
}
