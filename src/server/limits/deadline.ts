// REQUEST_TIMEOUT_MS for the whole of a query's execution, not only its SQL: past the deadline the
// client is answered TIMEOUT at once, the request's running reads are cancelled, and its work
// stops (every resolver checks the budget before it runs, long loops at their checkpoints:
// src/common/request-budget.ts). Mutations are never cut short: their transaction commits or
// rolls back as a whole, bounded by the database's own time limits.
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from "graphql";
import { RequestBudget, checkBudget, currentBudget, timeoutError, withRequestBudget } from "../../common/request-budget.js";
import type { Logger } from "../../common/log.js";
import type { RequestWork } from "../../db/cancel.js";
import { logLineOf, refusedPath, requestIdOf, sendJsonError, type PlainHandler, type PlainResponse } from "../http/index.js";
import { isKnownCaller } from "../identity/index.js";

/** After the early answer, whatever Apollo still writes for the request is dropped. */
function muteResponse(res: PlainResponse): void {
  const quiet = () => res;
  Object.assign(res, { status: quiet, setHeader: quiet, set: quiet, header: quiet, type: quiet, send: quiet, json: quiet, end: quiet, write: () => true, writeHead: quiet });
}

/** Middleware: opens the request's budget; mount after the body parsers, before Apollo. */
export function requestTimeBudget(
  settings: { requestTimeoutMs: number; anonymousRequestTimeoutMs?: number; maxHeavyEvents: number; heavyYieldEvery?: number },
  log: Logger,
): PlainHandler {
  return (_req, res, next) => {
    // A request without a valid token gets the smaller budget (identity/caller.ts ran before).
    const timeoutMs = isKnownCaller(res) ? settings.requestTimeoutMs : Math.min(settings.requestTimeoutMs, settings.anonymousRequestTimeoutMs ?? Infinity);
    const budget = new RequestBudget(timeoutMs, settings.maxHeavyEvents, Date.now(), settings.heavyYieldEvery);
    const timer = setTimeout(() => {
      if (budget.writes || budget.answering || res.writableEnded) return;
      budget.stop();
      const cancelled = (res.locals.requestWork as RequestWork | undefined)?.abandon() ?? 0;
      const limit = timeoutMs === settings.requestTimeoutMs ? "REQUEST_TIMEOUT_MS" : "ANONYMOUS_REQUEST_TIMEOUT_MS";
      const error = timeoutError(timeoutMs);
      log.info("graphql", { requestId: requestIdOf(res), errorCodes: ["TIMEOUT"], limit, readsCancelled: cancelled, path: refusedPath("TIMEOUT", error.extensions.limit) });
      logLineOf(res).written = true;
      if (res.headersSent) return void res.destroy();
      sendJsonError(res, 200, "TIMEOUT", error.message, error.extensions);
      muteResponse(res);
    }, timeoutMs);
    timer.unref();
    res.once("close", () => {
      clearTimeout(timer);
      // A client that left stops the work done for it, as one past its deadline.
      if (!res.writableFinished) budget.stop();
    });
    withRequestBudget(budget, next);
  };
}

/** The request's answer is complete and being written: the deadline passing now does not replace it with TIMEOUT. */
export function markAnswering(): void {
  const budget = currentBudget();
  if (budget) budget.answering = true;
}

/** The operation is a mutation: it runs to its end whatever the deadline (called once it is known). */
export function markWriting(): void {
  const budget = currentBudget();
  if (budget) budget.writes = true;
}

/** Every field that has a resolver checks the budget before it runs (property reads stay free). */
export function withBudgetChecks(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve as GraphQLFieldResolver<unknown, unknown> | undefined;
      if (!resolve) continue;
      field.resolve = (source, args, context, info) => {
        checkBudget();
        return resolve(source, args, context, info);
      };
    }
  }
  return schema;
}
