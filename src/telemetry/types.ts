// GraphQL inputs of ingestTelemetry and reportExecution, and what they answer.
import { SafeIntResolver } from "graphql-scalars";
import { Field, Float, InputType, Int, ObjectType } from "type-graphql";
import { HEALTH_FIGURE_DOMAIN } from "./sample-rules.js";

@InputType({ description: "An organization of the registry; absent fields keep their stored value" })
export class OrganizationInput {
  @Field(() => String) organizationId!: string;
  @Field(() => String, { nullable: true }) name?: string | null;
  @Field(() => String, { nullable: true }) address?: string | null;
  @Field(() => String, { nullable: true }) city?: string | null;
  @Field(() => String, { nullable: true }) country?: string | null;
  @Field(() => String, { nullable: true }) phoneNumber?: string | null;
  @Field(() => String, { nullable: true }) productCode?: string | null;
  @Field(() => String, { nullable: true }) providerId?: string | null;
  @Field(() => String, { nullable: true }) vendorMarketplaceIdentifier?: string | null;
  @Field(() => String, { nullable: true }) zipCode?: string | null;
  @Field(() => Boolean, { nullable: true }) deleted?: boolean | null;
  @Field(() => Boolean, { nullable: true }) enabled?: boolean | null;
  @Field(() => Date, { nullable: true, description: "When the organization was created at its source" }) time?: Date | null;
  @Field(() => Date, { nullable: true }) timeStamp?: Date | null;
  @Field(() => Int, { nullable: true }) totalAccounts?: number | null;
}

@InputType({ description: "A provider: a platform record, shared by every organization, written only by a platform admin" })
export class ProviderInput {
  @Field(() => String) providerId!: string;
  @Field(() => String, { nullable: true }) providerName?: string | null;
}

@InputType()
export class ChannelInput {
  @Field(() => String) channelId!: string;
  @Field(() => String, { nullable: true }) channelName?: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) providerId?: string | null;
}

@InputType({ description: "A cloud playout instance; its organization never changes once registered" })
export class PlayoutInput {
  @Field(() => String) playoutId!: string;
  @Field(() => String, { nullable: true }) playoutName?: string | null;
  @Field(() => String) organization!: string;
  @Field(() => String, { nullable: true }) providerId?: string | null;
  @Field(() => String, { nullable: true }) channelId?: string | null;
  @Field(() => String, { nullable: true }) playoutMode?: string | null;
  @Field(() => String, { nullable: true }) ip?: string | null;
  @Field(() => String, { nullable: true }) port?: string | null;
  @Field(() => String, { nullable: true }) instanceType?: string | null;
  @Field(() => String, { nullable: true }) templateType?: string | null;
  @Field(() => String, { nullable: true }) region?: string | null;
  @Field(() => String, { nullable: true }) licenceId?: string | null;
  @Field(() => String, { nullable: true }) licenceName?: string | null;
  @Field(() => String, { nullable: true }) licenceMode?: string | null;
  @Field(() => String, { nullable: true }) playoutLicenceId?: string | null;
  @Field(() => String, { nullable: true }) playoutType?: string | null;
  @Field(() => String, { nullable: true }) resolution?: string | null;
}

@InputType({ description: "A health sample covering [time, time + intervalSeconds); up when playback > 0" })
export class PlayoutSampleInput {
  @Field(() => String) playoutId!: string;
  @Field(() => Date) time!: Date;
  @Field(() => Int, { nullable: true, description: "1 to 86,400; default 60" }) intervalSeconds?: number | null;
  @Field(() => Float, { nullable: true, description: `Audio/video monitoring health figure; ${HEALTH_FIGURE_DOMAIN}` }) avmon?: number | null;
  @Field(() => Float, { nullable: true, description: `Cache health figure; ${HEALTH_FIGURE_DOMAIN}` }) cache?: number | null;
  @Field(() => Float, { nullable: true, description: `Connection health figure; ${HEALTH_FIGURE_DOMAIN}` }) connection?: number | null;
  @Field(() => Float, { nullable: true, description: `CPU health figure; ${HEALTH_FIGURE_DOMAIN}` }) cpu?: number | null;
  @Field(() => Float, { nullable: true, description: `Open file descriptors health figure; ${HEALTH_FIGURE_DOMAIN}` }) fileDescriptors?: number | null;
  @Field(() => Float, { nullable: true, description: `Free memory health figure; ${HEALTH_FIGURE_DOMAIN}` }) freeMemory?: number | null;
  @Field(() => Float, { nullable: true, description: `Playback health figure; above 0 means up; ${HEALTH_FIGURE_DOMAIN}` }) playback?: number | null;
  @Field(() => Float, { nullable: true, description: `Storage health figure; ${HEALTH_FIGURE_DOMAIN}` }) storage?: number | null;
}

@InputType()
export class CacheDownloadInput {
  @Field(() => String) organization!: string;
  @Field(() => Date) time!: Date;
  @Field(() => String) ip!: string;
  @Field(() => String, { nullable: true }) port?: string | null;
  @Field(() => String, { nullable: true }) playoutName?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "default 0" }) count?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bytes; default 0" }) size?: number | null;
}

