// The one place where errors become what the client sees. AppError keeps its code; GraphQL's own
// validation and coercion errors keep theirs; database errors with a meaning for the client
// (time-out, database unavailable, a value it cannot store) get theirs from src/db/driver-errors.ts;
// anything else is masked (no stack, no SQL) and the log holds the original under the same
// request id.
import { unwrapResolverError } from "@apollo/server/errors";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { AppError } from "../../common/errors.js";
import { classifyDatabaseError } from "../../db/driver-errors.js";
import { currentRequestId } from "../http/index.js";
import { currentTraceId } from "../../common/trace-context.js";
import { QUERY_TOO_COMPLEX, queryLimitErrorOf } from "../limits/index.js";

/** Codes that graphql-js, Apollo or we ourselves put on errors a client caused; README.md's table of codes names each (test/docs/settings.test.ts). */
export const CLIENT_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_USER_INPUT",
  "BAD_REQUEST",
  "OPERATION_RESOLUTION_FAILURE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
  "TRUSTED_DOCUMENT_REQUIRED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "TIMEOUT",
  "SERVICE_UNAVAILABLE",
  "RATE_LIMITED",
]);

/** The AppError a resolver's error stands for: its own, or what a database error means. */
function appErrorOf(original: unknown): AppError | null {
  return original instanceof AppError ? original : classifyDatabaseError(original);
}

export const INTERNAL_MESSAGE = "Internal server error";

/**
 * Apollo's own refusals of a request that carry no code, only an HTTP 4xx status (a persisted
 * query's hash that does not match its text): BAD_REQUEST, not a fault of the service.
 */
function isRequestRefusal(error: unknown): boolean {
  if (!(error instanceof GraphQLError) || error.originalError || error.extensions?.code) return false;
  const status = (error.extensions?.http as { status?: number } | undefined)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

export function isMasked(error: unknown): boolean {
  const original = unwrapResolverError(error);
  if (appErrorOf(original)) return false;
  if (isRequestRefusal(original)) return false;
  if (original instanceof GraphQLError) {
    // A GraphQLError with an original error came from a resolver: it is internal unless coded.
    const code = original.extensions?.code;
    return !(typeof code === "string" && CLIENT_CODES.has(code));
  }
  return true;
}

export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const known = appErrorOf(unwrapResolverError(error));
  if (known) {
    // `http` sets the answer's status (Apollo reads it); it is not part of the answer.
    const { http: _status, ...extensions } = known.extensions;
    return { ...formatted, message: known.message, extensions: { ...extensions, code: known.code } };
  }
  if (isRequestRefusal(unwrapResolverError(error))) return { message: formatted.message, extensions: { code: "BAD_REQUEST" } };
  if (!isMasked(error)) {
    const { stacktrace: _drop, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  return { message: INTERNAL_MESSAGE, locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
}

/** A client that went away mid-request (graphql-upload's 499 when an upload is cut off): nobody to answer, not a fault. */
export function clientLeft(error: unknown): boolean {
  for (let e: unknown = error, i = 0; e && i < 5; e = (e as { originalError?: unknown; cause?: unknown }).originalError ?? (e as { cause?: unknown }).cause, i++) {
    if ((e as { status?: number }).status === 499 || /^Request disconnected during file upload/.test(String((e as Error).message))) return true;
  }
  return false;
}

/** formatError, with QUERY_TOO_COMPLEX for the query limits and the request id on every error: Apollo's formatError. */
export function formatAnswerError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const limit = queryLimitErrorOf(error);
  const answer = limit
    ? { message: limit.message, extensions: { code: QUERY_TOO_COMPLEX, limit: limit.extensions.limit } }
    : formatError(formatted, error);
  const requestId = currentRequestId();
  const traceId = currentTraceId();
  return requestId || traceId ? { ...answer, extensions: { ...answer.extensions, ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) } } : answer;
}
