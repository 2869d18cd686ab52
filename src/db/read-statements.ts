// Which statements sent outside a transaction are reads a departed client's cancel may stop
// (cancel.ts): a plain `select`, and a `with …` whose common table expressions only read. A
// data-modifying `with` (`with gone as (delete from …)`, `with u as (update … set …)`) is a write:
// it runs to its end on a shared connection, as every write does. The statements are the code's
// own texts (values travel as parameters), so their keywords say what they do.

const SELECT = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
/** A data-modifying clause anywhere in the text; `for update` (a lock) is not one. */
const WRITES = /\b(?:insert\s+into|delete\s+from|merge\s+into|truncate)\b|\bupdate\s+(?:only\s+)?(?:"[^"]+"|[\w.]+)(?:\s+(?:as\s+)?\w+)?\s+set\b/i;

/** Whether `text` is a statement that only reads. */
export function isReadStatement(text: string): boolean {
  return SELECT.test(text) || (WITH.test(text) && !WRITES.test(text));
}

/** Whether `text` begins as a read would (select or with): what may be sent as a prepared statement. */
export function looksLikeRead(text: string): boolean {
  return SELECT.test(text) || WITH.test(text);
}
