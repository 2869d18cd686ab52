// The fields of a splice_info_section (SCTE 35 2023 §9), as plain data. Times are 90 kHz ticks.
// `SpliceInfoFields` is what the encoder needs; `SpliceInfo` adds what the decoder also reports
// (lengths and CRC), which the encoder computes.

export const SPLICE_NULL = 0x00;
export const SPLICE_INSERT = 0x05;
export const TIME_SIGNAL = 0x06;
export const BANDWIDTH_RESERVATION = 0x07;
export const SEGMENTATION_DESCRIPTOR = 0x02;
/** "CUEI", the identifier of every SCTE 35 splice_descriptor. */
export const CUEI = 0x43554549;

export interface SpliceTime {
  timeSpecified: boolean;
  /** 33-bit, 90 kHz; null when timeSpecified is false. */
  ptsTime: number | null;
}

export interface BreakDuration {
  autoReturn: boolean;
  /** 33-bit, 90 kHz ticks. */
  duration: number;
}

export interface SpliceInsertComponent {
  componentTag: number;
  /** null in splice_immediate mode. */
  spliceTime: SpliceTime | null;
}

/** splice_insert() §9.7.3. Past a cancel, the remaining fields are false/0/null/[] (not sent). */
export interface SpliceInsert {
  spliceEventId: number;
  spliceEventCancelIndicator: boolean;
  outOfNetworkIndicator: boolean;
  programSpliceFlag: boolean;
  durationFlag: boolean;
  spliceImmediateFlag: boolean;
  eventIdComplianceFlag: boolean;
  spliceTime: SpliceTime | null;
  components: SpliceInsertComponent[];
  breakDuration: BreakDuration | null;
  uniqueProgramId: number;
  availNum: number;
  availsExpected: number;
}

/** One UPID; inside a MID (type 0x0D) there are several. `value` is its text form (see upid.ts). */
export interface SegmentationUpid {
  type: number;
  value: string;
}

export interface SegmentationComponent {
  componentTag: number;
  ptsOffset: number;
}

/** segmentation_descriptor() §10.3.3. Past a cancel, the remaining fields are false/0/null/[]. */
export interface SegmentationDescriptor {
  segmentationEventId: number;
  segmentationEventCancelIndicator: boolean;
  segmentationEventIdComplianceIndicator: boolean;
  programSegmentationFlag: boolean;
  segmentationDurationFlag: boolean;
  deliveryNotRestrictedFlag: boolean;
  /** The four restrictions are null when deliveryNotRestrictedFlag is true (not sent). */
  webDeliveryAllowedFlag: boolean | null;
  noRegionalBlackoutFlag: boolean | null;
  archiveAllowedFlag: boolean | null;
  deviceRestrictions: number | null;
  components: SegmentationComponent[];
  /** 40-bit, 90 kHz ticks; null when segmentationDurationFlag is false. */
  segmentationDuration: number | null;
  segmentationUpidType: number;
  /** Text form of the whole UPID (for a MID, a JSON list of its parts). */
  segmentationUpid: string;
  /** The UPID parsed: one entry, or a MID's parts; empty for type 0x00. */
  upids: SegmentationUpid[];
  segmentationTypeId: number;
  segmentNum: number;
  segmentsExpected: number;
  /** Only for the segmentation types that carry them (0x34, 0x36, 0x38, 0x3A, 0x44, 0x46). */
  subSegmentNum: number | null;
  subSegmentsExpected: number | null;
}

/** A splice_descriptor: segmentation ones are decoded, others kept as hex of their private bytes. */
export interface SpliceDescriptor {
  spliceDescriptorTag: number;
  identifier: string;
  segmentation: SegmentationDescriptor | null;
  privateBytes: string | null;
}

export interface SpliceInfoFields {
  protocolVersion: number;
  privateIndicator: boolean;
  /** 2 bits; 3 is "not specified" (and what encoders before 2020 sent as reserved bits). */
  sapType: number;
  ptsAdjustment: number;
  cwIndex: number;
  tier: number;
  spliceCommandType: number;
  spliceInsert: SpliceInsert | null;
  timeSignal: SpliceTime | null;
  descriptors: SpliceDescriptor[];
}

export interface SpliceInfo extends SpliceInfoFields {
  tableId: number;
  sectionSyntaxIndicator: boolean;
  sectionLength: number;
  encryptedPacket: boolean;
  encryptionAlgorithm: number;
  spliceCommandLength: number;
  descriptorLoopLength: number;
  crc32: number;
}

export const SUB_SEGMENT_TYPES: ReadonlySet<number> = new Set([0x34, 0x36, 0x38, 0x3a, 0x44, 0x46]);
