// Malformed cues and CRC mismatches are refused with the byte they went wrong at.
import { describe, expect, it } from "vitest";
import { BitReader, BitWriter, crc32Mpeg2, decodeCueText, encodeSignal, parseCueText, Scte35Error } from "../../src/scte35/index.js";

const SPLICE_INSERT_SAMPLE = "/DAvAAAAAAAA///wFAVIAACPf+/+c2nALv4AUsz1AAAAAAAKAAhDVUVJAAABNWLbowo=";

function errorOf(text: string): Scte35Error {
  try {
    decodeCueText(text);
  } catch (e) {
    if (e instanceof Scte35Error) return e;
    throw e;
  }
  throw new Error(`decoded: ${text}`);
}

describe("CRC-32/MPEG-2 and bit fields", () => {
  it("has the catalogue check value", () => {
    expect(crc32Mpeg2(new TextEncoder().encode("123456789"))).toBe(0x0376e6e7);
  });

  it("writes and reads fields wider than 32 bits and across bytes", () => {
    const w = new BitWriter();
    w.bits(1, 1);
    w.bits(2 ** 33 - 1, 33);
    w.bits(0x2a, 6);
    w.bits(2 ** 40 - 2, 40);
    const r = new BitReader(w.finish());
    expect([r.bits(1, "a"), r.bits(33, "b"), r.bits(6, "c"), r.bits(40, "d")]).toEqual([1, 2 ** 33 - 1, 0x2a, 2 ** 40 - 2]);
  });
});

describe("decoding refuses", () => {
  it("a CRC mismatch, naming the CRC's byte", () => {
    const bytes = parseCueText(SPLICE_INSERT_SAMPLE);
    bytes[20] ^= 0x01;
    const e = errorOf(Buffer.from(bytes).toString("hex"));
    expect(e.byteOffset).toBe(bytes.length - 4);
    expect(e.message).toMatch(/CRC_32 at byte 46/);
  });

  it("a cue cut short, naming where it ends", () => {
    const e = errorOf(Buffer.from(parseCueText(SPLICE_INSERT_SAMPLE).subarray(0, 30)).toString("base64"));
    expect(e.byteOffset).toBe(1);
    expect(e.message).toMatch(/section_length at byte 1 says 50 bytes; the cue has 30/);
  });

  it("a command longer than the section, with a good CRC", () => {
    const bytes = parseCueText(SPLICE_INSERT_SAMPLE);
    bytes[12] = 0x40; // splice_command_length 0x040
    const crc = crc32Mpeg2(bytes, 0, bytes.length - 4);
    bytes.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], bytes.length - 4);
    const e = errorOf(Buffer.from(bytes).toString("base64"));
    expect(e.byteOffset).toBe(11);
  });

  it("a field running past the end of its descriptor", () => {
    const cue = encodeSignal({ scteEventType: "TIME_SIGNAL", hasSegment: true, segmentationUpidType: 0x09, segmentationUpid: "ADI" }, { eventOnAirMs: 0, eventDurationMs: 0 }, "HEX");
    const bytes = parseCueText(cue);
    const upidLengthAt = bytes.indexOf(0x09, 20) + 1; // segmentation_upid_length follows the type
    bytes[upidLengthAt] = 200;
    const crc = crc32Mpeg2(bytes, 0, bytes.length - 4);
    bytes.set([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff], bytes.length - 4);
    const e = errorOf(Buffer.from(bytes).toString("hex"));
    expect(e.message).toMatch(/segmentation_upid needs 200 byte\(s\) from byte/);
    expect(e.byteOffset).toBe(upidLengthAt + 1);
  });

  it("another table, text that is neither base64 nor hex, an odd hex digit count, nothing", () => {
    expect(errorOf("fd00").byteOffset).toBe(0);
    const notText = errorOf("/DAvAAAAAAAA///w*BQ==");
    expect(notText.message).toMatch(/"\*" at character 16/);
    expect(notText.byteOffset).toBe(12);
    expect(errorOf("fc3").message).toMatch(/odd number of digits/);
    expect(errorOf("  ").message).toMatch(/empty/);
  });

  it("but tolerates whitespace, line breaks and a 0x prefix", () => {
    const hex = Buffer.from(parseCueText(SPLICE_INSERT_SAMPLE)).toString("hex");
    const spaced = `0x${hex.slice(0, 10)} \n ${hex.slice(10).toUpperCase()}`;
    expect(decodeCueText(spaced)).toEqual(decodeCueText(SPLICE_INSERT_SAMPLE));
    expect(decodeCueText(`${SPLICE_INSERT_SAMPLE.slice(0, 20)}\n  ${SPLICE_INSERT_SAMPLE.slice(20)}`)).toEqual(decodeCueText(hex));
  });
});
