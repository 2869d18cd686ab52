// The request's one log line: whether it was written, and when the request began (after its body
// was read), shared by everything that may write it: the request log of Apollo's plugins, the
// known-operation path, the deadline's TIMEOUT answer, and the last handler, which writes one
// for a request no one else logged (one Apollo refused before its plugins ran).
import type { Logger } from "../../common/log.js";

/** What a log line needs of a request's context (graphql/request-context.ts): its logger. */
type Context = { log: Logger };

export interface LogLine {
  written: boolean;
  /** performance.now() when the request's GraphQL handling began. */
  started: number;
  /** The path that answers the request (answer-path.ts), once decided. */
  path?: string;
  /** What the answer said, kept for the metrics and the trace (server/observability/): the operation as the caller named it, */
  operation?: string | null;
  /** its type once parsed (query, mutation, subscription), */
  operationType?: string;
  /** its estimated cost once measured, */
  cost?: number;
  /** the codes of its errors, */
  codes?: unknown[];
  /** and the limits that refused it (extensions.limit). */
  limits?: string[];
}

// A symbol property: Apollo runs each operation on a shallow copy of the context (Object.assign),
// which copies it, so every copy points to the one record.
const LOG_LINE = Symbol("request log line");

/** The record of the request this response answers, made on first use. */
export function logLineOf(res: { locals: Record<string, any> }): LogLine {
  return (res.locals.logLine ??= { written: false, started: performance.now() });
}

/** Gives the request's context its record. */
export function attachLogLine(ctx: Context, line: LogLine): void {
  (ctx as Context & { [LOG_LINE]?: LogLine })[LOG_LINE] = line;
}

/** The record of the request whose context (or Apollo's copy of it) this is. */
export function contextLogLine(ctx: Context): LogLine | undefined {
  return (ctx as Context & { [LOG_LINE]?: LogLine })[LOG_LINE];
}

/** Writes the request's log line at `level` and records that it was written. */
export function writeLogLine(ctx: Context, level: "info" | "error", message: string, fields: Record<string, unknown>): void {
  const line = contextLogLine(ctx);
  ctx.log[level](message, line?.path ? { ...fields, path: line.path } : fields);
  if (line) {
    line.written = true;
    if ("operation" in fields) line.operation = fields.operation as string | null;
    if (Array.isArray(fields.errorCodes)) line.codes = fields.errorCodes;
  }
}
