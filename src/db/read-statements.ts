// Which statements sent outside a transaction are reads a departed client's cancel may stop
// (cancel.ts): a plain `select`, and a `with …` whose common table expressions only read. A
// data-modifying `with` (`with gone as (delete from …)`, `with u as (update … set …)`) is a write:
// it runs to its end on a shared connection, as every write does. The statements are the code's
// own texts (values travel as parameters), so their keywords say what they do. The test errs
// toward "write": a read taken for one is only left uncancelled, while a write taken for a read
// would be answered before its COMMIT and could be cancelled.

const SELECT = /^\s*select\b/i;
const WITH = /^\s*with\b/i;
/** A data-modifying keyword anywhere in the text; `update` in a lock clause (`for update`, `for no key update`) is not one. */
const WRITES = /\b(?:insert|delete|merge|truncate|copy|call)\b|(?<!\b(?:for|key)\s+)\bupdate\b/i;

/** Whether `text` is a statement that only reads. */
export function isReadStatement(text: string): boolean {
  return SELECT.test(text) || (WITH.test(text) && !WRITES.test(text));
}

/** Whether `text` begins as a read would (select or with): what may be sent as a prepared statement. */
export function looksLikeRead(text: string): boolean {
  return SELECT.test(text) || WITH.test(text);
}
