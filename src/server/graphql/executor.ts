// The one seam where queries are executed. `graphql` is graphql-js's own execute (Apollo's
// default); `jit` compiles each document once with graphql-jit and runs the compiled function,
// plugged into Apollo through its gateway interface (Apollo still parses, validates, formats).
// The compiled plans are kept by query text, so that a query Apollo has run once can be found
// again without Apollo (known-operations.ts), and a result computed there can be handed to Apollo
// to format when it holds errors.
import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import {
  getVariableValues,
  GraphQLError,
  isScalarType,
  isSpecifiedScalarType,
  printSchema,
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

import { boundedLru } from "../../common/bounded-lru.js";
import { COMPILED_PLAN_CACHE, documentBytes, mayCache } from "../limits/index.js";
import { inputDefaulter } from "./input-defaults.js";

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

/** A document Apollo parsed, validated and ran under a token, compiled for one of its operations. */
export interface KnownPlan {
  query: CompiledQuery;
  document: DocumentNode;
  operation: OperationDefinitionNode;
}

/** What running needs: the compiled query, and its operation where Apollo resolved one (for the variables' errors). */
type Runnable = Pick<KnownPlan, "query"> & { operation?: OperationDefinitionNode };

/** What an execution outside Apollo hands over for Apollo to answer: its result, or what it threw. */
type Outcome = { result: ExecutionResult } | { thrown: unknown };

export interface CompiledPlans {
  /** The plan kept for this query text and requested operation name, if any. */
  find(query: string, operationName: string | undefined): KnownPlan | undefined;
  /** The plan kept for a document Apollo ran as a persisted query (its hash, no text): a trusted document's. */
  findPersisted(queryHash: string, operationName: string | undefined): KnownPlan | undefined;
  /** Runs a plan as the executor does (the same variable errors, the same error objects). */
  run(plan: KnownPlan, context: object, variables: Record<string, unknown>): Promise<ExecutionResult>;
  /** The next execution of this request's context answers with `outcome` instead of running. */
  handOver(context: object, outcome: Outcome): void;
}

/**
 * Where a handed-over outcome waits on the request's context: Apollo runs each operation on a
 * shallow copy of the context (Object.assign, which copies symbol properties), so the copy the
 * executor receives carries it too.
 */
const HANDED_OVER = Symbol("handed over to Apollo");
type WithOutcome = { [HANDED_OVER]?: Outcome };

/**
 * The key of a plan: the operation name the request gave (absent and "" differ: Apollo resolves
 * them differently), its length first so that no name and text can be read as another pair, and
 * the query text (an APQ request that sent no text: its hash, which dispatch.ts looks up for a trusted document).
 */
const planKey = (operationName: string | undefined | null, query: string | undefined, queryHash: string) => {
  const name = operationName === undefined || operationName === null ? "-" : `${operationName.length}:${operationName}`;
  return query !== undefined ? `${name}\u0000${query}` : `#${queryHash}\u0000${name}`;
};

export function jitGateway(schema: GraphQLSchema): { gateway: GatewayInterface; plans: CompiledPlans } {
  const customSerializers = jsonReadySerializers(schema);
  // Compiled documents by operation name and query text; least recently used dropped first past
  // the bounds (a plan keeps its document, and the document its text, alive; the key is a copy).
  const compiled = boundedLru<string, KnownPlan & { bytes: number }>({ entries: COMPILED_PLAN_CACHE.entries, bytes: COMPILED_PLAN_CACHE.bytes, sizeOf: (plan, key) => plan.bytes + key.length });

  // Per compiled query: what fills its variables' nested input defaults (null: nothing to fill).
  const defaulters = new WeakMap<CompiledQuery, ReturnType<typeof inputDefaulter>>();
  const withDefaults = (plan: Runnable, variables: Record<string, unknown>) => {
    let fill = defaulters.get(plan.query);
    if (fill === undefined) {
      fill = inputDefaulter(schema, plan.operation?.variableDefinitions ?? []);
      defaulters.set(plan.query, fill);
    }
    return fill ? fill(variables) : variables;
  };

  const run = async (plan: Runnable, context: object, given: Record<string, unknown>): Promise<ExecutionResult> => {
    const variables = withDefaults(plan, given);
    const result = await plan.query.query(undefined, context, variables);
    if (result.errors && result.data === undefined) {
      // No data at all: graphql-jit refused the variables, with its own errors (masked as
      // INTERNAL_SERVER_ERROR). Coerce them as graphql-js does, so that both executors answer
      // the same BAD_USER_INPUT; only this path pays for the second coercion.
      const coerced = getVariableValues(schema, plan.operation?.variableDefinitions ?? [], variables, { maxErrors: 50 });
      if (coerced.errors) return { errors: coerced.errors };
    }
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };

  const executor: GatewayExecutor = async (requestContext) => {
    const context = requestContext.context as WithOutcome;
    const outcome = context[HANDED_OVER];
    if (outcome) {
      delete context[HANDED_OVER];
      if ("thrown" in outcome) throw outcome.thrown;
      return outcome.result;
    }
    const key = planKey(requestContext.request.operationName, requestContext.request.query, requestContext.queryHash);
    let plan: Runnable | undefined = compiled.get(key);
    if (!plan) {
      const result = compileQuery(requestContext.schema, requestContext.document, requestContext.operationName ?? undefined, {
        disablingCapturingStackErrors: true,
        customSerializers,
      });
      if (!isCompiledQuery(result)) return { errors: (result.errors ?? []).map(asGraphQLError) };
      const operation: OperationDefinitionNode | undefined = requestContext.operation;
      plan = { query: result, operation };
      // A request without a valid token keeps nothing (bounded-caches.ts); nor does one whose
      // operation name Apollo found nowhere in the document (it answers that with an error).
      if (operation && mayCache() && (requestContext.context as { viewer?: unknown }).viewer) {
        compiled.set(key, { query: result, document: requestContext.document, operation, bytes: documentBytes(requestContext.document) + PLAN_BYTES });
      }
    }
    return run(plan, requestContext.context, requestContext.request.variables ?? {});
  };
  const gateway: GatewayInterface = {
    async load() {
      return { executor };
    },
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: printSchema(schema) });
      return () => {};
    },
    async stop() {},
  };
  return {
    gateway,
    plans: {
      find: (query, operationName) => compiled.get(planKey(operationName, query, "")),
      findPersisted: (queryHash, operationName) => compiled.get(planKey(operationName, undefined, queryHash)),
      run,
      handOver: (context, outcome) => void ((context as WithOutcome)[HANDED_OVER] = outcome),
    },
  };
}
