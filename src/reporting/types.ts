// GraphQL shapes of the reporting area (docs/REPORTING.md).
import { GraphQLJSONObject, SafeIntResolver } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";

export enum PeriodType {
  MINUTES = "MINUTES",
  HOURS = "HOURS",
  DAYS = "DAYS",
}
registerEnumType(PeriodType, { name: "PeriodType", description: "Unit of window.period" });

@InputType({ description: "The half-open window [from, to); with period and periodType, buckets of period × periodType aligned on from (at most 10,000)" })
export class TimeWindowInput {
  @Field(() => Date) from!: Date;
  @Field(() => Date) to!: Date;
  @Field(() => Int, { nullable: true, description: "Bucket length in periodType units; give both or neither" }) period?: number | null;
  @Field(() => PeriodType, { nullable: true }) periodType?: PeriodType | null;
  @Field(() => [String], { nullable: true, description: "Only these playouts; an unknown id is BAD_USER_INPUT" }) playoutIds?: string[] | null;
  @Field(() => String, { nullable: true, description: "IANA time zone whose local days the DAYS buckets (and billing days) follow, 23 or 25 hours on clock-change days; default UTC" })
  timeZone?: string | null;
}

@ObjectType({ description: "Cache downloads of one (ip, port) over the whole window" })
export class CacheDownloadRecord {
  @Field(() => SafeIntResolver) count!: number;
  @Field(() => String) ip!: string;
  @Field(() => [String], { description: "Sorted distinct playout names" }) playoutNames!: string[];
  @Field(() => String, { nullable: true }) port!: string | null;
  @Field(() => SafeIntResolver, { description: "Bytes" }) size!: number;
}

@ObjectType({ description: "The records of cacheDownloads, by ip then port, a page at a time" })
export class CacheDownloadPage extends PageMembers {
  @Field(() => [CacheDownloadRecord], { description: "This page's cache download records" }) content!: CacheDownloadRecord[];
}

@ObjectType({ description: "Health figures of one playout in one bucket (averages over its samples; null when not asked for or not measured)" })
export class PlayoutHistoryRecord {
  @Field(() => Float, { nullable: true }) avmon!: number | null;
  @Field(() => Float, { nullable: true }) cache!: number | null;
  @Field(() => Float, { nullable: true }) connection!: number | null;
  @Field(() => Float, { nullable: true }) cpu!: number | null;
  @Field(() => Float, { nullable: true }) fileDescriptors!: number | null;
  @Field(() => Float, { nullable: true }) freeMemory!: number | null;
  @Field(() => Float, { nullable: true }) playback!: number | null;
  @Field(() => Float, { nullable: true }) storage!: number | null;
  @Field(() => String, { nullable: true }) channelId!: string | null;
  @Field(() => String, { nullable: true }) channelName!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) organizationName!: string | null;
  @Field(() => String) playoutId!: string;
  @Field(() => String, { nullable: true }) playoutMode!: string | null;
  @Field(() => String, { nullable: true }) playoutName!: string | null;
  @Field(() => String, { nullable: true }) providerId!: string | null;
  @Field(() => String, { nullable: true }) providerName!: string | null;
  @Field(() => Date, { description: "Bucket start" }) time!: Date;
  @Field(() => Date, { description: "Bucket start (same as time)" }) timeStamp!: Date;
}

@ObjectType()
export class PlayoutHistoryChannel {
  @Field(() => String) channelId!: string;
  @Field(() => [String]) names!: string[];
}

@ObjectType()
export class PlayoutHistoryPlayout {
  @Field(() => String) playoutId!: string;
  @Field(() => [String]) names!: string[];
  @Field(() => [String]) modes!: string[];
  @Field(() => [PlayoutHistoryChannel]) channels!: PlayoutHistoryChannel[];
}

@ObjectType()
export class PlayoutHistoryOrganization {
  @Field(() => String) organizationId!: string;
  @Field(() => [String]) names!: string[];
  @Field(() => [PlayoutHistoryPlayout]) playouts!: PlayoutHistoryPlayout[];
}

@ObjectType({ description: "The registered playouts of one provider, with every name each record has carried" })
export class PlayoutHistoryGroup {
  @Field(() => [String]) names!: string[];
  @Field(() => String, { nullable: true, description: "Null for playouts registered without a provider" }) providerId!: string | null;
  @Field(() => [PlayoutHistoryOrganization]) organizations!: PlayoutHistoryOrganization[];
}

