// A cue as text: what a person pastes from a packager log (base64, or hex with or without "0x",
// either with whitespace or line breaks inside), and what we write (base64, or lower-case hex).
import { Scte35Error } from "./cue-error.js";

export type CueFormat = "BASE64" | "HEX";

const HEX = /^[0-9a-fA-F]*$/;
/** By char code: 1 a base64 character, 2 whitespace (a per-character RegExp costs 10× more). */
const CHAR_KIND = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") CHAR_KIND[c.charCodeAt(0)] = 1;
for (const c of " \t\n\r\v\f") CHAR_KIND[c.charCodeAt(0)] = 2;

export function parseCueText(text: string): Uint8Array {
  const compact = /\s/.test(text) ? text.replace(/\s+/g, "") : text;
  if (compact === "") throw new Scte35Error("the cue is empty", 0);
  const hex = compact.startsWith("0x") || compact.startsWith("0X") ? compact.slice(2) : compact;
  // A splice_info_section starts with 0xFC, so its base64 starts with "/": no hex string does.
  if (HEX.test(hex)) {
    if (hex.length % 2 !== 0) throw new Scte35Error(`hex cue has an odd number of digits (${hex.length})`, hex.length >> 1);
    return Uint8Array.from(Buffer.from(hex, "hex"));
  }
  return decodeBase64(text, compact);
}

/** `text` as given (for positions in messages), `compact` without its whitespace. */
function decodeBase64(text: string, compact: string): Uint8Array {
  let end = compact.length;
  while (end > 0 && compact[end - 1] === "=") end--;
  if (compact.length - end > 2) throw new Scte35Error(`base64 cue has ${compact.length - end} "=" at its end; at most 2`, (end * 3) >> 2);
  let seen = 0; // base64 characters before position i
  for (let i = 0; i < text.length && seen < end; i++) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? CHAR_KIND[code] : /\s/.test(text[i]) ? 2 : 0;
    if (kind === 2) continue;
    if (kind !== 1) {
      throw new Scte35Error(`"${text[i]}" at character ${i} is neither base64 nor hex; it would be byte ${(seen * 3) >> 2}`, (seen * 3) >> 2);
    }
    seen++;
  }
  if (end % 4 === 1) throw new Scte35Error(`base64 cue of ${end} characters is cut: its last byte is incomplete`, (end * 3) >> 2);
  return Uint8Array.from(Buffer.from(compact.slice(0, end), "base64"));
}

export function formatCue(bytes: Uint8Array, format: CueFormat): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return format === "HEX" ? buf.toString("hex") : buf.toString("base64");
}
