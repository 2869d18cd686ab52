// segmentation_descriptor() body (SCTE 35 2023 §10.3.3), after its tag, length and "CUEI".
import type { BitReader, BitWriter } from "./bits.js";
import { SUB_SEGMENT_TYPES, type SegmentationDescriptor } from "./types.js";
import { readUpids, upidBytes, upidValueText } from "./upid.js";

export function writeSegmentationDescriptor(w: BitWriter, s: SegmentationDescriptor): void {
  w.bits(s.segmentationEventId, 32);
  w.flag(s.segmentationEventCancelIndicator);
  w.flag(s.segmentationEventIdComplianceIndicator);
  w.bits(0x3f, 6);
  if (s.segmentationEventCancelIndicator) return;
  w.flag(s.programSegmentationFlag);
  w.flag(s.segmentationDurationFlag);
  w.flag(s.deliveryNotRestrictedFlag);
  if (s.deliveryNotRestrictedFlag) {
    w.bits(0x1f, 5);
  } else {
    w.flag(s.webDeliveryAllowedFlag ?? true);
    w.flag(s.noRegionalBlackoutFlag ?? true);
    w.flag(s.archiveAllowedFlag ?? true);
    w.bits(s.deviceRestrictions ?? 3, 2);
  }
  if (!s.programSegmentationFlag) {
    w.bits(s.components.length, 8);
    for (const c of s.components) {
      w.bits(c.componentTag, 8);
      w.bits(0x7f, 7);
      w.bits(c.ptsOffset, 33);
    }
  }
  if (s.segmentationDurationFlag) w.bits(s.segmentationDuration ?? 0, 40);
  w.bits(s.segmentationUpidType, 8);
  const upid = upidBytes(s.segmentationUpidType, s.segmentationUpid);
  w.bits(upid.length, 8);
  w.bytes(upid);
  w.bits(s.segmentationTypeId, 8);
  w.bits(s.segmentNum, 8);
  w.bits(s.segmentsExpected, 8);
  // Written when given (a decoded pre-2019 cue has none); signalToSpliceInfo gives them for the
  // types SCTE 35 2023 requires them of.
  if (s.subSegmentNum != null && s.subSegmentsExpected != null) {
    w.bits(s.subSegmentNum, 8);
    w.bits(s.subSegmentsExpected, 8);
  }
}

/** `r` is bounded by the descriptor's length (its offsets are the section's). */
export function readSegmentationDescriptor(r: BitReader): SegmentationDescriptor {
  const s: SegmentationDescriptor = {
    segmentationEventId: r.bits(32, "segmentation_event_id"),
    segmentationEventCancelIndicator: r.flag("segmentation_event_cancel_indicator"),
    segmentationEventIdComplianceIndicator: r.flag("segmentation_event_id_compliance_indicator"),
    programSegmentationFlag: false, segmentationDurationFlag: false, deliveryNotRestrictedFlag: false,
    webDeliveryAllowedFlag: null, noRegionalBlackoutFlag: null, archiveAllowedFlag: null, deviceRestrictions: null,
    components: [], segmentationDuration: null, segmentationUpidType: 0, segmentationUpid: "", upids: [],
    segmentationTypeId: 0, segmentNum: 0, segmentsExpected: 0, subSegmentNum: null, subSegmentsExpected: null,
  };
  r.bits(6, "reserved");
  if (s.segmentationEventCancelIndicator) return s;
  s.programSegmentationFlag = r.flag("program_segmentation_flag");
  s.segmentationDurationFlag = r.flag("segmentation_duration_flag");
  s.deliveryNotRestrictedFlag = r.flag("delivery_not_restricted_flag");
  if (s.deliveryNotRestrictedFlag) {
    r.bits(5, "reserved");
  } else {
    s.webDeliveryAllowedFlag = r.flag("web_delivery_allowed_flag");
    s.noRegionalBlackoutFlag = r.flag("no_regional_blackout_flag");
    s.archiveAllowedFlag = r.flag("archive_allowed_flag");
    s.deviceRestrictions = r.bits(2, "device_restrictions");
  }
  if (!s.programSegmentationFlag) {
    const count = r.bits(8, "component_count");
    for (let i = 0; i < count; i++) {
      const componentTag = r.bits(8, "component_tag");
      r.bits(7, "reserved");
      s.components.push({ componentTag, ptsOffset: r.bits(33, "pts_offset") });
    }
  }
  if (s.segmentationDurationFlag) s.segmentationDuration = r.bits(40, "segmentation_duration");
  s.segmentationUpidType = r.bits(8, "segmentation_upid_type");
  const upidLength = r.bits(8, "segmentation_upid_length");
  const upidAt = r.offset;
  s.upids = readUpids(s.segmentationUpidType, r.bytes(upidLength, "segmentation_upid"), upidAt);
  s.segmentationUpid = upidValueText(s.segmentationUpidType, s.upids);
  s.segmentationTypeId = r.bits(8, "segmentation_type_id");
  s.segmentNum = r.bits(8, "segment_num");
  s.segmentsExpected = r.bits(8, "segments_expected");
  // Encoders before SCTE 35 2019 stop here even for these types: read the pair only when present.
  if (SUB_SEGMENT_TYPES.has(s.segmentationTypeId) && r.remainingBytes >= 2) {
    s.subSegmentNum = r.bits(8, "sub_segment_num");
    s.subSegmentsExpected = r.bits(8, "sub_segments_expected");
  }
  return s;
}
