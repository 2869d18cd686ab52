// What a request's JSON body may cost, chosen by who asks before a byte of it is read: a caller
// with a valid token gets the documented limits (MAX_JSON_BODY_BYTES, MAX_INPUT_VALUES), one
// without a small budget no GraphiQL user or probe meets (ANONYMOUS_MAX_BODY_BYTES,
// ANONYMOUS_MAX_INPUT_VALUES). The body's values are counted as its bytes arrive (ValueCounter),
// stopping at the limit, before JSON.parse builds anything: a refused body costs what the limit
// allows, not what the body holds (docs/DECISIONS.md, decision 56).
import type { Config } from "../../config.js";

export interface BodyBudget {
  /** Most bytes of the body once inflated. */
  maxBytes: number;
  /** Most JSON values: strings, numbers, literals, objects and arrays (object keys are not values). */
  maxValues: number;
  /** Deepest nesting of objects and arrays in the whole body. */
  maxDepth: number;
  /** Longest string of the body, in bytes of its JSON text (escapes included). */
  maxStringBytes: number;
  /** Most inflated bytes per compressed byte, once past RATIO_GRACE_BYTES. */
  maxRatio: number;
  /** The settings that set these numbers, named in refusals. */
  names: { bytes: string; values: string };
}

/**
 * The most of a refused body (or upload) read and dropped, unparsed, after its answer, so that a
 * client still sending reads the answer; a longer rest is not read: its connection is closed.
 */
export const REFUSED_BODY_DRAIN_BYTES = 1024 * 1024;

/** A compressed body is judged by its ratio only past this many inflated bytes (small texts compress well). */
export const RATIO_GRACE_BYTES = 64 * 1024;

/**
 * Levels above the variables' own MAX_INPUT_DEPTH: a batch's array, the operation's object and its
 * `variables` object (a single operation's body is its object).
 */
const ENVELOPE_DEPTH = 3;
/** A JSON escape (`\u00e9`) is six characters for at least one byte. */
const CHARS_PER_BYTE_AT_MOST = 6;

type Limits = Pick<
  Config,
  "maxJsonBodyBytes" | "maxInputValues" | "anonymousMaxBodyBytes" | "anonymousMaxInputValues" | "maxInputDepth" | "maxQueryBytes" | "maxStringLength" | "maxCompressionRatio"
>;

/** The budget of a caller with a valid token (`known`) or without one. */
export function bodyBudget(limits: Limits, known: boolean): BodyBudget {
  return {
    maxBytes: known ? limits.maxJsonBodyBytes : Math.min(limits.anonymousMaxBodyBytes, limits.maxJsonBodyBytes),
    maxValues: known ? limits.maxInputValues : Math.min(limits.anonymousMaxInputValues, limits.maxInputValues),
    maxDepth: limits.maxInputDepth + ENVELOPE_DEPTH,
    // The longest string a body may legitimately hold is the query text; any longer is refused unread.
    maxStringBytes: Math.max(limits.maxQueryBytes, limits.maxStringLength) * CHARS_PER_BYTE_AT_MOST,
    maxRatio: limits.maxCompressionRatio,
    names: known ? { bytes: "MAX_JSON_BODY_BYTES", values: "MAX_INPUT_VALUES" } : { bytes: "ANONYMOUS_MAX_BODY_BYTES", values: "ANONYMOUS_MAX_INPUT_VALUES" },
  };
}

/** A body over its budget: the HTTP status, the code and the setting it passed. */
export class BodyRefusal extends Error {
  readonly expose = true;
  /** body-parser's type for a body too large, which express's error handlers know. */
  readonly type: string | undefined;
  constructor(
    message: string,
    readonly status: number,
    readonly code: "PAYLOAD_TOO_LARGE" | "BAD_USER_INPUT",
    readonly limit: string,
  ) {
    super(message);
    this.type = status === 413 ? "entity.too.large" : undefined;
  }
  get statusCode(): number {
    return this.status;
  }
}

export function tooLarge(budget: BodyBudget, bytes: number | string): BodyRefusal {
  return new BodyRefusal(`The request body is ${typeof bytes === "number" ? `${bytes} bytes` : bytes}, more than the ${budget.maxBytes} this caller may send (${budget.names.bytes})`, 413, "PAYLOAD_TOO_LARGE", budget.names.bytes);
}

export function overRatio(budget: BodyBudget, inflated: number, compressed: number): BodyRefusal {
  return new BodyRefusal(
    `The compressed request body inflates to more than ${budget.maxRatio} times its size (${inflated} bytes from ${compressed}; MAX_COMPRESSION_RATIO)`,
    413,
    "PAYLOAD_TOO_LARGE",
    "MAX_COMPRESSION_RATIO",
  );
}

const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;

