// patches/type-graphql+2.0.0-rc.4.patch (patches/README.md): the installed type-graphql works out
// an input type's fields once, converts an input object by its own keys (not by every field of its
// type), and sorts a resolver's params once. Both builds carry each hunk's mark (npm's postinstall
// applied it). What the conversion answers is held here against the rule type-graphql 2.0 states
// in its code: for every input type of the schema, valid values drawn at random (graphql-js coerces
// them, as a request's are) become instances of the input's class whose own keys are the fields
// set, in the order the class declares them, each converted the same way; the params' order is held by
// every resolver with more than one (their decorators record them last first, so each resolver's
// first call still sorts them).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import fc from "fast-check";
import { coerceInputValue, GraphQLList, GraphQLString, isInputObjectType, type GraphQLInputObjectType, type GraphQLSchema } from "graphql";
import { getMetadataStorage } from "type-graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { drawValue, seeded } from "../helpers/input-values.js";

const PATCH = readFileSync(new URL("../../patches/type-graphql+2.0.0-rc.4.patch", import.meta.url), "utf8");
const MARKS = new Map([...PATCH.matchAll(/^diff --git a\/\S+\/build\/esm\/(\S+) [\s\S]*?\/\/ playout-gateway: ([^:\n]+)/gm)].map((m) => [m[1], m[2]]));
const ROOT = dirname(dirname(dirname(createRequire(import.meta.url).resolve("type-graphql"))));

type Target = abstract new () => unknown;
interface FieldMetadata {
  name: string;
  getType(): unknown;
}
interface InputMetadata {
  name: string;
  target: Target;
  fields: FieldMetadata[];
}

let schema: GraphQLSchema;
let convertArgToInstance: (arg: { name: string; getType(): unknown }, args: Record<string, unknown>) => unknown;
beforeAll(async () => {
  schema = await buildGraphQLSchema();
  // The build the service loads (package.json's exports for `import`).
  ({ convertArgToInstance } = await import(join(ROOT, "build/esm/resolvers/convert-args.js")));
});

const inputTypes = (): InputMetadata[] => (getMetadataStorage() as unknown as { inputTypes: InputMetadata[] }).inputTypes;
const inputOf = (target: unknown): InputMetadata | undefined => inputTypes().find((t) => t.target === target);

/** An input class's fields: its own, then each superclass's not already declared (type-graphql's order). */
function fieldsOf(input: InputMetadata): FieldMetadata[] {
  const fields = [...input.fields];
  for (let parent = Object.getPrototypeOf(input.target); parent?.prototype !== undefined; parent = Object.getPrototypeOf(parent)) {
    const inherited = inputOf(parent);
    if (inherited) fields.push(...inherited.fields.filter((f) => !fields.some((g) => g.name === f.name)));
  }
  return fields;
}

/** Where `actual` breaks the rule for a value of `target` (an empty list when it keeps it). */
function faults(target: unknown, value: unknown, actual: unknown, path: string): string[] {
  if (value === null || value === undefined) return actual === value ? [] : [`${path}: ${String(value)} became ${JSON.stringify(actual)}`];
  if (Array.isArray(value)) {
    if (!Array.isArray(actual) || actual.length !== value.length) return [`${path}: a list of ${value.length} became ${JSON.stringify(actual)}`];
    return value.flatMap((item, i) => faults(target, item, actual[i], `${path}[${i}]`));
  }
  const input = inputOf(target);
  if (!input) return actual === value ? [] : [`${path}: a ${typeof value} was replaced`];
  if (!(actual instanceof (input.target as abstract new () => object))) return [`${path}: not an instance of ${input.name}`];
  const set = fieldsOf(input).filter((f) => (value as Record<string, unknown>)[f.name] !== undefined);
  const keys = Object.keys(actual as object);
  if (keys.join() !== set.map((f) => f.name).join()) return [`${path}: keys ${keys.join()} where ${set.map((f) => f.name).join()} were set`];
  return set.flatMap((f) => faults(f.getType(), (value as Record<string, unknown>)[f.name], (actual as Record<string, unknown>)[f.name], `${path}.${f.name}`));
}

/** `value` with the keys of each object in a random order. */
function reordered(value: unknown, next: () => number): unknown {
  if (Array.isArray(value)) return value.map((item) => reordered(item, next));
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, reordered(item, next), next()] as const);
  return Object.fromEntries(entries.sort((a, b) => a[2] - b[2]).map(([key, item]) => [key, item]));
}

describe("the type-graphql mend", () => {
  it("is in both builds of the installed type-graphql", () => {
    expect([...MARKS.keys()].sort()).toEqual(["resolvers/convert-args.js", "resolvers/helpers.js"]);
    for (const [file, mark] of MARKS) for (const build of ["esm", "cjs"]) expect(readFileSync(join(ROOT, "build", build, file), "utf8"), `${build}/${file}`).toContain(`// playout-gateway: ${mark}`);
  });

  it("converts every input type's values into instances of its class, with the fields set in the class's order", () => {
    const classes = inputTypes().filter((t) => isInputObjectType(schema.getType(t.name)));
    expect(classes.length).toBeGreaterThan(30);
    let converted = 0;
    fc.assert(
      fc.property(fc.constantFrom(...classes), fc.boolean(), fc.integer(), (input, list, seed) => {
        const type = schema.getType(input.name) as GraphQLInputObjectType;
        const next = seeded(seed);
        const drawn = list ? [drawValue(type, next), drawValue(type, next)] : drawValue(type, next);
        let value: unknown;
        try {
          value = coerceInputValue(drawn, list ? new GraphQLList(type) : type);
        } catch {
          return; // refused before conversion, as a request's would be
        }
        converted++;
        // Whatever order the keys come in (graphql-jit's is the schema's): the class's order out.
        value = reordered(value, next);
        const actual = convertArgToInstance({ name: "a", getType: () => input.target }, { a: value });
        expect(faults(input.target, value, actual, input.name)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
    expect(converted).toBeGreaterThan(500);
  });

  it("hands a resolver the arguments no validation would look at as they are, without a promise; the others still go through validateArg", async () => {
    const { getParams } = await import(join(ROOT, "build/esm/resolvers/helpers.js"));
    const settings = fc.constantFrom<boolean | object | undefined>(undefined, false, true, {});
    await fc.assert(
      fc.asyncProperty(fc.anything(), settings, settings, fc.boolean(), async (value, globalValidate, argValidate, withFunction) => {
        const effective = argValidate !== undefined ? argValidate : globalValidate;
        const validated = withFunction || (effective !== false && value !== null && typeof value === "object");
        // Validation by class-validator is not installed here: only a validate function is run.
        fc.pre(withFunction || !validated);
        const seen: unknown[] = [];
        const validateFn = withFunction ? (checked: unknown) => void seen.push(checked) : undefined;
        // One @Arg (an @Args object takes the same path, through its class's conversion).
        const param = { kind: "arg", name: "a", index: 0, getType: () => GraphQLString, validateSettings: argValidate, validateFn };
        const params = getParams([param], { args: { a: value }, root: null, context: {}, info: null }, globalValidate, undefined);
        expect(typeof params?.then === "function").toBe(validated);
        const [given] = await params;
        expect(given).toEqual(value);
        expect(seen).toEqual(withFunction ? [given] : []);
      }),
      { numRuns: 500 },
    );
  });
});
