// Telemetry: the registry (organizations, providers, channels, playouts) and the measurements
// that ingestTelemetry appends, plus the hourly and daily rollups of playout samples kept in step with them.
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, instant, int64, updatedAt } from "../db/columns.js";

export const organizations = pgTable("organizations", {
  organizationId: text("organization_id").primaryKey(),
  name: text("name"),
  address: text("address"),
  city: text("city"),
  country: text("country"),
  phoneNumber: text("phone_number"),
  productCode: text("product_code"),
  providerId: text("provider_id"),
  vendorMarketplaceIdentifier: text("vendor_marketplace_identifier"),
  zipCode: text("zip_code"),
  // Nullable so that an upsert that leaves them out keeps the stored value; read null as false / true.
  deleted: boolean("deleted"),
  enabled: boolean("enabled"),
  time: instant("time"),
  timeStamp: instant("time_stamp"),
  totalAccounts: integer("total_accounts"),
  dateCreated: createdAt(),
  dateUpdated: updatedAt(),
});

export const providers = pgTable("providers", {
  providerId: text("provider_id").primaryKey(),
  providerName: text("provider_name"),
});

export const channels = pgTable(
  "channels",
  {
    channelId: text("channel_id").primaryKey(),
    channelName: text("channel_name"),
    organization: text("organization").notNull(),
    providerId: text("provider_id"),
  },
  (t) => [index("channels_org_idx").on(t.organization)],
);

export const playouts = pgTable(
  "playouts",
  {
    playoutId: text("playout_id").primaryKey(),
    playoutName: text("playout_name"),
    organization: text("organization").notNull(),
    providerId: text("provider_id"),
    channelId: text("channel_id"),
    playoutMode: text("playout_mode"),
    ip: text("ip"),
    port: text("port"),
    instanceType: text("instance_type"),
    templateType: text("template_type"),
    region: text("region"),
    licenceId: text("licence_id"),
    licenceName: text("licence_name"),
    licenceMode: text("licence_mode"),
    playoutLicenceId: text("playout_licence_id"),
    playoutType: text("playout_type"),
    resolution: text("resolution"),
    dateCreated: createdAt(),
    dateUpdated: updatedAt(),
  },
  (t) => [index("playouts_org_idx").on(t.organization), index("playouts_ip_idx").on(t.ip)],
);

/**
 * Every name a registry record has carried (kind: provider, organization, channel, playout,
 * playout_mode, playout_channel), for the "names seen" lists of playoutHistoryGroups.
 */
