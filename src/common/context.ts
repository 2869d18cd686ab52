// What every resolver receives. It lives here, not in src/server/ (the composition root), so that
// slices never import the root; the root builds it (src/server/graphql/request-context.ts). This module imports no
// slice: `Services` and `Loaders` start empty, and each slice adds its own members by module
// augmentation in its `context-members.ts` (`declare module "../common/context.js" { interface Services … }`),
// part of its public surface. src/server/services.ts and src/server/graphql/loaders.ts build the whole
// objects, so tsc fails there when a member is missing or one is left over.
import type { Viewer } from "./auth.js";
import { AppError } from "./errors.js";
import type { Logger } from "./log.js";

/**
 * The services of every slice, made once at start-up (src/server/services.ts) and shared by all
 * requests. Empty here: each slice's `context-members.ts` declares its own.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface Services {}

/**
 * DataLoaders, made anew for each request (src/server/graphql/loaders.ts): their cache must not outlive it.
 * Empty here: each slice's `context-members.ts` declares its own.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface Loaders {}

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

/** The caller, or the reason there is none (UNAUTHENTICATED). */
export function callerOf(ctx: Context): Viewer {
  if (ctx.viewer) return ctx.viewer;
  throw ctx.authError ?? new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
}
