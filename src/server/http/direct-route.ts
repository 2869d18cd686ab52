// The service's most frequent request, a POST /graphql with a JSON body, runs the same handlers in
// the same order as express would, without express: its router walked every layer of the app
// (health routes, file routes, the GraphiQL assets) before reaching them, and express gives every
// request and response its own prototypes (Object.setPrototypeOf), after which V8 runs node's HTTP
// code on them slowly: that swap alone was half the CPU of a `{ __typename }` request
// (docs/PERFORMANCE.md "Node's own request and response"). The handlers of this route therefore take
// node's request and response (PlainRequest, PlainResponse); express's are made only for the error
// and not-found handlers. Any other method, path or body (GET /graphql, an upload, /graphql/,
// /files…) still goes through express.
import type http from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";

/** Node's request as the direct route's handlers see it (express's Request is one too). */
export interface PlainRequest extends http.IncomingMessage {
  /** The parsed body, once a body reader has run. */
  body?: unknown;
}

/** Node's response as the direct route's handlers see it (express's Response is one too). */
export interface PlainResponse extends http.ServerResponse {
  /** Values of this request shared between its handlers (express's `res.locals`). */
  locals: Record<string, any>;
}

/** A handler that needs nothing of express: mounted on the direct route and on express's alike. */
export type PlainHandler = (req: PlainRequest, res: PlainResponse, next: (error?: unknown) => void) => unknown;

type ErrorHandler = (error: any, req: Request, res: Response, next: NextFunction) => void;

/** What express's `app.handle` does to a request before its router sees it: its request and response prototypes. */
function asExpress(app: Express, req: http.IncomingMessage, res: http.ServerResponse): [Request, Response] {
  const request = req as Request;
  const response = res as Response;
  if (Object.getPrototypeOf(req) === app.request) return [request, response];
  request.res = response;
  response.req = request;
  Object.setPrototypeOf(req, app.request);
  Object.setPrototypeOf(res, app.response);
  response.locals ??= Object.create(null);
  request.originalUrl ??= req.url!;
  request.baseUrl = "";
  request.params = {};
  return [request, response];
}

/**
 * Runs `handlers` in order on node's request and response: each calls next() to go on or
 * next(error) to end in `onError` (a handler that throws or whose promise rejects too, as in
 * express 5); past the last one, `onEnd` answers. Both get express's request and response. An error
 * once the answer has started ends the connection, as express's final handler does.
 */
export function directRoute(app: Express, handlers: PlainHandler[], onError: ErrorHandler, onEnd: RequestHandler) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const request = req as PlainRequest;
    const response = res as PlainResponse;
    response.locals = Object.create(null);
    const end = () => {
      const [expressRequest, expressResponse] = asExpress(app, req, res);
      onEnd(expressRequest, expressResponse, last);
    };
    const last: NextFunction = () => (response.headersSent ? request.socket.destroy() : end());
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null) {
        const [expressRequest, expressResponse] = asExpress(app, req, res);
        return onError(error, expressRequest, expressResponse, last);
      }
      const handler = handlers[index++];
      if (!handler) return end();
      try {
        const result = handler(request, response, next);
        if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(undefined, (e: unknown) => next(e ?? new Error("Rejected promise")));
      } catch (e) {
        next(e);
      }
    };
    next();
  };
}
