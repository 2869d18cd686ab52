// A caller's list in a condition goes as one array parameter (`column = any($1)`), never one
// placeholder per item: PostgreSQL takes at most 65,535 parameters in a statement, and a long
// list of placeholders is parsed and planned anew for every length.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** The list as one parameter; or already one (the placeholder of a planned statement, planned-select.ts). */
const listParameter = (list: readonly unknown[] | SQLWrapper): SQLWrapper => (Array.isArray(list) ? sql.param([...(list as readonly unknown[])]) : (list as SQLWrapper));

/** `column = any($1::bigint[])`: the column is one of the ids. */
export function anyOfIds(column: SQLWrapper, ids: readonly number[] | SQLWrapper): SQL {
  return sql`${column} = any(${listParameter(ids)}::bigint[])`;
}

/** `column = any($1::text[])`: the column is one of the texts. */
export function anyOfTexts(column: SQLWrapper, texts: readonly string[] | SQLWrapper): SQL {
  return sql`${column} = any(${listParameter(texts)}::text[])`;
}
