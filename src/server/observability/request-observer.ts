// What the metrics and traces see of a request. One handler at the entry of both routes (app.ts
// `front`) starts the request's span (continuing the caller's W3C traceparent) and, once the
// answer has ended, counts it: by operation, operation type, answer path and code, with what the
// request's record (http/log-line.ts) says of its outcome. A second handler, after the body has
// been read, makes the span current again (a body reader's callbacks lose it). dispatch.ts runs
// each GraphQL operation in a span of its own (operationSpan). Neither handler exists when metrics
// and traces are both off: app.ts mounts them only then.
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from "@opentelemetry/api";
import { logLineOf, requestIdOf, type LogLine, type PlainHandler, type PlainRequest, type PlainResponse } from "../http/index.js";
import type { ServiceMetrics } from "./metrics.js";
import type { OperationLabels } from "./operation-names.js";
import type { Tracing } from "./tracing.js";

/** Probes are asked every few hundred milliseconds by each balancer: a span each would drown the traces. */
const UNTRACED = new Set(["/healthz", "/readyz"]);
/** Longest operation name a span carries (it is the caller's text). */
const NAME_LENGTH = 100;

const pathOf = (url: string | undefined) => {
  const path = url ?? "/";
  const query = path.indexOf("?");
  return query < 0 ? path : path.slice(0, query);
};

export interface RequestObserver {
  /** At the entry of every request (after its id is assigned). */
  entry: PlainHandler;
  /** After the body is read: the request's span current again; undefined without tracing. */
  resume: PlainHandler | undefined;
  /** Runs a GraphQL operation's answer in a span of its own; undefined without tracing. */
  operationSpan: ((res: PlainResponse, answer: () => Promise<void>) => Promise<void>) | undefined;
}

export function requestObserver(metrics: ServiceMetrics | null, tracing: Tracing | null, labels: OperationLabels): RequestObserver {
  const count = (req: PlainRequest, res: PlainResponse, line: Partial<LogLine>, arrived: number) => {
    for (const limit of line.limits ?? []) metrics!.refusals.inc({ limit });
    const path = (res.locals.answerPath as string | undefined) ?? line.path;
    if (pathOf(req.url) !== "/graphql" || !path) return;
    const codes = line.codes ?? [];
    for (const code of codes) if (typeof code === "string") metrics!.errors.inc({ code });
    const first = codes.find((code): code is string => typeof code === "string");
    const values = { operation: labels.name(line.operation), operation_type: labels.type(line.operationType), path, code: first ?? "OK" };
    metrics!.requests.inc(values);
    metrics!.requestSeconds.observe(values, (performance.now() - arrived) / 1000);
  };

  const entry: PlainHandler = (req, res, next) => {
    const arrived = performance.now();
    let span: Span | undefined;
    let traced: Context | undefined;
    if (tracing && !UNTRACED.has(pathOf(req.url))) {
      const parent = propagation.extract(ROOT_CONTEXT, req.headers);
      span = tracing.tracer.startSpan(
        `${req.method} ${pathOf(req.url).slice(0, NAME_LENGTH)}`,
        { kind: SpanKind.SERVER, attributes: { "http.request.method": req.method ?? "", "url.path": pathOf(req.url).slice(0, 200), "playout.request_id": requestIdOf(res) } },
        parent,
      );
      traced = trace.setSpan(parent, span);
      res.locals.traceContext = traced;
      res.locals.traceId = span.spanContext().traceId;
    }
    res.once("close", () => {
      // The request's record is made once its body is in (log-line.ts); a request refused before has none.
      if (metrics) count(req, res, (res.locals.logLine as LogLine | undefined) ?? {}, arrived);
      if (span) {
        const path = res.locals.answerPath as string | undefined;
        span.setAttribute("http.response.status_code", res.statusCode);
        if (path) span.setAttribute("playout.answer_path", path);
        if (!res.writableFinished) span.setAttribute("playout.client_left", true);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
    });
    if (traced) return context.with(traced, next);
    next();
  };

  const resume: PlainHandler | undefined = tracing
    ? (_req, res, next) => {
        const traced = res.locals.traceContext as Context | undefined;
        return traced ? context.with(traced, next) : next();
      }
    : undefined;

  const operationSpan = tracing
    ? (res: PlainResponse, answer: () => Promise<void>): Promise<void> => {
        const parent = (res.locals.traceContext as Context | undefined) ?? context.active();
        const span = tracing.tracer.startSpan("graphql", { kind: SpanKind.INTERNAL }, parent);
        res.once("close", () => {
          const line = logLineOf(res);
          const type = line.operationType ?? "unknown";
          const name = typeof line.operation === "string" ? line.operation.slice(0, NAME_LENGTH) : undefined;
          span.updateName(name ? `${type} ${name}` : type);
          span.setAttribute("graphql.operation.type", type);
          if (name) span.setAttribute("graphql.operation.name", name);
          if (line.cost !== undefined) span.setAttribute("playout.graphql.cost", line.cost);
          const path = res.locals.answerPath as string | undefined;
          if (path) span.setAttribute("playout.answer_path", path);
          const codes = (line.codes ?? []).filter((code): code is string => typeof code === "string");
          if (codes.length) {
            span.setAttribute("playout.graphql.error_codes", codes);
            span.setStatus({ code: SpanStatusCode.ERROR, message: codes[0] });
          }
          span.end();
        });
        return context.with(trace.setSpan(parent, span), answer);
      }
    : undefined;

  return { entry, resume, operationSpan };
}
