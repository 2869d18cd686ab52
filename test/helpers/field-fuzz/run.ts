// The field fuzz's run (field-fuzz.ts): every case of the chosen fields sent one at a time, each
// answer checked, and a mutation answered with an error checked to have written nothing.
import type { GraphQLSchema } from "graphql";
import { INPUT_REFUSALS, answeredError, checkAnswer, expectedRefusal, sendCase, type FuzzAnswer, type FuzzProblem } from "./answers.js";
import { fieldCases, type FuzzCase } from "./cases.js";
import { FUZZ_ROLES, introspectSchema, nestedFields, rootFields, type FuzzLimits, type FuzzRecords, type FuzzRole, type RootField } from "./fields.js";

export interface FuzzResult {
  case: FuzzCase;
  answer: FuzzAnswer;
  codes: string[];
  problems: FuzzProblem[];
}

export interface FieldFuzzOptions {
  /** The service's base URL (no /graphql). */
  url: string;
  /** A token per caller; "none" sends no Authorization header. Roles without a token are not run. */
  tokens: Partial<Record<FuzzRole, string>>;
  /** Cases per root field and role (FIELD_FUZZ_RUNS). */
  runsPerField: number;
  seed: number;
  /** The records plausible values name; a function is asked again before each field (versions move as mutations succeed). */
  records: FuzzRecords | (() => Promise<FuzzRecords>);
  limits: FuzzLimits;
  /** The schema to take the root fields from; else the service's, by introspection with a token. */
  schema?: GraphQLSchema;
  /** Also the fields with arguments below the root (default true). */
  nested?: boolean;
  /** Only these fields (`createEvent`, `Schedule.atVersion`; default all). */
  fields?: string[];
  /** Added to REQUEST_TIMEOUT_MS before an answer counts as too slow (default 5 s). */
  marginMs?: number;
  /** A fingerprint of every table: taken before and after a mutation answered with an error, they must agree. */
  fingerprint?: () => Promise<string>;
  /** The error-level log lines written since the last call (the requests are sent one at a time). */
  drainErrorLog?: () => string[];
  onResult?: (result: FuzzResult) => void;
}

/**
 * The order fields are fuzzed in: root queries, the fields below them, mutations, and the destructive
 * mutations last (delete, archive, discard, cancel, revert, restore), so that the records the
 * others name still exist when they run.
 */
export function fuzzOrder(fields: RootField[]): RootField[] {
  const rank = (f: RootField) => (f.via ? 1 : f.operation === "query" ? 0 : /^(delete|archive|discard|cancel|revert|restore)/.test(f.name) ? 3 : 2);
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

/**
 * Lets the timers and the I/O due meanwhile run. Drawing a field's cases holds the event loop (on a
 * loaded machine, once seconds): a connection of the client's pool idle past the service's
 * keep-alive timeout (Node's 5 s) was reused for the next case before the service's timer closed it
 * (in this process, the two wait on the same loop), and that case met ECONNRESET or "other side
 * closed": a NO_ANSWER of the test's own making. Settled first, the client opens a new connection.
 */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Sends every case of the chosen root fields, one at a time; answers the results (also handed to onResult as they come). */
export async function runFieldFuzz(options: FieldFuzzOptions): Promise<FuzzResult[]> {
  const schema = options.schema ?? (await introspectSchema(options.url, options.tokens.admin ?? options.tokens.editor ?? options.tokens.viewer));
  const roles = FUZZ_ROLES.filter((r) => r === "none" || options.tokens[r]);
  const all = [...rootFields(schema), ...(options.nested === false ? [] : nestedFields(schema))];
  const chosen = fuzzOrder(all.filter((f) => !options.fields || options.fields.includes(f.name)));
  const marginMs = options.marginMs ?? 5_000;
  const results: FuzzResult[] = [];
  let before: string | undefined;
  for (const root of chosen) {
    const records = typeof options.records === "function" ? await options.records() : options.records;
    const cases = fieldCases(root, { records, limits: options.limits, runs: options.runsPerField, seed: options.seed, roles });
    await settle();
    for (const c of cases) {
      if (c.operation === "mutation" && options.fingerprint && before === undefined) before = await options.fingerprint();
      options.drainErrorLog?.();
      const answer = await sendCase(options.url, options.tokens[c.role], c, `fuzz-${c.field}-${c.role}-${c.index}`);
      const problems = checkAnswer(answer, options.limits, marginMs, options.drainErrorLog?.() ?? []);
      const refusal = expectedRefusal(c, options.limits);
      const codes = [...new Set((answer.body?.errors ?? []).map((e) => String(e?.extensions?.code)))];
      // A caller without a token may be refused as such first (an upload is, before its body is read).
      const refusedAs = (code: string) => INPUT_REFUSALS.has(code) || (c.role === "none" && code === "UNAUTHENTICATED");
      if (refusal && !(answeredError(answer, c.field) && codes.some(refusedAs))) {
        problems.push({ class: "LIMIT_NOT_ENFORCED", detail: `${refusal} was answered ${codes.join(", ") || "with data"}` });
      }
      if (c.operation === "mutation" && options.fingerprint) {
        if (answeredError(answer, c.field)) {
          const after = await options.fingerprint();
          if (after !== before) problems.push({ class: "WRITE_ON_ERROR", detail: `the database changed: ${before} -> ${after}` });
          before = after;
        } else before = undefined; // it wrote: the next mutation takes a new fingerprint first
      }
      const result = { case: c, answer, codes, problems };
      results.push(result);
      options.onResult?.(result);
    }
  }
  return results;
}

/** One line of a problem: enough to reproduce it (field, role, case index, seed) and see it. */
export function describeProblem(result: FuzzResult, seed: number, problem: FuzzProblem): string {
  const c = result.case;
  const args = JSON.stringify(c.args, (_key, value: unknown) => (typeof value === "string" && value.length > 80 ? `${value.slice(0, 40)}…(${value.length} chars)` : Array.isArray(value) && value.length > 5 ? [...value.slice(0, 2), `…(${value.length} items)`] : value));
  return `${problem.class} ${c.field} as ${c.role} (case ${c.index}, seed ${seed}${c.literalArgs.length ? ", literals" : ""}${c.upload ? `, upload ${c.upload.name}` : ""}): ${problem.detail}\n    args ${args.slice(0, 600)}\n    answer HTTP ${result.answer.status} ${result.answer.text.slice(0, 400)}`;
}
