// An event's SCTE-35 signals must make cues when a caller writes them (src/events/rules.ts
// checkCueSignals): a field that does not fit its bits is refused before anything is written,
// rather than stored and refused by every read of the event's cues. Found by the field fuzz
// (test/security/field-fuzz.test.ts): createEvent with availNum 7095 selecting scte35Cues answered
// an error and data null, and the event had been written.
import { describe, expect, it } from "vitest";
import { AppError } from "../../src/common/errors.js";
import { checkCueSignals, eventValues } from "../../src/events/rules.js";
import type { EventInput } from "../../src/events/types.js";

const input = (scte35Signals: unknown[]) => ({ onAirTime: new Date("2026-03-01T06:00:00Z"), duration: 60_000, scte35Signals }) as unknown as EventInput;
const refusal = (work: () => unknown): AppError => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a refusal");
};

describe("SCTE-35 signals of an event input", () => {
  it("are refused, naming the signal and its field, when a field does not fit its cue", () => {
    for (const [signal, field] of [
      [{ scteEventType: "SPLICE", availNum: 300 }, "availNum"],
      [{ spliceEventId: -1 }, "spliceEventId"],
      [{ duration: Number.MAX_SAFE_INTEGER }, "duration"],
      [{ hasSegment: true, segmentationUpid: "abc" }, "segmentationUpidType"],
      [{ hasSegment: true, segmentationUpidType: 0x08, segmentationUpid: "0x01" }, "segmentationUpid"],
    ] as const) {
      const error = refusal(() => eventValues(input([{ command: "ON" }, signal]), null, { onAirTime: 0 }, "created[2]"));
      expect(error.code).toBe("BAD_USER_INPUT");
      expect(error.message).toMatch(/^created\[2\]: scte35Signals\[1\]: \w+ /);
      expect(error.extensions).toMatchObject({ field: `scte35Signals[1].${field}` });
      expect(refusal(() => checkCueSignals([signal])).code).toBe("BAD_USER_INPUT");
    }
  });

  it("pass when every field fits, and an import keeps a file's signals as they are", () => {
    const fits = { scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationEventId: 4_000_000_000, segmentationTypeId: 52, segmentationUpidType: 9, segmentationUpid: "upid", duration: 60_000, availNum: 255 };
    expect(eventValues(input([fits, {}]), null, { onAirTime: 0 }).data.scte35Signals).toEqual([fits, {}]);
    const tooBig = { scteEventType: "SPLICE", availNum: 999 };
    expect(eventValues(input([tooBig]), null, { onAirTime: 0, keepUnencodableCues: true }).data.scte35Signals).toEqual([tooBig]);
    expect(() => checkCueSignals(null)).not.toThrow();
  });
});
