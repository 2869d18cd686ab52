// Which code answers a request: decided here, in one place, and named (http/answer-path.ts).
//
//   node's request ─ entryOf ─┬─ "direct": a POST on exactly /graphql that is not multipart →
//                             │    the direct route (http/direct-route.ts), node's request and response
//                             └─ "express": anything else (GET, uploads, /graphql?…, /files, /graphiql)
//
//   Both run the same handlers in the same order (app.ts): request id, CORS, who asks
//   (identity/), the body within that caller's budget (http/), the document and batch limits and
//   the deadline (limits/), then answerGraphQL below. A handler that refuses answers with
//   `refused:<limit or code>` (sendJsonError names it).
//
//   answerGraphQL ─┬─ refused by TRUSTED_DOCUMENTS_MODE → a JSON refusal, before GraphQL      "refused:<code>"
//                  ├─ GET or HEAD          → Apollo, written with res.send (ETag, 304)     "get"
//                  ├─ multipart POST       → Apollo, res.send once the upload has arrived  "upload"
//                  ├─ a known operation    → the compiled plan, without Apollo             "known"
//                  │    (a query or a mutation Apollo ran once)
//                  │    └─ its result has errors, or it threw → Apollo formats it          "handed-over"
//                  ├─ a trusted document   → Apollo, from the document parsed at start-up  "trusted"
//                  │    (by hash; GET too)   (a POST whose plan is compiled: "known" above)
//                  └─ anything else        → Apollo (batches, persisted queries,
//                                            introspection, subscriptions, first runs)     "apollo"
//   Every path spends the operation's cost from the caller's rate budgets once its checks pass
//   (limits/rate-limits.ts): the known path below, Apollo in its plugin, a batch before Apollo;
//   over a budget: 429 RATE_LIMITED                                                        "refused:<budget>"
//
// "A known operation" is every condition of KNOWN_QUERY below, in order; each one that fails sends the
// request to Apollo, which answers it as it would have anyway (equality tests keep the paths alike).
// "A trusted document" is one of the manifests of TRUSTED_DOCUMENTS named by its hash, and the rule
// of TRUSTED_DOCUMENTS_MODE for everything else, decided first (trusted-requests.ts).
import type { ApolloServer } from "@apollo/server";
import type { Config } from "../../config.js";
import { isMultipart, logLineOf, recordAnswerPath, writeLogLine, type AnswerPath, type PlainRequest, type PlainResponse } from "../http/index.js";
import { markAnswering, markWriting, sendRateRefusal, spendRateBudget, type RateLimitRefusal, type RequestChecks } from "../limits/index.js";
import { apolloRequestOf, writeApolloAnswer, writeComplete } from "./answer.js";
import type { CompiledPlans, KnownPlan } from "./executor.js";
import { answerTypes, operationOf, runKnownPlan, trustedOperationOf, type KnownAnswer } from "./known-operations.js";
import type { Context } from "./request-context.js";
import { checkOperation, requestLogFields } from "./request-plugins.js";
import type { TrustedRequests } from "./trusted-requests.js";

/** Where node's request enters: the direct route, without express, or express. */
export function entryOf(req: Pick<PlainRequest, "method" | "url" | "headers">): "direct" | "express" {
  return req.method === "POST" && req.url === "/graphql" && !isMultipart(req) ? "direct" : "express";
}

/** The path a request on /graphql takes before any known plan is looked for. */
function pathBeforePlans(req: Pick<PlainRequest, "method" | "headers">): AnswerPath {
  if (req.method === "GET" || req.method === "HEAD") return "get";
  if (req.method === "POST" && isMultipart(req)) return "upload";
  return "apollo";
}

const JSON_BODY = /^[\t ]*application\/json[\t ]*(?:;|$)/i;

export interface Dispatch<C extends Context> {
  apollo: ApolloServer<C>;
  /** The compiled plans (EXECUTOR=jit); without them every request goes to Apollo. */
  plans: CompiledPlans | undefined;
  checks: RequestChecks;
  config: Pick<Config, "publicIntrospection" | "compressResponses">;
  context: (args: { req: PlainRequest; res: PlainResponse }) => Promise<C>;
  /** TRUSTED_DOCUMENTS: documents by hash, and the mode's rule; without it every request is as before. */
  trusted?: TrustedRequests;
  /** With tracing (observability/): runs each answer in the span of its operation. */
  operationSpan?: (res: PlainResponse, answer: () => Promise<void>) => Promise<void>;
}

/** What deciding on the known path found: its answer, or the context already built for Apollo to reuse. */
type KnownOutcome<C> = { path: "known"; answer: KnownAnswer } | { path: "refused"; refusal: RateLimitRefusal; context: C; operationName: string | undefined } | { path: "apollo" | "trusted" | "handed-over"; context?: C };

