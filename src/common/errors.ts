// The error codes of the GraphQL contract (docs/CLIENTS.md lists them). Services throw AppError; the server maps it to a
// GraphQLError with `extensions.code` in one place (server/graphql/format-error.ts).

export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "INTERNAL_SERVER_ERROR"
  | "TIMEOUT"
  | "SERVICE_UNAVAILABLE"
  | "QUERY_TOO_COMPLEX";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badInput = (message: string, extensions?: Record<string, unknown>) =>
  new AppError("BAD_USER_INPUT", message, extensions);

/** NOT_FOUND naming what is missing; a long list of ids is cut in the message (extensions.id keeps it whole). */
export const notFound = (what: string, id?: string | number) => {
  if (id === undefined) return new AppError("NOT_FOUND", `${what} not found`);
  const ids = [...new Set(String(id).split(", "))];
  const shown = ids.length > 20 ? `${ids.slice(0, 20).join(", ")} and ${ids.length - 20} more` : ids.join(", ");
  return new AppError("NOT_FOUND", `${what} ${shown} not found`, { id: String(id) });
};

export const forbidden = (message: string) => new AppError("FORBIDDEN", message);

export const conflict = (message: string, extensions?: Record<string, unknown>) =>
  new AppError("CONFLICT", message, extensions);

/** The stored version moved on: answer the one that is there now. */
export const staleVersion = (what: string, given: number, current: number) =>
  conflict(`${what} version ${given} is stale; the current version is ${current}`, { currentVersion: current });

/**
 * The rule of lookups by id (Query.schedule, changeSet, asset, job): a record that does not exist
 * or is not visible to the caller answers null, not an error. Operations that act on a record
 * (mutations, and reads whose arguments name one) answer NOT_FOUND instead.
 */
export function nullWhenNotFound(error: unknown): null {
  if (error instanceof AppError && error.code === "NOT_FOUND") return null;
  throw error;
}
