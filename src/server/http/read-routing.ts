// Which requests may read from a replica: a GraphQL query operation whose client did not ask for
// the primary. A client that must see its own write at once (a query right after a mutation)
// sends `X-Read-Primary: true`; mutations, batches and anything unparsable stay on the primary.
import type { PlainHandler, PlainRequest } from "./direct-route.js";
import { parse, type OperationDefinitionNode } from "graphql";
import { withReplicaReads } from "../../db/replicas.js";

export const READ_PRIMARY_HEADER = "x-read-primary";

/** The operation a request runs is a query (not a mutation or subscription). */
export function isQueryOperation(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  const { query, operationName } = body as { query?: unknown; operationName?: unknown };
  if (typeof query !== "string") return false;
  try {
    const operations = parse(query, { noLocation: true }).definitions.filter((d): d is OperationDefinitionNode => d.kind === "OperationDefinition");
    const chosen = typeof operationName === "string" ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
    return chosen?.operation === "query";
  } catch {
    return false;
  }
}

/** Runs a query operation's request in a replica read scope (when replicas are configured). */
export function replicaReadsForQueries(enabled: boolean): PlainHandler {
  return (req: PlainRequest & { query?: unknown }, _res, next) => {
    if (!enabled) return next();
    const primary = String(req.headers[READ_PRIMARY_HEADER] ?? "").toLowerCase();
    if (primary === "true" || primary === "1") return next();
    // A GET arrives through express, whose req.query holds the parsed query string.
    const body = req.method === "GET" ? req.query : req.body;
    if (isQueryOperation(body)) return withReplicaReads(next);
    next();
  };
}
