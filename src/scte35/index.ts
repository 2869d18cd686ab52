// SCTE-35 splice_info_section encoding and decoding: pure, no database or GraphQL. Its public
// surface, by name.

// A splice_info_section: its fields as plain data, bytes from and to them (CRC-32/MPEG-2 checked).
export {
  SUB_SEGMENT_TYPES,
  type SegmentationDescriptor,
  type SegmentationUpid,
  type SpliceDescriptor,
  type SpliceInfo,
  type SpliceInfoFields,
  type SpliceInsert,
  type SpliceTime,
} from "./types.js";
export { decodeSpliceInfo, encodeSpliceInfo } from "./section.js";
export { Scte35Error } from "./cue-error.js";

// An event's SCTE35Signal as a section, and back; the cue text an event carries (base64 or hex).
export {
  encodeSignal,
  eventCues,
  ptsAt,
  signalInstantMs,
  signalToSpliceInfo,
  spliceInfoToSignal,
  TICKS_PER_MS,
  type Scte35SignalData,
  type SignalTiming,
} from "./signal.js";
export { formatCue, parseCueText, type CueFormat } from "./text.js";

// The pieces under the section, for tests and tools: bits, the CRC, a UPID's bytes.
export { BitReader, BitWriter } from "./bits.js";
export { crc32Mpeg2 } from "./crc32.js";
export { toHexText, upidBytes } from "./upid.js";

import { decodeSpliceInfo } from "./section.js";
import { parseCueText } from "./text.js";
import type { SpliceInfo } from "./types.js";

/** decodeSpliceInfo(parseCueText(text)). */
export function decodeCueText(text: string): SpliceInfo {
  return decodeSpliceInfo(parseCueText(text));
}
