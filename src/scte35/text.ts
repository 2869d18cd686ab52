// A cue as text: what a person pastes from a packager log (base64, or hex with or without "0x",
// either with whitespace or line breaks inside), and what we write (base64, or lower-case hex).
import { Scte35Error } from "./errors.js";

export type CueFormat = "BASE64" | "HEX";

const HEX = /^[0-9a-fA-F]*$/;
const BASE64_CHAR = /[A-Za-z0-9+/]/;

export function parseCueText(text: string): Uint8Array {
  const compact = text.replace(/\s+/g, "");
  if (compact === "") throw new Scte35Error("the cue is empty", 0);
  const hex = compact.startsWith("0x") || compact.startsWith("0X") ? compact.slice(2) : compact;
  // A splice_info_section starts with 0xFC, so its base64 starts with "/": no hex string does.
  if (HEX.test(hex)) {
    if (hex.length % 2 !== 0) throw new Scte35Error(`hex cue has an odd number of digits (${hex.length})`, hex.length >> 1);
    return Uint8Array.from(Buffer.from(hex, "hex"));
  }
  return decodeBase64(compact);
}

function decodeBase64(text: string): Uint8Array {
  let end = text.length;
  while (end > 0 && text[end - 1] === "=") end--;
  if (text.length - end > 2) throw new Scte35Error(`base64 cue has ${text.length - end} "=" at its end; at most 2`, (end * 3) >> 2);
  for (let i = 0; i < end; i++) {
    if (!BASE64_CHAR.test(text[i])) {
      throw new Scte35Error(`"${text[i]}" at character ${i} is neither base64 nor hex; it would be byte ${(i * 3) >> 2}`, (i * 3) >> 2);
    }
  }
  if (end % 4 === 1) throw new Scte35Error(`base64 cue of ${end} characters is cut: its last byte is incomplete`, (end * 3) >> 2);
  return Uint8Array.from(Buffer.from(text.slice(0, end), "base64"));
}

export function formatCue(bytes: Uint8Array, format: CueFormat): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return format === "HEX" ? buf.toString("hex") : buf.toString("base64");
}
