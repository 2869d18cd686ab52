// GraphQL shapes of the asset catalog: Asset, AssetInput, AssetPage and the
// record-level parts. Shared part classes are output and input type at once (see media-types.ts).
import { GraphQLJSONObject, SafeIntResolver } from "graphql-scalars";
import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { PageMembers } from "../common/graphql-types.js";
import { ACCEPTED_FPS } from "../timecode/index.js";
import { QcStatus, StorageType } from "./enums.js";
import { AssetFile, type NestedInstant, QcRuleMessage } from "./file-types.js";

const optional = { nullable: true } as const;
type JsonObject = Record<string, unknown>;

@ObjectType("AssetMetadata", { description: "Technical summary of an asset" })
@InputType("AssetMetadataInput")
export class AssetMetadata {
  @Field(() => String, optional) aspectRatio?: string | null;
  @Field(() => String, optional) resolution?: string | null;
  @Field(() => String, optional) videoCodec?: string | null;
  @Field(() => Int, optional) audioTrackCount?: number | null;
  @Field(() => SafeIntResolver, optional) durationInFrames?: number | null;
  @Field(() => SafeIntResolver, optional) durationInMilliseconds?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) firstFrameTime?: number | null;
  @Field(() => Int, optional) imageFileCount?: number | null;
  @Field(() => Int, optional) subtitleFileCount?: number | null;
  @Field(() => [String], optional) audioTrackLanguages?: string[] | null;
  @Field(() => [String], optional) subtitleLanguages?: string[] | null;
  @Field(() => Float, { nullable: true, description: `Frames per second: ${ACCEPTED_FPS}` }) fps?: number | null;
}

@ObjectType("QcFileRuleMessage", { description: "Outcome of one quality-control rule on one file" })
@InputType("QcFileRuleMessageInput")
export class QcFileRuleMessage {
  @Field(() => String, optional) fileName?: string | null;
  @Field(() => String, optional) rule?: string | null;
  @Field(() => QcStatus, optional) status?: QcStatus | null;
  @Field(() => String, optional) text?: string | null;
}

@ObjectType("AssetQc", { description: "Quality control of an asset as a whole" })
@InputType("AssetQcInput")
export class AssetQc {
  @Field(() => [QcRuleMessage], optional) assetRuleMessages?: QcRuleMessage[] | null;
  @Field(() => [QcFileRuleMessage], optional) fileRuleMessages?: QcFileRuleMessage[] | null;
  @Field(() => [String], optional) messages?: string[] | null;
  @Field(() => QcStatus, { nullable: true, description: "FAILED assets are reported by schedule validation" }) qcStatus?: QcStatus | null;
}

@ObjectType("RecordingInfo", { description: "Where and when a recorded asset was captured" })
@InputType("RecordingInfoInput")
export class RecordingInfo {
  @Field(() => String, optional) channelId?: string | null;
  @Field(() => String, optional) channelName?: string | null;
  @Field(() => String, optional) outputName?: string | null;
  @Field(() => String, optional) playoutId?: string | null;
  @Field(() => String, optional) playoutName?: string | null;
  @Field(() => Date, optional) startTime?: NestedInstant | null;
  @Field(() => Date, optional) endTime?: NestedInstant | null;
}

@ObjectType("SystemFields", { description: "Playout-facing fields of an asset" })
@InputType("SystemFieldsInput")
export class SystemFields {
  @Field(() => SafeIntResolver, { nullable: true, description: "Start of material, milliseconds" }) som?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "End of material, milliseconds" }) eom?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds" }) timecodeIn?: number | null;
  @Field(() => Int, optional) episodeNumber?: number | null;
  @Field(() => Int, optional) seasonNumber?: number | null;
  @Field(() => Boolean, optional) epgRelevant?: boolean | null;
  @Field(() => Boolean, optional) trimmable?: boolean | null;
  @Field(() => String, optional) houseId?: string | null;
  @Field(() => String, optional) seriesName?: string | null;
  @Field(() => String, optional) title?: string | null;
  @Field(() => [SafeIntResolver], { nullable: true, description: "Milliseconds from the start where parts may be split" }) splitPartOffsets?: number[] | null;
  @Field(() => RecordingInfo, optional) recordingInfo?: RecordingInfo | null;
}

@ObjectType("AssetSourceData", { description: "The source asset this one was made from" })
@InputType("AssetSourceDataInput")
export class AssetSourceData {
  @Field(() => String, optional) assetName?: string | null;
  @Field(() => Int, optional) assetVersion?: number | null;
  @Field(() => String, optional) sourceId?: string | null;
}

@ObjectType("AssetTag")
@InputType("AssetTagInput")
export class AssetTag {
  @Field(() => String) name!: string;
}

@ObjectType("RightsWindow", { description: "A window in which the asset may air (docs/CHECKS.md \"Rights and separation\"): an event's start must fall in [start, end)" })
export class RightsWindow {
  @Field(() => Date, { nullable: true, description: "First instant of the window; null: open (no start)" }) start!: NestedInstant | null;
  @Field(() => Date, { nullable: true, description: "End of the window (exclusive); null: open (no end)" }) end!: NestedInstant | null;
  @Field(() => [String], { description: "Schedule channels the asset may air on in this window; empty: any" }) channels!: string[];
  @Field(() => Int, { nullable: true, description: "Most runs in the window on one channel, over every schedule of the organization; null: no cap" }) maxRuns!: number | null;
  @Field(() => Int, { nullable: true, description: "Most runs in one broadcast day of the window on one channel; null: no cap" }) maxRunsPerDay!: number | null;
}

