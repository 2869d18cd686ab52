// segmentation_upid() (SCTE 35 2023 §10.3.3.1, table 22) between its bytes and a text form a
// person can type into SCTE35Signal.segmentationUpid:
// - text types (ISCI, Ad-ID, TID, ADI, ADS, URI, SCR): the characters themselves;
// - binary types (Turner ID 0x08, MPU 0x0C, UUID, UMID, ISAN, EIDR, ATSC, user defined): hex,
//   written "0x" + upper case, read with or without "0x";
// - MID (0x0D): a JSON list of its parts, e.g. [{"type":8,"value":"0x0A0B0C0D0E0F1011"},{"type":9,"value":"SIGNAL:x"}].
import { Scte35Error } from "./cue-error.js";
import type { SegmentationUpid } from "./types.js";

export const UPID_MID = 0x0d;
const TEXT_TYPES = new Set([0x02, 0x03, 0x07, 0x09, 0x0e, 0x0f, 0x11]);
/** Types of a fixed byte length; the others are variable (up to 255 bytes). */
const FIXED_LENGTH: ReadonlyMap<number, number> = new Map([
  [0x02, 8], [0x03, 12], [0x04, 32], [0x05, 8], [0x06, 12], [0x07, 12], [0x08, 8], [0x0a, 12], [0x10, 16],
]);

export function isTextUpidType(type: number): boolean {
  return TEXT_TYPES.has(type);
}

export function toHexText(bytes: Uint8Array): string {
  let out = "0x";
  for (const b of bytes) out += (b < 16 ? "0" : "") + b.toString(16).toUpperCase();
  return out;
}

function fromHexText(text: string, field: string): Uint8Array {
  const hex = text.startsWith("0x") || text.startsWith("0X") ? text.slice(2) : text;
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) {
    throw new Scte35Error(`${field} must be hex for this UPID type (got "${text}")`, null, field);
  }
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

function isPrintable(bytes: Uint8Array): boolean {
  for (const b of bytes) if (b < 0x20 || b > 0x7e) return false;
  return true;
}

/** The bytes of one UPID of `type` from its text form. */
export function upidBytes(type: number, value: string, field = "segmentationUpid"): Uint8Array {
  if (!Number.isInteger(type) || type < 0 || type > 0xff) throw new Scte35Error(`${field}Type must be 0–255`, null, field);
  let bytes: Uint8Array;
  if (type === 0x00) {
    if (value !== "") throw new Scte35Error(`${field} must be empty for UPID type 0x00 (not used)`, null, field);
    bytes = new Uint8Array(0);
  } else if (type === UPID_MID) {
    bytes = midBytes(value, field);
  } else if (TEXT_TYPES.has(type)) {
    bytes = new Uint8Array(value.length);
    for (let i = 0; i < value.length; i++) bytes[i] = value.charCodeAt(i);
    if (!isPrintable(bytes)) throw new Scte35Error(`${field} must be printable ASCII for UPID type 0x${hex2(type)}`, null, field);
  } else {
    bytes = fromHexText(value, field);
  }
  const fixed = FIXED_LENGTH.get(type);
  if (fixed !== undefined && bytes.length !== fixed) {
    throw new Scte35Error(`${field} of UPID type 0x${hex2(type)} must be ${fixed} bytes (got ${bytes.length})`, null, field);
  }
  if (bytes.length > 255) throw new Scte35Error(`${field} is ${bytes.length} bytes; at most 255 fit`, null, field);
  return bytes;
}

function midBytes(value: string, field: string): Uint8Array {
  let parts: unknown;
  try {
    parts = JSON.parse(value);
  } catch {
    throw new Scte35Error(`${field} of a MID (0x0D) must be a JSON list of {"type","value"}`, null, field);
  }
  if (!Array.isArray(parts) || parts.some((p) => typeof p?.type !== "number" || typeof p?.value !== "string")) {
    throw new Scte35Error(`${field} of a MID (0x0D) must be a JSON list of {"type","value"}`, null, field);
  }
  const chunks: number[] = [];
  (parts as SegmentationUpid[]).forEach((p, i) => {
    if (p.type === UPID_MID) throw new Scte35Error(`${field}[${i}]: a MID cannot hold a MID`, null, field);
    const b = upidBytes(p.type, p.value, `${field}[${i}]`);
    chunks.push(p.type, b.length, ...b);
  });
  return Uint8Array.from(chunks);
}

/** The parsed UPID(s) of `type` from its bytes; `at` is the byte offset of the bytes, for errors. */
export function readUpids(type: number, bytes: Uint8Array, at: number): SegmentationUpid[] {
  if (type === 0x00) return [];
  if (type !== UPID_MID) return [{ type, value: upidText(type, bytes) }];
  const out: SegmentationUpid[] = [];
  let i = 0;
  while (i < bytes.length) {
    if (i + 2 > bytes.length) throw new Scte35Error(`MID UPID part at byte ${at + i} is cut short`, at + i, "segmentationUpid");
    const partType = bytes[i];
    const length = bytes[i + 1];
    if (i + 2 + length > bytes.length) {
      throw new Scte35Error(`MID UPID part at byte ${at + i} claims ${length} bytes; only ${bytes.length - i - 2} remain`, at + i, "segmentationUpid");
    }
    out.push({ type: partType, value: upidText(partType, bytes.subarray(i + 2, i + 2 + length)) });
    i += 2 + length;
  }
  return out;
}

function upidText(type: number, bytes: Uint8Array): string {
  if (TEXT_TYPES.has(type) && isPrintable(bytes)) return String.fromCharCode(...bytes);
  return toHexText(bytes);
}

/** The text form of a whole segmentation_upid, as SCTE35Signal.segmentationUpid holds it. */
export function upidValueText(type: number, upids: SegmentationUpid[]): string {
  if (type === UPID_MID) return JSON.stringify(upids.map((u) => ({ type: u.type, value: u.value })));
  return upids[0]?.value ?? "";
}

function hex2(n: number): string {
  return n.toString(16).toUpperCase().padStart(2, "0");
}
