// The one seam where queries are executed. `graphql` is graphql-js's own execute (Apollo's
// default); `jit` compiles each document once with graphql-jit and runs the compiled function,
// plugged into Apollo through its gateway interface (Apollo still parses, validates, formats).
import type { GatewayExecutor, GatewayInterface } from "@apollo/server-gateway-interface";
import { GraphQLError, printSchema, type GraphQLSchema } from "graphql";
import { compileQuery, isCompiledQuery, type CompiledQuery } from "graphql-jit";

export type ExecutorKind = "graphql" | "jit";

const MAX_COMPILED = 500;

/** graphql-jit may hand back errors without extensions or with the original hidden: restore them. */
function asGraphQLError(error: any): GraphQLError {
  if (error instanceof GraphQLError && error.originalError !== undefined) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    path: error.path,
    originalError: error.originalError ?? (error instanceof GraphQLError ? undefined : error),
    extensions: error.extensions,
  });
}

export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  // Compiled documents by query hash and operation name; oldest dropped first past the bound.
  const compiled = new Map<string, CompiledQuery>();
  const executor: GatewayExecutor = async (requestContext) => {
    const key = `${requestContext.queryHash}:${requestContext.operationName ?? ""}`;
    let query = compiled.get(key);
    if (!query) {
      const result = compileQuery(requestContext.schema, requestContext.document, requestContext.operationName ?? undefined, {
        disablingCapturingStackErrors: true,
      });
      if (!isCompiledQuery(result)) return { errors: (result.errors ?? []).map(asGraphQLError) };
      query = result;
      if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, query);
    }
    const result = await query.query(undefined, requestContext.context, requestContext.request.variables ?? {});
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
