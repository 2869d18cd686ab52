// An uploaded file as text, chunk by chunk: UTF-8 checked as it streams, the upload limit turned
// into PAYLOAD_TOO_LARGE, an empty file refused. Nothing here holds more than one chunk, and every
// reader closes what it reads from on every path (an upload's read stream holds a temp file open).
import { AppError, badInput } from "../../common/errors.js";

/** graphql-upload ends the file stream with an http-errors 413 when the file passes maxFileSize. */
export function isTooLarge(error: unknown): boolean {
  const e = error as { status?: number; statusCode?: number } | null;
  return !!e && (e.status === 413 || e.statusCode === 413);
}

// HTTP 413 as every answer over a size limit (Apollo takes the status from extensions.http).
export const tooLarge = (limit: number) => new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the upload limit of ${limit} bytes (MAX_UPLOAD_BYTES)`, { http: { status: 413 } });

/** Counts bytes and stops at `limit` (the limit of graphql-upload applies too; this guards the job path). */
export async function* limitedBytes(open: () => AsyncIterable<Uint8Array | string>, limit: number): AsyncGenerator<Uint8Array> {
  let total = 0;
  try {
    // graphql-upload's createReadStream throws at once when the limit was already passed.
    for await (const chunk of open()) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      total += bytes.byteLength;
      if (total > limit) throw tooLarge(limit);
      yield bytes;
    }
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge(limit);
    throw error;
  }
}

/** Length of the UTF-8 sequence a lead byte starts; 0 for a byte that cannot start one. */
function sequenceLength(byte: number): number {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte <= 0xdf) return 2;
  if (byte >= 0xe0 && byte <= 0xef) return 3;
  if (byte >= 0xf0 && byte <= 0xf4) return 4;
  return 0;
}

/**
 * Index of the first byte of `bytes` that is not part of a valid UTF-8 sequence (overlongs,
 * surrogates and code points past U+10FFFF included); `bytes.length` when all are valid, and the
 * start of a sequence cut off by the end when `final`.
 */
export function firstInvalidUtf8(bytes: Uint8Array, final: boolean): number {
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceLength(bytes[i]);
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return final ? i : bytes.length;
      const b = bytes[i + k];
      let low = 0x80;
      let high = 0xbf;
      if (k === 1) {
        const lead = bytes[i];
        if (lead === 0xe0) low = 0xa0;
        else if (lead === 0xed) high = 0x9f;
        else if (lead === 0xf0) low = 0x90;
        else if (lead === 0xf4) high = 0x8f;
      }
      if (b < low || b > high) return i; // the sequence starting at i is broken
    }
    i += length;
  }
  return bytes.length;
}

/** How many bytes at the end of `bytes` start a sequence that the next chunk completes. */
function unfinishedTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back];
    if (byte >= 0x80 && byte < 0xc0) continue; // a continuation byte: look further back
    const length = sequenceLength(byte);
    return length > back ? back : 0;
  }
  return 0;
}

/** Line feeds in `bytes` before `end` (Buffer#indexOf is a native scan: a byte loop cost ~0.2 s per 100 MB). */
const countNewlines = (bytes: Uint8Array, end = bytes.length) => {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let n = 0;
  for (let i = buffer.indexOf(0x0a); i >= 0 && i < end; i = buffer.indexOf(0x0a, i + 1)) n++;
  return n;
};

/**
 * Decodes UTF-8 strictly (a byte-order mark is dropped). Invalid bytes answer BAD_USER_INPUT naming
 * the line and the byte offset in the file (from 0) of the first bad byte.
 */
export async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0; // bytes of the file before the current chunk
  let lines = 0; // line breaks before the current chunk
  let carried: Uint8Array = new Uint8Array(0); // bytes of the previous chunk the decoder still holds
  let seen = false;
  const fail = (chunk: Uint8Array, final: boolean): never => {
    const joined = Buffer.concat([carried, chunk]);
    const bad = firstInvalidUtf8(joined, final);
    const at = offset - carried.length + bad;
    const line = lines - countNewlines(carried) + countNewlines(joined, bad) + 1;
    throw badInput(`The file is not valid UTF-8: line ${line}, byte ${at} of the file (0x${(joined[bad] ?? 0).toString(16).padStart(2, "0")})`);
  };
  for await (const chunk of bytes) {
    if (chunk.byteLength === 0) continue;
    seen = true;
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch {
      return fail(chunk, false);
    }
    const joined = carried.length ? Buffer.concat([carried, chunk]) : chunk;
    carried = joined.subarray(joined.length - unfinishedTail(joined));
    offset += chunk.byteLength;
    lines += countNewlines(chunk);
    if (text) yield text;
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    return fail(new Uint8Array(0), true);
  }
  if (rest) yield rest;
  if (!seen) throw badInput("The file is empty");
}

/**
 * The first non-blank text (at least `want` characters when the file has them) and the whole text.
 * `close` ends the source (and so the upload stream under it) whether or not `all` was read to
 * its end or read at all: call it in a finally.
 */
export async function peekText(text: AsyncIterable<string>, want = 64): Promise<{ head: string; all: AsyncIterable<string>; close(): Promise<void> }> {
  const iterator = text[Symbol.asyncIterator]();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await iterator.return?.();
  };
  const taken: string[] = [];
  let head = "";
  try {
    while (head.trimStart().length < want) {
      const next = await iterator.next();
      if (next.done) {
        closed = true;
        break;
      }
      taken.push(next.value);
      head += next.value;
    }
  } catch (error) {
    await close();
    throw error;
  }
  async function* all(): AsyncGenerator<string> {
    try {
      yield* taken.splice(0);
      while (!closed) {
        const next = await iterator.next();
        if (next.done) {
          closed = true;
          return;
        }
        yield next.value;
      }
    } finally {
      await close();
    }
  }
  return { head, all: all(), close };
}

/**
 * Feeds `text` to a streaming XML parser (saxes) whose handlers push items to `ready` and note a
 * fault in `failure`: after each piece the fault is thrown and the items made ready are yielded,
 * so memory holds one piece's worth. Closes the parser at the end (a fault it raises is thrown);
 * what its close makes ready is the caller's.
 */
export async function* feedParser<T>(parser: { write(chunk: string): unknown; close(): unknown }, text: AsyncIterable<string>, ready: T[], failure: () => Error | null): AsyncGenerator<T> {
  for await (const chunk of text) {
    parser.write(chunk);
    const fault = failure();
    if (fault) throw fault;
    yield* ready.splice(0);
  }
  parser.close();
  const fault = failure();
  if (fault) throw fault;
}
