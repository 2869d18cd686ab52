// The defaults of input object fields under graphql-jit (src/server/graphql/input-defaults.ts):
// for every input type of the schema that has a default anywhere in it, a minimal value without
// the defaulted fields is filled so that graphql-js's own coercion of it is unchanged, every
// default is present, and graphql-jit runs it without an error (it refused a non-null defaulted
// field and left a nullable one undefined before).
import { readFileSync } from "node:fs";
import {
  buildSchema,
  coerceInputValue,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  type GraphQLInputType,
  type GraphQLInputObjectType,
  type VariableDefinitionNode,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery } from "graphql-jit";
import { describe, expect, it } from "vitest";
import { inputDefaulter } from "../../src/server/graphql/input-defaults.js";

const schema = buildSchema(readFileSync(new URL("../../schema.graphql", import.meta.url), "utf8"));
const SCALARS: Record<string, unknown> = { String: "x", ID: "1", Int: 1, SafeInt: 1, Float: 1.5, Boolean: true, DateTime: "2026-01-01T00:00:00.000Z", JSON: {}, JSONObject: {}, Timecode: "00:00:01:00" };
const SKIP = Symbol("no minimal value");

/** The least value of a type graphql-js accepts: required fields only, lists empty. */
function minimal(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [];
  if (isEnumType(inner)) return inner.getValues()[0].name;
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields())) {
      if (!isNonNullType(field.type) || field.defaultValue !== undefined) continue;
      const value = minimal(field.type);
      if (value === SKIP) return SKIP;
      out[field.name] = value;
    }
    return out;
  }
  return inner.name in SCALARS ? SCALARS[inner.name] : SKIP;
}

const hasDefault = (type: GraphQLInputObjectType, seen = new Set<string>()): boolean => {
  if (seen.has(type.name)) return false;
  seen.add(type.name);
  return Object.values(type.getFields()).some((f) => {
    const named = getNullableType(isListType(getNullableType(f.type)) ? (getNullableType(f.type) as { ofType: GraphQLInputType }).ofType : f.type);
    return f.defaultValue !== undefined || (isInputObjectType(named) && hasDefault(named, seen));
  });
};

const definitionOf = (typeName: string): VariableDefinitionNode => (parse(`query($v: ${typeName}!) { __typename }`).definitions[0] as OperationDefinitionNode).variableDefinitions![0];

describe("input object defaults under graphql-jit", () => {
  const withDefaults = Object.values(schema.getTypeMap()).filter((t): t is GraphQLInputObjectType => isInputObjectType(t) && hasDefault(t));

  it("fills every default of every input type as graphql-js would, and graphql-jit runs the filled value", () => {
    let tried = 0;
    for (const type of withDefaults) {
      const value = minimal(type);
      if (value === SKIP) continue;
      tried++;
      const fill = inputDefaulter(schema, [definitionOf(type.name)]);
      expect(fill, type.name).not.toBeNull();
      const filled = fill!({ v: value }).v as Record<string, unknown>;
      // graphql-js's coercion of the filled value equals its coercion of the original.
      expect(coerceInputValue(filled, type), type.name).toEqual(coerceInputValue(value, type));
      for (const field of Object.values(type.getFields())) if (field.defaultValue !== undefined) expect(field.name in filled, `${type.name}.${field.name}`).toBe(true);
      const compiled = compileQuery(schema, parse(`query($v: ${type.name}!) { __typename }`));
      if (!isCompiledQuery(compiled)) throw new Error(`${type.name}: ${JSON.stringify(compiled.errors)}`);
      const result = compiled.query(undefined, {}, { v: filled }) as { errors?: unknown[] };
      expect(result.errors, type.name).toBeUndefined();
    }
    expect(tried).toBe(withDefaults.length);
    expect(tried).toBeGreaterThan(0);
  });

  it("fills a single value sent where a list is declared, which GraphQL coerces as a list of one", () => {
    for (const type of withDefaults) {
      const value = minimal(type);
      if (value === SKIP) continue;
      const definition = (parse(`query($v: [${type.name}!]) { __typename }`).definitions[0] as OperationDefinitionNode).variableDefinitions![0];
      const filled = inputDefaulter(schema, [definition])!({ v: value }).v as Record<string, unknown>;
      for (const field of Object.values(type.getFields())) if (field.defaultValue !== undefined) expect(field.name in filled, `${type.name}.${field.name}`).toBe(true);
      const compiled = compileQuery(schema, parse(`query($v: [${type.name}!]) { __typename }`));
      if (!isCompiledQuery(compiled)) throw new Error(`${type.name}: ${JSON.stringify(compiled.errors)}`);
      expect((compiled.query(undefined, {}, { v: filled }) as { errors?: unknown[] }).errors, type.name).toBeUndefined();
    }
  });

  it("costs nothing where no default applies, and leaves values it does not need to touch as they are", () => {
    expect(inputDefaulter(schema, [])).toBeNull();
    expect(inputDefaulter(schema, parse(`query($a: ID!, $b: [String!]) { __typename }`).definitions.flatMap((d) => (d as OperationDefinitionNode).variableDefinitions ?? []))).toBeNull();
    const generate = inputDefaulter(schema, [definitionOf("GenerateScheduleInput")])!;
    const given = { v: { templateId: "1", scheduleId: "2", from: "2026-03-02", days: 1, seed: 9 } };
    expect(generate(given)).toBe(given);
    expect(generate({ v: { templateId: "1", scheduleId: "2", from: "2026-03-02", days: 1 } }).v).toMatchObject({ seed: 0 });
    expect(generate({ v: null })).toEqual({ v: null });
  });
});