/**
 * Counts the values of a JSON text as its bytes arrive, chunk by chunk, and answers the first
 * limit of the budget they pass: the reader stops there, having read no more of the body than the
 * limit allows. It does not check that the text is JSON (JSON.parse does that next, on a text now
 * known to be within the budget). Bytes, not characters: the quotes, backslashes and structure of
 * JSON are ASCII, which no byte of a multi-byte UTF-8 character is.
 */
export class ValueCounter {
  private values = 0;
  private depth = 0;
  private inString = false;
  /** The last byte of the string so far was a backslash (an escape goes on in the next chunk). */
  private escaped = false;
  private stringBytes = 0;
  private inScalar = false;
  /** A string just ended: the next byte but whitespace says whether it was a key (`:`) or a value. */
  private afterString = false;

  constructor(private readonly budget: BodyBudget) {}

  /** The next chunk of the body; a refusal once a limit is passed (the counter is then done). */
  write(chunk: Uint8Array): BodyRefusal | null {
    const { maxValues, maxDepth, maxStringBytes } = this.budget;
    const length = chunk.length;
    let i = 0;
    // The chunk's next backslash, found again only once passed (a search from every string to the
    // chunk's end would make a chunk without one quadratic).
    let nextSlash = -1;
    while (i < length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          i++;
          this.stringBytes++;
          continue;
        }
        // The string's end or its next escape, found natively.
        const quote = chunk.indexOf(QUOTE, i);
        if (nextSlash !== length && nextSlash < i) {
          nextSlash = chunk.indexOf(BACKSLASH, i);
          if (nextSlash < 0) nextSlash = length;
        }
        const slash = nextSlash < length ? nextSlash : -1;
        const stop = slash >= 0 && (quote < 0 || slash < quote) ? slash : quote;
        if (stop < 0) {
          this.stringBytes += length - i;
          i = length;
        } else {
          this.stringBytes += stop - i;
          i = stop + 1;
          if (stop === slash) {
            this.escaped = true;
            this.stringBytes++;
          } else {
            this.inString = false;
            this.afterString = true;
          }
        }
        if (this.stringBytes > maxStringBytes) return this.stringRefusal();
        continue;
      }
      const c = chunk[i];
      if (c <= 0x20 || c >= 0x80) {
        // Whitespace (a byte order mark's bytes too): nothing.
        i++;
        continue;
      }
      if (this.afterString) {
        this.afterString = false;
        if (c === COLON) {
          i++;
          continue;
        }
        if (++this.values > maxValues) return this.valuesRefusal();
      }
      if (this.inScalar) {
        if (isScalarChar(c)) {
          i++;
          continue;
        }
        this.inScalar = false;
      }
      i++;
      if (c === QUOTE) {
        this.inString = true;
        this.stringBytes = 0;
      } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
        if (++this.values > maxValues) return this.valuesRefusal();
        if (++this.depth > maxDepth) {
          return new BodyRefusal(`The request body nests lists and objects deeper than ${maxDepth} levels (MAX_INPUT_DEPTH, plus the request's own ${ENVELOPE_DEPTH})`, 400, "BAD_USER_INPUT", "MAX_INPUT_DEPTH");
        }
      } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
        this.depth--;
      } else if (c !== COMMA && c !== COLON) {
        // A number or a literal: counted once, its remaining characters skipped.
        if (++this.values > maxValues) return this.valuesRefusal();
        this.inScalar = true;
      }
    }
    return null;
  }

  /** The body has ended: a string that ended it was a value. */
  end(): BodyRefusal | null {
    if (this.afterString && ++this.values > this.budget.maxValues) return this.valuesRefusal();
    this.afterString = false;
    return null;
  }

  private valuesRefusal(): BodyRefusal {
    const { maxValues, names } = this.budget;
    return new BodyRefusal(`The request body holds more than ${maxValues} values, more than this caller may send (${names.values})`, 413, "PAYLOAD_TOO_LARGE", names.values);
  }

  private stringRefusal(): BodyRefusal {
    return new BodyRefusal(
      `A string of the request body is longer than ${this.budget.maxStringBytes} bytes, longer than any the service accepts (MAX_QUERY_BYTES, MAX_STRING_LENGTH)`,
      413,
      "PAYLOAD_TOO_LARGE",
      "MAX_STRING_LENGTH",
    );
  }
}

/** ValueCounter over a whole text at once (a body another reader has read whole). */
export function scanJson(text: string | Uint8Array, budget: BodyBudget): BodyRefusal | null {
  const counter = new ValueCounter(budget);
  return counter.write(typeof text === "string" ? Buffer.from(text) : text) ?? counter.end();
}

/** Characters of a number or a literal (true, false, null) that continue it. */
function isScalarChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || c === 0x2e || c === 0x2b || c === 0x2d || (c >= 0x41 && c <= 0x5a);
}
