// SCTE-35 cues of BXF NonPrimary events: written and read by src/scte35 (the one place that knows
// the splice_info_section); this module only maps between a cue and an event's SCTE35Signal value.
import { decodeCueText, encodeSignal, spliceInfoToSignal, type Scte35SignalData } from "../../scte35/index.js";

/** The signal as a base64 splice_info_section, its splice time at the event's on-air time + offset. */
export function cueOf(signal: Scte35SignalData, eventOnAirMs: number, eventDurationMs: number): string {
  return encodeSignal(signal, { eventOnAirMs, eventDurationMs }, "BASE64");
}

/**
 * The SCTE35Signal fields a cue carries, without the ones it leaves unset (offset and origin come
 * from the BXF Offset, not the cue: a 33-bit pts_time alone cannot name an instant). Throws
 * Scte35Error naming the byte for a malformed cue or a CRC mismatch.
 */
export function signalOfCue(text: string): Scte35SignalData {
  const { ptsTime: _pts, ...signal } = spliceInfoToSignal(decodeCueText(text));
  return Object.fromEntries(Object.entries(signal).filter(([, value]) => value !== null && value !== undefined)) as Scte35SignalData;
}
