// patches/graphql-jit+0.8.9.patch (patches/README.md): graphql-jit builds a leaf's error locations
// and path only when the leaf errs, from a function compiled beside the query. What an error says
// must not change: random data over a small schema (nested lists, non-null and nullable leaves,
// a scalar whose serialize throws or answers nothing, stored errors) is run through
// graphql-js's own execute and through graphql-jit, with the service's options, and both answers
// must be the same (see `comparable` for what graphql-jit has always answered its own way).
// Checked to fail: with the compiled path function writing 0 for the first list's index, it fails
// within 20 runs.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { buildSchema, execute, parse, type ExecutionResult, type GraphQLScalarType } from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { describe, expect, it } from "vitest";

const PATCH = readFileSync(new URL("../../patches/graphql-jit+0.8.9.patch", import.meta.url), "utf8");
const MARK = /\/\/ playout-gateway: ([^:\n]+)/.exec(PATCH)![1];

const schema = buildSchema(`
  scalar Odd
  type Query { shows: [Show] first: Show! count: Int! }
  type Show { title: String! note: String rank: Int odd: Odd oddStrict: Odd! slots: [Slot!] }
  type Slot { at: Int! label: String odd: Odd tags: [String!]! }
`);
// Odd answers odd numbers; an even one is refused (serialize throws), a zero answers nothing (undefined).
const odd = schema.getType("Odd") as GraphQLScalarType;
odd.serialize = (value: unknown) => {
  if (value === 0) return undefined;
  if (typeof value === "number" && value % 2 === 0) throw new TypeError(`even: ${value}`);
  return value;
};

/** A leaf's value: mostly good, sometimes null, an Error, or what the scalar refuses. */
const leaf = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 6, arbitrary: good }, fc.constant(null), fc.constant(undefined), fc.constant(new Error("stored error")));
const oddValue = leaf(fc.integer({ min: -3, max: 3 }));
const slot = fc.record({ at: leaf(fc.integer()), label: leaf(fc.string({ maxLength: 3 })), odd: oddValue, tags: fc.oneof(fc.array(leaf(fc.constantFrom("a", "b")), { maxLength: 3 }), fc.constant(null)) });
const show = fc.record({ title: leaf(fc.string({ maxLength: 4 })), note: leaf(fc.string({ maxLength: 4 })), rank: leaf(fc.integer({ min: 0, max: 9 })), odd: oddValue, oddStrict: oddValue, slots: fc.oneof(fc.array(fc.oneof(slot, fc.constant(null)), { maxLength: 3 }), fc.constant(null)) });
const root = fc.record({ shows: fc.oneof(fc.array(fc.oneof(show, fc.constant(null)), { maxLength: 4 }), fc.constant(null)), first: fc.oneof(show, fc.constant(null)), count: leaf(fc.integer({ min: 0, max: 5 })) });

/** A selection of some of each type's fields, some of them aliased. */
const fieldsOf = (names: string[], nested: Record<string, fc.Arbitrary<string>> = {}) =>
  fc.subarray(names, { minLength: 1 }).chain((picked) =>
    fc.tuple(...picked.map((name) => fc.tuple(fc.boolean(), nested[name] ?? fc.constant("")).map(([alias, sub]) => `${alias ? `${name}Alias: ` : ""}${name}${sub ? ` { ${sub} }` : ""}`))).map((parts) => parts.join(" ")),
  );
const slotFields = fieldsOf(["at", "label", "odd", "tags"]);
const showFields = fieldsOf(["title", "note", "rank", "odd", "oddStrict", "slots"], { slots: slotFields });
const query = fieldsOf(["shows", "first", "count"], { shows: showFields, first: showFields });

// graphql-jit words a scalar's refusal its own way ("Expected a value of type …") and reports every
// null of a non-null list's items where graphql-js stops at the first, as it did before the mend:
// the data must be graphql-js's, and each of graphql-js's errors must be among jit's with the same
// message, path and locations.
const messageOf = (message: string) => (/^Expected /.test(message) || message.startsWith("even: ") ? "(the scalar refused the value)" : message);
const comparable = (result: ExecutionResult) =>
  JSON.parse(JSON.stringify({
    data: result.data,
    errors: result.errors?.map((e) => ({ message: messageOf(e.message), path: e.path, locations: e.locations })).sort((a, b) => JSON.stringify(a.path).localeCompare(JSON.stringify(b.path))),
  }));

describe("the graphql-jit mend", () => {
  it("is in both builds of the installed graphql-jit", () => {
    const dist = dirname(createRequire(import.meta.url).resolve("graphql-jit"));
    for (const file of ["execution.js", "execution.mjs", "runtime.js", "runtime.mjs"]) expect(readFileSync(join(dist, file), "utf8"), file).toContain("// playout-gateway: ");
    expect(readFileSync(join(dist, "execution.mjs"), "utf8")).toContain(`// playout-gateway: ${MARK}`);
  });

  it("answers what graphql-js answers, errors included, on random data and selections", async () => {
    await fc.assert(
      fc.asyncProperty(query, root, async (text, data) => {
        const document = parse(`{ ${text} }`);
        const compiled = compileQuery(schema, document, undefined, { disablingCapturingStackErrors: true });
        if (!isCompiledQuery(compiled)) throw new Error(JSON.stringify(compiled));
        const expected = comparable(await execute({ schema, document, rootValue: data }));
        const actual = comparable(await compiled.query(data, {}, {}));
        expect(actual.data).toEqual(expected.data);
        expect(actual.errors ?? []).toEqual(expect.arrayContaining(expected.errors ?? []));
      }),
      { numRuns: 300 },
    );
  });
});
