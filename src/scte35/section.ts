// splice_info_section() (SCTE 35 2023 §9.6) to bytes and back. Unencrypted sections only; the
// commands decoded are splice_null, splice_insert, time_signal and bandwidth_reservation, and
// the descriptors decoded are segmentation_descriptors (others keep their bytes as hex).
import { BitReader, BitWriter } from "./bits.js";
import { crc32Mpeg2 } from "./crc32.js";
import { Scte35Error } from "./cue-error.js";
import {
  BANDWIDTH_RESERVATION,
  CUEI,
  SEGMENTATION_DESCRIPTOR,
  SPLICE_INSERT,
  SPLICE_NULL,
  TIME_SIGNAL,
  type SpliceDescriptor,
  type SpliceInfo,
  type SpliceInfoFields,
  type SpliceInsert,
  type SpliceTime,
} from "./types.js";
import { readSegmentationDescriptor, writeSegmentationDescriptor } from "./segmentation.js";

const TABLE_ID = 0xfc;

// One writer for every call (encoding never re-enters itself): no buffer to allocate per cue.
const writer = new BitWriter();

export function encodeSpliceInfo(info: SpliceInfoFields): Uint8Array {
  const w = writer;
  w.reset();
  w.bits(TABLE_ID, 8);
  w.flag(false); // section_syntax_indicator
  w.flag(info.privateIndicator);
  w.bits(info.sapType, 2);
  w.bits(0, 12); // section_length, patched below
  w.bits(info.protocolVersion, 8);
  w.flag(false); // encrypted_packet
  w.bits(0, 6); // encryption_algorithm
  w.bits(info.ptsAdjustment, 33);
  w.bits(info.cwIndex, 8);
  w.bits(info.tier, 12);
  const commandLengthAt = w.length;
  w.bits(0, 12); // splice_command_length, patched below
  w.bits(info.spliceCommandType, 8);
  const commandStart = w.length;
  writeCommand(w, info);
  w.patch(commandLengthAt - 1, w.length - commandStart, 12, 4);
  const loopLengthAt = w.length;
  w.bits(0, 16);
  for (const d of info.descriptors) writeDescriptor(w, d);
  w.patch(loopLengthAt, w.length - loopLengthAt - 2, 16);
  const sectionLength = w.length - 3 + 4;
  if (sectionLength > 4093) throw new Scte35Error(`the section would be ${sectionLength + 3} bytes; at most 4096 fit`);
  w.patch(1, sectionLength, 12, 4);
  w.bits(crc32Mpeg2(w.view()), 32);
  return w.finish();
}

function writeCommand(w: BitWriter, info: SpliceInfoFields): void {
  switch (info.spliceCommandType) {
    case SPLICE_NULL:
    case BANDWIDTH_RESERVATION:
      return;
    case TIME_SIGNAL:
      if (!info.timeSignal) throw new Scte35Error("a time_signal needs timeSignal", null, "timeSignal");
      writeSpliceTime(w, info.timeSignal);
      return;
    case SPLICE_INSERT:
      if (!info.spliceInsert) throw new Scte35Error("a splice_insert needs spliceInsert", null, "spliceInsert");
      writeSpliceInsert(w, info.spliceInsert);
      return;
    default:
      throw new Scte35Error(`splice_command_type 0x${info.spliceCommandType.toString(16)} cannot be encoded`, null, "spliceCommandType");
  }
}

function writeSpliceTime(w: BitWriter, t: SpliceTime): void {
  w.flag(t.timeSpecified);
  if (t.timeSpecified) {
    w.bits(0x3f, 6);
    w.bits(t.ptsTime ?? 0, 33);
  } else {
    w.bits(0x7f, 7);
  }
}

function writeSpliceInsert(w: BitWriter, s: SpliceInsert): void {
  w.bits(s.spliceEventId, 32);
  w.flag(s.spliceEventCancelIndicator);
  w.bits(0x7f, 7);
  if (s.spliceEventCancelIndicator) return;
  w.flag(s.outOfNetworkIndicator);
  w.flag(s.programSpliceFlag);
  w.flag(s.durationFlag);
  w.flag(s.spliceImmediateFlag);
  w.flag(s.eventIdComplianceFlag);
  w.bits(0x7, 3);
  if (s.programSpliceFlag && !s.spliceImmediateFlag) writeSpliceTime(w, s.spliceTime ?? { timeSpecified: false, ptsTime: null });
  if (!s.programSpliceFlag) {
    w.bits(s.components.length, 8);
    for (const c of s.components) {
      w.bits(c.componentTag, 8);
      if (!s.spliceImmediateFlag) writeSpliceTime(w, c.spliceTime ?? { timeSpecified: false, ptsTime: null });
    }
  }
  if (s.durationFlag) {
    const d = s.breakDuration ?? { autoReturn: false, duration: 0 };
    w.flag(d.autoReturn);
    w.bits(0x3f, 6);
    w.bits(d.duration, 33);
  }
  w.bits(s.uniqueProgramId, 16);
  w.bits(s.availNum, 8);
  w.bits(s.availsExpected, 8);
}

