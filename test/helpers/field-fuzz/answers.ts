// A case of the field fuzz sent to the service over HTTP (sendCase: JSON, or multipart with its
// file), and the checks its answer must pass (checkAnswer; expectedRefusal: the limits the service
// must refuse whoever sends them).
import { isInputObjectType, isListType, isNonNullType, type GraphQLInputType } from "graphql";
import type { FuzzCase } from "./cases.js";
import type { FuzzLimits } from "./fields.js";

export interface FuzzAnswer {
  status: number;
  elapsedMs: number;
  /** The body as text (a problem if it is not JSON). */
  text: string;
  body?: { data?: Record<string, unknown> | null; errors?: { message?: string; extensions?: { code?: unknown } }[] };
}

export async function sendCase(url: string, token: string | undefined, c: FuzzCase, requestId: string): Promise<FuzzAnswer> {
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let init: RequestInit;
  if (c.upload) {
    const uploadArg = c.uploadArg ?? "file";
    const form = new FormData();
    form.set("operations", JSON.stringify({ query: c.query, variables: c.variables }));
    form.set("map", JSON.stringify({ 0: [`variables.${uploadArg}`] }));
    form.set("0", new Blob([c.upload.content]), c.upload.name);
    init = { method: "POST", headers: { "apollo-require-preflight": "true", "x-request-id": requestId, ...auth }, body: form };
  } else {
    init = { method: "POST", headers: { "content-type": "application/json", "x-request-id": requestId, ...auth }, body: JSON.stringify({ query: c.query, variables: c.variables }) };
  }
  const started = performance.now();
  let response: Response;
  let text: string;
  try {
    response = await fetch(url + "/graphql", init);
    text = await response.text();
  } catch (error) {
    // No answer at all (the connection closed or reset): status 0, the reason as the text.
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, elapsedMs: performance.now() - started, text: `no answer: ${String(error)}${cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : ""}` };
  }
  const elapsedMs = performance.now() - started;
  let body: FuzzAnswer["body"];
  try {
    body = JSON.parse(text) as FuzzAnswer["body"];
  } catch {
    body = undefined;
  }
  return { status: response.status, elapsedMs, text, body };
}

export type ProblemClass = "NO_ANSWER" | "HTTP_5XX" | "NOT_JSON" | "MALFORMED" | "INTERNAL_SERVER_ERROR" | "NO_CODE" | "ERROR_LOGGED" | "TOO_SLOW" | "WRITE_ON_ERROR" | "LIMIT_NOT_ENFORCED";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * Why the service must refuse a case's arguments whoever sends them (docs/SECURITY.md "Query
 * limits"): a text over MAX_STRING_LENGTH bytes or holding a control character (keys too), a list
 * over MAX_LIST_LENGTH, lists and objects nested deeper than MAX_INPUT_DEPTH. Null when none applies.
 */
export function expectedRefusal(c: FuzzCase, limits: FuzzLimits): string | null {
  const limitAt = (coordinate: string | undefined) => (coordinate && limits.listLimitOf?.(coordinate)) || limits.maxListLength;
  const text = (value: string): string | null => {
    const bytes = Buffer.byteLength(value, "utf8");
    if (bytes > limits.maxStringLength) return `a text of ${bytes} bytes (MAX_STRING_LENGTH ${limits.maxStringLength})`;
    return CONTROL.test(value) ? "a control character in a text" : null;
  };
  // Depth is checked before going down, so the walk never goes deeper than MAX_INPUT_DEPTH + 1.
  const walk = (value: unknown, type: GraphQLInputType | undefined, coordinate: string | undefined, depth: number): string | null => {
    const bare = type && isNonNullType(type) ? type.ofType : type;
    if (typeof value === "string") return text(value);
    if (!value || typeof value !== "object") return null;
    if (depth + 1 > limits.maxInputDepth) return `input nested more than ${limits.maxInputDepth} levels (MAX_INPUT_DEPTH)`;
    if (Array.isArray(value)) {
      const limit = bare && isListType(bare) ? limitAt(coordinate) : limits.maxListLength;
      if (value.length > limit) return `a list of ${value.length} at ${coordinate ?? "?"} (its limit ${limit}, MAX_LIST_LENGTH ${limits.maxListLength})`;
      const inner = bare && isListType(bare) ? bare.ofType : undefined;
      for (const item of value) {
        const found = walk(item, inner, coordinate, depth + 1);
        if (found) return found;
      }
      return null;
    }
    const fields = bare && isInputObjectType(bare) ? bare.getFields() : undefined;
    for (const [key, item] of Object.entries(value)) {
      const found = text(key) ?? walk(item, fields?.[key]?.type, fields?.[key] && bare ? `${(bare as { name: string }).name}.${key}` : undefined, depth + 1);
      if (found) return found;
    }
    return null;
  };
  for (const [name, value] of Object.entries(c.args)) {
    const found = walk(value, c.argTypes[name], c.coordinates[name], 0);
    if (found) return found;
  }
  return null;
}

/** Codes of a refusal of the request's input itself (before any resolver ran). */
export const INPUT_REFUSALS = new Set(["BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED", "GRAPHQL_PARSE_FAILED", "QUERY_TOO_COMPLEX", "PAYLOAD_TOO_LARGE"]);

export interface FuzzProblem {
  class: ProblemClass;
  detail: string;
}

/** Whether a mutation's answer is an error: errors, and no value for the field. */
export function answeredError(answer: FuzzAnswer, field: string): boolean {
  const errors = answer.body?.errors ?? [];
  return answer.status >= 400 || (errors.length > 0 && (answer.body?.data?.[field] ?? null) === null);
}

/** The checks every answer must pass (the write check is runFieldFuzz's: it needs the database). */
export function checkAnswer(answer: FuzzAnswer, limits: FuzzLimits, marginMs: number, errorLines: string[]): FuzzProblem[] {
  const problems: FuzzProblem[] = [];
  if (answer.status === 0) return [{ class: "NO_ANSWER", detail: `${answer.text} after ${Math.round(answer.elapsedMs)} ms` }, ...errorLines.map((line) => ({ class: "ERROR_LOGGED" as const, detail: line.slice(0, 400) }))];
  if (answer.status >= 500) problems.push({ class: "HTTP_5XX", detail: `HTTP ${answer.status}` });
  if (!answer.body || typeof answer.body !== "object") problems.push({ class: "NOT_JSON", detail: answer.text.slice(0, 200) });
  else {
    const errors = answer.body.errors;
    if (errors !== undefined && !Array.isArray(errors)) problems.push({ class: "MALFORMED", detail: "errors is not a list" });
    if (!("data" in answer.body) && !(Array.isArray(errors) && errors.length)) problems.push({ class: "MALFORMED", detail: "neither data nor errors" });
    for (const error of Array.isArray(errors) ? errors : []) {
      const code = error?.extensions?.code;
      if (typeof code !== "string" || !code) problems.push({ class: "NO_CODE", detail: String(error?.message).slice(0, 200) });
      else if (code === "INTERNAL_SERVER_ERROR") problems.push({ class: "INTERNAL_SERVER_ERROR", detail: String(error?.message).slice(0, 200) });
    }
  }
  if (answer.elapsedMs > limits.requestTimeoutMs + marginMs) problems.push({ class: "TOO_SLOW", detail: `${Math.round(answer.elapsedMs)} ms` });
  for (const line of errorLines) problems.push({ class: "ERROR_LOGGED", detail: line.slice(0, 400) });
  return problems;
}