@ObjectType({ description: "Uptime and downtime (seconds) of one playout licence in one bucket" })
export class LicenceUsageRecord {
  @Field(() => SafeIntResolver) downtime!: number;
  @Field(() => SafeIntResolver) uptime!: number;
  @Field(() => String, { nullable: true }) licenceId!: string | null;
  @Field(() => String, { nullable: true }) licenceMode!: string | null;
  @Field(() => String, { nullable: true }) licenceName!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String) playoutId!: string;
  @Field(() => String, { nullable: true }) playoutIp!: string | null;
  @Field(() => String, { nullable: true }) playoutLicenceId!: string | null;
  @Field(() => String, { nullable: true }) playoutMode!: string | null;
  @Field(() => String, { nullable: true }) playoutName!: string | null;
  @Field(() => String, { nullable: true }) playoutPort!: string | null;
  @Field(() => String, { nullable: true }) playoutType!: string | null;
  @Field(() => String, { nullable: true }) resolution!: string | null;
  @Field(() => Date, { description: "Bucket start" }) time!: Date;
}

@ObjectType({ description: "Uptime and downtime (seconds) of one playout in one bucket" })
export class PlayoutUsageRecord {
  @Field(() => SafeIntResolver) downtime!: number;
  @Field(() => SafeIntResolver) uptime!: number;
  @Field(() => String, { nullable: true }) instanceType!: string | null;
  @Field(() => String, { nullable: true }) ip!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String) playoutId!: string;
  @Field(() => String, { nullable: true }) playoutName!: string | null;
  @Field(() => String, { nullable: true }) port!: string | null;
  @Field(() => String, { nullable: true }) templateType!: string | null;
  @Field(() => Date, { description: "Bucket start" }) timeStamp!: Date;
}

@ObjectType({ description: "The latest storage snapshot inside one bucket" })
export class StorageRecord {
  @Field(() => SafeIntResolver) count!: number;
  @Field(() => String) organization!: string;
  @Field(() => SafeIntResolver, { description: "Bytes" }) size!: number;
  @Field(() => Date, { description: "Bucket start" }) timeStamp!: Date;
}

@ObjectType()
export class ExecutionEntry {
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) duration!: number | null;
  @Field(() => String, { description: "The organization whose execution it is; \"*\" for a platform execution" }) organization!: string;
  @Field(() => String) executionId!: string;
  @Field(() => Boolean) success!: boolean;
  @Field(() => Date, { description: "executionTime of the report" }) timeStamp!: Date;
  @Field(() => String, { nullable: true }) type!: string | null;
}

@ObjectType({ description: "Executions of one UTC day" })
export class ExecutionDay {
  @Field(() => Date, { description: "UTC midnight of the day" }) executionDate!: Date;
  @Field(() => Boolean, { description: "True when every execution of the day succeeded" }) success!: boolean;
  @Field(() => [ExecutionEntry], { description: "Newest first" }) executions!: ExecutionEntry[];
}

@ObjectType({ description: "The days of executionDays, newest first, a page at a time (each day whole)" })
export class ExecutionDayPage extends PageMembers {
  @Field(() => [ExecutionDay], { description: "This page's days" }) content!: ExecutionDay[];
}

@ObjectType()
export class AudioSendStats {
  @Field(() => SafeIntResolver, { nullable: true }) audioBytesSent!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioBytesSentPerSecond!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioPacketsPerSecond!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioPacketsSent!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) timeMs!: number | null;
}

@ObjectType()
export class VideoSendStats {
  @Field(() => SafeIntResolver, { nullable: true }) timeMs!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoBytesSent!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoBytesSentPerSecond!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFirCount!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFramesEncoded!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFramesEncodedPerSecond!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoNackCount!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPacketsSent!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPacketsSentPerSecond!: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPliCount!: number | null;
}

@ObjectType()
export class WebrtcStats {
  @Field(() => AudioSendStats, { nullable: true }) audioSendStats!: AudioSendStats | null;
  @Field(() => VideoSendStats, { nullable: true }) videoSendStats!: VideoSendStats | null;
}

@ObjectType({ description: "The latest stream statistics snapshot of one region" })
export class RegionStreamStats {
  @Field(() => SafeIntResolver, { nullable: true }) activeStreamCount!: number | null;
  @Field(() => String) region!: string;
  @Field(() => SafeIntResolver, { nullable: true }) streamCount!: number | null;
  @Field(() => WebrtcStats, { nullable: true }) webrtcStats!: WebrtcStats | null;
  @Field(() => Date, { description: "When the snapshot was taken" }) time!: Date;
}

@ObjectType({ description: "Usage of one organization on one UTC day (type DAILY)" })
export class BillingUsageRecord {
  @Field(() => SafeIntResolver, { description: "Bytes of cache downloads" }) bandwidth!: number;
  @Field(() => SafeIntResolver, { description: "Distinct playouts seen" }) platform!: number;
  @Field(() => SafeIntResolver, { description: "Seconds up, summed over playouts" }) playoutUptime!: number;
  @Field(() => SafeIntResolver, { description: "Largest storage size, bytes" }) storageAmount!: number;
  @Field(() => String, { nullable: true }) customerId!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) productCode!: string | null;
  @Field(() => String) type!: string;
  @Field(() => Boolean) reported!: boolean;
  @Field(() => Date) timeStamp!: Date;
}