/** The last handler of /graphql: decides which path answers, records its name, and answers. */
export function answerGraphQL<C extends Context>(deps: Dispatch<C>) {
  deps.apollo.assertStarted("answerGraphQL()");
  const types = answerTypes();
  const apolloServes = () => {
    try {
      deps.apollo.assertStarted("answerGraphQL");
      return true;
    } catch {
      return false; // stopping or stopped: Apollo answers that
    }
  };

  /** KNOWN_QUERY: each condition, in order, that lets the compiled plan answer without Apollo. */
  const knownQuery = async (req: PlainRequest, res: PlainResponse, plans: CompiledPlans, trustedId: string | undefined): Promise<KnownOutcome<C>> => {
    const apollo = { path: trustedId ? "trusted" : "apollo" } as const;
    // 1. A JSON body: never an upload, and past Apollo's CSRF prevention.
    if (!JSON_BODY.test(req.headers["content-type"] ?? "")) return apollo;
    // 2. One operation with nothing else Apollo reads (no batch, no `extensions`: no persisted query),
    //    or one trusted document by its hash.
    const text = trustedId ? undefined : operationOf(req.body);
    const request = trustedId ? trustedOperationOf(req.body) : text;
    // 3. Apollo is running (while stopping, it answers).
    if (!request || !apolloServes()) return apollo;
    // 4. A plan compiled for this text (or trusted document) and operation name under a token, and 5. a query or a
    //    mutation (a mutation then runs to its end whatever the deadline, as under Apollo's plugin).
    const plan: KnownPlan | undefined = text ? plans.find(text.query, text.operationName) : plans.findPersisted(trustedId!, request.operationName);
    const type = plan?.operation.operation;
    if (!plan || (type !== "query" && type !== "mutation")) return apollo;
    logLineOf(res).operationType = type;
    if (type === "mutation") markWriting();
    // 6. The context builds (else Apollo builds it again and answers the failure).
    let context: C;
    try {
      context = await deps.context({ req, res });
    } catch {
      return apollo;
    }
    // 7. The caller has a token, and 8. the operation does not read the schema (introspection's rule).
    if (!context.viewer || deps.checks.readsSchema(plan.document)) return { ...apollo, context };
    // 9. Apollo would answer the Accept header with JSON (negotiated once the caller is known).
    const contentType = types.of(req.headers.accept);
    if (!contentType) return { ...apollo, context };
    // 10. The request's checks pass (Apollo runs the same ones and answers the refusal).
    const operation = { document: plan.document, operationName: plan.operation.name?.value, variables: request.variables };
    let cost: number | undefined;
    try {
      cost = checkOperation(deps.config, deps.checks, context, operation);
    } catch {
      return { ...apollo, context };
    }
    // Its cost fits the caller's rate budgets (limits/rate-limits.ts); else the refusal is answered here.
    const refusal = await spendRateBudget(operation, cost);
    if (refusal) return { path: "refused", refusal, context, operationName: operation.operationName };
    // 11. It runs without errors; else what it gave is handed over to Apollo to format.
    const answer = await runKnownPlan(plans, plan, context, request.variables, contentType);
    return answer ? { path: "known", answer } : { path: "handed-over", context };
  };

  const answer = async (req: PlainRequest, res: PlainResponse): Promise<void> => {
    let path = pathBeforePlans(req);
    let built: C | undefined;
    const trusted = deps.trusted?.decide(req, res) ?? { kind: "free" };
    if (trusted.kind === "refused") return deps.trusted!.refuse(req, res, trusted.refusal);
    // One trusted document (a batch goes to Apollo whole): the known path looks its plan up by hash.
    const trustedId = trusted.kind === "trusted" && !Array.isArray(req.body) ? trusted.ids[0] : undefined;
    if (trusted.kind === "trusted" && path !== "upload") path = "trusted";
    if ((path === "apollo" || (path === "trusted" && trustedId)) && req.method === "POST" && deps.plans) {
      const outcome = await knownQuery(req, res, deps.plans, trustedId);
      if (outcome.path === "refused") {
        sendRateRefusal(res, outcome.refusal);
        return writeLogLine(outcome.context, "info", "graphql", { ...requestLogFields(outcome.context, outcome.operationName ?? null, performance.now(), [outcome.refusal.extensions.code]), limit: outcome.refusal.limit });
      }
      if (outcome.path === "known") {
        recordAnswerPath(res, "known");
        outcome.answer.writeLog();
        markAnswering();
        res.setHeader("content-type", outcome.answer.contentType);
        res.statusCode = 200;
        return writeComplete(req, res, outcome.answer.bytes, deps.config.compressResponses);
      }
      path = outcome.path;
      built = outcome.context;
    }
    recordAnswerPath(res, path);
    const request = apolloRequestOf(req);
    const answer = await deps.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: trusted.kind === "trusted" ? deps.trusted!.apolloRequest(request, trusted.ids) : request,
      context: () => (built ? Promise.resolve(built) : deps.context({ req, res })),
    });
    // Compressing a large answer takes a while off the event loop: the deadline must not overtake it.
    markAnswering();
    return writeApolloAnswer(req, res, answer, { withSend: req.method !== "POST" || path === "upload", compress: deps.config.compressResponses });
  };
  const { operationSpan } = deps;
  return operationSpan ? (req: PlainRequest, res: PlainResponse) => operationSpan(res, () => answer(req, res)) : answer;
}
