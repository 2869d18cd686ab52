// Published sample cues (SCTE 35 §14, see test/fixtures/README.md) decoded field by field,
// re-encoded byte for byte, and read by the independent decoder too.
import { readFileSync } from "node:fs";
import { SCTE35 } from "scte35/build/lib/scte35.js";
import { describe, expect, it, vi } from "vitest";
import { decodeSpliceInfo, encodeSpliceInfo, parseCueText } from "../../src/scte35/index.js";

interface Sample {
  name: string;
  base64: string;
  expect: Record<string, unknown> & { segmentation?: Record<string, unknown>[]; otherDescriptors?: Record<string, unknown>[] };
}
const { samples } = JSON.parse(readFileSync(new URL("../fixtures/scte35-samples.json", import.meta.url), "utf8")) as { samples: Sample[] };

/** The spec lists numbers in hex ("0x4800008E"); UPIDs stay text. */
function numbers(value: unknown, key = ""): unknown {
  if (typeof value === "string" && /^0x[0-9A-F]+$/i.test(value) && key !== "segmentationUpid") return parseInt(value, 16);
  if (Array.isArray(value)) return value.map((v) => numbers(v));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, numbers(v, k)]));
  return value;
}

describe("SCTE 35 sample cues", () => {
  it.each(samples)("$name: every listed field", (sample) => {
    const { segmentation, otherDescriptors, ...top } = numbers(sample.expect) as Sample["expect"];
    const fromBase64 = decodeSpliceInfo(parseCueText(sample.base64));
    const fromHex = decodeSpliceInfo(parseCueText(`0x${Buffer.from(sample.base64, "base64").toString("hex").toUpperCase()}`));
    expect(fromHex).toEqual(fromBase64);
    expect(fromBase64).toMatchObject({ tableId: 0xfc, sectionSyntaxIndicator: false, protocolVersion: 0, encryptedPacket: false, ...top });
    expect(fromBase64.descriptors.filter((d) => d.segmentation).map((d) => d.segmentation)).toMatchObject(segmentation ?? []);
    expect(fromBase64.descriptors.filter((d) => !d.segmentation)).toMatchObject(otherDescriptors ?? []);
  });

  it.each(samples)("$name: re-encodes to the same bytes", (sample) => {
    const bytes = parseCueText(sample.base64);
    expect(Buffer.from(encodeSpliceInfo(decodeSpliceInfo(bytes))).toString("base64")).toBe(sample.base64);
  });

  it.each(samples)("$name: the independent decoder reads the same header and time", (sample) => {
    vi.spyOn(console, "error").mockImplementation(() => undefined); // it logs its misread of splice_insert's splice_time
    const ours = decodeSpliceInfo(parseCueText(sample.base64));
    const theirs = SCTE35.parseFromB64(sample.base64);
    expect(theirs).toMatchObject({
      tableId: ours.tableId,
      sectionLength: ours.sectionLength,
      ptsAdjustment: ours.ptsAdjustment,
      tier: ours.tier,
      spliceCommandLength: ours.spliceCommandLength,
      spliceCommandType: ours.spliceCommandType,
      descriptorLoopLength: ours.descriptorLoopLength,
      crc: ours.crc32,
    });
    if (ours.timeSignal) expect(theirs.spliceCommand).toEqual({ specified: true, pts: ours.timeSignal.ptsTime });
  });
});