@InputType()
export class StorageSnapshotInput {
  @Field(() => String) organization!: string;
  @Field(() => Date) time!: Date;
  @Field(() => SafeIntResolver) count!: number;
  @Field(() => SafeIntResolver, { description: "Bytes" }) size!: number;
}

@InputType()
export class AudioSendStatsInput {
  @Field(() => SafeIntResolver, { nullable: true }) audioBytesSent?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioBytesSentPerSecond?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioPacketsPerSecond?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) audioPacketsSent?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) timeMs?: number | null;
}

@InputType()
export class VideoSendStatsInput {
  @Field(() => SafeIntResolver, { nullable: true }) timeMs?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoBytesSent?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoBytesSentPerSecond?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFirCount?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFramesEncoded?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoFramesEncodedPerSecond?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoNackCount?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPacketsSent?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPacketsSentPerSecond?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) videoPliCount?: number | null;
}

@InputType()
export class WebrtcStatsInput {
  @Field(() => AudioSendStatsInput, { nullable: true }) audioSendStats?: AudioSendStatsInput | null;
  @Field(() => VideoSendStatsInput, { nullable: true }) videoSendStats?: VideoSendStatsInput | null;
}

@InputType({ description: "Stream statistics of a region at one instant: a platform record, read by all, written only by a platform admin" })
export class StreamStatsInput {
  @Field(() => String) region!: string;
  @Field(() => Date) time!: Date;
  @Field(() => SafeIntResolver, { nullable: true }) activeStreamCount?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) streamCount?: number | null;
  @Field(() => WebrtcStatsInput, { nullable: true }) webrtcStats?: WebrtcStatsInput | null;
}

@InputType({ description: "A usage record; the same (organization, type, timeStamp) replaces the stored one" })
export class BillingUsageInput {
  @Field(() => String) organization!: string;
  @Field(() => Date) timeStamp!: Date;
  @Field(() => String, { nullable: true, description: "default DAILY" }) type?: string | null;
  @Field(() => SafeIntResolver, { nullable: true }) bandwidth?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) platform?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) playoutUptime?: number | null;
  @Field(() => SafeIntResolver, { nullable: true }) storageAmount?: number | null;
  @Field(() => String, { nullable: true }) customerId?: string | null;
  @Field(() => String, { nullable: true }) productCode?: string | null;
  @Field(() => Boolean, { nullable: true }) reported?: boolean | null;
}

@InputType({ description: "A finished execution; the same executionId in the same organization again replaces the stored report" })
export class ExecutionReportInput {
  @Field(() => String) executionId!: string;
  @Field(() => String, {
    nullable: true,
    description: "The organization whose execution this is. Default: the token's only organization; a platform token (orgs [\"*\"]) leaving it out reports a platform execution",
  })
  organization?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) duration?: number | null;
  @Field(() => Date, { nullable: true, description: "Default: now" }) executionTime?: Date | null;
  @Field(() => Boolean, { nullable: true, description: "Default: true" }) success?: boolean | null;
  @Field(() => String, { nullable: true }) type?: string | null;
}

@InputType({ description: "Registry records (upserted by id) and measurements (appended); one transaction" })
export class TelemetryBatchInput {
  @Field(() => [OrganizationInput], { nullable: true }) organizations?: OrganizationInput[] | null;
  @Field(() => [ProviderInput], { nullable: true }) providers?: ProviderInput[] | null;
  @Field(() => [ChannelInput], { nullable: true }) channels?: ChannelInput[] | null;
  @Field(() => [PlayoutInput], { nullable: true }) playouts?: PlayoutInput[] | null;
  @Field(() => [PlayoutSampleInput], { nullable: true }) playoutSamples?: PlayoutSampleInput[] | null;
  @Field(() => [CacheDownloadInput], { nullable: true }) cacheDownloads?: CacheDownloadInput[] | null;
  @Field(() => [StorageSnapshotInput], { nullable: true }) storageSnapshots?: StorageSnapshotInput[] | null;
  @Field(() => [StreamStatsInput], { nullable: true }) streamStats?: StreamStatsInput[] | null;
  @Field(() => [BillingUsageInput], { nullable: true }) billingUsage?: BillingUsageInput[] | null;
  @Field(() => [ExecutionReportInput], { nullable: true }) executions?: ExecutionReportInput[] | null;
}

@ObjectType({ description: "Rows written per kind" })
export class IngestResult {
  @Field(() => Int) organizations!: number;
  @Field(() => Int) providers!: number;
  @Field(() => Int) channels!: number;
  @Field(() => Int) playouts!: number;
  @Field(() => Int) playoutSamples!: number;
  @Field(() => Int) cacheDownloads!: number;
  @Field(() => Int) storageSnapshots!: number;
  @Field(() => Int) streamStats!: number;
  @Field(() => Int) billingUsage!: number;
  @Field(() => Int) executions!: number;
}
