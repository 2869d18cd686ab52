// fast-check generators of splice_info_section fields over their valid ranges (SCTE 35 2023).
import fc from "fast-check";
import {
  SUB_SEGMENT_TYPES,
  toHexText,
  type SegmentationDescriptor,
  type SegmentationUpid,
  type SpliceDescriptor,
  type SpliceInfoFields,
  type SpliceInsert,
  type SpliceTime,
} from "../../src/scte35/index.js";

export const uint = (bits: number) => (bits <= 31 ? fc.integer({ min: 0, max: 2 ** bits - 1 }) : fc.maxSafeNat().map((n) => n % 2 ** bits));

export const spliceTime: fc.Arbitrary<SpliceTime> = fc.oneof(
  uint(33).map((ptsTime) => ({ timeSpecified: true, ptsTime })),
  fc.constant({ timeSpecified: false, ptsTime: null }),
);

const cancelledInsert = uint(32).map(
  (spliceEventId): SpliceInsert => ({
    spliceEventId, spliceEventCancelIndicator: true, outOfNetworkIndicator: false, programSpliceFlag: false, durationFlag: false,
    spliceImmediateFlag: false, eventIdComplianceFlag: false, spliceTime: null, components: [], breakDuration: null,
    uniqueProgramId: 0, availNum: 0, availsExpected: 0,
  }),
);

const activeInsert = fc
  .record({
    spliceEventId: uint(32), outOfNetworkIndicator: fc.boolean(), programSpliceFlag: fc.boolean(), durationFlag: fc.boolean(),
    spliceImmediateFlag: fc.boolean(), eventIdComplianceFlag: fc.boolean(), time: spliceTime,
    components: fc.array(fc.record({ componentTag: uint(8), spliceTime }), { maxLength: 5 }),
    autoReturn: fc.boolean(), duration: uint(33), uniqueProgramId: uint(16), availNum: uint(8), availsExpected: uint(8),
  })
  .map(({ time, components, autoReturn, duration, ...s }): SpliceInsert => ({
    ...s,
    spliceEventCancelIndicator: false,
    spliceTime: s.programSpliceFlag && !s.spliceImmediateFlag ? time : null,
    components: s.programSpliceFlag ? [] : components.map((c) => ({ componentTag: c.componentTag, spliceTime: s.spliceImmediateFlag ? null : c.spliceTime })),
    breakDuration: s.durationFlag ? { autoReturn, duration } : null,
  }));

const ascii = (min: number, max: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: min, maxLength: max });
const hexOf = (min: number, max: number) => fc.uint8Array({ minLength: min, maxLength: max }).map(toHexText);

/** One non-MID UPID of a type this service writes or reads (text or binary). */
export const singleUpid: fc.Arbitrary<SegmentationUpid> = fc.oneof(
  hexOf(8, 8).map((value) => ({ type: 0x08, value })), // Turner ID / AiringID
  ascii(1, 40).map((value) => ({ type: 0x09, value })), // ADI
  hexOf(4, 30).map((value) => ({ type: 0x0c, value })), // MPU: format_identifier + private data
  ascii(1, 40).map((value) => ({ type: 0x0e, value })), // ADS
  ascii(1, 40).map((value) => ({ type: 0x0f, value })), // URI
  ascii(12, 12).map((value) => ({ type: 0x03, value })), // Ad-ID
  hexOf(16, 16).map((value) => ({ type: 0x10, value })), // UUID
);

export const upid: fc.Arbitrary<{ type: number; text: string; upids: SegmentationUpid[] }> = fc.oneof(
  fc.constant(0).map(() => ({ type: 0, text: "", upids: [] as SegmentationUpid[] })),
  singleUpid.map((u) => ({ type: u.type, text: u.value, upids: [u] })),
  fc.array(singleUpid, { minLength: 1, maxLength: 3 }).map((parts) => ({ type: 0x0d, text: JSON.stringify(parts), upids: parts })),
);

const segmentationTypeId = fc.oneof(uint(8), fc.constantFrom(...SUB_SEGMENT_TYPES));

