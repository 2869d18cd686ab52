// Who writes the records that belong to no single organization (docs/REPORTING.md "Who owns
// what"): providers and region stream statistics are platform records, written only by a platform
// admin, a token for every organization (`orgs: ["*"]`) with role admin. Pure.
import type { Viewer } from "../common/auth.js";
import { forbidden } from "../common/errors.js";

export const PLATFORM_ORGANIZATION = "*";

export function isPlatformAdmin(viewer: Viewer): boolean {
  return viewer.orgs === "*" && viewer.role === "admin";
}

/** FORBIDDEN unless the caller is a platform admin; `what` names the records, e.g. "providers". */
export function requirePlatformAdmin(viewer: Viewer, what: string): void {
  if (!isPlatformAdmin(viewer)) {
    throw forbidden(`${what} are platform records: only a platform admin token (orgs ["*"], role admin) writes them`);
  }
}
