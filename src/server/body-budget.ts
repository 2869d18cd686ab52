// What a request's JSON body may cost, chosen by who asks before a byte of it is read: a caller
// with a valid token gets the documented limits (MAX_JSON_BODY_BYTES, MAX_INPUT_VALUES), one
// without a small budget no GraphiQL user or probe meets (ANONYMOUS_MAX_BODY_BYTES,
// ANONYMOUS_MAX_INPUT_VALUES). The body's values are counted by a scan of its text that stops at
// the limit, before JSON.parse builds anything: a refused body costs what the limit allows, not
// what the body holds (docs/DECISIONS.md "Counting a body's values before it is parsed").
import type { Config } from "../config.js";

export interface BodyBudget {
  /** Most bytes of the body once inflated. */
  maxBytes: number;
  /** Most JSON values: strings, numbers, literals, objects and arrays (object keys are not values). */
  maxValues: number;
  /** Deepest nesting of objects and arrays in the whole body. */
  maxDepth: number;
  /** Longest string of the body, in characters of its JSON text (escapes included). */
  maxStringChars: number;
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
 * Levels above the variables' own MAX_INPUT_DEPTH: the body's object, a batch's array, an
 * operation's object and its `variables` object.
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
    maxStringChars: Math.max(limits.maxQueryBytes, limits.maxStringLength) * CHARS_PER_BYTE_AT_MOST,
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

/**
 * Counts the values of a JSON text and returns the first limit of `budget` it passes, or null. It
 * reads the text once and stops at the limit; it does not check that the text is JSON (JSON.parse
 * does that next, on a text now known to be within the budget).
 */
export function scanJson(text: string, budget: BodyBudget): BodyRefusal | null {
  const { maxValues, maxDepth, maxStringChars } = budget;
  let values = 0;
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let end = text.indexOf('"', i + 1);
      while (end > 0) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end < 0) end = length;
      if (end - i - 1 > maxStringChars) {
        return new BodyRefusal(`A string of the request body is ${end - i - 1} characters long, longer than any the service accepts (MAX_QUERY_BYTES, MAX_STRING_LENGTH)`, 413, "PAYLOAD_TOO_LARGE", "MAX_STRING_LENGTH");
      }
      i = end;
      // A key is followed by a colon (after optional whitespace); it is a name, not a value.
      let next = i + 1;
      while (next < length && text.charCodeAt(next) <= 0x20) next++;
      if (text.charCodeAt(next) !== COLON) values++;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      values++;
      if (++depth > maxDepth) {
        return new BodyRefusal(`The request body nests lists and objects deeper than ${maxDepth} levels (MAX_INPUT_DEPTH, plus the request's own ${ENVELOPE_DEPTH})`, 400, "BAD_USER_INPUT", "MAX_INPUT_DEPTH");
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    } else if (c > 0x20 && c !== 0x2c && c !== COLON) {
      // A number or a literal: counted once, its remaining characters skipped.
      values++;
      while (i + 1 < length && isScalarChar(text.charCodeAt(i + 1))) i++;
    }
    if (values > maxValues) {
      return new BodyRefusal(`The request body holds more than ${maxValues} values, more than this caller may send (${budget.names.values})`, 413, "PAYLOAD_TOO_LARGE", budget.names.values);
    }
  }
  return null;
}

/** Characters of a number or a literal (true, false, null) that continue it. */
function isScalarChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x7a) || c === 0x2e || c === 0x2b || c === 0x2d || (c >= 0x41 && c <= 0x5a);
}
