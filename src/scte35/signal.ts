// An event's SCTE35Signal (as stored in event data, docs/EVENTS.md) as a splice_info_section.
// - SPLICE → splice_insert; TIME_SIGNAL → time_signal. Either gets a segmentation_descriptor
//   when hasSegment (markScteEvents writes SPLICE signals with hasSegment).
// - The splice instant: the event's on-air time + offset (FROM_START, the default), or its end
//   − offset (FROM_END). pts_time is that instant in 90 kHz ticks since the Unix epoch, modulo
//   2^33 (the clock wraps every 26 h 30 m 43.7 s); pts_adjustment is 0, so a splicer that keeps
//   another origin shifts by its own pts_adjustment.
// - splice_event_id = spliceEventId, else segmentationEventId, else 0; out_of_network_indicator
//   = command ON (the default); break_duration and segmentation_duration = duration (ms × 90),
//   with auto_return = autoReturn (default true); unique_program_id, avail_num, avails_expected
//   = programId, availNum, availsExpected (default 0).
// - Delivery restrictions are sent only when one of webDeliveryAllowedFlag,
//   noRegionalBlackoutFlag, archiveAllowedFlag, deviceGroupRestriction is set; the unset ones
//   then default to true, true, true, 3 (no device restriction).
import { encodeSpliceInfo } from "./section.js";
import { Scte35Error } from "./cue-error.js";
import { formatCue, type CueFormat } from "./text.js";
import { SEGMENTATION_DESCRIPTOR, SPLICE_INSERT, SUB_SEGMENT_TYPES, TIME_SIGNAL, type SegmentationDescriptor, type SpliceDescriptor, type SpliceInfo, type SpliceInfoFields } from "./types.js";


/** SCTE35Signal as stored in an event's data (the GraphQL enums are their names as strings). */
export interface Scte35SignalData {
  archiveAllowedFlag?: boolean | null;
  autoReturn?: boolean | null;
  hasSegment?: boolean | null;
  noRegionalBlackoutFlag?: boolean | null;
  webDeliveryAllowedFlag?: boolean | null;
  availNum?: number | null;
  availsExpected?: number | null;
  deviceGroupRestriction?: number | null;
  duration?: number | null;
  offset?: number | null;
  programId?: number | null;
  segmentNum?: number | null;
  segmentationEventId?: number | null;
  segmentationTypeId?: number | null;
  segmentationUpidType?: number | null;
  segmentsExpected?: number | null;
  spliceEventId?: number | null;
  command?: string | null;
  origin?: string | null;
  scteEventType?: string | null;
  segmentationUpid?: string | null;
}

export interface SignalTiming {
  /** The event's on-air instant, ms since the Unix epoch. */
  eventOnAirMs: number;
  eventDurationMs: number;
}

export const TICKS_PER_MS = 90;
const PTS_MODULUS = 2 ** 33;

/** 90 kHz ticks since the Unix epoch, wrapped to 33 bits. */
export function ptsAt(instantMs: number): number {
  const ticks = Math.round(instantMs * TICKS_PER_MS) % PTS_MODULUS;
  return ticks < 0 ? ticks + PTS_MODULUS : ticks;
}

export function signalInstantMs(signal: Scte35SignalData, at: SignalTiming): number {
  const offset = signal.offset ?? 0;
  return signal.origin === "FROM_END" ? at.eventOnAirMs + at.eventDurationMs - offset : at.eventOnAirMs + offset;
}

function uint(signal: Scte35SignalData, field: keyof Scte35SignalData, bits: number, fallback: number): number {
  const value = signal[field] ?? fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value >= 2 ** bits) {
    throw new Scte35Error(`${field} must be a whole number from 0 to ${2 ** bits - 1} (got ${String(value)})`, null, field);
  }
  return value;
}

function ticks(signal: Scte35SignalData, bits: number): number {
  const ms = signal.duration;
  if (ms == null) return 0;
  if (!Number.isInteger(ms) || ms < 0 || ms * TICKS_PER_MS >= 2 ** bits) {
    throw new Scte35Error(`duration must be whole ms from 0 to ${Math.floor((2 ** bits - 1) / TICKS_PER_MS)} (got ${ms})`, null, "duration");
  }
  return ms * TICKS_PER_MS;
}

export function signalToSpliceInfo(signal: Scte35SignalData, at: SignalTiming): SpliceInfoFields {
  const ptsTime = ptsAt(signalInstantMs(signal, at));
  const isSplice = (signal.scteEventType ?? "SPLICE") === "SPLICE";
  const hasDuration = signal.duration != null;
  const descriptors: SpliceDescriptor[] = signal.hasSegment
    ? [{ spliceDescriptorTag: SEGMENTATION_DESCRIPTOR, identifier: "CUEI", segmentation: segmentationOf(signal), privateBytes: null }]
    : [];
  return {
    protocolVersion: 0,
    privateIndicator: false,
    sapType: 3,
    ptsAdjustment: 0,
    cwIndex: 0,
    tier: 0xfff,
    spliceCommandType: isSplice ? SPLICE_INSERT : TIME_SIGNAL,
    timeSignal: isSplice ? null : { timeSpecified: true, ptsTime },
    spliceInsert: isSplice
      ? {
          spliceEventId: uint(signal, signal.spliceEventId != null ? "spliceEventId" : "segmentationEventId", 32, 0),
          spliceEventCancelIndicator: false,
          outOfNetworkIndicator: signal.command !== "OFF",
          programSpliceFlag: true,
          durationFlag: hasDuration,
          spliceImmediateFlag: false,
          eventIdComplianceFlag: true,
          spliceTime: { timeSpecified: true, ptsTime },
          components: [],
          breakDuration: hasDuration ? { autoReturn: signal.autoReturn ?? true, duration: ticks(signal, 33) } : null,
          uniqueProgramId: uint(signal, "programId", 16, 0),
          availNum: uint(signal, "availNum", 8, 0),
          availsExpected: uint(signal, "availsExpected", 8, 0),
        }
      : null,
    descriptors,
  };
}