const activeSegmentation = fc
  .record({
    segmentationEventId: uint(32), segmentationEventIdComplianceIndicator: fc.boolean(), programSegmentationFlag: fc.boolean(),
    segmentationDurationFlag: fc.boolean(), deliveryNotRestrictedFlag: fc.boolean(),
    restrictions: fc.record({ web: fc.boolean(), noBlackout: fc.boolean(), archive: fc.boolean(), device: uint(2) }),
    components: fc.array(fc.record({ componentTag: uint(8), ptsOffset: uint(33) }), { maxLength: 4 }),
    duration: uint(40), upid, segmentationTypeId, segmentNum: uint(8), segmentsExpected: uint(8),
    sub: fc.option(fc.tuple(uint(8), uint(8)), { nil: null }),
  })
  .map(({ restrictions: r, components, duration, upid: u, sub, ...s }): SegmentationDescriptor => ({
    ...s,
    segmentationEventCancelIndicator: false,
    webDeliveryAllowedFlag: s.deliveryNotRestrictedFlag ? null : r.web,
    noRegionalBlackoutFlag: s.deliveryNotRestrictedFlag ? null : r.noBlackout,
    archiveAllowedFlag: s.deliveryNotRestrictedFlag ? null : r.archive,
    deviceRestrictions: s.deliveryNotRestrictedFlag ? null : r.device,
    components: s.programSegmentationFlag ? [] : components,
    segmentationDuration: s.segmentationDurationFlag ? duration : null,
    segmentationUpidType: u.type,
    segmentationUpid: u.text,
    upids: u.upids,
    subSegmentNum: SUB_SEGMENT_TYPES.has(s.segmentationTypeId) && sub ? sub[0] : null,
    subSegmentsExpected: SUB_SEGMENT_TYPES.has(s.segmentationTypeId) && sub ? sub[1] : null,
  }));

const cancelledSegmentation = fc.record({ id: uint(32), compliance: fc.boolean() }).map(
  ({ id, compliance }): SegmentationDescriptor => ({
    segmentationEventId: id, segmentationEventCancelIndicator: true, segmentationEventIdComplianceIndicator: compliance,
    programSegmentationFlag: false, segmentationDurationFlag: false, deliveryNotRestrictedFlag: false,
    webDeliveryAllowedFlag: null, noRegionalBlackoutFlag: null, archiveAllowedFlag: null, deviceRestrictions: null,
    components: [], segmentationDuration: null, segmentationUpidType: 0, segmentationUpid: "", upids: [],
    segmentationTypeId: 0, segmentNum: 0, segmentsExpected: 0, subSegmentNum: null, subSegmentsExpected: null,
  }),
);

const descriptor: fc.Arbitrary<SpliceDescriptor> = fc.oneof(
  fc.oneof({ weight: 4, arbitrary: activeSegmentation }, { weight: 1, arbitrary: cancelledSegmentation }).map((segmentation) => ({
    spliceDescriptorTag: 0x02, identifier: "CUEI", segmentation, privateBytes: null,
  })),
  fc.record({ tag: fc.constantFrom(0x00, 0x01, 0x03, 0x04), bytes: fc.uint8Array({ maxLength: 20 }) }).map(({ tag, bytes }) => ({
    spliceDescriptorTag: tag, identifier: "CUEI", segmentation: null, privateBytes: Buffer.from(bytes).toString("hex"),
  })),
);

export const spliceInfoFields: fc.Arbitrary<SpliceInfoFields> = fc
  .record({
    protocolVersion: fc.constant(0), privateIndicator: fc.boolean(), sapType: uint(2), ptsAdjustment: uint(33), cwIndex: uint(8), tier: uint(12),
    command: fc.oneof(
      fc.constant({ spliceCommandType: 0x00, spliceInsert: null, timeSignal: null }),
      fc.constant({ spliceCommandType: 0x07, spliceInsert: null, timeSignal: null }),
      spliceTime.map((timeSignal) => ({ spliceCommandType: 0x06, spliceInsert: null, timeSignal })),
      fc.oneof({ weight: 4, arbitrary: activeInsert }, { weight: 1, arbitrary: cancelledInsert }).map((spliceInsert) => ({
        spliceCommandType: 0x05, spliceInsert, timeSignal: null,
      })),
    ),
    descriptors: fc.array(descriptor, { maxLength: 3 }),
  })
  .map(({ command, ...rest }) => ({ ...rest, ...command }));
