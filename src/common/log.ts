// Structured JSON logs on stdout, one object a line. Small on purpose: no dependency, no buffering.
// Every entry is sanitized on the way out (docs/SECURITY.md "Secrets in logs"): a failed statement's
// parameters, secret-named fields, bearer tokens and URL passwords never reach a line.
import type { LogLevel } from "../config.js";
import { currentTraceId } from "./trace-context.js";

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export const REDACTED = "[redacted]";

const SECRET_WORD = String.raw`(?:encryption_?key|passw(?:or)?d|secret|token|authori[sz]ation|api_?key|private_?key|credential|cookie)`;
const SECRET_KEY = new RegExp(SECRET_WORD, "i");
/** Members that carry a statement's text or values: dropped wherever they appear. */
const PARAMETER_KEYS = new Set(["params", "parameters"]);
/** What of an error object is kept: names and codes, never the values it was given. */
const ERROR_KEYS = ["name", "message", "code", "severity", "constraint", "constraint_name", "table", "table_name", "column", "column_name", "routine", "extensions", "path", "stack", "cause", "errors"];
const MAX_DEPTH = 8;

const TEXT_RULES: [RegExp, string | ((...groups: string[]) => string)][] = [
  // drizzle's "Failed query: <sql>\nparams: <values>" (in messages and stacks): the values go.
  [/\b(params|parameters): [\s\S]*?(?=\n\s+at |$)/g, `$1: ${REDACTED}`],
  // PostgreSQL's "Key (column)=(value) already exists."
  [/(\bKey \([^)\n]*\)=)\(.*\)/g, `$1(${REDACTED})`],
  [/([a-z][a-z0-9+.-]{0,30}:\/\/[^/\s:@]{0,200}:)[^@\s/]{1,500}@/gi, `$1${REDACTED}@`],
  [/\b(Bearer)\s+[^\s"',;\\]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  // key: value, key=value, "key":"value" and the same escaped inside a JSON string.
  [
    new RegExp(String.raw`((?:\\?["'])?[\w-]{0,40}${SECRET_WORD}[\w-]{0,40}(?:\\?["'])?\s*[:=]\s*)(\\"(?:[^\\]|\\(?!"))*\\"|"(?:[^"\\]|\\.)*"|'[^']*'|[^\s,;&}\]]+)`, "gi"),
    (_match, key: string, value: string) => key + (value.startsWith('\\"') ? `\\"${REDACTED}\\"` : value.startsWith('"') ? `"${REDACTED}"` : REDACTED),
  ],
];

/** Longer text is cut (a failed bulk statement's message can hold megabytes of parameters). */
const MAX_TEXT = 10_000;

export function redactText(text: string): string {
  // Cut first, so that every rule below runs in time bounded by MAX_TEXT; the rules bound their
  // repetitions so that no input makes them backtrack quadratically.
  let out = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…[${text.length - MAX_TEXT} more characters]` : text;
  for (const [pattern, replacement] of TEXT_RULES) out = out.replace(pattern, replacement as string);
  return out;
}

function isErrorLike(value: object): boolean {
  return value instanceof Error || "severity" in value || ("query" in value && ("params" in value || "parameters" in value));
}

/** A copy of a log field fit to print: see the header. */
export function sanitizeForLog(value: unknown, key = "", ancestors: object[] = []): unknown {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return value;
  if (SECRET_KEY.test(key)) return REDACTED;
  if (typeof value === "string") return redactText(value);
  if (typeof value === "bigint") return value.toString();
  if (typeof value !== "object") return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
  if (ArrayBuffer.isView(value)) return `[binary ${value.byteLength} bytes]`;
  if (ancestors.includes(value)) return "[circular]";
  if (ancestors.length >= MAX_DEPTH) return "[too deep]";
  const inner = [...ancestors, value];
  if (Array.isArray(value)) return value.map((item) => sanitizeForLog(item, "", inner));
  const source = value as Record<string, unknown>;
  const keys = isErrorLike(value) ? ERROR_KEYS.filter((k) => source[k] !== undefined) : Object.keys(source);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (PARAMETER_KEYS.has(k)) continue;
    const clean = sanitizeForLog(source[k], k, inner);
    if (clean !== undefined) out[k] = clean;
  }
  return out;
}

export function createLogger(level: LogLevel, base: Record<string, unknown> = {}, write: (line: string) => void = (line) => process.stdout.write(line + "\n")): Logger {
  const threshold = ORDER[level];
  const emit = (lvl: Exclude<LogLevel, "silent">, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < threshold) return;
    // The trace of the request or job being served, when the service traces.
    const traceId = currentTraceId();
    const entry = sanitizeForLog(traceId ? { ...base, traceId, ...fields } : { ...base, ...fields }) as Record<string, unknown>;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg: redactText(msg), ...entry }));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
