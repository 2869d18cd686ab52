// Objects of a fixed list of keys, made by a constructor compiled once per list. A row, a read
// plan's answer or an event of a JSON page was made by assigning its keys one by one with computed
// names (`object[name] = value`): V8 turns an object given more than about 16 properties that way
// into a dictionary, so a schedule (33 columns) or an event of 28 fields was made five times slower
// and read and written out slower after (docs/PERFORMANCE.md "Objects of many keys"). The compiled
// constructor names each key in its text: its objects keep their properties in the object itself,
// all of one shape. Same keys, order and values as the assignments; keys come from the code's own
// column and field maps, never from a request.
import { boundedLru } from "./bounded-lru.js";

/** Makes an object of the maker's keys from their values, given in the keys' order. */
export type ObjectMaker = (values: readonly unknown[]) => Record<string, unknown>;

type Constructor = new (values: readonly unknown[]) => Record<string, unknown>;

/** The makers' constructors by prototype and keys: a plan or statement shape each, bounded. */
const constructors = boundedLru<string, Constructor>({ entries: 1024 });
const prototypeIds = new WeakMap<object, number>();
let nextPrototypeId = 0;

function idOf(prototype: object): number {
  let id = prototypeIds.get(prototype);
  if (id === undefined) prototypeIds.set(prototype, (id = nextPrototypeId++));
  return id;
}

/**
 * A maker of objects with these keys and `prototype` (Object.prototype: plain objects, as `{}`):
 * the same objects as `{}` or Object.create(prototype) with each key assigned in turn.
 */
export function objectMaker(keys: readonly string[], prototype: object = Object.prototype): ObjectMaker {
  const cacheKey = `${idOf(prototype)}:${JSON.stringify(keys)}`;
  let Made = constructors.get(cacheKey);
  if (!Made) {
    if (keys.includes("__proto__")) throw new Error("objectMaker: __proto__ is not a key an object is made of");
    // Each key a string literal (JSON's quoting is a valid one): a named store, not a computed one.
    const body = keys.map((key, index) => `this[${JSON.stringify(key)}] = values[${index}];`).join("\n");
    Made = new Function("values", body) as unknown as Constructor;
    Made.prototype = prototype;
    constructors.set(cacheKey, Made);
  }
  const Constructed = Made;
  return (values) => new Constructed(values);
}
