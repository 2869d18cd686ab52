// MSB-first bit writer and reader for the bit fields of a splice_info_section. Fields wider than
// 32 bits (pts_time 33, segmentation_duration 40) go through Number arithmetic, which is exact
// up to 2^53, because JavaScript's bit operators stop at 32.
import { Scte35Error } from "./cue-error.js";

const TWO_32 = 2 ** 32;

export class BitWriter {
  private buf = new Uint8Array(64);
  private bytePos = 0;
  private bitPos = 0; // bits already used in buf[bytePos]

  /** Empties the writer for reuse (keeps its buffer): one allocation less per cue. */
  reset(): void {
    this.buf.fill(0, 0, this.length);
    this.bytePos = 0;
    this.bitPos = 0;
  }

  /** The bytes written so far, without copying (valid until the next write or reset). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }

  /** Bytes written so far (the current byte counts once any bit of it is written). */
  get length(): number {
    return this.bytePos + (this.bitPos > 0 ? 1 : 0);
  }

  bits(value: number, width: number): void {
    if (width > 32) {
      const high = Math.floor(value / TWO_32);
      this.bits(high, width - 32);
      this.bits(value - high * TWO_32, 32);
      return;
    }
    let remaining = width;
    while (remaining > 0) {
      this.ensure(1);
      const free = 8 - this.bitPos;
      const take = remaining < free ? remaining : free;
      const shift = remaining - take;
      const chunk = (shift >= 32 ? 0 : value >>> shift) & ((1 << take) - 1);
      this.buf[this.bytePos] |= chunk << (free - take);
      this.bitPos += take;
      remaining -= take;
      if (this.bitPos === 8) {
        this.bytePos++;
        this.bitPos = 0;
      }
    }
  }

  flag(value: boolean): void {
    this.bits(value ? 1 : 0, 1);
  }

  bytes(data: Uint8Array): void {
    if (this.bitPos !== 0) throw new Error("BitWriter.bytes needs byte alignment");
    this.ensure(data.length);
    this.buf.set(data, this.bytePos);
    this.bytePos += data.length;
  }

  /** Overwrites a field (at most 32 bits) written earlier: lengths are known only after their body. */
  patch(byteOffset: number, value: number, width: number, bitOffset = 0): void {
    for (let i = 0; i < width; i++) {
      const bit = bitOffset + i;
      const at = byteOffset + (bit >> 3);
      const mask = 0x80 >> (bit & 7);
      if ((value >>> (width - 1 - i)) & 1) this.buf[at] |= mask;
      else this.buf[at] &= ~mask;
    }
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }

  private ensure(extra: number): void {
    if (this.bytePos + extra < this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.bytePos + extra + 1));
    next.set(this.buf);
    this.buf = next;
  }
}

export class BitReader {
  private bytePos: number;
  private bitPos = 0;

  constructor(
    private readonly data: Uint8Array,
    start = 0,
    private end = data.length,
  ) {
    this.bytePos = start;
  }

  get offset(): number {
    return this.bytePos;
  }

  get remainingBytes(): number {
    return this.end - this.bytePos;
  }

  /** Reads `width` bits; `field` names what was being read when the data ran out. */
  bits(width: number, field: string): number {
    if (width > 32) {
      const high = this.bits(width - 32, field);
      return high * TWO_32 + this.bits(32, field);
    }
    let value = 0;
    let remaining = width;
    while (remaining > 0) {
      if (this.bytePos >= this.end) {
        throw new Scte35Error(`the cue ends at byte ${this.bytePos} while ${field} needs ${remaining} more bit(s)`, this.bytePos, field);
      }
      const free = 8 - this.bitPos;
      const take = remaining < free ? remaining : free;
      const chunk = (this.data[this.bytePos] >> (free - take)) & ((1 << take) - 1);
      value = value * (1 << take) + chunk;
      this.bitPos += take;
      remaining -= take;
      if (this.bitPos === 8) {
        this.bytePos++;
        this.bitPos = 0;
      }
    }
    return value;
  }

  flag(field: string): boolean {
    return this.bits(1, field) === 1;
  }

  bytes(count: number, field: string): Uint8Array {
    if (this.bytePos + count > this.end) {
      throw new Scte35Error(`the cue ends at byte ${this.end} while ${field} needs ${count} byte(s) from byte ${this.bytePos}`, this.bytePos, field);
    }
    const out = this.data.subarray(this.bytePos, this.bytePos + count);
    this.bytePos += count;
    return out;
  }

  skipTo(byteOffset: number): void {
    this.bytePos = byteOffset;
    this.bitPos = 0;
  }
}
