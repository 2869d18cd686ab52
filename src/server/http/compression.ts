// Response compression for /graphql and /files (COMPRESS_RESPONSES): gzip or brotli as the client's
// Accept-Encoding prefers, for answers above 1 KB. A 1,000-event page of about 180 KB becomes about
// 10 KB; the CPU it costs is measured by bench/compression.ts. A POST /graphql (not an upload) has
// its complete answer compressed by its writer by the same rules (answer-compression.ts).
import compression from "compression";
import type { ServerResponse } from "node:http";
import type { Config } from "../../config.js";
import type { PlainHandler, PlainRequest } from "./direct-route.js";
import vary from "vary";

/** The paths whose answers are compressed. */
export const COMPRESSED_PATHS = ["/graphql", "/files"];

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The compression middleware, or none when COMPRESS_RESPONSES is off. Brotli runs at quality 4
 * (the middleware's default; its maximum, 11, is meant for files compressed once, not per answer).
 */
export function compressionMiddleware(config: Pick<Config, "compressResponses">): PlainHandler[] {
  if (!config.compressResponses) return [];
  // Typed for express, the middleware uses node's request and response only (and the filter below).
  return [compression({ threshold: COMPRESSION_THRESHOLD_BYTES, filter: compressesWell }) as unknown as PlainHandler];
}

/**
 * The middleware's rule (a compressible Content-Type), except opaque bytes: a job file of unknown
 * type (`application/octet-stream`, which the rule counts as compressible) may be compressed
 * already, and keeps its Content-Length.
 */
export function compressesWell(req: PlainRequest, res: Pick<ServerResponse, "getHeader">): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  // Typed for express, the rule reads the response's Content-Type only.
  return !type.startsWith("application/octet-stream") && compression.filter(req as never, res as never);
}

/**
 * For the route whose answers their writer compresses (answer-compression.ts) instead of the
 * middleware: the `Vary: Accept-Encoding` the middleware gives every JSON answer, small or refused.
 */
export function acceptEncodingVaries(config: Pick<Config, "compressResponses">): PlainHandler[] {
  if (!config.compressResponses) return [];
  return [
    (_req, res, next) => {
      vary(res, "Accept-Encoding");
      next();
    },
  ];
}
