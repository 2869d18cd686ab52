// Enums of the asset record. The asset record's definition gives only one sample value of each; the full lists are our
// choice (docs/ASSETS.md). Kept apart from the types so other slices (events:
// assetQCStatus) can import them without pulling the whole asset schema.
import { registerEnumType } from "type-graphql";

export enum StorageType {
  ONLINE = "ONLINE",
  NEARLINE = "NEARLINE",
  ARCHIVED = "ARCHIVED",
}
registerEnumType(StorageType, { name: "StorageType", description: "Where an asset's media lives; ARCHIVED media must be restored before air" });

export enum QcStatus {
  UNKNOWN = "UNKNOWN",
  PASSED = "PASSED",
  WARNING = "WARNING",
  FAILED = "FAILED",
}
registerEnumType(QcStatus, { name: "QcStatus", description: "Outcome of quality control, of an asset, a file or one rule" });

export enum MediaType {
  VIDEO = "VIDEO",
  AUDIO = "AUDIO",
  IMAGE = "IMAGE",
  SUBTITLE = "SUBTITLE",
  OTHER = "OTHER",
}
registerEnumType(MediaType, { name: "MediaType" });

export enum AssetFileStatus {
  NEW = "NEW",
  INGESTING = "INGESTING",
  PROCESSING = "PROCESSING",
  READY = "READY",
  FAILED = "FAILED",
  DELETED = "DELETED",
}
registerEnumType(AssetFileStatus, { name: "AssetFileStatus", description: "Life-cycle state of one file of an asset" });

export enum StorageStatus {
  AVAILABLE = "AVAILABLE",
  ARCHIVING = "ARCHIVING",
  ARCHIVED = "ARCHIVED",
  RESTORING = "RESTORING",
  UNAVAILABLE = "UNAVAILABLE",
}
registerEnumType(StorageStatus, { name: "StorageStatus", description: "Whether one file can be read now" });

export enum OriginType {
  LOCAL = "LOCAL",
  FTP = "FTP",
  SFTP = "SFTP",
  HTTP = "HTTP",
  S3 = "S3",
  OTHER = "OTHER",
}
registerEnumType(OriginType, { name: "OriginType", description: "Kind of place a file was ingested from" });

export enum ProcessingType {
  FTP_TRANSFER = "FTP_TRANSFER",
  HTTP_TRANSFER = "HTTP_TRANSFER",
  S3_TRANSFER = "S3_TRANSFER",
  TRANSCODE = "TRANSCODE",
  QC = "QC",
  ANALYSIS = "ANALYSIS",
  OTHER = "OTHER",
}
registerEnumType(ProcessingType, { name: "ProcessingType", description: "Kind of work running on a file" });
