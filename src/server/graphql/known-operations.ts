// A query Apollo has already parsed, validated, compiled and run under a token is answered again
// without Apollo's request pipeline, when the answer would be the same. The pipeline cost a job
// poll more than everything else the service does for it: a SHA-256 of the query text to find its
// document, the plugin hooks awaited one stage after another, and the promises each creates
// (about 0.07 ms of 0.19 ms of CPU, docs/PERFORMANCE.md). Here the request takes the compiled plan
// by its text (executor.ts), runs the same checks (request-plugins.ts), executes, and writes the
// same answer and log line Apollo would.
//
// Only a request whose answer is certain to match takes this path: a POST with a JSON body of one
// operation (no batch, no `extensions` such as a persisted query), an Accept Apollo answers with
// JSON, a token, a query (not a mutation) that does not read the schema, and checks that pass.
// Anything else goes to Apollo as before, and so does a result with errors or an execution that
// threw: handed over to the executor (CompiledPlans.handOver), so that Apollo formats, logs and
// answers it as it would have, without running the operation again.
import { createRequire } from "node:module";
import type { ApolloServer } from "@apollo/server";
import type { Config } from "../../config.js";
import type { Context } from "./request-context.js";
import type { PlainRequest, PlainResponse } from "../http/direct-route.js";
import type { CompiledPlans } from "./executor.js";
import { jsonBytes } from "./json-bytes.js";
import { checkOperation, requestLogFields } from "./request-plugins.js";
import { writeLogLine } from "../http/log-line.js";
import type { RequestChecks } from "../limits/request-checks.js";
import { mayCache } from "../limits/bounded-caches.js";

/** Apollo's answer types for a single result, as its chooseContentTypeForSingleResultResponse offers them. */
const APPLICATION_JSON = "application/json; charset=utf-8";
const SINGLE_RESULT_TYPES = [APPLICATION_JSON, "application/graphql-response+json; charset=utf-8", "application/json; callbackSpec=1.0; charset=utf-8"];

/** The negotiator Apollo itself loads (resolved from its folder), so that both choose alike. */
interface MediaNegotiator {
  mediaType(available: string[]): string | undefined;
}
const requireHere = createRequire(import.meta.url);
const Negotiator = createRequire(requireHere.resolve("@apollo/server"))("negotiator") as new (request: { headers: { accept?: string } }) => MediaNegotiator;

/** Accept headers whose answer type is kept (clients send a handful); longer headers are negotiated each time. */
const KEPT_ACCEPTS = 64;
const KEPT_ACCEPT_LENGTH = 256;

const JSON_BODY = /^[\t ]*application\/json[\t ]*(?:;|$)/i;

/** An answer this path gives: status 200, its content type, its JSON as bytes. */
export interface KnownAnswer {
  contentType: string;
  bytes: Buffer;
}

export interface KnownOperationOutcome<C> {
  /** The answer, when this path gave it. */
  answer?: KnownAnswer;
  /** The context already built for the request, for Apollo to use rather than building another. */
  context?: C;
}

/** The body of a POST this path may answer: one operation, its variables and name, nothing else Apollo reads. */
function operationOf(body: unknown): { query: string; operationName: string | undefined; variables: Record<string, unknown> } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { query, operationName, variables, extensions } = body as Record<string, unknown>;
  if (typeof query !== "string" || extensions !== undefined) return undefined;
  if (operationName !== undefined && operationName !== null && typeof operationName !== "string") return undefined;
  if (variables !== undefined && variables !== null && (typeof variables !== "object" || Array.isArray(variables))) return undefined;
  return { query, operationName: operationName ?? undefined, variables: (variables as Record<string, unknown> | null) ?? {} };
}

/**
 * Apollo's choice of answer type for an Accept header (null: it would refuse, 406), kept for a
 * handful of headers: only those of requests with a token (bounded-caches.ts), at most
 * KEPT_ACCEPTS of at most KEPT_ACCEPT_LENGTH characters, the oldest dropped first.
 */
export function answerTypes() {
  const kept = new Map<string, string | null>();
  return {
    get size() {
      return kept.size;
    },
    of(accept: string | undefined): string | null {
      if (!accept) return APPLICATION_JSON;
      let type = kept.get(accept);
      if (type === undefined) {
        type = new Negotiator({ headers: { accept } }).mediaType(SINGLE_RESULT_TYPES) ?? null;
        if (accept.length <= KEPT_ACCEPT_LENGTH && mayCache()) {
          if (kept.size >= KEPT_ACCEPTS) kept.delete(kept.keys().next().value!);
          kept.set(accept, type);
        }
      }
      return type;
    },
  };
}

export function knownOperations<C extends Context>(deps: {
  apollo: ApolloServer<C>;
  plans: CompiledPlans;
  checks: RequestChecks;
  config: Pick<Config, "publicIntrospection">;
  context: (args: { req: PlainRequest; res: PlainResponse }) => Promise<C>;
}) {
  const types = answerTypes();

  const apolloServes = () => {
    try {
      deps.apollo.assertStarted("knownOperations");
      return true;
    } catch {
      return false; // stopping or stopped: Apollo answers that
    }
  };

  /** Answers the request when it is a known query whose answer is certain to match Apollo's; else says what Apollo may reuse. */
  return async (req: PlainRequest, res: PlainResponse): Promise<KnownOperationOutcome<C>> => {
    // A JSON content type: never an upload (multipart), and past Apollo's CSRF prevention.
    if (req.method !== "POST" || !JSON_BODY.test(req.headers["content-type"] ?? "")) return {};
    const request = operationOf(req.body);
    if (!request || !apolloServes()) return {};
    const plan = deps.plans.find(request.query, request.operationName);
    if (!plan || plan.operation.operation !== "query") return {};
    let ctx: C;
    try {
      ctx = await deps.context({ req, res });
    } catch {
      return {}; // Apollo builds it again and answers the failure
    }
    if (!ctx.viewer || deps.checks.readsSchema(plan.document)) return { context: ctx };
    // Negotiated once the caller is known, so that a request without a token keeps nothing.
    const contentType = types.of(req.headers.accept);
    if (!contentType) return { context: ctx };
    const started = performance.now();
    const operationName = plan.operation.name?.value ?? null;
    try {
      checkOperation(deps.config, deps.checks, ctx, { document: plan.document, operationName: operationName ?? undefined, variables: request.variables });
    } catch {
      return { context: ctx }; // Apollo runs the same checks and answers the refusal
    }
    let result;
    try {
      result = await deps.plans.run(plan, ctx, request.variables);
    } catch (thrown) {
      deps.plans.handOver(ctx, { thrown });
      return { context: ctx };
    }
    if (result.errors) {
      deps.plans.handOver(ctx, { result });
      return { context: ctx };
    }
    writeLogLine(ctx, "info", "graphql", requestLogFields(ctx, operationName, started, []));
    // Apollo's field order (errors, data, extensions) and the bytes of its stringifyResult, JSON.stringify.
    return { answer: { contentType, bytes: jsonBytes({ errors: undefined, data: result.data, extensions: result.extensions }) } };
  };
}
