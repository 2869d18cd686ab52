// Telemetry in: ingestTelemetry (registry upserts, measurements appended, rollup kept in step) and
// reportExecution. Role admin; a record of an organization the token does not name is FORBIDDEN;
// providers and stream statistics are platform records (./platform.ts). Who owns what:
// docs/REPORTING.md.
import { canSee, requireRole, type Viewer } from "../common/auth.js";
import { badInput, forbidden } from "../common/errors.js";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Executor } from "../db/client.js";
import {
  appendCacheDownloads,
  appendSamples,
  appendStorageSnapshots,
  appendStreamStats,
  ownersOf,
  recordNames,
  upsertBillingUsage,
  upsertChannels,
  upsertExecutions,
  upsertOrganizations,
  upsertPlayouts,
  upsertProviders,
  type OwnedExecution,
  type RegistryName,
} from "./ingest.js";
import { PLATFORM_ORGANIZATION, requirePlatformAdmin } from "./platform.js";
import { checkSampleFigures } from "./sample-rules.js";
import type { ExecutionReportInput, IngestResult, TelemetryBatchInput } from "./types.js";

/** Records of one batch, all kinds together (keeps one transaction within reason). */
export const MAX_BATCH_RECORDS = 100_000;
const MAX_INTERVAL_SECONDS = 86_400;

export class TelemetryService {
  constructor(private readonly db: Database) {}

  async ingest(viewer: Viewer, batch: TelemetryBatchInput): Promise<IngestResult> {
    requireRole(viewer, "admin");
    const b = normalizeBatch(viewer, batch);
    checkBatch(viewer, b);
    return this.db.transaction(async (tx) => {
      await checkOwnership(tx, viewer, b);
      if (b.organizations.length) await upsertOrganizations(tx, b.organizations);
      if (b.providers.length) await upsertProviders(tx, b.providers);
      if (b.channels.length) await upsertChannels(tx, b.channels);
      if (b.playouts.length) await upsertPlayouts(tx, b.playouts);
      await checkChannelPlacement(tx, viewer, b);
      await recordNames(tx, namesOf(b));
      if (b.playoutSamples.length) {
        const owners = await checkSamplePlayouts(tx, viewer, b);
        await appendSamples(tx, b.playoutSamples, owners);
      }
      if (b.cacheDownloads.length) await appendCacheDownloads(tx, b.cacheDownloads);
      if (b.storageSnapshots.length) await appendStorageSnapshots(tx, b.storageSnapshots);
      if (b.streamStats.length) await appendStreamStats(tx, b.streamStats);
      if (b.billingUsage.length) await upsertBillingUsage(tx, b.billingUsage);
      if (b.executions.length) await upsertExecutions(tx, b.executions, new Date());
      return {
        organizations: b.organizations.length,
        providers: b.providers.length,
        channels: b.channels.length,
        playouts: b.playouts.length,
        playoutSamples: b.playoutSamples.length,
        cacheDownloads: b.cacheDownloads.length,
        storageSnapshots: b.storageSnapshots.length,
        streamStats: b.streamStats.length,
        billingUsage: b.billingUsage.length,
        executions: b.executions.length,
      };
    });
  }

  /** O12: the same executionId of the same organization again replaces the stored report. */
  async reportExecution(viewer: Viewer, input: ExecutionReportInput): Promise<{ code: number; messages: string[] }> {
    requireRole(viewer, "admin");
    const execution = ownedExecution(viewer, input);
    checkExecution(viewer, execution);
    const replaced = await this.db.transaction(async (tx) => {
      const known = await executionExists(tx, execution);
      await upsertExecutions(tx, [execution], new Date());
      return known;
    });
    return { code: 200, messages: [`Execution ${input.executionId} ${replaced ? "replaced" : "recorded"}`] };
  }
}

async function executionExists(tx: Executor, e: OwnedExecution): Promise<boolean> {
  const rows = await queryRows(tx, sql`select 1 from executions where organization = ${e.organization} and execution_id = ${e.executionId}`);
  return rows.length > 0;
}

/**
 * The organization an execution belongs to: the one it names, else the token's only one, else
 * (a token for every organization) the platform. Whether the caller may write there is checkExecution's.
 */
function ownedExecution(viewer: Viewer, e: ExecutionReportInput): OwnedExecution {
  if (e.organization !== undefined && e.organization !== null) return { ...e, organization: e.organization };
  if (viewer.orgs === "*") return { ...e, organization: PLATFORM_ORGANIZATION };
  if (viewer.orgs.length === 1) return { ...e, organization: viewer.orgs[0] };
  throw badInput("This token acts for several organizations: name the execution's organization", { argument: "organization" });
}

