// Organization lists and summaries (O3, O15, O17, O18, O20), built from the registry and storage.
import { sql } from "drizzle-orm";
import type { Viewer } from "../common/auth.js";
import { queryRows, type Executor } from "../db/client.js";
import { inScope, list, type OrgScope } from "./figures.js";
import { toDate } from "./mapper.js";
import type { OrganizationSummary, PlayoutHistoryGroup } from "./types.js";

/**
 * Organizations the registry knows (registered, or owning a registered playout or channel) that
 * the caller may see; with `withTokenOrgs`, also those its token names, registered or not.
 */
export async function knownOrganizationIds(executor: Executor, viewer: Viewer, withTokenOrgs: boolean): Promise<string[]> {
  const scope = viewer.orgs;
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`select id from (
        select organization_id as id from organizations union select organization from playouts union select organization from channels
      ) known where ${inScope(sql`id`, scope)}`,
  );
  const ids = new Set(rows.map((r) => r.id));
  if (withTokenOrgs && scope !== "*") for (const o of scope) ids.add(o);
  return [...ids].sort();
}

/**
 * One summary per id, in the order given. Registry: name, creation date, accounts, playouts;
 * media store: the latest storage snapshot; ingest figures: zero until an asset catalog exists.
 */
export async function organizationSummaries(executor: Executor, ids: string[]): Promise<OrganizationSummary[]> {
  if (!ids.length) return [];
  const [registered, playoutModes, storage] = await Promise.all([
    queryRows<{ organization_id: string; name: string | null; time: string | Date | null; date_created: string | Date; total_accounts: number | null }>(
      executor,
      sql`select organization_id, name, time, date_created, total_accounts from organizations where organization_id in ${list(ids)}`,
    ),
    queryRows<{ organization: string; mode: string; playouts: number; cloud: number }>(
      executor,
      sql`select organization, coalesce(playout_mode, 'UNKNOWN') as mode, count(*)::int as playouts, count(instance_type)::int as cloud
        from playouts where organization in ${list(ids)} group by 1, 2`,
    ),
    queryRows<{ organization: string; count: number; size: number }>(
      executor,
      sql`select distinct on (organization) organization, count, size from storage_snapshots
        where organization in ${list(ids)} order by organization, time desc, id desc`,
    ),
  ]);
  const registry = new Map(registered.map((r) => [r.organization_id, r]));
  const latestStorage = new Map(storage.map((r) => [r.organization, r]));
  return ids.map((id) => {
    const org = registry.get(id);
    const modes = playoutModes.filter((m) => m.organization === id);
    const snapshot = latestStorage.get(id);
    return {
      id,
      organizationId: id,
      organizationName: org?.name ?? null,
      organizationCreateDate: org ? toDate(org.time ?? org.date_created) : null,
      totalAccounts: org?.total_accounts ?? 0,
      totalPlayouts: modes.reduce((n, m) => n + Number(m.playouts), 0),
      cloudPlayouts: modes.reduce((n, m) => n + Number(m.cloud), 0),
      playoutSummary: Object.fromEntries(modes.sort((a, b) => a.mode.localeCompare(b.mode)).map((m) => [m.mode, Number(m.playouts)])),
      mediaStoreUsage: { mediaStoreItemCount: Number(snapshot?.count ?? 0), mediaStoreSize: Number(snapshot?.size ?? 0) },
      ingestUsageInfo: { ingestSources: 0, totalFilesIngested: 0, totalVolumeIngested: 0 },
    };
  });
}

/** O3: one group per provider of the registered playouts in scope; names are every name recorded. */
export async function historyGroups(executor: Executor, scope: OrgScope, providerId: string | null): Promise<PlayoutHistoryGroup[]> {
  const playouts = await queryRows<{ playout_id: string; organization: string; provider_id: string | null; channel_id: string | null }>(
    executor,
    sql`select playout_id, organization, provider_id, channel_id from playouts
      where ${inScope(sql`organization`, scope)} ${providerId ? sql`and provider_id = ${providerId}` : sql``}
      order by provider_id nulls last, organization, playout_id`,
  );
  if (!playouts.length) return [];
  const ids = new Set<string>();
  for (const p of playouts) {
    ids.add(p.playout_id).add(p.organization);
    if (p.provider_id) ids.add(p.provider_id);
  }
  // A channel id a playout once named may since belong to another organization: its names show
  // only on playouts of the organization that registered the channel.
  const channels = await queryRows<{ channel_id: string; organization: string }>(
    executor,
    sql`select channel_id, organization from channels where channel_id in (
        select name from registry_names where kind = 'playout_channel' and id in ${list(playouts.map((p) => p.playout_id))}
        union select channel_id from playouts where playout_id in ${list(playouts.map((p) => p.playout_id))})
      and ${inScope(sql`organization`, scope)}`,
  );
  const channelOwner = new Map(channels.map((c) => [c.channel_id, c.organization]));
  const names = await queryRows<{ kind: string; id: string; name: string }>(
    executor,
    sql`select kind, id, name from registry_names where (kind <> 'channel' and id in ${list([...ids])})
        or (kind = 'channel' and id in ${list([...channelOwner.keys()])})
      order by kind, id, name`,
  );
  const namesOf = (kind: string, id: string) => names.filter((n) => n.kind === kind && n.id === id).map((n) => n.name);
  const channelNames = (channelId: string, organization: string) => (channelOwner.get(channelId) === organization ? namesOf("channel", channelId) : []);
  const groups = new Map<string | null, PlayoutHistoryGroup>();
  for (const p of playouts) {
    let group = groups.get(p.provider_id);
    if (!group) groups.set(p.provider_id, (group = { providerId: p.provider_id, names: p.provider_id ? namesOf("provider", p.provider_id) : [], organizations: [] }));
    let org = group.organizations.find((o) => o.organizationId === p.organization);
    if (!org) group.organizations.push((org = { organizationId: p.organization, names: namesOf("organization", p.organization), playouts: [] }));
    const channelIds = new Set(namesOf("playout_channel", p.playout_id));
    if (p.channel_id) channelIds.add(p.channel_id);
    org.playouts.push({
      playoutId: p.playout_id,
      names: namesOf("playout", p.playout_id),
      modes: namesOf("playout_mode", p.playout_id),
      channels: [...channelIds].sort().map((channelId) => ({ channelId, names: channelNames(channelId, p.organization) })),
    });
  }
  return [...groups.values()];
}
