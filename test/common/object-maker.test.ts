// objectMaker (src/common/object-maker.ts) makes the same objects as assigning each key in turn
// to `{}` or Object.create(prototype): keys, their order, values, property attributes and the
// prototype, for key lists drawn at random (names a column or field map could hold and stranger
// ones: quotes, backslashes, digits, `constructor`, keys repeated) and values of every JSON kind.
import { describe, expect, it } from "vitest";
import { objectMaker } from "../../src/common/object-maker.js";

let seed = 20261206;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

const NAMES = ["id", "scheduleId", "onAirTime", "title", "preloadedAsset", "constructor", "toString", "0", "12", "a b", 'quo"te', "back\\slash", "new\nline", "$dollar", "_under", "émission", "日本", "valueOf", "hasOwnProperty", "data"];
const VALUES = [null, 0, -1.5, 2 ** 53 - 1, "", "text", true, false, [1, "two"], { nested: { deep: [null] } }, new Date(0)];

/** The object as the code made it before: each key assigned in turn. */
function assigned(keys: readonly string[], values: readonly unknown[], prototype: object): Record<string, unknown> {
  const object = Object.create(prototype) as Record<string, unknown>;
  keys.forEach((key, i) => (object[key] = values[i]));
  return object;
}

class Parent {
  inherited(): string {
    return "parent";
  }
}

describe("objectMaker", () => {
  it("makes what assigning each key in turn makes, for random keys, values and prototypes", () => {
    for (let draw = 0; draw < 500; draw++) {
      const keys = Array.from({ length: Math.floor(random() * 60) }, () => (random() < 0.8 ? pick(NAMES) : `k${Math.floor(random() * 100)}`));
      const prototype = pick([Object.prototype, Parent.prototype, Object.create(null) as object]);
      const make = objectMaker(keys, prototype);
      for (let n = 0; n < 3; n++) {
        const values = keys.map(() => pick(VALUES));
        const made = make(values);
        const expected = assigned(keys, values, prototype);
        expect(Object.getPrototypeOf(made)).toBe(prototype);
        expect(Object.keys(made)).toEqual(Object.keys(expected));
        expect(Object.getOwnPropertyDescriptors(made)).toEqual(Object.getOwnPropertyDescriptors(expected));
        expect(JSON.stringify(made)).toBe(JSON.stringify(expected));
      }
    }
  });

  it("makes instances of a class's prototype, and plain objects by default", () => {
    expect(objectMaker(["a"], Parent.prototype)([1])).toBeInstanceOf(Parent);
    expect(Object.getPrototypeOf(objectMaker(["a"])([1]))).toBe(Object.prototype);
  });

  it("refuses __proto__ as a key", () => {
    expect(() => objectMaker(["id", "__proto__"])).toThrow(/__proto__/);
  });
});
