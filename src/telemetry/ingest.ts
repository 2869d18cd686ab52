// Set-based writes of one telemetry batch: every kind is one statement fed with a JSON array
// (json_to_recordset), whatever the number of records. Callers hold the transaction.
import { sql, type SQL } from "drizzle-orm";
import { execute, queryRows, type Executor } from "../db/client.js";
import { numberArray, textArray } from "./pg-array.js";
import { addToRollups } from "./rollup.js";
import type {
  BillingUsageInput,
  CacheDownloadInput,
  ChannelInput,
  ExecutionReportInput,
  OrganizationInput,
  PlayoutInput,
  PlayoutSampleInput,
  ProviderInput,
  StorageSnapshotInput,
  StreamStatsInput,
} from "./types.js";

const json = (rows: unknown[]): SQL => sql`${JSON.stringify(rows)}::json`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** `set col = coalesce(excluded.col, table.col)`: an absent field keeps the stored value. */
function keepUnlessGiven(table: string, columns: string[]): SQL {
  return sql.raw(columns.map((c) => `${c} = coalesce(excluded.${c}, ${table}.${c})`).join(", "));
}

export async function upsertOrganizations(tx: Executor, rows: OrganizationInput[]): Promise<void> {
  const columns = ["name", "address", "city", "country", "phone_number", "product_code", "provider_id", "vendor_marketplace_identifier", "zip_code", "deleted", "enabled", "time", "time_stamp", "total_accounts"];
  const data = rows.map((o) => ({
    organization_id: o.organizationId, name: o.name, address: o.address, city: o.city, country: o.country, phone_number: o.phoneNumber,
    product_code: o.productCode, provider_id: o.providerId, vendor_marketplace_identifier: o.vendorMarketplaceIdentifier, zip_code: o.zipCode,
    deleted: o.deleted, enabled: o.enabled, time: iso(o.time), time_stamp: iso(o.timeStamp), total_accounts: o.totalAccounts,
  }));
  await tx.execute(sql`insert into organizations (organization_id, ${sql.raw(columns.join(", "))})
    select organization_id, ${sql.raw(columns.join(", "))} from json_to_recordset(${json(data)}) as x(organization_id text, name text, address text,
      city text, country text, phone_number text, product_code text, provider_id text, vendor_marketplace_identifier text, zip_code text,
      deleted boolean, enabled boolean, time timestamptz, time_stamp timestamptz, total_accounts int)
    on conflict (organization_id) do update set ${keepUnlessGiven("organizations", columns)}, date_updated = now()`);
}

export async function upsertProviders(tx: Executor, rows: ProviderInput[]): Promise<void> {
  const data = rows.map((p) => ({ provider_id: p.providerId, provider_name: p.providerName }));
  await tx.execute(sql`insert into providers (provider_id, provider_name)
    select provider_id, provider_name from json_to_recordset(${json(data)}) as x(provider_id text, provider_name text)
    on conflict (provider_id) do update set ${keepUnlessGiven("providers", ["provider_name"])}`);
}

export async function upsertChannels(tx: Executor, rows: ChannelInput[]): Promise<void> {
  const data = rows.map((c) => ({ channel_id: c.channelId, channel_name: c.channelName, organization: c.organization, provider_id: c.providerId }));
  await tx.execute(sql`insert into channels (channel_id, channel_name, organization, provider_id)
    select channel_id, channel_name, organization, provider_id
    from json_to_recordset(${json(data)}) as x(channel_id text, channel_name text, organization text, provider_id text)
    on conflict (channel_id) do update set ${keepUnlessGiven("channels", ["channel_name", "provider_id"])}`);
}

const PLAYOUT_COLUMNS = ["playout_name", "provider_id", "channel_id", "playout_mode", "ip", "port", "instance_type", "template_type", "region", "licence_id", "licence_name", "licence_mode", "playout_licence_id", "playout_type", "resolution"];

