// SCTE-35 cues of BXF NonPrimary events: written and read by src/scte35 (the one place that knows
// the splice_info_section); this module only maps between a cue and an event's SCTE35Signal value.
import { decodeSpliceInfo, encodeSignal, parseCueText } from "../../scte35/index.js";

/** The signal as a base64 splice_info_section, its splice time at the event's on-air time + offset. */
export function cueOf(signal: Record<string, unknown>, eventOnAirMs: number, eventDurationMs: number): string {
  return encodeSignal(signal as Parameters<typeof encodeSignal>[0], { eventOnAirMs, eventDurationMs }, "BASE64");
}

/**
 * The SCTE35Signal fields a cue carries (offset and origin come from the BXF Offset, not the cue:
 * a pts_time alone cannot name an instant). Throws with the cue's own fault for a malformed cue.
 */
export function signalOfCue(text: string): Record<string, unknown> {
  return { ...decodeSpliceInfo(parseCueText(text)) };
}