type Batch = { [K in keyof TelemetryBatchInput]-?: NonNullable<TelemetryBatchInput[K]> } & { executions: OwnedExecution[] };

/** Empty lists for absent members; registry records and keyed measurements deduplicated (last one wins). */
function normalizeBatch(viewer: Viewer, batch: TelemetryBatchInput): Batch {
  const lastById = <T>(rows: T[] | null | undefined, key: (r: T) => string): T[] => [...new Map((rows ?? []).map((r) => [key(r), r])).values()];
  return {
    organizations: lastById(batch.organizations, (o) => o.organizationId),
    providers: lastById(batch.providers, (p) => p.providerId),
    channels: lastById(batch.channels, (c) => c.channelId),
    playouts: lastById(batch.playouts, (p) => p.playoutId),
    playoutSamples: batch.playoutSamples ?? [],
    cacheDownloads: batch.cacheDownloads ?? [],
    storageSnapshots: batch.storageSnapshots ?? [],
    streamStats: batch.streamStats ?? [],
    billingUsage: lastById(batch.billingUsage, (r) => JSON.stringify([r.organization, r.type ?? "DAILY", r.timeStamp.getTime()])),
    executions: lastById(
      (batch.executions ?? []).map((e) => ownedExecution(viewer, e)),
      (e) => JSON.stringify([e.organization, e.executionId]),
    ),
  };
}

/** Checks that need no database: sizes, ids, ranges, and that every organization named is the caller's. */
function checkBatch(viewer: Viewer, b: Batch): void {
  const total = Object.values(b).reduce((n, rows) => n + rows.length, 0);
  if (total > MAX_BATCH_RECORDS) throw badInput(`A batch holds at most ${MAX_BATCH_RECORDS} records (got ${total}); split it`, { argument: "batch" });
  const nonEmpty = (value: string, what: string) => {
    if (!value.trim()) throw badInput(`${what} must not be empty`, { argument: `batch.${what}` });
  };
  const own = (organization: string, what: string) => {
    nonEmpty(organization, `${what}.organization`);
    if (!canSee(viewer, organization)) throw forbidden(`This token may not write ${what} records of organization ${organization}`);
  };
  for (const o of b.organizations) own(o.organizationId, "organizations");
  if (b.providers.length) requirePlatformAdmin(viewer, "providers");
  for (const p of b.providers) nonEmpty(p.providerId, "providers.providerId");
  for (const c of b.channels) {
    nonEmpty(c.channelId, "channels.channelId");
    nonEmpty(c.organization, "channels.organization");
    if (!canSee(viewer, c.organization)) throw mayNotRegister("channels", c.channelId);
  }
  for (const p of b.playouts) {
    nonEmpty(p.playoutId, "playouts.playoutId");
    nonEmpty(p.organization, "playouts.organization");
    if (!canSee(viewer, p.organization)) throw mayNotRegister("playouts", p.playoutId);
  }
  checkSampleFigures(b.playoutSamples);
  for (const s of b.playoutSamples) {
    const interval = s.intervalSeconds ?? 60;
    if (!Number.isInteger(interval) || interval < 1 || interval > MAX_INTERVAL_SECONDS) {
      throw badInput(`playoutSamples.intervalSeconds must be 1 to ${MAX_INTERVAL_SECONDS} (got ${interval})`, { argument: "batch.playoutSamples" });
    }
  }
  for (const c of b.cacheDownloads) {
    own(c.organization, "cacheDownloads");
    nonEmpty(c.ip, "cacheDownloads.ip");
    if ((c.count ?? 0) < 0 || (c.size ?? 0) < 0) throw badInput("cacheDownloads count and size must not be negative", { argument: "batch.cacheDownloads" });
  }
  for (const s of b.storageSnapshots) {
    own(s.organization, "storageSnapshots");
    if (s.count < 0 || s.size < 0) throw badInput("storageSnapshots count and size must not be negative", { argument: "batch.storageSnapshots" });
  }
  if (b.streamStats.length) requirePlatformAdmin(viewer, "Region stream statistics (streamStats)");
  for (const s of b.streamStats) nonEmpty(s.region, "streamStats.region");
  for (const r of b.billingUsage) own(r.organization, "billingUsage");
  for (const e of b.executions) checkExecution(viewer, e);
}

/**
 * The one answer for a registry id the caller may not write, whether it names an organization
 * outside the claim or an id that another organization registered: it never says whose it is.
 */
