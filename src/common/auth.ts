// Who is calling, and what they may do. Pure: no database, no GraphQL.
import { AppError, badInput, forbidden } from "./errors.js";

/** playout: a playout machine's token, a viewer that may also report what aired (ingestAsRun; docs/ASRUN.md). */
export type Role = "viewer" | "editor" | "admin" | "playout";
export const ROLES: Role[] = ["viewer", "editor", "admin", "playout"];

export interface Viewer {
  userId: string;
  /** Organization ids the caller acts in; `"*"` means every organization. */
  orgs: string[] | "*";
  role: Role;
}

/** Bounds of a token's claims: an organization id, how many a token names, the user id. */
export const MAX_ORGANIZATION_ID_LENGTH = 200;
export const MAX_TOKEN_ORGANIZATIONS = 100;
export const MAX_USER_ID_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- control characters are exactly what it finds
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/**
 * The `orgs` claim of a token, checked: a non-empty array of distinct, trimmed, bounded ids, or
 * `["*"]` alone (every organization). A repeated id counts once, so `["a","a"]` acts in "a" alone.
 */
export function parseOrganizationClaim(value: unknown): { orgs: string[] | "*" } | { problem: string } {
  if (!Array.isArray(value) || value.length === 0) return { problem: "orgs must be a non-empty array of organization ids" };
  if (value.length > MAX_TOKEN_ORGANIZATIONS) return { problem: `orgs names more than ${MAX_TOKEN_ORGANIZATIONS} organizations` };
  for (const o of value) {
    if (typeof o !== "string") return { problem: "orgs must contain organization ids (strings)" };
    if (o.trim() === "") return { problem: "orgs must not contain an empty organization id" };
    if (o !== o.trim()) return { problem: "orgs must not contain spaces around an organization id" };
    if (o.length > MAX_ORGANIZATION_ID_LENGTH) return { problem: `orgs contains an id longer than ${MAX_ORGANIZATION_ID_LENGTH} characters` };
    if (CONTROL_CHARACTER.test(o)) return { problem: "orgs must not contain control characters" };
  }
  const orgs = [...new Set(value as string[])];
  if (orgs.includes("*")) return orgs.length === 1 ? { orgs: "*" } : { problem: 'orgs may hold "*" (every organization) only alone' };
  return { orgs };
}

/** The `sub` claim: a non-empty, bounded user id without control characters; null when it is not one. */
export function parseUserClaim(value: unknown): string | null {
  if (typeof value !== "string" || value.trim() === "" || value.length > MAX_USER_ID_LENGTH || CONTROL_CHARACTER.test(value)) return null;
  return value;
}

// playout ranks with viewer: it writes nothing an editor writes; ingestAsRun names it explicitly.
const RANK: Record<Role, number> = { viewer: 0, playout: 0, editor: 1, admin: 2 };

export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new AppError("UNAUTHENTICATED", "A bearer token is required (Authorization: Bearer <JWT>)");
  return viewer;
}

export function requireRole(viewer: Viewer | null, role: Role): Viewer {
  const v = requireViewer(viewer);
  if (RANK[v.role] < RANK[role]) throw forbidden(`This operation needs the ${role} role; the token has ${v.role}`);
  return v;
}

/** One of the named roles exactly (no ranking): for operations given to a dedicated role. */
export function requireOneOf(viewer: Viewer | null, roles: readonly Role[]): Viewer {
  const v = requireViewer(viewer);
  if (!roles.includes(v.role)) throw forbidden(`This operation needs one of the roles ${roles.join(", ")}; the token has ${v.role}`);
  return v;
}

export function canSee(viewer: Viewer, organization: string): boolean {
  return viewer.orgs === "*" || viewer.orgs.includes(organization);
}

/**
 * The organization a call acts in: the named one, or the
 * caller's only one. Naming an organization the caller may not see is FORBIDDEN for calls that
 * act on the organization as a whole; lookups of one record use `scopeForRecord`, which answers
 * NOT_FOUND instead so that nobody learns what another organization holds.
 */
export function scopeOrganization(viewer: Viewer, organization?: string | null): string {
  if (organization !== undefined && organization !== null) {
    if (organization === "") throw badInput("organization must not be empty");
    if (!canSee(viewer, organization)) throw forbidden(`No access to organization ${organization}`);
    return organization;
  }
  if (viewer.orgs !== "*" && viewer.orgs.length === 1) return viewer.orgs[0];
  throw badInput("This token acts for several organizations: name one with the organization argument");
}

/** Like scopeOrganization, but a foreign organization yields null: the caller's lookup then finds nothing. */
export function scopeForRecord(viewer: Viewer, organization?: string | null): string | null {
  if (organization !== undefined && organization !== null && organization !== "" && !canSee(viewer, organization)) {
    return null;
  }
  return scopeOrganization(viewer, organization);
}

/** Organizations a reporting call may read: the named ones (each visible), else all the caller sees. */
export function scopeOrganizations(viewer: Viewer, organizations?: string[] | null): string[] | "*" {
  if (organizations && organizations.length) {
    for (const o of organizations) if (!canSee(viewer, o)) throw forbidden(`No access to organization ${o}`);
    return [...new Set(organizations)];
  }
  return viewer.orgs;
}