@InputType("RightsWindowInput", { description: "A rights window of an asset; end must not be before start; channels must be channels of the organization's schedules" })
export class RightsWindowInput {
  @Field(() => Date, { nullable: true, description: "First instant of the window; null: open" }) start?: Date | null;
  @Field(() => Date, { nullable: true, description: "End of the window (exclusive); null: open" }) end?: Date | null;
  @Field(() => [String], { nullable: true, description: "Channels (the channel of some schedule of the organization); empty or null: any" }) channels?: string[] | null;
  @Field(() => Int, { nullable: true, description: "Most runs in the window, 0 or more; null: no cap" }) maxRuns?: number | null;
  @Field(() => Int, { nullable: true, description: "Most runs per broadcast day, 0 or more; null: no cap" }) maxRunsPerDay?: number | null;
}

@ObjectType({ description: "An asset of the catalog, which events point to by assetId or mediaId" })
export class Asset {
  @Field(() => ID, { description: "Cache identity of the asset: its record's id, unique across organizations (assetId is unique only within one)" })
  id!: string;
  @Field(() => String) assetId!: string;
  @Field(() => String) organization!: string;
  @Field(() => String, optional) mediaId!: string | null;
  @Field(() => String, optional) name!: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bytes" }) assetSize!: number | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "String values" }) customFields!: JsonObject | null;
  @Field(() => Date, optional) dateApplied!: Date | null;
  @Field(() => Date) dateCreated!: Date;
  @Field(() => Date, { description: "Last upsert that changed the record" }) dateUpdated!: Date;
  @Field(() => Int, optional) fileCount!: number | null;
  @Field(() => [AssetFile], optional) fileData!: AssetFile[] | null;
  @Field(() => AssetMetadata, optional) metadata!: AssetMetadata | null;
  @Field(() => AssetQc, optional) qcInfo!: AssetQc | null;
  @Field(() => AssetSourceData, optional) sourceAssetData!: AssetSourceData | null;
  @Field(() => StorageType, optional) storageType!: StorageType | null;
  @Field(() => SystemFields, optional) systemFields!: SystemFields | null;
  @Field(() => [AssetTag], optional) tags!: AssetTag[] | null;
  @Field(() => [RightsWindow], { description: "Windows the asset may air in; empty: no restriction (docs/CHECKS.md)" }) rights!: RightsWindow[];
  @Field(() => String, { nullable: true, description: "Advertiser, for the schedules' sameAdvertiserMinMs separation" }) advertiser!: string | null;
  @Field(() => String, { nullable: true, description: "Product category, for the schedules' sameCategoryMinMs separation" }) productCategory!: string | null;
  @Field(() => Int, { description: "1 when created; adds 1 at every upsert that changes the record" }) version!: number;
}

@InputType({
  description:
    "An asset to create or change, found by assetId. Members left out keep their stored value (null clears one); a nested structure given replaces the stored one whole.",
})
export class AssetInput {
  @Field(() => String, { description: "Key of the asset within its organization" }) assetId!: string;
  @Field(() => String, optional) mediaId?: string | null;
  @Field(() => String, optional) name?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bytes" }) assetSize?: number | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "String values" }) customFields?: JsonObject | null;
  @Field(() => Date, optional) dateApplied?: Date | null;
  @Field(() => Int, { nullable: true, description: "Defaults to the number of fileData entries" }) fileCount?: number | null;
  @Field(() => [AssetFile], optional) fileData?: AssetFile[] | null;
  @Field(() => AssetMetadata, optional) metadata?: AssetMetadata | null;
  @Field(() => AssetQc, optional) qcInfo?: AssetQc | null;
  @Field(() => AssetSourceData, optional) sourceAssetData?: AssetSourceData | null;
  @Field(() => StorageType, optional) storageType?: StorageType | null;
  @Field(() => SystemFields, optional) systemFields?: SystemFields | null;
  @Field(() => [AssetTag], optional) tags?: AssetTag[] | null;
  @Field(() => [RightsWindowInput], { nullable: true, description: "Replaces the stored windows whole; null or []: no restriction" }) rights?: RightsWindowInput[] | null;
  @Field(() => String, { nullable: true, description: "Advertiser (separation)" }) advertiser?: string | null;
  @Field(() => String, { nullable: true, description: "Product category (separation)" }) productCategory?: string | null;
  @Field(() => Int, { nullable: true, description: "Read-only; ignored" }) version?: number | null;
  @Field(() => Date, { nullable: true, description: "Read-only; ignored" }) dateCreated?: Date | null;
  @Field(() => Date, { nullable: true, description: "Read-only; ignored" }) dateUpdated?: Date | null;
}

@ObjectType()
export class AssetPage extends PageMembers {
  @Field(() => [Asset]) content!: Asset[];
}
