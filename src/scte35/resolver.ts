// SCTE35Signal.encoded, Event.scte35Cues and Query.decodeScte35. A signal's cue depends on its
// event's on-air time: Event.scte35Signals (overridden here, same type) remembers the event of
// each signal object it hands out, so SCTE35Signal.encoded needs no query of its own.
import { Arg, FieldResolver, Query, Resolver, Root } from "type-graphql";
import { AppError, badInput } from "../common/errors.js";
import { SCTE35Signal } from "../events/index.js";
import { Event } from "../events/index.js";
import { CueEncoding, SpliceInfo } from "./graphql-types.js";
import { decodeCueText, encodeSignal, Scte35Error, type SignalTiming } from "./index.js";

/** Longest cue text accepted: a 4096-byte section as hex with some whitespace. */
const MAX_CUE_TEXT = 16_384;

const timingOf = new WeakMap<object, SignalTiming>();

function timingOfEvent(event: Event): SignalTiming {
  return { eventOnAirMs: new Date(event.onAirTime).getTime(), eventDurationMs: event.duration };
}

function encodeOrRefuse(signal: SCTE35Signal, timing: SignalTiming, format: CueEncoding, index?: number): string {
  try {
    return encodeSignal(signal, timing, format);
  } catch (e) {
    if (!(e instanceof Scte35Error)) throw e;
    const where = index === undefined ? "" : `scte35Signals[${index}]: `;
    throw badInput(`${where}${e.message}`, { field: e.field });
  }
}

@Resolver(() => Event)
export class EventScte35Resolver {
  @FieldResolver(() => [SCTE35Signal], { nullable: true })
  scte35Signals(@Root() event: Event): SCTE35Signal[] | null | undefined {
    const timing = timingOfEvent(event);
    for (const signal of event.scte35Signals ?? []) if (signal && typeof signal === "object") timingOf.set(signal, timing);
    return event.scte35Signals;
  }

  @FieldResolver(() => [String], { description: "Each of scte35Signals as a complete SCTE-35 splice_info_section (see SCTE35Signal.encoded), in their order" })
  scte35Cues(
    @Root() event: Event,
    @Arg("format", () => CueEncoding, { nullable: true, defaultValue: CueEncoding.BASE64 }) format: CueEncoding | null,
  ): string[] {
    const timing = timingOfEvent(event);
    return (event.scte35Signals ?? []).map((signal, i) => encodeOrRefuse(signal, timing, format ?? CueEncoding.BASE64, i));
  }
}

@Resolver(() => SCTE35Signal)
export class Scte35SignalResolver {
  @FieldResolver(() => String, {
    description:
      "The signal as a complete SCTE-35 splice_info_section at its event's on-air time + offset (FROM_END: end − offset); pts_time in 90 kHz ticks since the Unix epoch, modulo 2^33. docs/FORMATS.md \"SCTE-35 cues\"",
  })
  encoded(
    @Root() signal: SCTE35Signal,
    @Arg("format", () => CueEncoding, { nullable: true, defaultValue: CueEncoding.BASE64 }) format: CueEncoding | null,
  ): string {
    const timing = timingOf.get(signal);
    if (!timing) throw new AppError("INTERNAL_SERVER_ERROR", "SCTE35Signal.encoded is answered only under Event.scte35Signals");
    return encodeOrRefuse(signal, timing, format ?? CueEncoding.BASE64);
  }
}

@Resolver()
export class Scte35Resolver {
  @Query(() => SpliceInfo, { description: "A base64 or hex SCTE-35 cue (whitespace and 0x tolerated) and its fields; malformed or a CRC mismatch → BAD_USER_INPUT naming the byte" })
  decodeScte35(@Arg("data", () => String) data: string): SpliceInfo {
    if (data.length > MAX_CUE_TEXT) throw badInput(`data is ${data.length} characters; a cue fits in ${MAX_CUE_TEXT}`, { argument: "data" });
    try {
      return decodeCueText(data);
    } catch (e) {
      if (!(e instanceof Scte35Error)) throw e;
      throw badInput(e.message, { argument: "data", byteOffset: e.byteOffset });
    }
  }
}
