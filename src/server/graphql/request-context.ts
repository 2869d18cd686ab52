import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { Context } from "../../common/context.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { createLoaders } from "./loaders.js";

export type { Context } from "../../common/context.js";

export function createContext(init: Omit<Context, "loaders">, db: Database): Context {
  // One literal of fixed shape (a spread of `init` gave every request's context a slower one).
  const { requestId, viewer, authError, services, log, baseUrl } = init;
  return { requestId, viewer, authError, services, loaders: createLoaders(db, viewer, services), log, baseUrl };
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
