// An uploaded file as text, chunk by chunk: UTF-8 checked as it streams, the upload limit turned
// into PAYLOAD_TOO_LARGE, an empty file refused. Nothing here holds more than one chunk.
import { AppError, badInput } from "../../common/errors.js";

/** graphql-upload ends the file stream with an http-errors 413 when the file passes maxFileSize. */
export function isTooLarge(error: unknown): boolean {
  const e = error as { status?: number; statusCode?: number } | null;
  return !!e && (e.status === 413 || e.statusCode === 413);
}

export const tooLarge = (limit: number) => new AppError("PAYLOAD_TOO_LARGE", `The file is larger than the upload limit of ${limit} bytes (MAX_UPLOAD_BYTES)`);

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

/** Decodes UTF-8 strictly (a byte-order mark is dropped); BAD_USER_INPUT names the byte offset of the chunk at fault. */
export async function* utf8Text(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let offset = 0;
  let seen = false;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw badInput(`The file is not valid UTF-8 (in the bytes from offset ${offset})`);
    }
  };
  for await (const chunk of bytes) {
    if (chunk.byteLength === 0) continue;
    seen = true;
    const text = decode(chunk);
    offset += chunk.byteLength;
    if (text) yield text;
  }
  const rest = decode();
  if (rest) yield rest;
  if (!seen) throw badInput("The file is empty");
}

/** Answers the first non-blank text (at least `want` characters when the file has them) and an iterable of the whole text. */
export async function peekText(text: AsyncIterable<string>, want = 64): Promise<{ head: string; all: AsyncIterable<string> }> {
  const iterator = text[Symbol.asyncIterator]();
  const taken: string[] = [];
  let head = "";
  while (head.trimStart().length < want) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
    head += next.value;
  }
  async function* all(): AsyncGenerator<string> {
    yield* taken;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, all: all() };
}
