// Reads short by how they are built, which run on a shared connection instead of one held alone
// (cancel.ts readAlone). Holding a connection alone is what lets a departed client's read be
// cancelled without the cancel reaching another statement; it also means each such read is
// written to the socket by itself and waits for a free connection, never sharing one round trip
// with the reads of other requests (a page of 20 jobs went from 1.49 to 1.67 × PostGraphile's rate
// at 10 connections, 1.26 to 2.17 at 50, once shared). A short read ends in about a millisecond,
// so a cancel saves nothing, and its statement timeout still bounds it. Short reads run on
// connections of their own (client.ts), so that they never wait behind a long statement; there
// several share one write and one wake-up of the backend (docs/DECISIONS.md 85). They are:
// - a key read: one row by its primary key (the job poll);
// - a short page: a page without a count or a pattern (Condition.scans), in an order an index
//   gives (Order.indexed), whose last row is among the first SHORT_PAGE_ROWS of that order.
//   PostgreSQL reads its rows along the index and stops after them.
// The texts are those of statements the code builds (planned-select.ts), bounded: a text forgotten
// only runs the longer way.
import { boundedLru } from "../common/bounded-lru.js";

/** The rows a short page may reach in its order: past them (a far page's offset), it is a read like any other. */
export const SHORT_PAGE_ROWS = 1000;

type ShortRead = { kind: "key" } | { kind: "page"; rows: number; offsetAt: number };

const texts = boundedLru<string, ShortRead>({ entries: 1024 });

/** Whether this execution of a statement is short (runs on the short reads' connections), else it is held alone. */
export function isShortRead(text: string, parameters: readonly unknown[] | undefined): boolean {
  const read = texts.get(text);
  if (!read) return false;
  if (read.kind === "key") return true;
  const offset = read.offsetAt < 0 ? 0 : Number(parameters?.[read.offsetAt]);
  return Number.isSafeInteger(offset) && offset >= 0 && offset + read.rows <= SHORT_PAGE_ROWS;
}

/** Whether this text was registered by `shortPage` (whatever its offset). */
export function isShortPage(text: string): boolean {
  return texts.get(text)?.kind === "page";
}

interface Buildable<P> {
  toSQL(): { sql: string };
  prepare(name: string): P;
}

/** Registers a statement built once that reads one row by its primary key, and prepares it under `name`. */
export function keyRead<P>(builder: Buildable<P>, name: string): P {
  texts.set(builder.toSQL().sql, { kind: "key" });
  return builder.prepare(name);
}

/**
 * Registers a page statement built once (no count; an order an index gives) that reads at most
 * `rows` rows after its offset, and prepares it under `name`. Its offset, when it has one, is the
 * placeholder its text ends with (`offset $n`, as drizzle writes a page); a text with an offset
 * written any other way is not registered, so it runs as a read like any other.
 */
export function shortPage<P>(builder: Buildable<P>, name: string, rows: number): P {
  const text = builder.toSQL().sql;
  const offset = / offset \$(\d+)$/.exec(text);
  if (offset || !/ offset /i.test(text)) texts.set(text, { kind: "page", rows, offsetAt: offset ? Number(offset[1]) - 1 : -1 });
  return builder.prepare(name);
}
