// Reads of one row by its primary key. Such a read touches one row and ends in well under a
// millisecond, so cancelling it for a client that left (cancel.ts) saves nothing, while holding a
// connection alone for it costs two more round trips (begin, commit) on every call: a key read of
// a request runs on a shared connection, one round trip. The texts are those of statements the
// code builds (one per planned selection of a lookup, src/common/read-plan.ts), bounded: a text
// forgotten only runs the longer way.
import { boundedLru } from "../common/bounded-lru.js";

const texts = boundedLru<string, true>({ entries: 1024 });

/** Whether this statement text was registered by `keyRead`. */
export function isKeyRead(text: string): boolean {
  return texts.has(text);
}

/** Registers a statement built once that reads one row by its primary key, and prepares it under `name`. */
export function keyRead<P>(builder: { toSQL(): { sql: string }; prepare(name: string): P }, name: string): P {
  texts.set(builder.toSQL().sql, true);
  return builder.prepare(name);
}