function mayNotRegister(table: "channels" | "playouts", id: string) {
  return forbidden(`This token may not write ${table} record ${id}`);
}

function checkExecution(viewer: Viewer, e: OwnedExecution): void {
  if (!e.organization.trim()) throw badInput("organization must not be empty", { argument: "organization" });
  if (!canSee(viewer, e.organization)) throw forbidden(`This token may not write executions of organization ${e.organization}`);
  if (!e.executionId.trim()) throw badInput("executionId must not be empty", { argument: "executionId" });
  if (e.duration !== undefined && e.duration !== null && e.duration < 0) throw badInput("duration must not be negative", { argument: "duration" });
}

/**
 * A registered channel or playout keeps its organization: an id registered by an organization the
 * caller may not see answers as one outside the claim (mayNotRegister); a move between two of the
 * caller's organizations is BAD_USER_INPUT.
 */
async function checkOwnership(tx: Executor, viewer: Viewer, b: Batch): Promise<void> {
  for (const [table, rows] of [
    ["channels", b.channels.map((c) => ({ id: c.channelId, organization: c.organization }))],
    ["playouts", b.playouts.map((p) => ({ id: p.playoutId, organization: p.organization }))],
  ] as const) {
    if (!rows.length) continue;
    const owners = await ownersOf(tx, table, rows.map((r) => r.id));
    for (const r of rows) {
      const owner = owners.get(r.id);
      if (owner === undefined || owner === r.organization) continue;
      if (!canSee(viewer, owner)) throw mayNotRegister(table, r.id);
      throw badInput(`${table} record ${r.id} belongs to organization ${owner}; it cannot move to ${r.organization}`, { argument: `batch.${table}` });
    }
  }
}

/**
 * A playout and its channel share an organization, so that no report shows another organization's
 * channel. Checked after the upserts (the batch may register both); a failure rolls back the batch.
 */
async function checkChannelPlacement(tx: Executor, viewer: Viewer, b: Batch): Promise<void> {
  if (!b.playouts.length && !b.channels.length) return;
  const ids = (values: string[]) => sql`(select json_array_elements_text(${JSON.stringify(values)}::json))`;
  const [clash] = await queryRows<{ playout_id: string; organization: string; channel_id: string; channel_organization: string }>(
    tx,
    sql`select p.playout_id, p.organization, c.channel_id, c.organization as channel_organization
      from playouts p join channels c on c.channel_id = p.channel_id
      where p.organization <> c.organization
        and (p.playout_id in ${ids(b.playouts.map((x) => x.playoutId))} or c.channel_id in ${ids(b.channels.map((x) => x.channelId))})
      limit 1`,
  );
  if (!clash) return;
  const message = `playout ${clash.playout_id} (organization ${clash.organization}) cannot be on channel ${clash.channel_id} of another organization`;
  if (!canSee(viewer, clash.organization) || !canSee(viewer, clash.channel_organization)) throw forbidden(message.replace(/ \(organization [^)]*\)/, ""));
  throw badInput(message, { argument: "batch.playouts" });
}

/**
 * Every sample's playout must be registered (now or earlier in this batch) by one of the caller's
 * organizations; another organization's playout answers exactly like an unregistered one.
 */
async function checkSamplePlayouts(tx: Executor, viewer: Viewer, b: Batch): Promise<Map<string, string>> {
  const ids = [...new Set(b.playoutSamples.map((s) => s.playoutId))];
  const owners = await ownersOf(tx, "playouts", ids);
  const unknown = ids.filter((id) => !owners.has(id) || !canSee(viewer, owners.get(id)!));
  if (unknown.length) {
    throw badInput(`playoutSamples name unknown playouts: ${unknown.slice(0, 10).join(", ")}${unknown.length > 10 ? ", …" : ""}; register them first`, {
      argument: "batch.playoutSamples",
      unknownPlayoutIds: unknown.slice(0, 100),
    });
  }
  return owners;
}

function namesOf(b: Batch): RegistryName[] {
  const names: RegistryName[] = [];
  const add = (kind: RegistryName["kind"], id: string, name: string | null | undefined) => {
    if (name !== undefined && name !== null && name !== "") names.push({ kind, id, name });
  };
  for (const p of b.providers) add("provider", p.providerId, p.providerName);
  for (const o of b.organizations) add("organization", o.organizationId, o.name);
  for (const c of b.channels) add("channel", c.channelId, c.channelName);
  for (const p of b.playouts) {
    add("playout", p.playoutId, p.playoutName);
    add("playout_mode", p.playoutId, p.playoutMode);
    add("playout_channel", p.playoutId, p.channelId);
  }
  return names;
}
