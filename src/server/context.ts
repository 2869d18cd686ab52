import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
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
}

export function createContext(init: Omit<Context, "loaders">, db: Database): Context {
  return { ...init, loaders: createLoaders(db, init.viewer, init.services) };
}

/** The caller, or the reason there is none (UNAUTHENTICATED). */
export function callerOf(ctx: Context): Viewer {
  if (ctx.viewer) return ctx.viewer;
  throw ctx.authError ?? new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
}
