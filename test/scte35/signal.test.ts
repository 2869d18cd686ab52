// An event's SCTE35Signal as a cue: the mapping of docs/FORMATS.md "SCTE-35 cues", and
// signal → cue → signal over the valid field ranges.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  decodeCueText,
  encodeSignal,
  ptsAt,
  Scte35Error,
  spliceInfoToSignal,
  type Scte35SignalData,
} from "../../src/scte35/index.js";
import { singleUpid, uint } from "./arbitraries.js";

const onAir = Date.UTC(2026, 10, 23, 20, 0, 0);
const at = { eventOnAirMs: onAir, eventDurationMs: 30_000 };

describe("encodeSignal", () => {
  it("SPLICE is a splice_insert at the event's on-air time + offset, with a break_duration", () => {
    const info = decodeCueText(encodeSignal({ scteEventType: "SPLICE", command: "ON", origin: "FROM_START", offset: 2_000, duration: 30_000, spliceEventId: 77, programId: 5, availNum: 1, availsExpected: 2 }, at, "BASE64"));
    expect(info).toMatchObject({ tableId: 0xfc, sectionSyntaxIndicator: false, protocolVersion: 0, ptsAdjustment: 0, tier: 0xfff, spliceCommandType: 0x05, descriptors: [] });
    expect(info.spliceInsert).toMatchObject({
      spliceEventId: 77, outOfNetworkIndicator: true, programSpliceFlag: true, spliceImmediateFlag: false,
      spliceTime: { timeSpecified: true, ptsTime: ((onAir + 2_000) * 90) % 2 ** 33 },
      durationFlag: true, breakDuration: { autoReturn: true, duration: 30_000 * 90 },
      uniqueProgramId: 5, availNum: 1, availsExpected: 2,
    });
  });

  it("FROM_END counts back from the event's end; OFF is a return to the network", () => {
    const info = decodeCueText(encodeSignal({ scteEventType: "SPLICE", command: "OFF", origin: "FROM_END", offset: 1_000, autoReturn: false }, at, "HEX"));
    expect(info.spliceInsert).toMatchObject({ outOfNetworkIndicator: false, durationFlag: false, breakDuration: null, spliceTime: { ptsTime: ptsAt(onAir + 29_000) } });
  });

  it("pts_time counts 90 kHz ticks from the Unix epoch and wraps at 2^33", () => {
    expect(ptsAt(0)).toBe(0);
    expect(ptsAt(1_000)).toBe(90_000);
    const wrapMs = 2 ** 33 / 90; // 26 h 30 m 43.7 s
    expect(ptsAt(Math.ceil(wrapMs))).toBe(Math.round(Math.ceil(wrapMs) * 90) - 2 ** 33);
    expect(ptsAt(-1)).toBe(2 ** 33 - 90);
  });

  it("TIME_SIGNAL with hasSegment is a time_signal with a CUEI segmentation_descriptor", () => {
    const signal: Scte35SignalData = {
      scteEventType: "TIME_SIGNAL", offset: 0, hasSegment: true, duration: 60_000, segmentationEventId: 0x4800008e,
      segmentationTypeId: 0x34, segmentNum: 1, segmentsExpected: 3, segmentationUpidType: 0x08, segmentationUpid: "0x000000002CA0A18A",
      webDeliveryAllowedFlag: false, deviceGroupRestriction: 1,
    };
    const info = decodeCueText(encodeSignal(signal, at, "BASE64"));
    expect(info).toMatchObject({ spliceCommandType: 0x06, spliceInsert: null, timeSignal: { timeSpecified: true, ptsTime: ptsAt(onAir) } });
    expect(info.descriptors).toHaveLength(1);
    expect(info.descriptors[0]).toMatchObject({ spliceDescriptorTag: 0x02, identifier: "CUEI" });
    expect(info.descriptors[0].segmentation).toMatchObject({
      segmentationEventId: 0x4800008e, segmentationEventCancelIndicator: false, programSegmentationFlag: true,
      segmentationDurationFlag: true, segmentationDuration: 60_000 * 90, deliveryNotRestrictedFlag: false,
      webDeliveryAllowedFlag: false, noRegionalBlackoutFlag: true, archiveAllowedFlag: true, deviceRestrictions: 1,
      segmentationUpidType: 0x08, segmentationUpid: "0x000000002CA0A18A", segmentationTypeId: 0x34, segmentNum: 1, segmentsExpected: 3,
      subSegmentNum: 0, subSegmentsExpected: 0,
    });
  });

  it("a MID carries several UPIDs", () => {
    const parts = [{ type: 0x08, value: "0x0A0B0C0D0E0F1011" }, { type: 0x09, value: "SIGNAL:abc" }, { type: 0x0f, value: "urn:uuid:1" }, { type: 0x0e, value: "ads-1" }, { type: 0x0c, value: "0x4D504531FF" }];
    const info = decodeCueText(encodeSignal({ scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationUpidType: 0x0d, segmentationUpid: JSON.stringify(parts) }, at, "BASE64"));
    expect(info.descriptors[0].segmentation).toMatchObject({ segmentationUpidType: 0x0d, upids: parts, segmentationUpid: JSON.stringify(parts), deliveryNotRestrictedFlag: true });
  });

  it("a field out of range or a UPID that does not fit its type names the field", () => {
    const bad: [Scte35SignalData, string][] = [
      [{ spliceEventId: 2 ** 32 }, "spliceEventId"],
      [{ programId: 65_536 }, "programId"],
      [{ availNum: -1 }, "availNum"],
      [{ duration: 1.5 }, "duration"],
      [{ scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationUpidType: 0x08, segmentationUpid: "0x01" }, "segmentationUpid"],
      [{ scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationUpidType: 0x0d, segmentationUpid: "not json" }, "segmentationUpid"],
      [{ scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationUpid: "abc" }, "segmentationUpidType"],
      [{ scteEventType: "TIME_SIGNAL", hasSegment: true, deviceGroupRestriction: 4 }, "deviceGroupRestriction"],
    ];
    for (const [signal, field] of bad) {
      expect(() => encodeSignal(signal, at, "BASE64"), JSON.stringify(signal)).toThrow(Scte35Error);
      try {
        encodeSignal(signal, at, "BASE64");
      } catch (e) {
        expect((e as Scte35Error).field).toBe(field);
      }
    }
  });

  const signal = fc.record({
    scteEventType: fc.constantFrom("SPLICE", "TIME_SIGNAL"),
    command: fc.constantFrom("ON", "OFF"),
    origin: fc.constantFrom("FROM_START", "FROM_END"),
    offset: fc.integer({ min: 0, max: 86_400_000 }),
    duration: fc.option(fc.integer({ min: 0, max: Math.floor((2 ** 33 - 1) / 90) }), { nil: null }),
    autoReturn: fc.boolean(),
    spliceEventId: uint(32), programId: uint(16), availNum: uint(8), availsExpected: uint(8),
    hasSegment: fc.boolean(),
    segmentationEventId: uint(32), segmentationTypeId: uint(8), segmentNum: uint(8), segmentsExpected: uint(8),
    upid: fc.option(singleUpid, { nil: null }),
    restrictions: fc.option(fc.record({ webDeliveryAllowedFlag: fc.boolean(), noRegionalBlackoutFlag: fc.boolean(), archiveAllowedFlag: fc.boolean(), deviceGroupRestriction: uint(2) }), { nil: null }),
  });

  it("signal → cue → signal gives back every field the cue carries, and pts_time from the instant", () => {
    fc.assert(
      fc.property(signal, fc.integer({ min: 0, max: 4_102_444_800_000 }), ({ upid, restrictions, ...s }, onAirMs) => {
        const data: Scte35SignalData = { ...s, ...(restrictions ?? {}), segmentationUpidType: upid?.type ?? null, segmentationUpid: upid?.value ?? null };
        const timing = { eventOnAirMs: onAirMs, eventDurationMs: 3_600_000 };
        const back = spliceInfoToSignal(decodeCueText(encodeSignal(data, timing, "BASE64")));
        const instant = s.origin === "FROM_END" ? onAirMs + 3_600_000 - s.offset : onAirMs + s.offset;
        expect(back.ptsTime).toBe((((instant * 90) % 2 ** 33) + 2 ** 33) % 2 ** 33);
        expect(back.scteEventType).toBe(s.scteEventType);
        expect(back.hasSegment).toBe(s.hasSegment);
        if (s.scteEventType === "SPLICE") {
          expect(back).toMatchObject({
            spliceEventId: s.spliceEventId, command: s.command, programId: s.programId, availNum: s.availNum, availsExpected: s.availsExpected,
            duration: s.duration, autoReturn: s.duration == null ? null : s.autoReturn,
          });
        }
        if (s.hasSegment) {
          expect(back).toMatchObject({
            segmentationEventId: s.segmentationEventId, segmentationTypeId: s.segmentationTypeId, segmentNum: s.segmentNum,
            segmentsExpected: s.segmentsExpected, segmentationUpidType: upid?.type ?? 0, segmentationUpid: upid?.value ?? "",
            webDeliveryAllowedFlag: restrictions?.webDeliveryAllowedFlag ?? null, noRegionalBlackoutFlag: restrictions?.noRegionalBlackoutFlag ?? null,
            archiveAllowedFlag: restrictions?.archiveAllowedFlag ?? null, deviceGroupRestriction: restrictions?.deviceGroupRestriction ?? null,
          });
          if (s.duration != null) expect(back.duration).toBe(s.duration);
        }
      }),
      { numRuns: 400 },
    );
  });
});
