// The service's Apollo plugins: the request's log line, and the checks of the whole request once
// its operation is known. A query answered without Apollo (known-operations.ts) runs the same
// checks and writes the same log line through the functions below.
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type DocumentNode } from "graphql";
import type { Config } from "../../config.js";
import type { Context } from "./request-context.js";
import { clientLeft, isMasked } from "./format-error.js";
import { queryLimitErrorOf } from "../limits/index.js";
import { markWriting, spendRateBudget } from "../limits/index.js";
import type { RequestChecks } from "../limits/index.js";
import { contextLogLine, writeLogLine } from "../http/index.js";
import { currentTraceId } from "../../common/trace-context.js";

/** Masked (unexpected) errors of one request whose stacks the log line carries; the rest are counted. */
const LOGGED_STACKS = 3;

/** The fields of a request's log line; its duration from when the request began (log-line.ts), else from `started`. */
export function requestLogFields(ctx: Context, operation: string | null, started: number, codes: unknown[]) {
  started = contextLogLine(ctx)?.started ?? started;
  return {
    requestId: ctx.requestId,
    operation,
    userId: ctx.viewer?.userId ?? null,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    // A list whose every item failed would otherwise make the line as long as the list.
    errorCodes: [...new Set(codes)],
    errorCount: codes.length,
  };
}

/** One log line per request: the outcome, and the stacks of the first unexpected errors. */
export function requestLogPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      const started = performance.now();
      const unexpected: string[] = [];
      let unexpectedCount = 0;
      let clientGone = false;
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) {
            if (clientLeft(error)) clientGone = true;
            else if (isMasked(error) && !queryLimitErrorOf(error)) {
              unexpectedCount++;
              if (unexpected.length < LOGGED_STACKS) unexpected.push(String(error.originalError?.stack ?? error.stack ?? error));
            }
          }
        },
        async willSendResponse({ response, operationName, contextValue: ctx }) {
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          const traceId = currentTraceId();
          const line = contextLogLine(ctx);
          for (const error of errors ?? []) {
            (error as { extensions?: Record<string, unknown> }).extensions = { ...error.extensions, requestId: ctx.requestId, ...(traceId ? { traceId } : {}) };
            if (line && typeof error.extensions?.limit === "string") (line.limits ??= []).push(error.extensions.limit);
          }
          const fields = requestLogFields(ctx, operationName ?? null, started, errors?.map((e) => e.extensions?.code) ?? []);
          if (unexpectedCount) writeLogLine(ctx, "error", "graphql", { ...fields, unexpectedErrors: unexpectedCount, errors: unexpected });
          else if (clientGone) writeLogLine(ctx, "info", "graphql: the client went away during its upload", fields);
          else writeLogLine(ctx, "info", "graphql", fields);
        },
      };
    },
  };
}

/**
 * Checks of the whole request once its operation is known, before any resolver runs:
 * introspection needs a token (unless PUBLIC_INTROSPECTION), every text input follows one rule,
 * every list argument stays within MAX_LIST_LENGTH (or its higher limit), and the operation's estimated cost stays within MAX_QUERY_COST. Each throws the GraphQL error
 * that answers the request. Answers the cost, which the rate limits spend next.
 */
export function checkOperation(
  config: Pick<Config, "publicIntrospection">,
  checks: RequestChecks,
  ctx: Context,
  request: { document: DocumentNode; operationName: string | undefined; variables: Record<string, unknown> },
): number | undefined {
  if (!config.publicIntrospection && !ctx.viewer && checks.readsSchema(request.document)) {
    const reason = ctx.authError?.message ?? "A bearer token is required (Authorization: Bearer <JWT>), for introspection too";
    // HTTP 200, as every other UNAUTHENTICATED answer (they come from resolvers).
    throw new GraphQLError(reason, { extensions: { code: "UNAUTHENTICATED", http: { status: 200 } } });
  }
  // Lists first: a list over its limit is refused by its length, before its items are walked.
  checks.lists(request.document, request.variables, request.operationName);
  checks.strings(request.document, request.variables);
  const cost = checks.cost(request.document, request.operationName, request.variables);
  // Kept for the request's metrics and trace (server/observability/).
  const line = contextLogLine(ctx);
  if (line) line.cost = cost;
  return cost;
}

/** checkOperation as an Apollo plugin, then the rate limits spend its cost (a refusal answers 429); a mutation also marks the request as writing (limits/deadline.ts). */
export function requestGuardPlugin(config: Config, checks: RequestChecks): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request, operation, operationName, contextValue: ctx }) {
          if (operation?.operation === "mutation") markWriting();
          const line = contextLogLine(ctx);
          if (line) line.operationType = operation?.operation;
          const asked = { document, operationName: operationName ?? undefined, variables: request.variables ?? {} };
          const refusal = await spendRateBudget(asked, checkOperation(config, checks, ctx, asked));
          if (refusal) throw refusal;
        },
      };
    },
  };
}
