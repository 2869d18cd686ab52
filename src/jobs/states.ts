// Job states, types and the rules of the job runner that need no database: which states are final,
// which errors are worth another attempt, how long to wait before it. Pure: no database, no GraphQL.

export const JOB_STATUSES = ["PENDING", "PROCESSING", "SUCCEEDED", "FAILED", "CANCELED"] as const;
export type JobStatusValue = (typeof JOB_STATUSES)[number];

/** Nothing leaves these states (docs/JOBS.md). */
export const FINAL_STATUSES: readonly JobStatusValue[] = ["SUCCEEDED", "FAILED", "CANCELED"];

export function isFinal(status: string): boolean {
  return (FINAL_STATUSES as readonly string[]).includes(status);
}

/** States from which cancelJob moves a job to CANCELED. */
export function isCancelable(status: string): boolean {
  return status === "PENDING" || status === "PROCESSING";
}

/** Job types of the service. Tests may run other types through the registry; GraphQL knows these. */
export const JOB_TYPES = ["TIMELINE_EPG_XML_EXPORT", "SCHEDULE_IMPORT", "SCHEDULE_ARCHIVE", "SCHEDULE_RESTORE"] as const;
export type JobTypeValue = (typeof JOB_TYPES)[number];

export const MESSAGE_TYPES = ["OK", "INFO", "WARNING", "ERROR"] as const;
export interface JobMessage {
  message: string;
  type: (typeof MESSAGE_TYPES)[number];
}

/**
 * PostgreSQL error classes and driver failures that say "try again later" rather than "this job is
 * wrong": lost or refused connections, serialization failures and deadlocks, lock time-outs, a
 * server shutting down or out of connections.
 */
const TRANSIENT_SQLSTATES = new Set(["40001", "40P01", "55P03", "57P01", "57P02", "57P03", "53300", "53400"]);
const TRANSIENT_NODE_CODES = new Set(["ECONNRESET", "ECONNREFUSED", "ETIMEDOUT", "EPIPE", "EAI_AGAIN", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);

/** The error and its causes, outermost first (drizzle wraps driver errors in `cause`). */
export function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 10 && !chain.includes(current)) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isTransientError(error: unknown): boolean {
  return errorChain(error).some((e) => {
    const code = (e as { code?: unknown })?.code;
    if (typeof code !== "string") return false;
    return TRANSIENT_SQLSTATES.has(code) || code.startsWith("08") || TRANSIENT_NODE_CODES.has(code);
  });
}

/**
 * The reason to keep in a failed job's messages: the innermost message of the chain, because
 * drizzle's wrapper message carries the SQL text, which callers must not see.
 */
export function failureReason(error: unknown): string {
  const chain = errorChain(error);
  const innermost = chain[chain.length - 1];
  const text = innermost instanceof Error ? innermost.message : String(innermost);
  return text.split("\n")[0].slice(0, 500) || "unknown error";
}

/** Exponential backoff with jitter: base, 2·base, 4·base … capped at 5 minutes, ±20 %. */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), 300_000);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.max(0, Math.min(100, Math.round(percent)));
}
