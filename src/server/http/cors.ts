// Cross-origin access for single-page apps served elsewhere (a Vite dev server, a broadcaster's
// portal): the `cors` middleware on /graphql, /files and /jobs, for the origins of CORS_ORIGINS only.
// The service authenticates with bearer tokens, never cookies, so no credentials mode is offered.
import cors from "cors";
import type { Config } from "../../config.js";
import type { PlainHandler } from "./direct-route.js";
import { sendJsonError } from "./error-responses.js";
import vary from "vary";

/** The paths a page of another origin may call: GraphQL, job files and job links. */
export const CORS_PATHS = ["/graphql", "/files", "/jobs"];

/** How long a browser may reuse a preflight's answer, seconds (Chrome keeps at most 7200). */
export const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Headers a page may send: the token, JSON, Apollo's CSRF header and the headers Apollo Client and urql add. */
export const ALLOWED_REQUEST_HEADERS = [
  "authorization",
  "content-type",
  "accept",
  "apollo-require-preflight",
  "x-apollo-operation-name",
  "apollographql-client-name",
  "apollographql-client-version",
  "x-request-id",
];

/** Answer headers a page may read beyond the safelisted ones (file names of downloads, the request id, ETag). */
export const EXPOSED_HEADERS = ["x-request-id", "etag", "content-disposition"];

/**
 * The CORS middleware of CORS_ORIGINS. A listed origin gets its preflight answered 204 and
 * `Access-Control-Allow-Origin` on every answer (with `Vary: Origin`); any other origin gets no CORS
 * header (its browser then blocks the call), and its preflight 403. Empty: every preflight 403.
 */
export function corsMiddleware(config: Pick<Config, "corsOrigins">): PlainHandler[] {
  const { corsOrigins } = config;
  if (corsOrigins !== "*" && corsOrigins.length === 0) return [refuseUnlistedPreflight];
  const listed = corsOrigins === "*" ? null : new Set(corsOrigins);
  const handler = cors({
    // `*` answers `Access-Control-Allow-Origin: *`; a list echoes the caller's origin when listed.
    origin: listed ? (origin, done) => done(null, origin !== undefined && listed.has(origin)) : "*",
    methods: ["GET", "HEAD", "POST", "OPTIONS"],
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
    credentials: false,
    optionsSuccessStatus: 204,
  });
  // The answer depends on the origin whether or not it is listed: a cache must not hand one to another.
  const varyOnOrigin: PlainHandler = (_req, res, next) => {
    vary(res, "Origin");
    next();
  };
  return listed ? [varyOnOrigin, handler, refuseUnlistedPreflight] : [handler];
}

/**
 * A preflight the middleware did not answer (its origin is not listed): 403 in JSON, without CORS
 * headers, rather than the CSRF refusal or 404 that the routes behind would give an OPTIONS.
 */
const refuseUnlistedPreflight: PlainHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (req.method !== "OPTIONS" || !origin) return next();
  sendJsonError(res, 403, "FORBIDDEN", `Origin ${String(origin).slice(0, 200)} may not call this service (CORS_ORIGINS)`);
};