function segmentationOf(signal: Scte35SignalData): SegmentationDescriptor {
  const restricted =
    signal.webDeliveryAllowedFlag != null || signal.noRegionalBlackoutFlag != null ||
    signal.archiveAllowedFlag != null || signal.deviceGroupRestriction != null;
  const upid = signal.segmentationUpid ?? "";
  if (upid !== "" && signal.segmentationUpidType == null) {
    throw new Scte35Error("segmentationUpid needs segmentationUpidType", null, "segmentationUpidType");
  }
  const upidType = uint(signal, "segmentationUpidType", 8, 0);
  const hasDuration = signal.duration != null;
  const typeId = uint(signal, "segmentationTypeId", 8, 0);
  return {
    segmentationEventId: uint(signal, "segmentationEventId", 32, 0),
    segmentationEventCancelIndicator: false,
    segmentationEventIdComplianceIndicator: true,
    programSegmentationFlag: true,
    segmentationDurationFlag: hasDuration,
    deliveryNotRestrictedFlag: !restricted,
    webDeliveryAllowedFlag: restricted ? (signal.webDeliveryAllowedFlag ?? true) : null,
    noRegionalBlackoutFlag: restricted ? (signal.noRegionalBlackoutFlag ?? true) : null,
    archiveAllowedFlag: restricted ? (signal.archiveAllowedFlag ?? true) : null,
    deviceRestrictions: restricted ? uint(signal, "deviceGroupRestriction", 2, 3) : null,
    components: [],
    segmentationDuration: hasDuration ? ticks(signal, 40) : null,
    segmentationUpidType: upidType,
    segmentationUpid: upid,
    upids: [], // filled by the decoder; the encoder writes segmentationUpid
    segmentationTypeId: typeId,
    segmentNum: uint(signal, "segmentNum", 8, 0),
    segmentsExpected: uint(signal, "segmentsExpected", 8, 0),
    subSegmentNum: SUB_SEGMENT_TYPES.has(typeId) ? 0 : null,
    subSegmentsExpected: SUB_SEGMENT_TYPES.has(typeId) ? 0 : null,
  };
}

/** The signal as a complete splice_info_section, in base64 or hex. Throws Scte35Error naming the field. */
export function encodeSignal(signal: Scte35SignalData, at: SignalTiming, format: CueFormat): string {
  return formatCue(encodeSpliceInfo(signalToSpliceInfo(signal, at)), format);
}

/**
 * Every signal of an event as base64, null where a signal does not fit a cue (a field out of its
 * range): what exports carry beside the signals themselves.
 */
export function eventCues(signals: readonly Scte35SignalData[], at: SignalTiming): (string | null)[] {
  return signals.map((signal) => {
    try {
      return encodeSignal(signal, at, "BASE64");
    } catch (e) {
      if (e instanceof Scte35Error) return null;
      throw e;
    }
  });
}

/** The SCTE35Signal fields a decoded cue carries, plus its pts_time (offset/origin are not carried). */
export function spliceInfoToSignal(info: SpliceInfo): Scte35SignalData & { ptsTime: number | null } {
  const insert = info.spliceInsert;
  const seg = info.descriptors.find((d) => d.segmentation)?.segmentation ?? null;
  const out: Scte35SignalData & { ptsTime: number | null } = {
    scteEventType: info.spliceCommandType === SPLICE_INSERT ? "SPLICE" : "TIME_SIGNAL",
    ptsTime: insert ? (insert.spliceTime?.ptsTime ?? null) : (info.timeSignal?.ptsTime ?? null),
    hasSegment: seg !== null,
  };
  if (insert) {
    Object.assign(out, {
      spliceEventId: insert.spliceEventId,
      command: insert.outOfNetworkIndicator ? "ON" : "OFF",
      programId: insert.uniqueProgramId,
      availNum: insert.availNum,
      availsExpected: insert.availsExpected,
      duration: insert.breakDuration ? insert.breakDuration.duration / TICKS_PER_MS : null,
      autoReturn: insert.breakDuration ? insert.breakDuration.autoReturn : null,
    });
  }
  if (seg) {
    Object.assign(out, {
      segmentationEventId: seg.segmentationEventId,
      segmentationTypeId: seg.segmentationTypeId,
      segmentationUpidType: seg.segmentationUpidType,
      segmentationUpid: seg.segmentationUpid,
      segmentNum: seg.segmentNum,
      segmentsExpected: seg.segmentsExpected,
      webDeliveryAllowedFlag: seg.webDeliveryAllowedFlag,
      noRegionalBlackoutFlag: seg.noRegionalBlackoutFlag,
      archiveAllowedFlag: seg.archiveAllowedFlag,
      deviceGroupRestriction: seg.deviceRestrictions,
    });
    if (seg.segmentationDuration != null) out.duration = seg.segmentationDuration / TICKS_PER_MS;
  }
  return out;
}

