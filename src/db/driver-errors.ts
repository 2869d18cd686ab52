// The one place that decides what a database error means to a client: a time limit hit (TIMEOUT),
// the database unreachable or restarting (SERVICE_UNAVAILABLE), or a value PostgreSQL cannot store
// or breaks a CHECK constraint (BAD_USER_INPUT). Anything else stays unclassified (masked as INTERNAL_SERVER_ERROR by the
// server). Messages are fixed texts: never the driver's message, which may quote parameters.
import { AppError } from "../common/errors.js";

/** The time limits the messages name; openDatabase records the configured ones. */
export interface DatabaseTimeLimits {
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
  jobStatementTimeoutMs?: number;
}

let configuredLimits: DatabaseTimeLimits = {};

export function recordTimeLimits(limits: DatabaseTimeLimits): void {
  configuredLimits = { ...limits };
}

/** Driver and network codes of a connection that failed, broke, or could not be made in time. */
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

/** admin/crash shutdown, starting up, too many connections, out of resources. */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

const DATA_EXCEPTIONS: Record<string, string> = {
  "22001": "A text value is longer than its field allows",
  "22P05": "A text value contains a character that cannot be stored (such as NUL, \\u0000)",
  "22021": "A text value contains a character that cannot be stored (such as NUL, \\u0000)",
  "22008": "A date or time is outside the range the service stores",
  "22003": "A number is outside the range the service stores",
  "22007": "A date or time is not valid",
  "22P02": "A value has the wrong form for its field",
};

/**
 * The error and its causes, outermost first: drizzle wraps driver errors in `cause`, a GraphQLError
 * keeps a resolver's error in `originalError`.
 */
function chain(error: unknown): unknown[] {
  const found: unknown[] = [];
  for (let e: unknown = error; e !== undefined && e !== null && found.length < 10 && !found.includes(e); ) {
    found.push(e);
    const next = e as { cause?: unknown; originalError?: unknown };
    e = next.cause ?? next.originalError;
  }
  return found;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

const limitText = (setting: string, ms: number | undefined) => (ms ? `${setting}=${ms} ms` : setting);

export interface ClassifyOptions {
  /** The error happened inside a job: name JOB_STATEMENT_TIMEOUT_MS for a statement time-out. */
  job?: boolean;
}

/** What a database error means to a client, or null when it is not one this function knows. */
export function classifyDatabaseError(error: unknown, options: ClassifyOptions = {}): AppError | null {
  if (error instanceof AppError) return null;
  for (const e of chain(error)) {
    const code = codeOf(e);
    if (!code) continue;
    if (code === "57014") {
      const request = limitText("DB_STATEMENT_TIMEOUT_MS", configuredLimits.statementTimeoutMs);
      if (options.job) {
        const job = limitText("JOB_STATEMENT_TIMEOUT_MS", configuredLimits.jobStatementTimeoutMs);
        return new AppError("TIMEOUT", `A database statement of the job took longer than its time limit (${job} in the job's transactions, ${request} for its reads) and was canceled`, { limit: "JOB_STATEMENT_TIMEOUT_MS" });
      }
      return new AppError("TIMEOUT", `The database statement took longer than its time limit (${request}) and was canceled; nothing was written. Ask for less at once (a smaller page or selection), or try again later`, { limit: "DB_STATEMENT_TIMEOUT_MS" });
    }
    if (code === "55P03") {
      const limit = limitText("DB_LOCK_TIMEOUT_MS", configuredLimits.lockTimeoutMs);
      return new AppError("TIMEOUT", `The records are locked by another change that is still running; waited ${limit} and gave up, nothing was written. Try again shortly`, { limit: "DB_LOCK_TIMEOUT_MS" });
    }
    if (CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || code.startsWith("08")) {
      return new AppError("SERVICE_UNAVAILABLE", "The database is unavailable (unreachable or restarting); nothing was written. Try again shortly");
    }
    if (code === "23514") {
      // A CHECK constraint (drizzle/0019) caught a value the rules let through: the caller still
      // sent it, so it is bad input, named by the constraint (the schema's own name, no value).
      const constraint = (e as { constraint_name?: unknown; constraint?: unknown }).constraint_name ?? (e as { constraint?: unknown }).constraint;
      return new AppError("BAD_USER_INPUT", `A value breaks a rule of the stored records${typeof constraint === "string" ? ` (${constraint})` : ""}; nothing was written`, { sqlstate: code });
    }
    if (/^22[0-9A-Z]{3}$/.test(code)) {
      return new AppError("BAD_USER_INPUT", `${DATA_EXCEPTIONS[code] ?? "A value cannot be stored in its field"}; nothing was written`, { sqlstate: code });
    }
  }
  return null;
}