function writeDescriptor(w: BitWriter, d: SpliceDescriptor): void {
  w.bits(d.spliceDescriptorTag, 8);
  const lengthAt = w.length;
  w.bits(0, 8);
  w.bytes(identifierBytes(d.identifier));
  if (d.segmentation) writeSegmentationDescriptor(w, d.segmentation);
  else if (d.privateBytes) w.bytes(hexBytes(d.privateBytes));
  const length = w.length - lengthAt - 1;
  if (length > 255) throw new Scte35Error(`a splice_descriptor would be ${length} bytes; at most 255 fit`, null, "descriptors");
  w.patch(lengthAt, length, 8);
}

const CUEI_BYTES = Uint8Array.of(0x43, 0x55, 0x45, 0x49);

function identifierBytes(identifier: string): Uint8Array {
  if (identifier === "CUEI") return CUEI_BYTES;
  if (identifier.length !== 4) throw new Scte35Error(`a descriptor identifier is 4 characters (got "${identifier}")`, null, "identifier");
  return Uint8Array.from(identifier, (c) => c.charCodeAt(0) & 0xff);
}

function hexBytes(hex: string): Uint8Array {
  const h = hex.replace(/^0x/i, "");
  return Uint8Array.from({ length: h.length / 2 }, (_, i) => parseInt(h.slice(i * 2, i * 2 + 2), 16));
}

export function decodeSpliceInfo(bytes: Uint8Array): SpliceInfo {
  if (bytes.length > 0 && bytes[0] !== TABLE_ID) throw new Scte35Error(`byte 0 is table_id 0x${bytes[0].toString(16)}; a splice_info_section has 0xfc`, 0, "tableId");
  if (bytes.length < 3) throw new Scte35Error(`the cue is ${bytes.length} byte(s); a splice_info_section has at least 17`, bytes.length);
  const r = new BitReader(bytes);
  r.bits(8, "table_id");
  const sectionSyntaxIndicator = r.flag("section_syntax_indicator");
  const privateIndicator = r.flag("private_indicator");
  const sapType = r.bits(2, "sap_type");
  const sectionLength = r.bits(12, "section_length");
  const end = 3 + sectionLength;
  if (end > bytes.length) {
    throw new Scte35Error(`section_length at byte 1 says ${end} bytes; the cue has ${bytes.length}`, 1, "sectionLength");
  }
  if (end < 17) throw new Scte35Error(`section_length at byte 1 says ${end} bytes; a splice_info_section has at least 17`, 1, "sectionLength");
  const crc32 = ((bytes[end - 4] << 24) | (bytes[end - 3] << 16) | (bytes[end - 2] << 8) | bytes[end - 1]) >>> 0;
  const computed = crc32Mpeg2(bytes, 0, end - 4);
  if (computed !== crc32) {
    throw new Scte35Error(
      `CRC_32 at byte ${end - 4} is 0x${hex8(crc32)}; the section's bytes 0–${end - 5} give 0x${hex8(computed)}`,
      end - 4,
      "crc32",
    );
  }
  const body = new BitReader(bytes, 3, end - 4);
  const protocolVersion = body.bits(8, "protocol_version");
  const encryptedPacket = body.flag("encrypted_packet");
  const encryptionAlgorithm = body.bits(6, "encryption_algorithm");
  if (encryptedPacket) throw new Scte35Error("byte 4 says encrypted_packet; encrypted sections cannot be decoded", 4, "encryptedPacket");
  const ptsAdjustment = body.bits(33, "pts_adjustment");
  const cwIndex = body.bits(8, "cw_index");
  const tier = body.bits(12, "tier");
  let spliceCommandLength = body.bits(12, "splice_command_length");
  const spliceCommandType = body.bits(8, "splice_command_type");
  const commandStart = body.offset;
  const command = readCommand(body, spliceCommandType, commandStart, spliceCommandLength);
  if (spliceCommandLength === 0xfff) spliceCommandLength = body.offset - commandStart; // legacy "unknown"
  else body.skipTo(commandStart + spliceCommandLength);
  const loopAt = body.offset;
  const descriptorLoopLength = body.bits(16, "descriptor_loop_length");
  if (loopAt + 2 + descriptorLoopLength > end - 4) {
    throw new Scte35Error(`descriptor_loop_length at byte ${loopAt} says ${descriptorLoopLength} bytes; only ${end - 4 - loopAt - 2} remain before the CRC`, loopAt, "descriptorLoopLength");
  }
  const descriptors: SpliceDescriptor[] = [];
  const loopEnd = loopAt + 2 + descriptorLoopLength;
  while (body.offset < loopEnd) descriptors.push(readDescriptor(bytes, body, loopEnd));
  return {
    tableId: TABLE_ID,
    sectionSyntaxIndicator,
    privateIndicator,
    sapType,
    sectionLength,
    protocolVersion,
    encryptedPacket,
    encryptionAlgorithm,
    ptsAdjustment,
    cwIndex,
    tier,
    spliceCommandLength,
    spliceCommandType,
    spliceInsert: command.spliceInsert,
    timeSignal: command.timeSignal,
    descriptorLoopLength,
    descriptors,
    crc32,
  };
}

