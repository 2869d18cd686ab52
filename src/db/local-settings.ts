// Transaction-local settings (set_config(name, value, true)): what the history triggers read of
// the writer (playout.actor, playout.operation). Set either by a statement of their own, or inside
// the first statement a unit of work sends anyway, as a one-time condition of its WHERE: the
// planner evaluates an uncorrelated sub-select once, before the statement reads a row, so the
// settings hold for the rest of the statement and of the transaction.
import { sql, type SQL } from "drizzle-orm";
import type { Executor } from "./client.js";

/** Names and values, set in this order. */
export type LocalSettings = ReadonlyMap<string, string>;

const setEach = (settings: LocalSettings): SQL[] => [...settings].map(([name, value]) => sql`set_config(${name}, ${value}, true)`);

/** Sets `settings` in a statement of their own (none: nothing sent). */
export async function setLocals(executor: Executor, settings: LocalSettings): Promise<void> {
  if (settings.size === 0) return;
  await executor.execute(sql`select ${sql.join(setEach(settings), sql`, `)}`);
}

/**
 * A condition to AND into a kept statement's WHERE that sets `settings` first (always true;
 * undefined when there are none): names and values as placeholders (`values`, by their
 * placeholder names); `key` (how many) is all that shapes its text.
 */
export function heldLocals(settings: LocalSettings | undefined): { key: string; condition: () => SQL | undefined; values: Record<string, string> } {
  const entries = settings ? [...settings] : [];
  const values: Record<string, string> = {};
  entries.forEach(([name, value], i) => {
    values[`local-name:${i}`] = name;
    values[`local:${i}`] = value;
  });
  const condition = () =>
    entries.length === 0 ? undefined : sql`(select ${sql.join(entries.map((_, i) => sql`set_config(${sql.placeholder(`local-name:${i}`)}, ${sql.placeholder(`local:${i}`)}, true)`), sql` || `)}) is not null`;
  return { key: String(entries.length), condition, values };
}
