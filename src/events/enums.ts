// Enumerations of SPEC "Event". Where SPEC gives only a sample value ("sample X"), the enum holds
// that sample plus the values the broadcast standards behind the field define; each says so.
import { registerEnumType } from "type-graphql";

export enum EventType {
  PRIMARY = "PRIMARY",
  ADVERTISEMENT = "ADVERTISEMENT",
  LIVE = "LIVE",
  PLACEHOLDER = "PLACEHOLDER",
  BLOCK = "BLOCK",
  EMERGENCY = "EMERGENCY",
}

export enum EventStatus {
  NOT_READY = "NOT_READY",
  CACHING_IN_PROGRESS = "CACHING_IN_PROGRESS",
  READY = "READY",
  FAILED = "FAILED",
  LIVE = "LIVE",
  EMPTY = "EMPTY",
  INCOMPLETE = "INCOMPLETE",
  ARCHIVED = "ARCHIVED",
}

export enum BlockMode {
  ORDERED = "ORDERED",
  RANDOM = "RANDOM",
}

export enum Command {
  ON = "ON",
  OFF = "OFF",
}

export enum Origin {
  FROM_START = "FROM_START",
  FROM_END = "FROM_END",
}

export enum AssetQCStatus {
  UNKNOWN = "UNKNOWN",
  PENDING = "PENDING",
  PASSED = "PASSED",
  WARNING = "WARNING",
  FAILED = "FAILED",
}

export enum AssetStatus {
  OK = "OK",
  MISSING = "MISSING",
  PROCESSING = "PROCESSING",
  ARCHIVED = "ARCHIVED",
  QC_FAILED = "QC_FAILED",
  ERROR = "ERROR",
}

/** TV Parental Guidelines and MPA content descriptors. */
export enum ContentAdvisoryFlag {
  FANTASY_VIOLENCE = "FANTASY_VIOLENCE",
  VIOLENCE = "VIOLENCE",
  SEXUAL_SITUATIONS = "SEXUAL_SITUATIONS",
  COARSE_LANGUAGE = "COARSE_LANGUAGE",
  SUGGESTIVE_DIALOGUE = "SUGGESTIVE_DIALOGUE",
  NUDITY = "NUDITY",
  DRUG_USE = "DRUG_USE",
  ADULT_THEMES = "ADULT_THEMES",
}

export enum ContentAdvisoryFormat {
  MPA = "MPA",
  US_TV = "US_TV",
  CANADIAN_ENGLISH = "CANADIAN_ENGLISH",
  CANADIAN_FRENCH = "CANADIAN_FRENCH",
  OTHER = "OTHER",
}

/** MPA ratings and US TV Parental Guidelines levels. */
export enum ContentAdvisoryLevel {
  NOT_RATED = "NOT_RATED",
  G = "G",
  PG = "PG",
  PG_13 = "PG_13",
  R = "R",
  NC_17 = "NC_17",
  TV_Y = "TV_Y",
  TV_Y7 = "TV_Y7",
  TV_G = "TV_G",
  TV_PG = "TV_PG",
  TV_14 = "TV_14",
  TV_MA = "TV_MA",
}

export enum SrtKeyLength {
  NONE = "NONE",
  AES_128 = "AES_128",
  AES_192 = "AES_192",
  AES_256 = "AES_256",
}

export enum StreamingProtocol {
  UDP = "UDP",
  RTP = "RTP",
  SRT = "SRT",
  RTMP = "RTMP",
  HLS = "HLS",
}

/** Elementary stream kinds of an MPEG transport stream. */
export enum StreamMediaType {
  VIDEO = "VIDEO",
  AUDIO = "AUDIO",
  DVB_SUBTITLE = "DVB_SUBTITLE",
  DVB_TELETEXT = "DVB_TELETEXT",
  ARIB_SUBTITLE = "ARIB_SUBTITLE",
  ARIB_CAPTION = "ARIB_CAPTION",
  SCTE27_SUBTITLE = "SCTE27_SUBTITLE",
  SCTE35 = "SCTE35",
  KLV = "KLV",
  DATA = "DATA",
}

/** SCTE-35 splice commands. */
export enum ScteEventType {
  SPLICE = "SPLICE",
  TIME_SIGNAL = "TIME_SIGNAL",
}

export enum FallbackType {
  NONE = "NONE",
  TIME = "TIME",
  IMMEDIATE = "IMMEDIATE",
}

export enum StreamSourceType {
  LIVE = "LIVE",
  FILE = "FILE",
}

export enum VendorRPCProcedure {
  START_COMMERCIAL = "START_COMMERCIAL",
  END_COMMERCIAL = "END_COMMERCIAL",
  START_PROGRAM = "START_PROGRAM",
  END_PROGRAM = "END_PROGRAM",
  CUSTOM = "CUSTOM",
}

export enum OnPrimaryEnd {
  STOP = "STOP",
  CONTINUE = "CONTINUE",
}

export enum ResolveType {
  SPLICE = "SPLICE",
  OVERRIDE = "OVERRIDE",
  OVERLAP = "OVERLAP",
}


registerEnumType(EventType, { name: "EventType" });
registerEnumType(EventStatus, { name: "EventStatus" });
registerEnumType(BlockMode, { name: "BlockMode" });
registerEnumType(Command, { name: "Command", description: "ON or OFF command of a secondary event, signal or switch" });
registerEnumType(Origin, { name: "Origin", description: "What an offset counts from: the event's start or its end" });
registerEnumType(AssetQCStatus, { name: "AssetQCStatus", description: "Outcome of the quality control of an asset" });
registerEnumType(AssetStatus, { name: "AssetStatus", description: "State of an asset in the catalog" });
registerEnumType(ContentAdvisoryFlag, { name: "ContentAdvisoryFlag", description: "Why a content advisory is given: the kind of content it warns about" });
registerEnumType(ContentAdvisoryFormat, { name: "ContentAdvisoryFormat", description: "The rating system a content advisory follows" });
registerEnumType(ContentAdvisoryLevel, { name: "ContentAdvisoryLevel", description: "The rating a content advisory gives, in its system" });
registerEnumType(SrtKeyLength, { name: "SrtKeyLength", description: "Length of the SRT encryption key" });
registerEnumType(StreamingProtocol, { name: "StreamingProtocol", description: "Protocol of a live stream" });
registerEnumType(StreamMediaType, { name: "StreamMediaType", description: "Kind of media a stream carries" });
registerEnumType(ScteEventType, { name: "ScteEventType", description: "Kind of SCTE-35 command of a signal" });
registerEnumType(FallbackType, { name: "FallbackType", description: "What plays when a live source fails" });
registerEnumType(StreamSourceType, { name: "StreamSourceType", description: "Where a stream comes from" });
registerEnumType(VendorRPCProcedure, { name: "VendorRPCProcedure", description: "The procedure a vendor RPC calls" });
registerEnumType(OnPrimaryEnd, { name: "OnPrimaryEnd", description: "What a secondary event does when its primary event ends" });
registerEnumType(ResolveType, {
  name: "ResolveType",
  description: "How a created or moved event that collides with another is placed",
});
