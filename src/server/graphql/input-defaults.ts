// The defaults of input object fields, put into a request's variables before graphql-jit runs
// them. graphql-js's coercion applies a nested field's default (`seed: Int! = 0` inside an input
// object sent as a variable without `seed`); graphql-jit's does not: it refused a non-null one and
// left a nullable one undefined. Filled here, both executors see the same values. Worked out once
// per operation: an operation whose variables hold no input object with a default costs nothing.
import {
  astFromValue,
  getNamedType,
  getNullableType,
  isInputObjectType,
  isListType,
  type GraphQLInputType,
  type GraphQLSchema,
  typeFromAST,
  valueFromASTUntyped,
  type VariableDefinitionNode,
} from "graphql";

type Fill = (value: unknown) => unknown;

/** A function that fills the defaults into an operation's variables, or null when none can apply. */
export function inputDefaulter(schema: GraphQLSchema, definitions: readonly VariableDefinitionNode[]): ((variables: Record<string, unknown>) => Record<string, unknown>) | null {
  const fills = new Map<string, Fill>();
  for (const definition of definitions) {
    const type = typeFromAST(schema, definition.type as never) as GraphQLInputType | undefined;
    const fill = type ? fillerOf(type, new Map()) : null;
    if (fill) fills.set(definition.variable.name.value, fill);
  }
  if (fills.size === 0) return null;
  return (variables) => {
    let out = variables;
    for (const [name, fill] of fills) {
      if (!(name in variables)) continue;
      const filled = fill(variables[name]);
      if (filled !== variables[name]) out = out === variables ? { ...variables, [name]: filled } : Object.assign(out, { [name]: filled });
    }
    return out;
  };
}

/** The filler of one input type, or null when no value of it can miss a default (memoized per type: input types may recur). */
function fillerOf(type: GraphQLInputType, seen: Map<string, Fill | null>): Fill | null {
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    const item = fillerOf(nullable.ofType, seen);
    if (!item) return null;
    // A single value where a list is declared is coerced as a list of one (GraphQL spec 3.11): filled as an item.
    return (value) => (Array.isArray(value) ? mapChanged(value, item) : item(value));
  }
  if (!isInputObjectType(nullable)) return null;
  const name = getNamedType(nullable).name;
  if (seen.has(name)) return seen.get(name)!;
  // A recursive input type refers to itself through this slot while it is worked out.
  let resolved: Fill | null = null;
  seen.set(name, (value) => (resolved ? resolved(value) : value));
  const defaults: [string, unknown][] = [];
  const nested: [string, Fill][] = [];
  for (const field of Object.values(nullable.getFields())) {
    if (field.defaultValue !== undefined) {
      const ast = astFromValue(field.defaultValue, field.type);
      if (ast) defaults.push([field.name, valueFromASTUntyped(ast)]);
    }
    const inner = fillerOf(field.type, seen);
    if (inner) nested.push([field.name, inner]);
  }
  if (defaults.length === 0 && nested.length === 0) {
    seen.set(name, null);
    return null;
  }
  resolved = (value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
    const record = value as Record<string, unknown>;
    let out: Record<string, unknown> | null = null;
    for (const [field, fallback] of defaults) if (!(field in record)) (out ??= { ...record })[field] = fallback;
    for (const [field, fill] of nested) {
      if (!(field in record)) continue;
      const filled = fill(record[field]);
      if (filled !== record[field]) (out ??= { ...record })[field] = filled;
    }
    return out ?? record;
  };
  seen.set(name, resolved);
  return resolved;
}

/** The list with each item filled; the same array when no item changed. */
function mapChanged(values: unknown[], fill: Fill): unknown[] {
  let out: unknown[] | null = null;
  values.forEach((value, i) => {
    const filled = fill(value);
    if (filled !== value) (out ??= [...values])[i] = filled;
  });
  return out ?? values;
}
