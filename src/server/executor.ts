// The one seam where queries are executed. `graphql` is graphql-js's own execute (Apollo's
// default); `jit` compiles each document once with graphql-jit and runs the compiled function,
// plugged into Apollo through its gateway interface (Apollo still parses, validates, formats).
import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import { getOperationAST, getVariableValues, GraphQLError, isScalarType, isSpecifiedScalarType, printSchema, type GraphQLSchema } from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

import { BoundedLru, COMPILED_PLAN_CACHE, documentBytes, mayCache } from "./bounded-caches.js";

export type ExecutorKind = "graphql" | "jit";

/** What a compiled plan weighs beside its document (its generated functions), counted against COMPILED_PLAN_CACHE. */
const PLAN_BYTES = 32 * 1024;


/** graphql-jit may hand back errors without extensions or with the original hidden: restore them. */
function asGraphQLError(error: any): GraphQLError {
  // jit leaves `extensions` undefined for errors whose original has none (a driver error), and
  // Apollo's formatting then fails on it: rebuild those.
  if (error instanceof GraphQLError && error.originalError !== undefined && error.extensions) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    originalError: error.originalError ?? (error instanceof GraphQLError ? undefined : error),
    extensions: error.extensions,
  });
}

/**
 * Each custom scalar's serialize, with a Date answered as its JSON text (toISOString, what
 * JSON.stringify's toJSON call would write): the same bytes, but JSON.stringify of an answer
 * without Date objects stays on its fast path (a 1,200-row usage answer: 3 ms → 1.3 ms).
 */
function jsonReadySerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isScalarType(type) || isSpecifiedScalarType(type)) continue;
    // Lists answer runs of one instant (a usage answer is ordered by bucket): its text is kept.
    let lastTime = NaN;
    let lastText = "";
    serializers[type.name] = (value) => {
      const out = type.serialize(value);
      if (!(out instanceof Date)) return out;
      const time = out.getTime();
      if (time !== lastTime) {
        lastText = out.toISOString();
        lastTime = time;
      }
      return lastText;
    };
  }
  return serializers;
}

export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  const customSerializers = jsonReadySerializers(schema);
  // Compiled documents by query hash and operation name; least recently used dropped first past
  // the bounds (a plan keeps its document, and the document its text, alive).
  const compiled = new BoundedLru<string, { query: CompiledQuery; bytes: number }>(COMPILED_PLAN_CACHE.entries, COMPILED_PLAN_CACHE.bytes, (plan) => plan.bytes);
  const executor: GatewayExecutor = async (requestContext) => {
    const key = `${requestContext.queryHash}:${requestContext.operationName ?? ""}`;
    let query = compiled.get(key)?.query;
    if (!query) {
      const result = compileQuery(requestContext.schema, requestContext.document, requestContext.operationName ?? undefined, {
        disablingCapturingStackErrors: true,
        customSerializers,
      });
      if (!isCompiledQuery(result)) return { errors: (result.errors ?? []).map(asGraphQLError) };
      query = result;
      // A request without a valid token keeps nothing (bounded-caches.ts).
      if (mayCache() && (requestContext.context as { viewer?: unknown }).viewer) compiled.set(key, { query, bytes: documentBytes(requestContext.document) + PLAN_BYTES });
    }
    const variables = requestContext.request.variables ?? {};
    const result = await query.query(undefined, requestContext.context, variables);
    if (result.errors && result.data === undefined) {
      // No data at all: graphql-jit refused the variables, with its own errors (masked as
      // INTERNAL_SERVER_ERROR). Coerce them as graphql-js does, so that both executors answer
      // the same BAD_USER_INPUT; only this path pays for the second coercion.
      const operation = getOperationAST(requestContext.document, requestContext.operationName ?? undefined);
      const coerced = getVariableValues(requestContext.schema, operation?.variableDefinitions ?? [], variables, { maxErrors: 50 });
      if (coerced.errors) return { errors: coerced.errors };
    }
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
  return {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
}
