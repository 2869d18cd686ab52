// jsonBytes (src/server/graphql/json-bytes.ts) writes an answer in pieces and must give exactly the bytes
// of Buffer.from(JSON.stringify(value)), for every JSON-ready value, large or small.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonBytes } from "../../src/server/graphql/json-bytes.js";

const same = (value: unknown): void => {
  expect(jsonBytes(value).equals(Buffer.from(JSON.stringify(value) ?? "", "utf8"))).toBe(true);
};

/** Leaves an execution result holds, with the text JSON escapes and what JSON.stringify omits or writes as null. */
const leaf = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom("\u0000", "\u001f", '"', "\\", "\u2028", "\ud800", "é", "𝄞", "a") }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);

/** Records as a list field answers them, and arrays long enough that runs of elements are cut and sized. */
const answer = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, tie("object"), tie("array")),
  object: fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 6 }),
  array: fc.oneof(fc.array(tie("value"), { maxLength: 8 }), fc.array(fc.dictionary(fc.string({ maxLength: 4 }), leaf, { maxKeys: 5 }), { maxLength: 400 })),
})).value;

describe("jsonBytes", () => {
  it("gives JSON.stringify's bytes for any JSON-ready value", () => {
    fc.assert(fc.property(answer, same), { numRuns: 400 });
  });

  it("gives them for answers far larger than a piece: long lists of records, one huge element, a huge string", () => {
    const record = (i: number) => ({ playoutId: `p-${i}`, name: i % 7 ? `Playout ${i} é` : null, at: new Date(Date.UTC(2026, 0, 1) + i * 60_000), up: i * 1.5, gone: undefined });
    const records = Array.from({ length: 20_000 }, (_, i) => record(i));
    same({ errors: undefined, data: { playoutUsage: records }, extensions: undefined });
    // Elements whose own text is past a run's: each written member by member.
    const schedules = Array.from({ length: 3 }, (_, s) => ({ id: String(s), events: { content: Array.from({ length: 3_000 }, (_, i) => record(i + s)) } }));
    same({ data: { schedules: { content: schedules } } });
    // Runs that start small and meet much larger elements later.
    same([1, 2, 3, ...Array.from({ length: 40 }, (_, i) => "x".repeat(5_000 * (i % 3)))]);
    same({ data: { text: "ü".repeat(300_000) } });
    same(Array.from({ length: 1_000 }, () => undefined));
  });

  it("writes what JSON.stringify writes for values outside a result too", () => {
    for (const value of [undefined, null, 0, -0, NaN, Infinity, "", [], {}, [undefined, () => 1, Symbol("s")], { a: undefined, b: () => 1 }, Object.create(null), new Number(3), { toJSON: () => "x" }, [new Date(0)]]) same(value);
  });
});
