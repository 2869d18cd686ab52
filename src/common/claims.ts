// Where an identity provider's token keeps who is calling, for which organizations and with which
// role: each provider puts these somewhere else (docs/SECURITY.md "Connecting an identity
// provider"). Pure: no network, no GraphQL.
import { ROLES, parseOrganizationClaim, parseUserClaim, type Role, type Viewer } from "./auth.js";

/** Where to look, and how provider roles or groups become ours (AUTH_ORGS_CLAIM, AUTH_ROLE_CLAIM, AUTH_ROLE_MAP). */
export interface ClaimSettings {
  orgsClaim: string;
  roleClaim: string;
  /** Empty: the claim holds our role names themselves. */
  roleMap: Record<string, Role>;
}

/** How many role or group values a token may hold before it is refused (groups can be long). */
export const MAX_ROLE_VALUES = 1000;

/**
 * The value at a dotted path: `realm_access.roles` reads `roles` inside `realm_access`. A key that
 * holds dots itself (a namespaced claim such as `https://tv.example.com/orgs`) is matched whole:
 * at each level the whole rest of the path is tried first, then its longest prefix that names a key.
 */
export function claimAt(claims: unknown, path: string): unknown {
  if (claims === null || typeof claims !== "object" || Array.isArray(claims)) return undefined;
  const record = claims as Record<string, unknown>;
  if (Object.hasOwn(record, path)) return record[path];
  for (let dot = path.lastIndexOf("."); dot > 0; dot = path.lastIndexOf(".", dot - 1)) {
    const key = path.slice(0, dot);
    if (Object.hasOwn(record, key)) return claimAt(record[key], path.slice(dot + 1));
  }
  return undefined;
}

// When a token holds several of our roles, the one that may do most wins; playout (a viewer that
// may also send as-run) ranks above viewer so that a machine keeps its as-run right.
const PRECEDENCE: Role[] = ["admin", "editor", "playout", "viewer"];

/** The role of a provider token: a name, a space-separated list (`scp`, `scope`) or an array of names, mapped. */
export function roleFromClaim(value: unknown, settings: ClaimSettings): { role: Role } | { problem: string } {
  const names = typeof value === "string" ? value.split(/\s+/).filter(Boolean) : Array.isArray(value) ? value : null;
  if (!names || names.length === 0) return { problem: `${settings.roleClaim} must hold a role, a space-separated list or an array of them` };
  if (names.length > MAX_ROLE_VALUES) return { problem: `${settings.roleClaim} holds more than ${MAX_ROLE_VALUES} values` };
  const mapped = Object.keys(settings.roleMap).length > 0;
  const roles = new Set<Role>();
  for (const name of names) {
    if (typeof name !== "string") continue;
    const role = mapped ? (Object.hasOwn(settings.roleMap, name) ? settings.roleMap[name] : undefined) : ROLES.includes(name as Role) ? (name as Role) : undefined;
    if (role) roles.add(role);
  }
  const role = PRECEDENCE.find((r) => roles.has(r));
  if (!role) {
    return { problem: mapped ? `${settings.roleClaim} holds no value that AUTH_ROLE_MAP maps to a role` : `${settings.roleClaim} must name one of ${ROLES.join(", ")}` };
  }
  return { role };
}

/**
 * Who a provider token speaks for. A person: `sub`. A machine signed in with the client-credentials
 * grant: its client id (`client_id`, else `azp`, else Entra ID's `appid`), which is what its
 * operators know it by. A token is a machine's when it has no `sub`, when `sub` is the client id
 * itself (RFC 9068), Auth0's `<client id>@clients`, Keycloak names its user
 * `service-account-<client id>`, or Entra ID marks it `idtyp: "app"`.
 */
export function actorFromClaims(claims: Record<string, unknown>): string | null {
  const { sub, client_id: clientId, azp, appid, idtyp, preferred_username: username } = claims;
  const client = [clientId, azp, appid].find((c): c is string => typeof c === "string" && c !== "");
  const machine =
    client !== undefined && (sub === undefined || sub === client || sub === `${client}@clients` || idtyp === "app" || username === `service-account-${client}`);
  return parseUserClaim(machine ? client : sub);
}

/** The viewer of a verified provider token; a problem names the claim that does not fit. */
export function viewerFromClaims(claims: Record<string, unknown>, settings: ClaimSettings): { viewer: Viewer } | { problem: string } {
  const userId = actorFromClaims(claims);
  if (userId === null) return { problem: "sub (or, for a machine, client_id/azp) must be an id of 1 to 200 characters" };
  const orgsValue = claimAt(claims, settings.orgsClaim);
  // A provider that can only hold one text value per attribute names a single organization.
  const organizations = parseOrganizationClaim(typeof orgsValue === "string" ? [orgsValue] : orgsValue);
  if ("problem" in organizations) return { problem: organizations.problem.replace(/^orgs\b/, settings.orgsClaim) };
  const role = roleFromClaim(claimAt(claims, settings.roleClaim), settings);
  if ("problem" in role) return role;
  return { viewer: { userId, orgs: organizations.orgs, role: role.role } };
}
