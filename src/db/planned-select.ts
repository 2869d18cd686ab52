// The statements of planned reads (src/common/read-plan.ts): a select of the plan's columns, and a
// page of them that carries the count of matching rows as a window count only when the answer
// reads it, so a page is one statement either way.
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { ReadPlan } from "../common/read-plan.js";
import type { PageRequest } from "../common/paging.js";
import type { Executor } from "./client.js";

/** The select list of a plan's columns on `table` (its columns keyed by their property names). */
export function selectListOf<Row>(table: PgTable, plan: ReadPlan<Row>): Record<string, PgColumn> {
  const columns = table as unknown as Record<string, PgColumn>;
  return Object.fromEntries(plan.columns.map((column) => [column, columns[column]]));
}

/** A page of rows in `orderBy` order (the plan's columns; null: every column) and, when `withTotal`, how many rows match (else what the page shows). */
export async function plannedPage<Row>(
  db: Executor,
  table: PgTable,
  plan: ReadPlan<Row> | null,
  where: SQL | undefined,
  orderBy: SQL[],
  request: PageRequest,
  withTotal: boolean,
): Promise<{ rows: Row[]; total: number }> {
  const offset = request.page * request.size;
  const list = plan ? selectListOf(table, plan) : (getTableColumns(table) as Record<string, PgColumn>);
  const rows = (await db
    .select(withTotal ? { ...list, [TOTAL]: sql<number>`count(*) over ()`.mapWith(Number) } : list)
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .offset(offset)
    .limit(request.size)) as (Row & { [TOTAL]?: number })[];
  if (!withTotal) return { rows, total: offset + rows.length };
  // A page past the end has no row to carry the window count: count alone then.
  const total = rows[0]?.[TOTAL] ?? (request.page === 0 ? 0 : Number((await db.select({ n: sql<number>`count(*)` }).from(table).where(where))[0].n));
  return { rows, total };
}

/** The window count's name in a row: no column of a table is called so. */
const TOTAL = "__total";
