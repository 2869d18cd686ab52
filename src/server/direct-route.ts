// The service's most frequent request, POST /graphql, runs the same handlers in the same order as
// express would, without express's router, which walked every layer of the app (health routes,
// file routes, the GraphiQL assets: path matching and a closure per layer) before reaching them.
// The body reader (json-body.ts) and the answer's writer (graphql-answer.ts) skip the rest of what
// express cost a small request (bench/http-layer/run.ts, docs/PERFORMANCE.md "The fixed cost of a
// request"). Any other method or path (GET /graphql, /graphql/, /files…) still goes through express.
import type http from "node:http";
import type { Express, NextFunction, Request, RequestHandler, Response } from "express";

type ErrorHandler = (error: any, req: Request, res: Response, next: NextFunction) => void;

/** What express's `app.handle` does to a request before its router sees it: its request and response prototypes. */
function asExpress(app: Express, req: http.IncomingMessage, res: http.ServerResponse): [Request, Response] {
  const request = req as Request;
  const response = res as Response;
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
 * Runs `handlers` in order on express's request and response: each calls next() to go on or
 * next(error) to end in `onError` (a handler that throws or whose promise rejects too, as in
 * express 5); past the last one, `onEnd` answers. An error once the answer has started ends the
 * connection, as express's final handler does.
 */
export function directRoute(app: Express, handlers: RequestHandler[], onError: ErrorHandler, onEnd: RequestHandler) {
  return (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const [request, response] = asExpress(app, req, res);
    const last: NextFunction = () => {
      if (!response.headersSent) return onEnd(request, response, last);
      request.socket.destroy();
    };
    let index = 0;
    const next: NextFunction = (error?: unknown) => {
      if (error !== undefined && error !== null) return onError(error, request, response, last);
      const handler = handlers[index++];
      if (!handler) return onEnd(request, response, last);
      try {
        const result = handler(request, response, next) as unknown;
        if (result && typeof (result as Promise<unknown>).then === "function") (result as Promise<unknown>).then(undefined, (e: unknown) => next(e ?? new Error("Rejected promise")));
      } catch (e) {
        next(e);
      }
    };
    next();
  };
}
