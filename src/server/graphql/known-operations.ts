// A query Apollo has already parsed, validated, compiled and run under a token is answered again
// without Apollo's request pipeline, when the answer would be the same. The pipeline cost a job
// poll more than everything else the service does for it: a SHA-256 of the query text to find its
// document, the plugin hooks awaited one stage after another, and the promises each creates
// (about 0.07 ms of 0.19 ms of CPU, docs/DECISIONS.md 51). Whether a request takes this path
// is decided in dispatch.ts; here are the pieces it uses: the body it may answer, the answer type
// Apollo would choose, and the run that writes the same answer and log line Apollo would.
import Negotiator from "negotiator";
import { boundedLru } from "../../common/bounded-lru.js";
import { mayCache } from "../limits/index.js";
import { writeLogLine } from "../http/index.js";
import type { CompiledPlans, KnownPlan } from "./executor.js";
import { jsonBytes } from "./json-bytes.js";
import type { Context } from "./request-context.js";
import { requestLogFields } from "./request-plugins.js";

/** Apollo's answer types for a single result, as its chooseContentTypeForSingleResultResponse offers them. */
const APPLICATION_JSON = "application/json; charset=utf-8";
const SINGLE_RESULT_TYPES = [APPLICATION_JSON, "application/graphql-response+json; charset=utf-8", "application/json; callbackSpec=1.0; charset=utf-8"];

/** Accept headers whose answer type is kept (clients send a handful); longer headers are negotiated each time. */
const KEPT_ACCEPTS = 64;
const KEPT_ACCEPT_LENGTH = 256;
/** Kept for an Accept header Apollo would refuse (406): lru-cache keeps no null. */
const REFUSED = "";

/** An answer this path gives: status 200, its content type, its JSON as bytes. */
export interface KnownAnswer {
  contentType: string;
  bytes: Buffer;
  /** Writes the request's log line (once its path is recorded). */
  writeLog: () => void;
}

/** A POST body this path may answer: one operation, its variables and name, nothing else Apollo reads (no batch, no `extensions`). */
export function operationOf(body: unknown): { query: string; operationName: string | undefined; variables: Record<string, unknown> } | undefined {
  const operation = trustedOperationOf(body);
  const { query, extensions } = (body ?? {}) as Record<string, unknown>;
  if (!operation || typeof query !== "string" || extensions !== undefined) return undefined;
  return { query, ...operation };
}

/** A POST body of one trusted document by hash (trusted-requests.ts): its variables and name, of the types operationOf takes. */
export function trustedOperationOf(body: unknown): { operationName: string | undefined; variables: Record<string, unknown> } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { operationName, variables } = body as Record<string, unknown>;
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") return undefined;
  if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables))) return undefined;
  return { operationName: operationName ?? undefined, variables: (variables as Record<string, unknown> | null) ?? {} };
}

/**
 * Apollo's choice of answer type for an Accept header (null: it would refuse, 406), negotiated by
 * the same negotiator version Apollo uses, and kept for a handful of headers: only those of
 * requests with a token (bounded-caches.ts), at most KEPT_ACCEPTS of at most KEPT_ACCEPT_LENGTH
 * characters, the least recently used dropped first.
 */
export function answerTypes() {
  const kept = boundedLru<string, string>({ entries: KEPT_ACCEPTS });
  return {
    get size() {
      return kept.size;
    },
    of(accept: string | undefined): string | null {
      if (!accept) return APPLICATION_JSON;
      let type = kept.get(accept);
      if (type === undefined) {
        type = new Negotiator({ headers: { accept } }).mediaType(SINGLE_RESULT_TYPES) ?? REFUSED;
        if (accept.length <= KEPT_ACCEPT_LENGTH && mayCache()) kept.set(accept, type);
      }
      return type === REFUSED ? null : type;
    },
  };
}

/**
 * Runs a known plan: its answer when the result has no errors; otherwise the result (or what it
 * threw) is handed over to Apollo (CompiledPlans.handOver), which formats, logs and answers it as
 * it would have, without running the operation again, and undefined is returned.
 */
export async function runKnownPlan(plans: CompiledPlans, plan: KnownPlan, ctx: Context, variables: Record<string, unknown>, contentType: string): Promise<KnownAnswer | undefined> {
  const started = performance.now();
  let result;
  try {
    result = await plans.run(plan, ctx, variables);
  } catch (thrown) {
    plans.handOver(ctx, { thrown });
    return undefined;
  }
  if (result.errors) {
    plans.handOver(ctx, { result });
    return undefined;
  }
  // Apollo's field order (errors, data, extensions) and the bytes of its stringifyResult, JSON.stringify.
  const bytes = jsonBytes({ errors: undefined, data: result.data, extensions: result.extensions });
  return { contentType, bytes, writeLog: () => writeLogLine(ctx, "info", "graphql", requestLogFields(ctx, plan.operation.name?.value ?? null, started, [])) };
}
