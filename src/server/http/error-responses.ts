// Every answer of the HTTP surface is JSON shaped like a GraphQL error, whatever failed: a body
// that is not JSON, bad gzip, a body over the limit, broken multipart, bad URL escapes, an unknown
// path. Never express's HTML page, never a stack (the log keeps it, one line per request).
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { PlainHandler, PlainResponse } from "./direct-route.js";
import type { Logger } from "../../common/log.js";
import { requestScoped } from "../../common/request-scoped.js";
import { BodyRefusal } from "./body-budget.js";
import { recordAnswerPath, refusedPath } from "./answer-path.js";
import { logLineOf } from "./log-line.js";

/** The request id of the request being answered (for errors Apollo formats outside any plugin). */
const requestScope = requestScoped<{ requestId: string }>("requestId");

export function currentRequestId(): string | undefined {
  return requestScope.get()?.requestId;
}

/** The client's X-Request-Id (first 100 characters) or a fresh one; echoed on the answer. */
export function requestIdOf(res: Pick<PlainResponse, "locals">): string {
  return String(res.locals.requestId ?? "");
}

export const assignRequestId: PlainHandler = (req, res, next) => {
  const given = req.headers["x-request-id"];
  const requestId = (typeof given === "string" && given.slice(0, 100)) || randomUUID();
  res.locals.requestId = requestId;
  res.setHeader("x-request-id", requestId);
  next();
};

/** Runs the rest of the chain with the request id in scope (mount right before Apollo: body parsers lose it). */
export const scopeRequestId: PlainHandler = (_req, res, next) => {
  requestScope.run({ requestId: requestIdOf(res) }, next);
};

/** A JSON error answer, written with node's own calls (the direct route has no express response). */
export function sendJsonError(res: PlainResponse, status: number, code: string, message: string, extensions: Record<string, unknown> = {}): void {
  // The trace id, when the request is traced (server/observability/ keeps it on the response).
  const traceId = res.locals.traceId as string | undefined;
  const body = JSON.stringify({ errors: [{ message, extensions: { ...extensions, code, requestId: requestIdOf(res), ...(traceId ? { traceId } : {}) } }] });
  recordAnswerPath(res, refusedPath(code, extensions.limit));
  const line = logLineOf(res);
  line.codes ??= [code];
  if (typeof extensions.limit === "string") (line.limits ??= []).push(extensions.limit);
  res.statusCode = status;
  res.setHeader("content-type", "application/json; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-length", Buffer.byteLength(body));
  // Node writes no body for a HEAD request.
  res.end(body);
}

/** The path of a request's URL, without its query string (what express's `req.path` gives). */
export function pathOf(url: string | undefined): string {
  const path = url ?? "/";
  const query = path.indexOf("?");
  return query < 0 ? path : path.slice(0, query);
}

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  code?: string;
  message?: string;
  expose?: boolean;
  stack?: string;
}

/** What a failure before GraphQL means for the client: HTTP status, code and a message without internals. */
export function classifyHttpError(error: HttpLikeError): { status: number; code: string; message: string; extensions?: Record<string, unknown> } {
  // A body over its caller's budget (body-budget.ts) says which limit it passed.
  if (error instanceof BodyRefusal) return { status: error.status, code: error.code, message: error.message, extensions: { limit: error.limit } };
  const status = Number(error.status ?? error.statusCode) || 500;
  if (status === 413 || error.type === "entity.too.large") {
    return { status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than the service accepts" };
  }
  if (status >= 500) return { status: 500, code: "INTERNAL_SERVER_ERROR", message: "Internal server error" };
  if (error.type === "entity.parse.failed") return { status: 400, code: "BAD_REQUEST", message: "The request body is not valid JSON" };
  if (error.type === "encoding.unsupported" || error.type === "charset.unsupported") return { status: 415, code: "BAD_REQUEST", message: error.message ?? "Unsupported content encoding" };
  if (error.code === "Z_DATA_ERROR" || error.code === "Z_BUF_ERROR" || /incorrect header check|unexpected end of file|invalid .*(block|distance|code)/i.test(error.message ?? "")) {
    return { status: 400, code: "BAD_REQUEST", message: "The request body is not valid for its Content-Encoding" };
  }
  if (error.type === "request.aborted" || error.type === "request.size.invalid") return { status: 400, code: "BAD_REQUEST", message: "The request body ended before its announced length" };
  if (/^Failed to decode param/.test(error.message ?? "")) return { status: 400, code: "BAD_REQUEST", message: "The URL holds an invalid percent-escape" };
  if (status === 404) return { status, code: "NOT_FOUND", message: "Not found" };
  // graphql-upload's multipart errors: 4xx with a message meant for the client.
  if (error.expose !== false && error.message) return { status, code: "BAD_REQUEST", message: error.message };
  return { status, code: "BAD_REQUEST", message: "Bad request" };
}

/** The last error handler: JSON answer, one log line (with the stack only for server faults). */
export function httpErrorHandler(log: Logger) {
  return (error: HttpLikeError, req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(error);
    const answer = classifyHttpError(error ?? {});
    const fields = { requestId: requestIdOf(res), ...(res.locals.traceId ? { traceId: res.locals.traceId } : {}), method: req.method, path: req.path.slice(0, 200), status: answer.status, code: answer.code };
    if (answer.status >= 500) log.error("http error", { ...fields, error: String(error?.stack ?? error) });
    // 499: the client went away (an upload cut off); nobody reads the answer.
    else if (answer.status === 499) log.info("http error: the client went away", { ...fields, reason: String(error?.message ?? error).slice(0, 200) });
    else log.warn("http error", { ...fields, reason: String(error?.message ?? error).slice(0, 200) });
    sendJsonError(res, answer.status, answer.code, answer.message, answer.extensions);
  };
}

/** Unknown paths: JSON 404 rather than express's "Cannot GET". */
export function notFoundHandler(log: Logger): RequestHandler {
  return (req, res) => {
    log.info("http not found", { requestId: requestIdOf(res), method: req.method, path: req.path.slice(0, 200) });
    sendJsonError(res, 404, "NOT_FOUND", `Nothing at ${req.method} ${req.path.slice(0, 200)}; GraphQL is at POST /graphql, GraphiQL at /graphiql`);
  };
}

/** A person's browser at `/` or at GET /graphql goes to GraphiQL; API clients keep GraphQL's answers. */
export const browserToGraphiQL: RequestHandler = (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  if (req.path === "/") return res.redirect(302, "/graphiql");
  if (req.path === "/graphql" && wantsHtml(req)) return res.redirect(302, "/graphiql");
  next();
};

/** The browser's own navigation (Accept names text/html before any JSON type). */
function wantsHtml(req: Request): boolean {
  return req.accepts(["application/json", "application/graphql-response+json", "text/html"]) === "text/html" && !req.headers["apollo-require-preflight"];
}