function readCommand(r: BitReader, type: number, at: number, length: number): Pick<SpliceInfo, "spliceInsert" | "timeSignal"> {
  const none = { spliceInsert: null, timeSignal: null };
  if (length !== 0xfff && at + length > r.offset + r.remainingBytes) {
    throw new Scte35Error(`splice_command_length at byte 11 says ${length} bytes; only ${r.remainingBytes} remain`, 11, "spliceCommandLength");
  }
  switch (type) {
    case SPLICE_NULL:
    case BANDWIDTH_RESERVATION:
      return none;
    case TIME_SIGNAL:
      return { ...none, timeSignal: readSpliceTime(r) };
    case SPLICE_INSERT:
      return { ...none, spliceInsert: readSpliceInsert(r) };
    default:
      if (length === 0xfff) throw new Scte35Error(`splice_command_type 0x${type.toString(16)} at byte 13 has no length to skip`, 13, "spliceCommandType");
      return none; // splice_schedule, private_command: skipped by their length
  }
}

function readSpliceTime(r: BitReader): SpliceTime {
  const timeSpecified = r.flag("time_specified_flag");
  if (!timeSpecified) {
    r.bits(7, "reserved");
    return { timeSpecified, ptsTime: null };
  }
  r.bits(6, "reserved");
  return { timeSpecified, ptsTime: r.bits(33, "pts_time") };
}

function readSpliceInsert(r: BitReader): SpliceInsert {
  const spliceEventId = r.bits(32, "splice_event_id");
  const spliceEventCancelIndicator = r.flag("splice_event_cancel_indicator");
  r.bits(7, "reserved");
  const s: SpliceInsert = {
    spliceEventId, spliceEventCancelIndicator, outOfNetworkIndicator: false, programSpliceFlag: false, durationFlag: false,
    spliceImmediateFlag: false, eventIdComplianceFlag: false, spliceTime: null, components: [], breakDuration: null,
    uniqueProgramId: 0, availNum: 0, availsExpected: 0,
  };
  if (spliceEventCancelIndicator) return s;
  s.outOfNetworkIndicator = r.flag("out_of_network_indicator");
  s.programSpliceFlag = r.flag("program_splice_flag");
  s.durationFlag = r.flag("duration_flag");
  s.spliceImmediateFlag = r.flag("splice_immediate_flag");
  s.eventIdComplianceFlag = r.flag("event_id_compliance_flag");
  r.bits(3, "reserved");
  if (s.programSpliceFlag && !s.spliceImmediateFlag) s.spliceTime = readSpliceTime(r);
  if (!s.programSpliceFlag) {
    const count = r.bits(8, "component_count");
    for (let i = 0; i < count; i++) {
      const componentTag = r.bits(8, "component_tag");
      s.components.push({ componentTag, spliceTime: s.spliceImmediateFlag ? null : readSpliceTime(r) });
    }
  }
  if (s.durationFlag) {
    const autoReturn = r.flag("auto_return");
    r.bits(6, "reserved");
    s.breakDuration = { autoReturn, duration: r.bits(33, "duration") };
  }
  s.uniqueProgramId = r.bits(16, "unique_program_id");
  s.availNum = r.bits(8, "avail_num");
  s.availsExpected = r.bits(8, "avails_expected");
  return s;
}

function readDescriptor(bytes: Uint8Array, r: BitReader, loopEnd: number): SpliceDescriptor {
  const at = r.offset;
  const spliceDescriptorTag = r.bits(8, "splice_descriptor_tag");
  const length = r.bits(8, "descriptor_length");
  const end = at + 2 + length;
  if (end > loopEnd) throw new Scte35Error(`descriptor at byte ${at} says ${length} bytes; the descriptor loop ends at byte ${loopEnd}`, at + 1, "descriptorLength");
  if (length < 4) throw new Scte35Error(`descriptor at byte ${at} is ${length} bytes; it needs at least 4 for its identifier`, at + 1, "descriptorLength");
  const idBytes = r.bytes(4, "identifier");
  const identifier = String.fromCharCode(...idBytes);
  const idValue = ((idBytes[0] << 24) | (idBytes[1] << 16) | (idBytes[2] << 8) | idBytes[3]) >>> 0;
  let segmentation = null;
  let privateBytes: string | null = null;
  if (spliceDescriptorTag === SEGMENTATION_DESCRIPTOR && idValue === CUEI) {
    segmentation = readSegmentationDescriptor(new BitReader(bytes, r.offset, end));
  } else {
    privateBytes = Array.from(bytes.subarray(r.offset, end), (b) => b.toString(16).padStart(2, "0")).join("");
  }
  r.skipTo(end);
  return { spliceDescriptorTag, identifier, segmentation, privateBytes };
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, "0");
}