export async function upsertPlayouts(tx: Executor, rows: PlayoutInput[]): Promise<void> {
  const data = rows.map((p) => ({
    playout_id: p.playoutId, organization: p.organization, playout_name: p.playoutName, provider_id: p.providerId, channel_id: p.channelId,
    playout_mode: p.playoutMode, ip: p.ip, port: p.port, instance_type: p.instanceType, template_type: p.templateType, region: p.region,
    licence_id: p.licenceId, licence_name: p.licenceName, licence_mode: p.licenceMode, playout_licence_id: p.playoutLicenceId,
    playout_type: p.playoutType, resolution: p.resolution,
  }));
  const cols = sql.raw(PLAYOUT_COLUMNS.join(", "));
  const typed = sql.raw(PLAYOUT_COLUMNS.map((c) => `${c} text`).join(", "));
  await tx.execute(sql`insert into playouts (playout_id, organization, ${cols})
    select playout_id, organization, ${cols} from json_to_recordset(${json(data)}) as x(playout_id text, organization text, ${typed})
    on conflict (playout_id) do update set ${keepUnlessGiven("playouts", PLAYOUT_COLUMNS)}, date_updated = now()`);
}

export interface RegistryName {
  kind: "provider" | "organization" | "channel" | "playout" | "playout_mode" | "playout_channel";
  id: string;
  name: string;
}

export async function recordNames(tx: Executor, names: RegistryName[]): Promise<void> {
  if (!names.length) return;
  await tx.execute(sql`insert into registry_names (kind, id, name)
    select distinct kind, id, name from json_to_recordset(${json(names)}) as x(kind text, id text, name text) order by 1, 2, 3
    on conflict do nothing`);
}

/** Owners of the given ids among registered records of a registry table ("playouts" or "channels"). */
export async function ownersOf(tx: Executor, table: "playouts" | "channels", ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const key = sql.raw(table === "playouts" ? "playout_id" : "channel_id");
  const rows = await queryRows<{ id: string; organization: string }>(
    tx,
    sql`select ${key} as id, organization from ${sql.raw(table)} where ${key} in (select json_array_elements_text(${json(ids)}))`,
  );
  return new Map(rows.map((r) => [r.id, r.organization]));
}

/**
 * Appends samples and adds them to the hourly and daily rollups in one statement. `owners` maps every
 * playout of the samples to its organization (checked by the caller).
 */
export async function appendSamples(tx: Executor, rows: PlayoutSampleInput[], owners: Map<string, string>): Promise<number> {
  const figure = (pick: (s: PlayoutSampleInput) => number | null | undefined) => sql`${numberArray(rows.map(pick))}::float8[]`;
  const columns = "playout_id, organization, time, interval_seconds, avmon, cache, connection, cpu, file_descriptors, free_memory, playback, storage";
  return execute(
    tx,
    addToRollups(
      sql`input`,
      sql`input as (
        select * from unnest(${textArray(rows.map((s) => s.playoutId))}::text[], ${textArray(rows.map((s) => owners.get(s.playoutId)))}::text[],
          ${textArray(rows.map((s) => s.time.toISOString()))}::timestamptz[], ${numberArray(rows.map((s) => s.intervalSeconds ?? 60))}::int[],
          ${figure((s) => s.avmon)}, ${figure((s) => s.cache)}, ${figure((s) => s.connection)}, ${figure((s) => s.cpu)},
          ${figure((s) => s.fileDescriptors)}, ${figure((s) => s.freeMemory)}, ${figure((s) => s.playback)}, ${figure((s) => s.storage)})
          as x(${sql.raw(columns)})
      ), appended as (
        insert into playout_samples (${sql.raw(columns)}) select ${sql.raw(columns)} from input
      )`,
    ),
  );
}

export async function appendCacheDownloads(tx: Executor, rows: CacheDownloadInput[]): Promise<void> {
  const data = rows.map((c) => ({ organization: c.organization, time: c.time.toISOString(), ip: c.ip, port: c.port, playout_name: c.playoutName, count: c.count ?? 0, size: c.size ?? 0 }));
  await tx.execute(sql`insert into cache_downloads (organization, time, ip, port, playout_name, count, size)
    select organization, time, ip, port, playout_name, count, size
    from json_to_recordset(${json(data)}) as x(organization text, time timestamptz, ip text, port text, playout_name text, count int8, size int8)`);
}

