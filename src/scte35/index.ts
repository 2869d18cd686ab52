// SCTE-35 splice_info_section encoding and decoding: pure, no database or GraphQL.
export { BitReader, BitWriter } from "./bits.js";
export { crc32Mpeg2 } from "./crc32.js";
export { Scte35Error } from "./errors.js";
export { decodeSpliceInfo, encodeSpliceInfo } from "./section.js";
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
export * from "./types.js";
export { toHexText, upidBytes } from "./upid.js";

import { decodeSpliceInfo } from "./section.js";
import { parseCueText } from "./text.js";
import type { SpliceInfo } from "./types.js";

/** decodeSpliceInfo(parseCueText(text)). */
export function decodeCueText(text: string): SpliceInfo {
  return decodeSpliceInfo(parseCueText(text));
}
