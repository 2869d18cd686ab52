// The fields the field fuzz attacks (field-fuzz.ts): every root field of a schema, and every field
// with arguments below the root with the shortest query that reaches it; the callers, the limits
// and the seeded records the cases are drawn for.
import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isObjectType,
  type GraphQLField,
  type GraphQLSchema,
  type IntrospectionQuery,
} from "graphql";

export type FuzzRole = "none" | "viewer" | "editor" | "admin";
export const FUZZ_ROLES: FuzzRole[] = ["none", "viewer", "editor", "admin"];

export interface FuzzLimits {
  /** MAX_LIST_LENGTH: the longest list argument the service accepts. */
  maxListLength: number;
  /** MAX_STRING_LENGTH: UTF-8 bytes of a text argument. */
  maxStringLength: number;
  /** MAX_INPUT_DEPTH: nesting of a variable or literal. */
  maxInputDepth: number;
  /** REQUEST_TIMEOUT_MS: every answer must come within it (plus `marginMs`). */
  requestTimeoutMs: number;
  /**
   * The limit of the list at a schema coordinate (`Mutation.deleteEvents(ids:)`, `EventCriteriaInput.ids`),
   * where the service allows some lists more than MAX_LIST_LENGTH (src/server/list-limits.ts); default
   * maxListLength everywhere.
   */
  listLimitOf?: (coordinate: string) => number;
}

/** The limits of a configuration (src/config.ts's Config, or loadConfig()); MAX_LIST_LENGTH 1000 where the config has none yet. */
export function limitsOf(config: Record<string, unknown>): FuzzLimits {
  const num = (key: string, fallback: number) => (typeof config[key] === "number" ? (config[key] as number) : fallback);
  return {
    maxListLength: num("maxListLength", 1000),
    maxStringLength: num("maxStringLength", 2000),
    maxInputDepth: num("maxInputDepth", 32),
    requestTimeoutMs: num("requestTimeoutMs", 30_000),
  };
}

/** Real records the plausible values name (ids of a seeded organization). */
export interface FuzzRecords {
  organization: string;
  scheduleIds: string[];
  eventIds: string[];
  changeSetIds: string[];
  jobIds: string[];
  assetIds: string[];
  /** The current versions of the seeded schedules (what a `version` argument plausibly is). */
  versions?: number[];
}

/** A field the fuzz sends arguments to: a root field, or a field with arguments below the root (reached by queries). */
export interface RootField {
  operation: "query" | "mutation";
  /** `createEvent` for a root field, `Schedule.atVersion` for a field below the root. */
  name: string;
  field: GraphQLField<unknown, unknown>;
  /** The type that holds the field (Query, Mutation, Schedule, …): its schema coordinate is `parentType.name(arg:)`. */
  parentType: string;
  /** The fields from the root down to the field's parent, their arguments plausible (none for a root field). */
  via?: GraphQLField<unknown, unknown>[];
}

/** Every root field of the schema: the queries, then the mutations (subscriptions: none in this service). */
export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  for (const [operation, type] of [["query", schema.getQueryType()], ["mutation", schema.getMutationType()]] as const) {
    if (!type) continue;
    for (const field of Object.values(type.getFields())) out.push({ operation, name: field.name, field, parentType: type.name });
  }
  return out;
}

/**
 * Every field with arguments below the root, each with the shortest way a query reaches it
 * (`schedule(id) { atVersion(version) }`): their arguments are attacked the same way. A root field
 * answering one record is preferred to a list, so that the field is reached with a real record.
 */
export function nestedFields(schema: GraphQLSchema): RootField[] {
  const query = schema.getQueryType();
  if (!query) return [];
  const single = (f: GraphQLField<unknown, unknown>) => (String(f.type).includes("[") ? 1 : 0);
  const routes = new Map<string, GraphQLField<unknown, unknown>[]>();
  let frontier: GraphQLField<unknown, unknown>[][] = [...Object.values(query.getFields())].sort((a, b) => single(a) - single(b)).map((f) => [f]);
  while (frontier.length) {
    const next: GraphQLField<unknown, unknown>[][] = [];
    for (const path of frontier) {
      const type = getNamedType(path[path.length - 1].type);
      if (!isObjectType(type) || routes.has(type.name) || path.length > 6) continue;
      routes.set(type.name, path);
      for (const f of Object.values(type.getFields())) if (isObjectType(getNamedType(f.type))) next.push([...path, f]);
    }
    frontier = next;
  }
  const out: RootField[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === query || type === schema.getMutationType()) continue;
    const via = routes.get(type.name);
    for (const field of Object.values(type.getFields())) {
      if (field.args.length && via) out.push({ operation: "query", name: `${type.name}.${field.name}`, field, via, parentType: type.name });
    }
  }
  return out;
}

/** Fields with arguments that no query reaches (the fuzz cannot send them: they should be none). */
export function unreachableFields(schema: GraphQLSchema): string[] {
  const reached = new Set(nestedFields(schema).map((f) => f.name));
  const out: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === schema.getQueryType() || type === schema.getMutationType()) continue;
    for (const field of Object.values(type.getFields())) if (field.args.length && !reached.has(`${type.name}.${field.name}`)) out.push(`${type.name}.${field.name}`);
  }
  return out;
}

/** The schema of a running service, by introspection (which needs a token unless PUBLIC_INTROSPECTION is on). */
export async function introspectSchema(url: string, token?: string): Promise<GraphQLSchema> {
  const response = await fetch(url + "/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query: getIntrospectionQuery() }),
  });
  const body = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
  if (!body.data) throw new Error(`introspection failed: ${JSON.stringify(body.errors)}`);
  return buildClientSchema(body.data);
}
