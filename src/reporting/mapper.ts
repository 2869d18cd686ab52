// The one place where reporting rows become their GraphQL shapes.
import type { PlayoutBucketRow, PlayoutUsageRow } from "./figures.js";
import type {
  BillingUsageRecord,
  LicenceUsageRecord,
  OrganizationRecord,
  PlayoutHistoryRecord,
  PlayoutUsageRecord,
  RegionStreamStats,
} from "./types.js";

/** Raw timestamps: strings from postgres.js, Date from PGlite. */
export const toDate = (v: string | Date): Date => new Date(v);
const toDateOrNull = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

type RegistryOfUsage = Pick<PlayoutUsageRecord, "organization" | "playoutName" | "ip" | "port" | "instanceType" | "templateType">;

/**
 * Rows of one answer share a Date per bucket (a 30-day daily answer has 30 of them for 1,200 rows)
 * and each playout's registry columns, which its first row carries (playoutUsageRows).
 */
export function toPlayoutUsageRecords(rows: PlayoutUsageRow[]): PlayoutUsageRecord[] {
  const buckets = new Map<string | number, Date>();
  const registry = new Map<string, RegistryOfUsage>();
  const out = new Array<PlayoutUsageRecord>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const key = typeof r.bucket === "string" ? r.bucket : r.bucket.getTime();
    let timeStamp = buckets.get(key);
    if (!timeStamp) buckets.set(key, (timeStamp = toDate(r.bucket)));
    let playout = registry.get(r.playout_id);
    if (!playout) {
      if (!r.first) throw new Error(`usage rows of playout ${r.playout_id} start without its registry columns`);
      playout = { organization: r.organization, playoutName: r.playout_name, ip: r.ip, port: r.port, instanceType: r.instance_type, templateType: r.template_type };
      registry.set(r.playout_id, playout);
    }
    out[i] = {
      downtime: Number(r.down_seconds),
      uptime: Number(r.up_seconds),
      instanceType: playout.instanceType,
      ip: playout.ip,
      organization: playout.organization,
      playoutId: r.playout_id,
      playoutName: playout.playoutName,
      port: playout.port,
      templateType: playout.templateType,
      timeStamp,
    };
  }
  return out;
}

export function toLicenceUsage(r: PlayoutBucketRow): LicenceUsageRecord {
  return {
    downtime: Number(r.down_seconds),
    uptime: Number(r.up_seconds),
    licenceId: r.licence_id,
    licenceMode: r.licence_mode,
    licenceName: r.licence_name,
    organization: r.organization,
    playoutId: r.playout_id,
    playoutIp: r.ip,
    playoutLicenceId: r.playout_licence_id,
    playoutMode: r.playout_mode,
    playoutName: r.playout_name,
    playoutPort: r.port,
    playoutType: r.playout_type,
    resolution: r.resolution,
    time: toDate(r.bucket),
  };
}

/** Decimal places of the health averages (docs/REPORTING.md "Precision"). */
export const HEALTH_FIGURE_DECIMALS = 2;

/**
 * An average as answered: to the nearest hundredth, halves away from zero, so that a bucket shows
 * 27.4, not 27.402499999999993. Float sums carry such tails, and they differ between the rollup and
 * raw samples: the nudge of 1e-12 (far above those tails, far below a hundredth) makes 2.345 and
 * 2.3449999999999998 both 2.35, so that every path answers the same figure. Never -0.
 */
export function roundFigure(value: number, decimals = HEALTH_FIGURE_DECIMALS): number {
  const scale = 10 ** decimals;
  const rounded = Math.round(Math.abs(value) * scale * (1 + 1e-12)) / scale;
  return rounded === 0 ? 0 : Math.sign(value) * rounded;
}

