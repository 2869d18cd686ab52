import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { Logger } from "./log.js";
import type { Services } from "./services.js";
import { createLoaders, type Loaders } from "./loaders.js";

/** What every resolver receives: who calls, the services, and this request's DataLoaders. */
export interface Context {
  requestId: string;
  viewer: Viewer | null;
  /** Set when a token was sent but rejected; surfaced by the first field that needs a viewer. */
  authError: Error | null;
  services: Services;
  loaders: Loaders;
  log: Logger;
  /** Where this request reached the service (`https://host[/prefix]`), for absolute links; "" when unknown. */
  baseUrl: string;
}

export function createContext(init: Omit<Context, "loaders">, db: Database): Context {
  return { ...init, loaders: createLoaders(db, init.viewer, init.services) };
}

/** The caller, or the reason there is none (UNAUTHENTICATED). */
export function callerOf(ctx: Context): Viewer {
  if (ctx.viewer) return ctx.viewer;
  throw ctx.authError ?? new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
}

/** A host name, IPv4 or [IPv6] address, with an optional port: nothing that could change a URL's path. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

const firstValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.split(",")[0].trim() || undefined;

/**
 * The base URL links of this request are built on: PUBLIC_URL when set; else the request's protocol
 * and Host, replaced by X-Forwarded-Proto/Host only with TRUST_PROXY (anyone can send those headers).
 */
export function requestBaseUrl(req: Pick<IncomingMessage, "headers" | "socket">, settings: Pick<Config, "publicUrl" | "trustProxy">): string {
  if (settings.publicUrl) return settings.publicUrl;
  const forwardedProto = settings.trustProxy ? firstValue(req.headers["x-forwarded-proto"])?.toLowerCase() : undefined;
  const forwardedHost = settings.trustProxy ? firstValue(req.headers["x-forwarded-host"]) : undefined;
  const protocol = forwardedProto === "http" || forwardedProto === "https" ? forwardedProto : (req.socket as TLSSocket).encrypted ? "https" : "http";
  const host = [forwardedHost, req.headers.host].find((candidate) => candidate && HOST.test(candidate));
  return host ? `${protocol}://${host}` : "";
}
