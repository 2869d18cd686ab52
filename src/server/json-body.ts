// The JSON body of a request to /graphql. Nearly every request is a plain POST: `Content-Type:
// application/json` (UTF-8), a Content-Length within the limit, no Content-Encoding. Such a body is
// read here: its chunks gathered and JSON.parse'd, the rules body-parser applies kept (an object or
// array at the top, the length as announced, an empty body read as {}). Any other request (gzip,
// another charset, chunked, too large, GET) goes to express.json, which answers every such case.
// Both raise the same errors (type, status), so the answers are the same (a log line's `reason`
// quotes the parser's own message). next() runs from the request's 'end' event, outside any
// request-scoped value set before it: the scopes open after the body is read (app.ts).
import express from "express";
import type { PlainHandler, PlainRequest } from "./direct-route.js";

const PLAIN_JSON = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** body-parser's strict mode: the first character that is not JSON whitespace opens an object or array. */
const STRICT_START = /^[ \t\n\r]*([^ \t\n\r])/;

function bodyError(message: string, status: number, type: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: status < 500, type, ...extra });
}

/** Parses as body-parser's json() does in strict mode; its errors carry the same `type`. */
function parseStrict(body: string): unknown {
  // A byte order mark is dropped, as body-parser's decoder drops it.
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (text.length === 0) return {};
  const first = STRICT_START.exec(text)?.[1];
  if (first !== "{" && first !== "[") throw bodyError(`Unexpected token ${first ?? "end"} in JSON`, 400, "entity.parse.failed");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw bodyError((error as Error).message, 400, "entity.parse.failed");
  }
}

/** Middleware: req.body from a JSON body of at most `limitBytes`. */
export function jsonBody(limitBytes: number): PlainHandler {
  const general = express.json({ limit: limitBytes });
  return (req, res, next) => {
    const announced = Number(req.headers["content-length"]);
    const plain =
      req.method === "POST" &&
      announced > 0 &&
      announced <= limitBytes &&
      req.headers["content-encoding"] === undefined &&
      req.headers["transfer-encoding"] === undefined &&
      PLAIN_JSON.test(req.headers["content-type"] ?? "");
    if (!plain || req.readableEnded) return general(req, res, next);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      req.off("data", onData).off("end", onEnd).off("aborted", onAborted).off("error", onError);
      if (error) {
        // What remains of the body is read and dropped, so that the answer is not cut off by a reset.
        req.resume();
        return next(error);
      }
      try {
        (req as PlainRequest & { _body?: boolean })._body = true;
        req.body = parseStrict(Buffer.concat(chunks, received).toString("utf8"));
      } catch (parseError) {
        return next(parseError);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      chunks.push(chunk);
    };
    const onEnd = () =>
      received === announced ? settle() : settle(bodyError("request size did not match content length", 400, "request.size.invalid", { expected: announced, length: announced, received }));
    const onAborted = () => settle(bodyError("request aborted", 400, "request.aborted", { code: "ECONNABORTED", expected: announced, length: announced, received }));
    const onError = (error: Error) => settle(Object.assign(error, { status: 400, statusCode: 400, expose: true }));
    req.on("data", onData).on("end", onEnd).on("aborted", onAborted).on("error", onError);
  };
}
