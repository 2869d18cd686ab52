// The limits a request's documents are held to before Apollo parses them (it has no parse hook):
// MAX_QUERY_BYTES, MAX_TOKENS and the depth of `variables`. The same handler also gives Apollo a
// body to read, and logs the requests Apollo refuses before any of its plugins run (CSRF, bad
// `variables`), which no other line would log.
import { GraphQLError } from "graphql";
import type { Logger } from "../../common/log.js";
import { answerPathOf, logLineOf, requestIdOf, sendJsonError, type PlainHandler, type PlainRequest } from "../http/index.js";
import { isKnownCaller } from "../identity/index.js";
import { QUERY_TOO_COMPLEX } from "./query-limits.js";
import type { RequestChecks } from "./request-checks.js";
import { checkQueryBytes, checkVariables } from "./request-shape.js";

type Operation = { query?: unknown; variables?: unknown };

/** The operations of a request: a GET's from its query string (express parsed it), a batch's one by one. */
function operationsOf(req: PlainRequest & { query?: Record<string, unknown> }): Operation[] {
  if (req.method === "GET") return [{ query: req.query?.query }];
  return (Array.isArray(req.body) ? req.body : [req.body]).map((operation: Operation | null) => operation ?? {});
}

export function documentLimits(checks: RequestChecks, log: Logger, shape: { maxQueryBytes: number; maxInputDepth: number }): PlainHandler {
  return (req: PlainRequest & { query?: Record<string, unknown> }, res, next) => {
    // express 5 leaves req.body unset without a JSON body; Apollo then answers a bare 500.
    req.body ??= {};
    // A batch is checked operation by operation; batch-limit.ts sums it as a whole.
    const operations = operationsOf(req);
    try {
      for (const { query } of operations) {
        if (typeof query !== "string") continue;
        // The size first: nothing reads a text over MAX_QUERY_BYTES (request-shape.ts).
        checkQueryBytes(query, shape.maxQueryBytes);
        // A request without a token leaves nothing behind (bounded-caches.ts); a bad token is bounded by the LRU.
        checks.tokens(query, isKnownCaller(res));
      }
    } catch (error) {
      const limit = error instanceof GraphQLError ? error.extensions.limit : "tokens";
      sendJsonError(res, 400, QUERY_TOO_COMPLEX, (error as Error).message, { limit });
      return log.info("graphql", { requestId: requestIdOf(res), operation: null, errorCodes: [QUERY_TOO_COMPLEX], path: answerPathOf(res) });
    }
    try {
      for (const operation of req.method === "GET" ? [] : operations) {
        if (operation.variables !== undefined && operation.variables !== null) checkVariables(operation.variables, shape.maxInputDepth);
      }
    } catch (error) {
      const refusal = error as GraphQLError;
      sendJsonError(res, 400, "BAD_USER_INPUT", refusal.message, { argument: refusal.extensions?.argument });
      return log.info("graphql", { requestId: requestIdOf(res), operation: null, errorCodes: ["BAD_USER_INPUT"], path: answerPathOf(res) });
    }
    const line = logLineOf(res);
    res.once("finish", () => {
      // A request Apollo refused before its plugins ran (CSRF, a body without a query, a context
      // that failed) has no log line of the request log: it gets this one.
      if (!line.written) {
        log.info("graphql", { requestId: requestIdOf(res), operation: null, status: res.statusCode, errorCodes: [res.statusCode >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST"], path: line.path });
      }
    });
    next();
  };
}
