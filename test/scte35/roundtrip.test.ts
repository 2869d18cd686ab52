// encode → decode is the identity over the valid field ranges, and every encoding reads the same
// in the independent decoder (the npm `scte35` parser, as far as it reads: see docs/FORMATS.md).
import fc from "fast-check";
import { SCTE35 } from "scte35/build/lib/scte35.js";
import { describe, expect, it, vi } from "vitest";
import { decodeSpliceInfo, encodeSpliceInfo, formatCue, parseCueText, type SpliceInfo, type SpliceInfoFields } from "../../src/scte35/index.js";
import { spliceInfoFields } from "./arbitraries.js";

function fieldsOf(info: SpliceInfo) {
  const { tableId, sectionSyntaxIndicator, sectionLength, encryptedPacket, encryptionAlgorithm, spliceCommandLength, descriptorLoopLength, crc32, ...fields } = info;
  expect({ tableId, sectionSyntaxIndicator, encryptedPacket, encryptionAlgorithm }).toEqual({ tableId: 0xfc, sectionSyntaxIndicator: false, encryptedPacket: false, encryptionAlgorithm: 0 });
  expect({ sectionLength, spliceCommandLength, descriptorLoopLength, crc32 }).toBeDefined();
  return fields;
}

describe("splice_info_section round trip", () => {
  it("decode(encode(fields)) gives the fields back, through base64 and hex text too", () => {
    fc.assert(
      fc.property(spliceInfoFields, (fields) => {
        const bytes = encodeSpliceInfo(fields);
        expect(fieldsOf(decodeSpliceInfo(bytes))).toEqual(fields);
        expect(parseCueText(formatCue(bytes, "BASE64"))).toEqual(bytes);
        expect(parseCueText(formatCue(bytes, "HEX"))).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  /**
   * scte35 0.2.4 reads a splice_insert's splice_time from the section's start instead of the
   * command's, and skips component lists: past the flags such a splice_insert is garbage to it (or
   * a RangeError). Those cues are left out of this cross-check; the published splice_insert sample
   * (samples.test.ts) and our own round trip cover them. See docs/FORMATS.md.
   */
  const readableByIndependent = (f: SpliceInfoFields) =>
    !f.spliceInsert || f.spliceInsert.spliceEventCancelIndicator || (f.spliceInsert.programSpliceFlag && f.spliceInsert.spliceImmediateFlag);

  it("the independent decoder reads every encoding's header, command and first descriptor alike", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // it logs its own misreads
    fc.assert(
      fc.property(spliceInfoFields.filter(readableByIndependent), (fields) => {
        const bytes = encodeSpliceInfo(fields);
        const ours = decodeSpliceInfo(bytes);
        const theirs = SCTE35.parseFromHex(formatCue(bytes, "HEX"));
        expect(theirs).toMatchObject({
          tableId: 0xfc, selectionSyntaxIndicator: false, privateIndicator: fields.privateIndicator, sectionLength: ours.sectionLength,
          protocolVersion: 0, encryptedPacket: false, ptsAdjustment: fields.ptsAdjustment, cwIndex: fields.cwIndex, tier: fields.tier,
          spliceCommandLength: ours.spliceCommandLength, spliceCommandType: fields.spliceCommandType,
          descriptorLoopLength: ours.descriptorLoopLength, crc: ours.crc32,
        });
        if (fields.timeSignal) {
          expect(theirs.spliceCommand).toEqual(fields.timeSignal.timeSpecified ? { specified: true, pts: fields.timeSignal.ptsTime } : { specified: false });
        }
        const insert = fields.spliceInsert;
        if (insert) {
          expect(theirs.spliceCommand).toMatchObject({ spliceEventId: insert.spliceEventId, spliceEventCancelIndicator: insert.spliceEventCancelIndicator });
          if (!insert.spliceEventCancelIndicator) {
            expect(theirs.spliceCommand).toMatchObject({
              outOfNetworkIndicator: insert.outOfNetworkIndicator, programSpliceFlag: insert.programSpliceFlag,
              durationFlag: insert.durationFlag, spliceImmediateFlag: insert.spliceImmediateFlag,
            });
          }
          // Past the flags it reads splice_time at the wrong offset and skips component lists:
          // only an immediate program splice keeps its later fields where it looks.
          if (!insert.spliceEventCancelIndicator && insert.programSpliceFlag && insert.spliceImmediateFlag) {
            expect(theirs.spliceCommand).toMatchObject({
              uniqueProgramId: insert.uniqueProgramId, available: insert.availNum, expected: insert.availsExpected,
              ...(insert.breakDuration ? { breakDuration: insert.breakDuration } : {}),
            });
          }
        }
        const first = fields.descriptors[0];
        if (first) {
          expect(theirs.descriptor?.[0]).toMatchObject({ spliceDescriptorTag: first.spliceDescriptorTag, descriptorLength: bytes[ours.sectionLength + 3 - 4 - ours.descriptorLoopLength + 1], indentifier: "CUEI" });
        }
      }),
      { numRuns: 300 },
    );
  });
});
