// Who asks, found from the headers before a byte of the body is read: every later step spends by
// the caller's budget (body-budget.ts, the request's time budget). A request without a token, or
// with one that fails verification, is anonymous; it is still answered (UNAUTHENTICATED, from the
// resolvers or the introspection rule), within the anonymous budget.
import type { Viewer } from "../../common/auth.js";
import { AppError } from "../../common/errors.js";
import type { PlainHandler, PlainRequest, PlainResponse } from "../http/index.js";

export interface Caller {
  viewer: Viewer | null;
  /** Why the token given was refused, if one was. */
  authError: Error | null;
}

export type Authenticate = (req: Pick<PlainRequest, "headers">) => Promise<Viewer | null>;

/** The caller identified for this request, if identifyCaller ran. */
export function callerOf(res: Pick<PlainResponse, "locals">): Caller | undefined {
  return res.locals.caller as Caller | undefined;
}

/** True when the request carries a valid token. */
export const isKnownCaller = (res: Pick<PlainResponse, "locals">): boolean => Boolean(callerOf(res)?.viewer);

/** The caller of a request: the one identifyCaller found, else found now (a route that did not run it). */
export async function callerFor(req: Pick<PlainRequest, "headers">, res: Pick<PlainResponse, "locals">, authenticate: Authenticate): Promise<Caller> {
  const found = callerOf(res);
  if (found) return found;
  try {
    return { viewer: await authenticate(req), authError: null };
  } catch (error) {
    return { viewer: null, authError: error as Error };
  }
}

/** Middleware, first on /graphql: verifies the token (a verified one is cached) and leaves the caller in res.locals. */
export function identifyCaller(authenticate: Authenticate): PlainHandler {
  return (req, res, next) => {
    if (!req.headers.authorization) {
      res.locals.caller = { viewer: null, authError: null } satisfies Caller;
      return next();
    }
    void callerFor(req, res, authenticate).then((caller) => {
      res.locals.caller = caller;
      next();
    }, next);
  };
}

/** The caller of a request from its Authorization header: none without one, a refusal for anything but `Bearer <token>`. */
export function bearerAuthenticator(verifyToken: (token: string) => Promise<Viewer>): Authenticate {
  return async (req) => {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new AppError("UNAUTHENTICATED", "Authorization header must be `Bearer <token>`");
    return verifyToken(match[1].trim());
  };
}
