// AssetFile and its parts. As in media-types.ts, each class is the output
// type and, under an "…Input" name, its mirrored input type. Instants nested in these structures are
// kept in the catalog as ISO strings (jsonb); the DateTime scalar answers them in UTC with Z.
import { GraphQLJSONObject, SafeIntResolver } from "graphql-scalars";
import { Field, InputType, Int, ObjectType } from "type-graphql";
import { AssetFileStatus, MediaType, OriginType, ProcessingType, QcStatus, StorageStatus } from "./enums.js";
import { MediaInfo } from "./media-types.js";

const optional = { nullable: true } as const;
type JsonObject = Record<string, unknown>;
/** A Date on input; the ISO string stored in the catalog on output. */
export type NestedInstant = Date | string;

@ObjectType("FileInfo", { description: "A file on storage" })
@InputType("FileInfoInput")
export class FileInfo {
  @Field(() => String, optional) baseName?: string | null;
  @Field(() => String, optional) encoding?: string | null;
  @Field(() => String, optional) extension?: string | null;
  @Field(() => String, optional) fileName?: string | null;
  @Field(() => String, optional) md5?: string | null;
  @Field(() => SafeIntResolver, optional) crc32?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Bytes" }) fileSize?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds since 1970-01-01 UTC" }) fileTimestamp?: number | null;
}

@ObjectType("JournalEntry", { description: "One line of a file's history" })
@InputType("JournalEntryInput")
export class JournalEntry {
  @Field(() => String, optional) actor?: string | null;
  @Field(() => String, optional) entryType?: string | null;
  @Field(() => String, optional) message?: string | null;
  @Field(() => String, optional) reason?: string | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds since 1970-01-01 UTC" }) timeStamp?: number | null;
}

@ObjectType("MediaStoreObject", { description: "Where the media store keeps a file" })
@InputType("MediaStoreObjectInput")
export class MediaStoreObject {
  @Field(() => String, optional) bucketName?: string | null;
  @Field(() => String, optional) objectName?: string | null;
  @Field(() => String, optional) url?: string | null;
  @Field(() => Boolean, optional) publicRead?: boolean | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Seconds a link stays valid" }) ttl?: number | null;
}

@ObjectType("AssetOrigin", { description: "Where a file was ingested from" })
@InputType("AssetOriginInput")
export class AssetOrigin {
  @Field(() => String, optional) name?: string | null;
  @Field(() => String, optional) path?: string | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "String values" }) properties?: JsonObject | null;
  @Field(() => OriginType, optional) type?: OriginType | null;
}

@ObjectType("ProcessingInfo", { description: "Work in progress on a file" })
@InputType("ProcessingInfoInput")
export class ProcessingInfo {
  @Field(() => String, optional) actor?: string | null;
  @Field(() => SafeIntResolver, optional) bytesDone?: number | null;
  @Field(() => SafeIntResolver, { nullable: true, description: "Milliseconds since 1970-01-01 UTC" }) expires?: number | null;
  @Field(() => Int, { nullable: true, description: "0 to 100" }) percentDone?: number | null;
  @Field(() => Date, optional) started?: NestedInstant | null;
  @Field(() => ProcessingType, optional) type?: ProcessingType | null;
}

@ObjectType("QcRuleMessage", { description: "Outcome of one quality-control rule" })
@InputType("QcRuleMessageInput")
export class QcRuleMessage {
  @Field(() => String, optional) rule?: string | null;
  @Field(() => QcStatus, optional) status?: QcStatus | null;
  @Field(() => String, optional) text?: string | null;
}

@ObjectType("AssetFileQc", { description: "Quality control of one file" })
@InputType("AssetFileQcInput")
export class AssetFileQc {
  @Field(() => [String], optional) messages?: string[] | null;
  @Field(() => QcStatus, optional) qcStatus?: QcStatus | null;
  @Field(() => [QcRuleMessage], optional) ruleMessages?: QcRuleMessage[] | null;
}

@ObjectType("AssetFile", { description: "One file of an asset (video, audio, image, subtitle …)" })
@InputType("AssetFileInput")
export class AssetFile {
  @Field(() => String, optional) id?: string | null;
  @Field(() => String, optional) parentId?: string | null;
  @Field(() => String, optional) organizationId?: string | null;
  @Field(() => String, optional) createdBy?: string | null;
  @Field(() => String, optional) ingestAgentId?: string | null;
  @Field(() => String, optional) ingestSourceId?: string | null;
  @Field(() => String, optional) leasedBy?: string | null;
  @Field(() => Date, optional) leaseExpires?: NestedInstant | null;
  @Field(() => Date, optional) createDate?: NestedInstant | null;
  @Field(() => Date, optional) completeDate?: NestedInstant | null;
  @Field(() => Int, optional) priority?: number | null;
  @Field(() => FileInfo, optional) file?: FileInfo | null;
  @Field(() => FileInfo, optional) source?: FileInfo | null;
  @Field(() => [JournalEntry], optional) journal?: JournalEntry[] | null;
  @Field(() => MediaInfo, optional) mediaInfo?: MediaInfo | null;
  @Field(() => MediaStoreObject, optional) mediaStoreObject?: MediaStoreObject | null;
  @Field(() => MediaType, optional) mediaType?: MediaType | null;
  @Field(() => AssetOrigin, optional) origin?: AssetOrigin | null;
  @Field(() => ProcessingInfo, optional) processingInfo?: ProcessingInfo | null;
  @Field(() => GraphQLJSONObject, { nullable: true, description: "String values" }) properties?: JsonObject | null;
  @Field(() => AssetFileQc, optional) qcInfo?: AssetFileQc | null;
  @Field(() => AssetFileStatus, optional) status?: AssetFileStatus | null;
  @Field(() => StorageStatus, optional) storageStatus?: StorageStatus | null;
}
