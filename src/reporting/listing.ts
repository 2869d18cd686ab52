// A report's list read two ways from one definition: whole (the plain list) or one page of it (its
// paged sibling), so that both always hold the same records in the same order. A page is read in
// SQL with LIMIT and OFFSET, and counted by a second statement over the same rows only when the
// caller selects a member made from the count, as the other paged fields do.
import { sql, type SQL } from "drizzle-orm";
import { pageMeta, shownTotal, type PageMeta, type PageRequest, type SortSpec } from "../common/paging.js";
import { queryRows, type Database } from "../db/client.js";

export interface Listing<T> {
  /** Every item of the list in its order, or the page asked for. */
  items(page?: PageRequest): Promise<T[]>;
  /** How many items the whole list holds. */
  count(): Promise<number>;
}

/** `limit … offset …` of a page; nothing for the whole list. */
export function pageClause(page?: PageRequest): SQL {
  return page ? sql`limit ${page.size} offset ${page.page * page.size}` : sql``;
}

/**
 * A list of one row per item: `body` is the SELECT without its order (grouped or not), `order` a
 * total order of its rows; the count counts the rows `body` yields.
 */
export function sqlListing<R, T>(db: Database, body: SQL, order: SQL, map: (row: R) => T): Listing<T> {
  return {
    items: async (page) => (await queryRows<R>(db, sql`${body} order by ${order} ${pageClause(page)}`)).map(map),
    count: async () => Number((await queryRows<{ n: number }>(db, sql`select count(*)::int8 as n from (${body}) as listed`))[0].n),
  };
}

/**
 * The page asked for and the page members; with `withTotal` (a member made from the count is
 * selected) the count runs beside the page, else the members the count makes are not answered and
 * the page counts what it shows.
 */
export async function pageOf<T>(listing: Listing<T>, request: PageRequest, sort: SortSpec[], withTotal = true): Promise<{ content: T[] } & PageMeta> {
  const [content, total] = await Promise.all([listing.items(request), withTotal ? listing.count() : null]);
  return { content, ...pageMeta(request, total ?? shownTotal(request, content.length), content.length, sort) };
}