@ObjectType({ description: "The usage records of billingUsage, in its order, a page at a time" })
export class BillingUsagePage extends PageMembers {
  @Field(() => [BillingUsageRecord], { description: "This page's usage records" }) content!: BillingUsageRecord[];
}

@ObjectType({ description: "What a billing run wrote" })
export class BillingRun {
  @Field(() => Int) organizations!: number;
  @Field(() => Int) records!: number;
}

@ObjectType({ description: "A registered organization" })
export class OrganizationRecord {
  @Field(() => String, { nullable: true }) address!: string | null;
  @Field(() => String, { nullable: true }) city!: string | null;
  @Field(() => String, { nullable: true }) country!: string | null;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String) organizationId!: string;
  @Field(() => String, { nullable: true }) phoneNumber!: string | null;
  @Field(() => String, { nullable: true }) productCode!: string | null;
  @Field(() => String, { nullable: true }) providerId!: string | null;
  @Field(() => String, { nullable: true }) vendorMarketplaceIdentifier!: string | null;
  @Field(() => String, { nullable: true }) zipCode!: string | null;
  @Field(() => Boolean) deleted!: boolean;
  @Field(() => Boolean) enabled!: boolean;
  @Field(() => Date, { nullable: true }) time!: Date | null;
  @Field(() => Date, { nullable: true }) timeStamp!: Date | null;
}

@ObjectType({ description: "Uptime (seconds) of one channel in one bucket, summed over its playouts" })
export class ChannelUptimeRecord {
  @Field(() => String) channelId!: string;
  @Field(() => String, { nullable: true }) channelName!: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) organizationName!: string | null;
  @Field(() => String, { nullable: true, description: "The contributing playout when exactly one did; null when several" }) playoutId!: string | null;
  @Field(() => String, { nullable: true, description: "As playoutId" }) playoutName!: string | null;
  @Field(() => String, { nullable: true }) providerId!: string | null;
  @Field(() => String, { nullable: true }) providerName!: string | null;
  @Field(() => Date, { description: "Bucket start" }) time!: Date;
  @Field(() => Date, { description: "Bucket start (same as time)" }) timeStamp!: Date;
  @Field(() => SafeIntResolver) uptime!: number;
}

@ObjectType()
export class IngestUsageInfo {
  @Field(() => Int) ingestSources!: number;
  @Field(() => SafeIntResolver) totalFilesIngested!: number;
  @Field(() => SafeIntResolver, { description: "Bytes" }) totalVolumeIngested!: number;
}

@ObjectType()
export class MediaStoreUsage {
  @Field(() => SafeIntResolver) mediaStoreItemCount!: number;
  @Field(() => SafeIntResolver, { description: "Bytes" }) mediaStoreSize!: number;
}

@ObjectType({ description: "An organization at a glance (docs/REPORTING.md, section What each report answers, says where each figure comes from)" })
export class OrganizationSummary {
  @Field(() => Int, { description: "Registered playouts that run on a cloud instance (instanceType set)" }) cloudPlayouts!: number;
  @Field(() => String) id!: string;
  @Field(() => IngestUsageInfo) ingestUsageInfo!: IngestUsageInfo;
  @Field(() => MediaStoreUsage, { description: "From the latest storage snapshot" }) mediaStoreUsage!: MediaStoreUsage;
  @Field(() => Date, { nullable: true }) organizationCreateDate!: Date | null;
  @Field(() => String) organizationId!: string;
  @Field(() => String, { nullable: true }) organizationName!: string | null;
  @Field(() => GraphQLJSONObject, { description: "Registered playouts per playoutMode (UNKNOWN when unset)" }) playoutSummary!: Record<string, number>;
  @Field(() => Int) totalAccounts!: number;
  @Field(() => Int) totalPlayouts!: number;
}

@ObjectType({ description: "Uptime totals over a window and the playout states at its edges" })
export class UptimeTotals {
  @Field(() => Int) activeOnPeriodEnd!: number;
  @Field(() => Int) activeOnPeriodStart!: number;
  @Field(() => Int) inActiveOnPeriodEnd!: number;
  @Field(() => Int) inActiveOnPeriodStart!: number;
  @Field(() => SafeIntResolver, { description: "Seconds" }) totalDowntime!: number;
  @Field(() => SafeIntResolver, { description: "Seconds" }) totalUptime!: number;
}
