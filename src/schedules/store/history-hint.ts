// The history trigger (drizzle/0016_history_compact.sql) reads, of the old and new rows of an
// UPDATE of events, only the columns the statement says it sets, when it says so: a column a
// statement does not set cannot change, and a rewrite of 100,000 events then costs the history
// two or three arrays instead of thirteen. What the statement says and its SET list come from one
// map here, so they cannot disagree.
import { sql, type SQL } from "drizzle-orm";
import type { EventTarget } from "../target.js";

export interface StatedColumns {
  /** The SET list. */
  set: SQL;
  /**
   * A condition to AND into the statement's WHERE: it tells the trigger the columns, stamped with
   * the statement's start and text (history_statement_stamp), as a one-time filter.
   */
  stated: SQL;
}

/** The SET list of `columns` (column name → value) and the condition that states them. */
export function statedColumns(target: EventTarget, columns: Record<string, SQL>): StatedColumns {
  const names = Object.keys(columns);
  const set = sql.join(
    names.map((name) => sql`${sql.raw(name)} = ${columns[name]}`),
    sql`, `,
  );
  // A draft (change_set_events) keeps no history.
  if (target.changeSetId !== null) return { set, stated: sql`true` };
  return { set, stated: sql`(select set_config('playout.history_columns', ${names.join(",")} || '@' || history_statement_stamp(), true)) <> ''` };
}