export async function appendStorageSnapshots(tx: Executor, rows: StorageSnapshotInput[]): Promise<void> {
  const data = rows.map((s) => ({ organization: s.organization, time: s.time.toISOString(), count: s.count, size: s.size }));
  await tx.execute(sql`insert into storage_snapshots (organization, time, count, size)
    select organization, time, count, size from json_to_recordset(${json(data)}) as x(organization text, time timestamptz, count int8, size int8)`);
}

export async function appendStreamStats(tx: Executor, rows: StreamStatsInput[]): Promise<void> {
  const data = rows.map((s) => ({
    region: s.region, time: s.time.toISOString(), active_stream_count: s.activeStreamCount, stream_count: s.streamCount,
    // Plain objects: type-graphql hands class instances whose prototype JSON does not need.
    webrtc_stats: s.webrtcStats ? JSON.parse(JSON.stringify(s.webrtcStats)) : null,
  }));
  await tx.execute(sql`insert into stream_stats (region, time, active_stream_count, stream_count, webrtc_stats)
    select region, time, active_stream_count, stream_count, webrtc_stats
    from json_to_recordset(${json(data)}) as x(region text, time timestamptz, active_stream_count int8, stream_count int8, webrtc_stats jsonb)`);
}

export async function upsertBillingUsage(tx: Executor, rows: BillingUsageInput[]): Promise<void> {
  const data = rows.map((b) => ({
    organization: b.organization, type: b.type ?? "DAILY", time_stamp: b.timeStamp.toISOString(), customer_id: b.customerId, product_code: b.productCode,
    playout_uptime: b.playoutUptime ?? 0, storage_amount: b.storageAmount ?? 0, bandwidth: b.bandwidth ?? 0, platform: b.platform ?? 0, reported: b.reported,
  }));
  const recordset = sql`json_to_recordset(${json(data)}) as x(organization text, type text, time_stamp timestamptz, customer_id text,
    product_code text, playout_uptime int8, storage_amount int8, bandwidth int8, platform int8, reported boolean)`;
  // A stored record keeps its reported flag unless the batch sets it (billing runs never do).
  await tx.execute(sql`insert into billing_usage (organization, type, time_stamp, customer_id, product_code, playout_uptime, storage_amount, bandwidth, platform, reported)
    select organization, type, time_stamp, customer_id, product_code, playout_uptime, storage_amount, bandwidth, platform, coalesce(reported, false)
    from ${recordset}
    on conflict (organization, type, time_stamp) do update set customer_id = excluded.customer_id, product_code = excluded.product_code,
      playout_uptime = excluded.playout_uptime, storage_amount = excluded.storage_amount, bandwidth = excluded.bandwidth, platform = excluded.platform`);
  if (rows.some((b) => b.reported !== undefined && b.reported !== null)) {
    await tx.execute(sql`update billing_usage b set reported = x.reported from ${recordset}
      where x.reported is not null and b.organization = x.organization and b.type = x.type and b.time_stamp = x.time_stamp`);
  }
}

export async function upsertExecutions(tx: Executor, rows: OwnedExecution[], now: Date): Promise<void> {
  const data = rows.map((e) => ({
    organization: e.organization, execution_id: e.executionId, duration: e.duration, execution_time: (e.executionTime ?? now).toISOString(),
    success: e.success ?? true, type: e.type,
  }));
  await tx.execute(sql`insert into executions (organization, execution_id, duration, execution_time, success, type)
    select organization, execution_id, duration, execution_time, success, type
    from json_to_recordset(${json(data)}) as x(organization text, execution_id text, duration int8, execution_time timestamptz, success boolean, type text)
    on conflict (organization, execution_id) do update set duration = excluded.duration, execution_time = excluded.execution_time, success = excluded.success,
      type = excluded.type, date_updated = now()`);
}

/** An execution report with the organization it belongs to resolved (`*` = a platform execution). */
export type OwnedExecution = ExecutionReportInput & { organization: string };
