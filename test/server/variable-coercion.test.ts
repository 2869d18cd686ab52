// patches/graphql-jit+0.8.9.patch, its variables hunk (patches/README.md): graphql-jit coerces an
// input object by a function of its own type instead of inlining every field of every nested input
// type at each place it is used. Inlined, the variables of a bulk edit (`[EventInput!]!`) were one
// function of 640 KB of source, which V8 never optimizes: 6 ms for 1,000 events.
// What a caller is told must not change: JSON values drawn at random for every input type of the
// service's schema (most fields right, some of the wrong type, null, missing, unknown, nested lists)
// go through graphql-js's getVariableValues and through graphql-jit's compiled query (as the
// service runs it: input-defaults.ts first): both refuse
// the same values, and where both accept, they give the same coerced values.
// Checked to fail: with the function given the element's path as "" (the messages test), with
// arrays taken as input objects again (the comparison), and unpatched (the comparison, the size).
import { createRequire } from "node:module";
import fc from "fast-check";
import {
  getVariableValues,
  isInputObjectType,
  parse,
  typeFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { beforeAll, describe, expect, it } from "vitest";
import { inputDefaulter } from "../../src/server/graphql/input-defaults.js";
import { drawValue, seeded } from "../helpers/input-values.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";

// The CommonJS build, the one the service loads (its ESM build does not load in Node).
const { compileVariableParsing } = createRequire(import.meta.url)("graphql-jit/dist/variables") as {
  compileVariableParsing: (schema: GraphQLSchema, definitions: OperationDefinitionNode["variableDefinitions"]) => (input: Record<string, unknown>) => { errors?: { message: string }[]; coerced?: Record<string, unknown> };
};

let schema: GraphQLSchema;
beforeAll(async () => {
  schema = await buildGraphQLSchema();
});

const inputObjectNames = () =>
  Object.values(schema.getTypeMap())
    .filter((type) => isInputObjectType(type) && !type.name.startsWith("__"))
    .map((type) => type.name)
    .sort();

/** The query of one input type under one wrapping, compiled by graphql-jit as the service compiles it, with its defaulter. */
function compiledFor(name: string, wrap: string) {
  const document = parse(`query Q($v: ${wrap.replace("T", name)}, $w: ${name}) { __typename }`);
  const operation = document.definitions[0] as OperationDefinitionNode;
  const compiled = compileQuery(schema, document, "Q");
  if (!isCompiledQuery(compiled)) throw new Error("not compiled");
  return { operation, compiled, fill: inputDefaulter(schema, operation.variableDefinitions!), parseVariables: compileVariableParsing(schema, operation.variableDefinitions) };
}

describe("graphql-jit's coercion of variables", () => {
  it("refuses and accepts what graphql-js does, with the same values, for every input type of the schema", () => {
    const names = inputObjectNames();
    expect(names.length).toBeGreaterThan(30);
    // One compiled query per type and wrapping (compiling is what costs; each run draws new values).
    const compiledOf = new Map<string, ReturnType<typeof compiledFor>>();
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.constantFrom("T", "T!", "[T!]!", "[T]"), fc.integer(), (name, wrap, seed) => {
        const key = `${name} ${wrap}`;
        if (!compiledOf.has(key)) compiledOf.set(key, compiledFor(name, wrap));
        const { operation, compiled, fill, parseVariables } = compiledOf.get(key)!;
        const next = seeded(seed);
        // As a request brings them: JSON (no undefined, no functions).
        const variables = JSON.parse(JSON.stringify({ v: drawValue(typeFromAST(schema, operation.variableDefinitions![0].type) as GraphQLInputType, next), w: next() < 0.5 ? drawValue(schema.getType(name) as GraphQLInputType, next) : null })) as Record<string, unknown>;
        // As the service runs it (executor.ts): nested defaults filled first, which graphql-jit does not apply.
        const filled = fill?.(variables) ?? variables;
        const jit = compiled.query(undefined, {}, filled) as { errors?: readonly { message: string }[] };
        const js = getVariableValues(schema, operation.variableDefinitions!, variables);
        expect(Boolean(jit.errors?.length), `${JSON.stringify(variables)}: graphql-jit ${jit.errors?.[0]?.message ?? "accepts"}; graphql-js ${js.errors?.[0]?.message ?? "accepts"}`).toBe(Boolean(js.errors?.length));
        if (!js.errors) {
          const coerced = parseVariables(filled).coerced;
          expect(JSON.parse(JSON.stringify(coerced))).toEqual(JSON.parse(JSON.stringify(js.coerced)));
        }
      }),
      { numRuns: 6000 },
    );
  });

  it("names the element and field at fault, as graphql-jit always has", () => {
    const definitions = (parse(`query Q($u: [EventInput!]!) { __typename }`).definitions[0] as OperationDefinitionNode).variableDefinitions;
    const coerce = compileVariableParsing(schema, definitions);
    const { errors } = coerce({ u: [{ title: "a" }, { title: "b", liveParameters: { port: null, x: 1 } }, { eventType: "NOT_A_TYPE" }, "not an object"] });
    const messages = errors!.map((error) => error.message);
    expect(messages).toContainEqual(expect.stringContaining('Field "x" is not defined by type LiveParametersInput'));
    expect(messages).toContainEqual(expect.stringContaining('Variable "$eventType" got invalid value "NOT_A_TYPE"; Expected type EventType.'));
    expect(messages).toContainEqual(expect.stringContaining('Variable "$u" got invalid value "not an object"; Expected type EventInput to be an object.'));
    const required = coerce({ u: [{ title: "a" }, null, { contentAdvisory: [{}, null] }] }).errors!.map((error) => error.message);
    expect(required).toEqual([
      expect.stringContaining("Expected non-nullable type EventInput! not to be null at value[1]."),
      expect.stringContaining("Expected non-nullable type ContentAdvisoryInput! not to be null at value[2].contentAdvisory[1]."),
    ]);
  });

  it("keeps the coercion of a list of a nested input type small: one function per input type, not every field inlined", () => {
    const definitions = (parse(`mutation B($s: ID!, $v: Int!, $u: [EventInput!]!) { __typename }`).definitions[0] as OperationDefinitionNode).variableDefinitions;
    // Unmended: 640 KB of source in this one function; V8 leaves a function of that size unoptimized.
    expect(compileVariableParsing(schema, definitions).toString().length).toBeLessThan(16_000);
  });
});
