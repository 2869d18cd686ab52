// What a slow or crowding client can hold: a request's headers must arrive within Node's
// headersTimeout, its body within BODY_TIMEOUT_MS (an upload within UPLOAD_TIMEOUT_MS, at
// UPLOAD_MIN_BYTES_PER_SECOND at least after its first 10 seconds), and the process keeps at most
// MAX_CONNECTIONS open connections: past it a new one is closed at once. A body that trickles in
// byte by byte once held a connection for 320 s. Behind a proxy that buffers whole requests
// (docs/DEPLOY.md) these limits never bite an honest client.
import type http from "node:http";
import type { Logger } from "../../common/log.js";
import type { PlainHandler, PlainRequest, PlainResponse } from "./direct-route.js";
import { pathOf, requestIdOf, sendJsonError } from "./error-responses.js";

export interface ConnectionLimits {
  bodyTimeoutMs: number;
  uploadTimeoutMs: number;
  uploadMinBytesPerSecond: number;
  maxConnections: number;
}

/** Node's own limit for the headers of a request (its default, said here so that it stays so). */
export const HEADERS_TIMEOUT_MS = 60_000;
/** An upload's rate is judged after this much time (a slow start is forgiven). */
const RATE_GRACE_MS = 10_000;

/**
 * After an answer that refuses a body before it was read whole: the rest is read and dropped,
 * unparsed, up to `limit` bytes in all, so that a client still sending reads the answer; a longer
 * body closes the connection after the answer (announced) or once past the limit (chunked). Call
 * before the answer is written. The rest must still arrive within BODY_TIMEOUT_MS (bodyDeadline).
 */
export function dropRest(req: PlainRequest, res: PlainResponse, alreadyRead: number, limit: number): void {
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > limit) res.setHeader("connection", "close");
  else if (length === undefined) {
    let dropped = alreadyRead;
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > limit) req.socket.destroy();
    });
  }
  req.resume();
}

/** Caps the server's connections and the time a whole request may take to arrive. */
export function limitConnections(server: http.Server, limits: ConnectionLimits): void {
  server.maxConnections = limits.maxConnections;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  // Node's bound on the whole request: above every body limit of ours, which answer first.
  server.requestTimeout = Math.max(limits.bodyTimeoutMs, limits.uploadTimeoutMs) + HEADERS_TIMEOUT_MS;
}

/**
 * Middleware, first in the chain: a body that does not arrive in time is answered 408
 * TIMEOUT and its connection closed. Bytes are counted on the socket: listening to the request's
 * data would start it flowing before the body parsers are there.
 */
export function bodyDeadline(limits: ConnectionLimits, log: Logger): PlainHandler {
  return (req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const chunked = /chunked/i.test(String(req.headers["transfer-encoding"] ?? ""));
    if (req.complete || (!chunked && !(length > 0))) return next();
    const upload = /^multipart\/form-data/i.test(String(req.headers["content-type"] ?? ""));
    const started = Date.now();
    const startBytes = req.socket.bytesRead;
    const limitMs = upload ? limits.uploadTimeoutMs : limits.bodyTimeoutMs;
    const refuse = (reason: string, setting: string) => {
      clearInterval(timer);
      log.info("http error: the request body came too slowly", { requestId: requestIdOf(res), method: req.method, path: pathOf(req.url).slice(0, 200), limit: setting });
      if (!res.headersSent) {
        res.setHeader("connection", "close");
        sendJsonError(res, 408, "TIMEOUT", reason, { limit: setting });
      }
      res.once("finish", () => req.socket.destroy());
      if (res.writableEnded) req.socket.destroy();
    };
    const check = () => {
      // An answer sent before the body arrived (a body refused by its size) does not end the watch:
      // the rest of the body is still read and dropped, and must arrive in time too.
      if (req.complete) return clearInterval(timer);
      const elapsed = Date.now() - started;
      if (elapsed >= limitMs) {
        return refuse(`The request body did not arrive within ${limitMs} ms (${upload ? "UPLOAD_TIMEOUT_MS" : "BODY_TIMEOUT_MS"})`, upload ? "UPLOAD_TIMEOUT_MS" : "BODY_TIMEOUT_MS");
      }
      if (upload && elapsed >= RATE_GRACE_MS && limits.uploadMinBytesPerSecond > 0) {
        const rate = ((req.socket.bytesRead - startBytes) * 1000) / elapsed;
        if (rate < limits.uploadMinBytesPerSecond) return refuse(`The upload arrives at ${Math.round(rate)} bytes/s, slower than ${limits.uploadMinBytesPerSecond} (UPLOAD_MIN_BYTES_PER_SECOND)`, "UPLOAD_MIN_BYTES_PER_SECOND");
      }
    };
    const timer = setInterval(check, Math.max(10, Math.min(limitMs, upload ? 1000 : limitMs) / 4));
    timer.unref();
    req.once("end", () => clearInterval(timer));
    req.once("close", () => clearInterval(timer));
    next();
  };
}