/** `wanted` holds the health figure names to fill; the others are null. */
export function toPlayoutHistory(r: PlayoutBucketRow, wanted: Set<string>): PlayoutHistoryRecord {
  const figure = (name: string, value: number | null) => (wanted.has(name) && value !== null ? roundFigure(Number(value)) : null);
  const time = toDate(r.bucket);
  return {
    avmon: figure("avmon", r.avmon),
    cache: figure("cache", r.cache),
    connection: figure("connection", r.connection),
    cpu: figure("cpu", r.cpu),
    fileDescriptors: figure("fileDescriptors", r.file_descriptors),
    freeMemory: figure("freeMemory", r.free_memory),
    playback: figure("playback", r.playback),
    storage: figure("storage", r.storage),
    channelId: r.channel_id,
    channelName: r.channel_name,
    organization: r.organization,
    organizationName: r.organization_name,
    playoutId: r.playout_id,
    playoutMode: r.playout_mode,
    playoutName: r.playout_name,
    providerId: r.provider_id,
    providerName: r.provider_name,
    time,
    timeStamp: time,
  };
}

export interface OrganizationRow {
  organization_id: string;
  name: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  phone_number: string | null;
  product_code: string | null;
  provider_id: string | null;
  vendor_marketplace_identifier: string | null;
  zip_code: string | null;
  deleted: boolean | null;
  enabled: boolean | null;
  time: string | Date | null;
  time_stamp: string | Date | null;
}

export function toOrganization(r: OrganizationRow): OrganizationRecord {
  return {
    address: r.address,
    city: r.city,
    country: r.country,
    name: r.name,
    organizationId: r.organization_id,
    phoneNumber: r.phone_number,
    productCode: r.product_code,
    providerId: r.provider_id,
    vendorMarketplaceIdentifier: r.vendor_marketplace_identifier,
    zipCode: r.zip_code,
    deleted: r.deleted ?? false,
    enabled: r.enabled ?? true,
    time: toDateOrNull(r.time),
    timeStamp: toDateOrNull(r.time_stamp),
  };
}

export interface BillingRow {
  organization: string;
  type: string;
  time_stamp: string | Date;
  customer_id: string | null;
  product_code: string | null;
  playout_uptime: number;
  storage_amount: number;
  bandwidth: number;
  platform: number;
  reported: boolean;
}

export function toBillingUsage(r: BillingRow): BillingUsageRecord {
  return {
    bandwidth: Number(r.bandwidth),
    platform: Number(r.platform),
    playoutUptime: Number(r.playout_uptime),
    storageAmount: Number(r.storage_amount),
    customerId: r.customer_id,
    organization: r.organization,
    productCode: r.product_code,
    type: r.type,
    reported: r.reported,
    timeStamp: toDate(r.time_stamp),
  };
}

export interface StreamStatsRow {
  region: string;
  time: string | Date;
  active_stream_count: number | null;
  stream_count: number | null;
  webrtc_stats: any;
}

export function toRegionStreamStats(r: StreamStatsRow): RegionStreamStats {
  const stats = typeof r.webrtc_stats === "string" ? JSON.parse(r.webrtc_stats) : r.webrtc_stats;
  const leafs = (o: Record<string, unknown> | null | undefined, keys: string[]): any =>
    o ? Object.fromEntries(keys.map((k) => [k, o[k] === undefined || o[k] === null ? null : Number(o[k])])) : null;
  return {
    activeStreamCount: r.active_stream_count === null ? null : Number(r.active_stream_count),
    region: r.region,
    streamCount: r.stream_count === null ? null : Number(r.stream_count),
    webrtcStats: stats
      ? {
          audioSendStats: leafs(stats.audioSendStats, ["audioBytesSent", "audioBytesSentPerSecond", "audioPacketsPerSecond", "audioPacketsSent", "timeMs"]),
          videoSendStats: leafs(stats.videoSendStats, [
            "timeMs", "videoBytesSent", "videoBytesSentPerSecond", "videoFirCount", "videoFramesEncoded", "videoFramesEncodedPerSecond",
            "videoNackCount", "videoPacketsSent", "videoPacketsSentPerSecond", "videoPliCount",
          ]),
        }
      : null,
    time: toDate(r.time),
  };
}
