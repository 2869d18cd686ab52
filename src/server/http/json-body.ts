// The JSON body of a request to /graphql, read within the caller's budget (body-budget.ts): the
// caller is known before the first byte is read (identity/caller.ts runs first), so a request without a
// valid token is held to a small one. A UTF-8 JSON body, plain or compressed (gzip, deflate, br),
// chunked or not, is read here (the encodings body-parser knows, no others): inflated chunk by chunk with its inflated size and its ratio to
// the bytes sent counted as they come (past either limit it is refused before inflating further),
// its values counted as its bytes arrive (ValueCounter), stopping at the limit, before JSON.parse builds anything. The rules body-parser applies
// are kept (an object or array at the top, the length as announced, an empty body read as {}), and
// its error types, so both answer alike. A body in another charset goes to express.json, held to
// the same budget (its limit, and the same scan through its `verify` hook).
import type { Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import express from "express";
import type { PlainHandler, PlainRequest, PlainResponse } from "./direct-route.js";
import { dropRest } from "./connections.js";
import { RATIO_GRACE_BYTES, REFUSED_BODY_DRAIN_BYTES, scanJson, tooLarge, overRatio, ValueCounter, type BodyBudget } from "./body-budget.js";

const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
const UTF8_OR_NONE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;
/** body-parser's strict mode: the first character that is not JSON whitespace opens an object or array. */
const STRICT_START = /^[ \t\n\r]*([^ \t\n\r])/;

function bodyError(message: string, status: number, type: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: status < 500, type, ...extra });
}

/** Parses as body-parser's json() does in strict mode, once the text is known to be within the budget. */
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

/** The inflating stream of a Content-Encoding, null for none; undefined for one we do not know. */
function decoderOf(encoding: string): Transform | null | undefined {
  switch (encoding) {
    case "":
    case "identity":
      return null;
    case "gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** express.json for the bodies this reader leaves to it, within the same budget. */
function generalReader(budget: BodyBudget): PlainHandler {
  const reader = express.json({
    limit: budget.maxBytes,
    verify: (_req, _res, buf, encoding) => {
      const refusal = scanJson(new TextDecoder(encoding || "utf-8").decode(buf), budget);
      if (refusal) throw refusal;
    },
  });
  return (req, res, next) =>
    reader(req as never, res as never, (error?: unknown) =>
      next((error as { type?: string } | undefined)?.type === "entity.too.large" ? tooLarge(budget, `more than ${budget.maxBytes} bytes`) : error),
    );
}

/**
 * Middleware: req.body from the JSON body, within the budget of its caller (`isKnown`: a valid
 * token, as identity/caller.ts left it in res.locals).
 */
export function jsonBody(budgets: { known: BodyBudget; anonymous: BodyBudget }, isKnown: (res: PlainResponse) => boolean): PlainHandler {
  const general = { known: generalReader(budgets.known), anonymous: generalReader(budgets.anonymous) };
  // A refused body's rest is read and dropped, unparsed, up to the largest body anyone may send
  // (and 1 MiB), so that its client reads the answer; a longer rest closes the connection instead.
  const drainLimit = budgets.known.maxBytes + REFUSED_BODY_DRAIN_BYTES;
  return (req, res, next) => {
    const known = isKnown(res);
    const budget = known ? budgets.known : budgets.anonymous;
    const contentType = req.headers["content-type"] ?? "";
    if (req.method !== "POST" || req.readableEnded || !JSON_TYPE.test(contentType) || !UTF8_OR_NONE.test(contentType)) {
      return (known ? general.known : general.anonymous)(req, res, next);
    }
    const lengthHeader = req.headers["content-length"];
    const announced = lengthHeader === undefined ? undefined : Number(lengthHeader);
    if (announced !== undefined && announced > budget.maxBytes) {
      dropRest(req, res, 0, drainLimit);
      return next(tooLarge(budget, announced));
    }
    const encoding = String(req.headers["content-encoding"] ?? "").trim().toLowerCase();
    const decoder = decoderOf(encoding);
    if (decoder === undefined) {
      req.resume();
      return next(bodyError(`unsupported content encoding "${encoding}"`, 415, "encoding.unsupported", { encoding }));
    }
    readWithin(req, res, budget, { announced, drainLimit }, decoder, (error, text) => {
      if (error) return next(error);
      try {
        (req as PlainRequest & { _body?: boolean })._body = true;
        req.body = parseStrict(text!);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
  };
}

/** Reads (and inflates) the body, counting sent and inflated bytes as they come; stops at the first limit. */
function readWithin(
  req: PlainRequest,
  res: PlainResponse,
  budget: BodyBudget,
  { announced, drainLimit }: { announced: number | undefined; drainLimit: number },
  decoder: Transform | null,
  done: (error: Error | null, text?: string) => void,
): void {
  const counter = new ValueCounter(budget);
  const chunks: Buffer[] = [];
  let sent = 0;
  let inflated = 0;
  let settled = false;
  const settle = (error: Error | null) => {
    if (settled) return;
    settled = true;
    req.off("data", onData).off("end", onEnd).off("aborted", onAborted).off("error", onError);
    if (decoder) {
      decoder.off("data", take).off("end", onInflated).off("error", onDecoderError);
      if (error) decoder.destroy();
    }
    error ??= counter.end();
    if (error) {
      // What remains of the body is dropped, never inflated (connections.ts dropRest).
      if (!req.complete) dropRest(req, res, sent, drainLimit);
      return done(error);
    }
    done(null, Buffer.concat(chunks, inflated).toString("utf8"));
  };
  const take = (chunk: Buffer) => {
    if (settled) return;
    inflated += chunk.length;
    if (inflated > budget.maxBytes) return settle(tooLarge(budget, `more than ${budget.maxBytes} bytes once inflated`));
    if (decoder && inflated > RATIO_GRACE_BYTES && inflated > sent * budget.maxRatio) return settle(overRatio(budget, inflated, sent));
    const refusal = counter.write(chunk);
    if (refusal) return settle(refusal);
    chunks.push(chunk);
  };
  const onData = (chunk: Buffer) => {
    sent += chunk.length;
    if (sent > budget.maxBytes) return settle(tooLarge(budget, `more than ${budget.maxBytes} bytes`));
    if (!decoder) return take(chunk);
    // The inflater's own buffer is kept small: the request waits while it works.
    if (!decoder.write(chunk)) {
      req.pause();
      decoder.once("drain", () => req.resume());
    }
  };
  const onEnd = () => {
    if (announced !== undefined && sent !== announced) {
      return settle(bodyError("request size did not match content length", 400, "request.size.invalid", { expected: announced, length: announced, received: sent }));
    }
    if (decoder) decoder.end();
    else settle(null);
  };
  const onInflated = () => settle(null);
  const onDecoderError = (error: Error) => settle(Object.assign(error, { status: 400, statusCode: 400, expose: true }));
  const onAborted = () => settle(bodyError("request aborted", 400, "request.aborted", { code: "ECONNABORTED", expected: announced, length: announced, received: sent }));
  const onError = (error: Error) => settle(Object.assign(error, { status: 400, statusCode: 400, expose: true }));
  if (decoder) decoder.on("data", take).on("end", onInflated).on("error", onDecoderError);
  req.on("data", onData).on("end", onEnd).on("aborted", onAborted).on("error", onError);
}