export const registryNames = pgTable(
  "registry_names",
  {
    kind: text("kind").notNull(),
    id: text("id").notNull(),
    name: text("name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id, t.name] })],
);

/** One health sample of a playout covering [time, time + intervalSeconds). */
export const playoutSamples = pgTable(
  "playout_samples",
  {
    playoutId: text("playout_id").notNull(),
    /** Copied from the playout (a playout never changes organization): scopes scans without a join. */
    organization: text("organization").notNull(),
    time: instant("time").notNull(),
    intervalSeconds: integer("interval_seconds").notNull().default(60),
    avmon: doublePrecision("avmon"),
    cache: doublePrecision("cache"),
    connection: doublePrecision("connection"),
    cpu: doublePrecision("cpu"),
    fileDescriptors: doublePrecision("file_descriptors"),
    freeMemory: doublePrecision("free_memory"),
    playback: doublePrecision("playback"),
    storage: doublePrecision("storage"),
  },
  (t) => [index("playout_samples_playout_time_idx").on(t.playoutId, t.time), index("playout_samples_org_time_idx").on(t.organization, t.time)],
);

/** Sums and non-null counts of each health figure: averages come out the same as from the raw samples. */
function figureSums(count: typeof integer | typeof int64) {
  return {
    sumAvmon: doublePrecision("sum_avmon").notNull(),
    nAvmon: count("n_avmon").notNull(),
    sumCache: doublePrecision("sum_cache").notNull(),
    nCache: count("n_cache").notNull(),
    sumConnection: doublePrecision("sum_connection").notNull(),
    nConnection: count("n_connection").notNull(),
    sumCpu: doublePrecision("sum_cpu").notNull(),
    nCpu: count("n_cpu").notNull(),
    sumFileDescriptors: doublePrecision("sum_file_descriptors").notNull(),
    nFileDescriptors: count("n_file_descriptors").notNull(),
    sumFreeMemory: doublePrecision("sum_free_memory").notNull(),
    nFreeMemory: count("n_free_memory").notNull(),
    sumPlayback: doublePrecision("sum_playback").notNull(),
    nPlayback: count("n_playback").notNull(),
    sumStorage: doublePrecision("sum_storage").notNull(),
    nStorage: count("n_storage").notNull(),
  };
}

/** Samples summed per playout per UTC hour, updated in the transaction that appends the samples. */
export const playoutHourly = pgTable(
  "playout_hourly",
  {
    playoutId: text("playout_id").notNull(),
    hour: instant("hour").notNull(),
    organization: text("organization").notNull(),
    upSeconds: int64("up_seconds").notNull(),
    downSeconds: int64("down_seconds").notNull(),
    samples: integer("samples").notNull(),
    ...figureSums(integer),
  },
  (t) => [primaryKey({ columns: [t.playoutId, t.hour] }), index("playout_hourly_org_hour_idx").on(t.organization, t.hour)],
);

/**
 * The same sums per playout per UTC day, updated by the same statement as the hourly rollup: a
 * report whose buckets hold whole UTC days reads 24 times fewer rows (a year of daily usage for
 * one playout is 365 rows, not 8,760). Counts are 64-bit: a day holds 24 hours of them.
 */
export const playoutDaily = pgTable(
  "playout_daily",
  {
    playoutId: text("playout_id").notNull(),
    day: instant("day").notNull(),
    organization: text("organization").notNull(),
    upSeconds: int64("up_seconds").notNull(),
    downSeconds: int64("down_seconds").notNull(),
    samples: int64("samples").notNull(),
    ...figureSums(int64),
  },
  (t) => [primaryKey({ columns: [t.playoutId, t.day] }), index("playout_daily_org_day_idx").on(t.organization, t.day)],
);

export const cacheDownloads = pgTable(
  "cache_downloads",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    time: instant("time").notNull(),
    ip: text("ip").notNull(),
    port: text("port"),
    playoutName: text("playout_name"),
    count: int64("count").notNull().default(0),
    size: int64("size").notNull().default(0),
  },
  (t) => [index("cache_downloads_org_time_idx").on(t.organization, t.time)],
);

export const storageSnapshots = pgTable(
  "storage_snapshots",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    organization: text("organization").notNull(),
    time: instant("time").notNull(),
    count: int64("count").notNull(),
    size: int64("size").notNull(),
  },
  (t) => [index("storage_snapshots_org_time_idx").on(t.organization, t.time)],
);

export const streamStats = pgTable(
  "stream_stats",
  {
    id: int64("id").primaryKey().generatedAlwaysAsIdentity(),
    region: text("region").notNull(),
    time: instant("time").notNull(),
    activeStreamCount: int64("active_stream_count"),
    streamCount: int64("stream_count"),
    webrtcStats: jsonb("webrtc_stats"),
  },
  (t) => [index("stream_stats_region_time_idx").on(t.region, t.time)],
);

/** Daily usage per organization; one row per (organization, type, timeStamp): runs replace, never duplicate. */
export const billingUsage = pgTable(
  "billing_usage",
  {
    organization: text("organization").notNull(),
    type: text("type").notNull().default("DAILY"),
    timeStamp: instant("time_stamp").notNull(),
    customerId: text("customer_id"),
    productCode: text("product_code"),
    playoutUptime: int64("playout_uptime").notNull().default(0),
    storageAmount: int64("storage_amount").notNull().default(0),
    bandwidth: int64("bandwidth").notNull().default(0),
    platform: int64("platform").notNull().default(0),
    reported: boolean("reported").notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.organization, t.type, t.timeStamp] }), index("billing_usage_time_idx").on(t.timeStamp)],
);

/**
 * Executions of an organization's runs, keyed by (organization, executionId): the same id in two
 * organizations is two records. Organization "*" holds platform executions (reported by a token
 * for every organization without naming one), which only such tokens read.
 */
export const executions = pgTable(
  "executions",
  {
    organization: text("organization").notNull().default("*"),
    executionId: text("execution_id").notNull(),
    duration: int64("duration"),
    executionTime: instant("execution_time").notNull(),
    success: boolean("success").notNull().default(true),
    type: text("type"),
    dateUpdated: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.organization, t.executionId] }), index("executions_org_time_idx").on(t.organization, t.executionTime)],
);

