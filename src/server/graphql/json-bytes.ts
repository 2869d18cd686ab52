// An answer's JSON as UTF-8 bytes, the same bytes as Buffer.from(JSON.stringify(value)), built in
// pieces. JSON.stringify returns a large text as a tree of parts; the first read of it (its byte
// length, its UTF-8 bytes) copies it into one flat string, and a flat string over 128 KiB lives in
// V8's large-object space: for a 300 KB usage answer that copy cost 1.1 ms, more than the
// stringify itself (0.7 ms), and the flat copy was then encoded once more to be written
// (docs/PERFORMANCE.md "Large answers as bytes"). Here an array is written a run of elements at a
// time (one JSON.stringify a run, sized to about RUN_CHARS of text) and each PIECE_CHARS of text
// goes to bytes at once, so no string of the answer outgrows 128 KiB.

/** Text turned into bytes at a time (a text added alone may be longer): half the 128 KiB where V8 strings go to large-object space. */
const PIECE_CHARS = 64 * 1024;

/** The text a run of array elements aims at; a run is 1 to MAX_RUN elements, sized by the last run's (the first is one element). */
const RUN_CHARS = 16 * 1024;
const MAX_RUN = 256;

/** A run's text longer than this is written again element by element (and an element member by member). */
const WHOLE_CHARS = 64 * 1024;

class PieceWriter {
  private text = "";
  private readonly pieces: Buffer[] = [];
  private bytes = 0;

  add(text: string): void {
    if (this.text.length + text.length > PIECE_CHARS) this.flush();
    this.text += text;
  }

  private flush(): void {
    if (this.text.length === 0) return;
    const piece = Buffer.from(this.text, "utf8");
    this.pieces.push(piece);
    this.bytes += piece.length;
    this.text = "";
  }

  finish(): Buffer {
    this.flush();
    return this.pieces.length === 1 ? this.pieces[0] : Buffer.concat(this.pieces, this.bytes);
  }
}

/** Objects JSON.stringify writes as their own enumerable keys: plain ones, without toJSON. */
function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/** What JSON.stringify omits from an object (and writes as null in an array). */
const omitted = (value: unknown) => value === undefined || typeof value === "function" || typeof value === "symbol";

/** Writes `value` (not omitted), descending into arrays and plain objects. */
function write(out: PieceWriter, value: unknown): void {
  if (value === null || typeof value !== "object") {
    out.add(JSON.stringify(value));
  } else if (Array.isArray(value)) {
    writeArray(out, value);
  } else if (isPlainObject(value)) {
    out.add("{");
    let first = true;
    for (const key of Object.keys(value)) {
      const member = value[key];
      if (omitted(member)) continue;
      out.add(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
      first = false;
      write(out, member);
    }
    out.add("}");
  } else {
    out.add(JSON.stringify(value)); // a Date, a boxed value: its toJSON or valueOf, as JSON.stringify does
  }
}

/** `[…]`, a run of elements at a time: JSON.stringify of the run, its brackets dropped. */
function writeArray(out: PieceWriter, array: unknown[]): void {
  out.add("[");
  let run = 1; // the first element alone: its length sizes the next run
  for (let from = 0; from < array.length; ) {
    const to = Math.min(array.length, from + run);
    if (from > 0) out.add(",");
    const text = JSON.stringify(from === 0 && to === array.length ? array : array.slice(from, to));
    if (text.length <= WHOLE_CHARS) out.add(text.slice(1, -1));
    else writeLargeRun(out, array, from, to);
    run = Math.max(1, Math.min(MAX_RUN, Math.floor((RUN_CHARS * (to - from)) / text.length)));
    from = to;
  }
  out.add("]");
}

/** Elements whose text together was too long for one piece: each whole, or member by member when it alone is. */
function writeLargeRun(out: PieceWriter, array: unknown[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    if (i > from) out.add(",");
    const element = array[i];
    const text = omitted(element) ? "null" : JSON.stringify(element);
    // Written again in pieces: one more stringify of an element this large, never a flat copy of it.
    if (text.length > WHOLE_CHARS && element !== null && typeof element === "object") write(out, element);
    else out.add(text);
  }
}

/**
 * Buffer.from(JSON.stringify(value)) without a large flat string; for JSON-ready values (what an
 * execution result holds: plain objects, arrays, strings, numbers, booleans, null, Dates). A value
 * JSON.stringify writes as nothing (undefined) gives an empty buffer.
 */
export function jsonBytes(value: unknown): Buffer {
  if (omitted(value)) return Buffer.alloc(0);
  const out = new PieceWriter();
  write(out, value);
  return out.finish();
}
