// What the metrics and traces see of a job worker (src/jobs/worker.ts calls it): claims, attempts,
// take-overs of expired leases, and each run's outcome and duration; a traced run is a span of its
// own trace, linked to the span of the request that enqueued the job (its row keeps that request's
// traceparent: src/jobs/queue.ts), so a trace viewer leads from the request to the work it started.
import { context, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Link } from "@opentelemetry/api";
import type { JobObserver } from "../../jobs/index.js";
import type { ServiceMetrics } from "./metrics.js";
import type { Tracing } from "./tracing.js";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The link to the request that enqueued the job, from its stored traceparent. */
function linksOf(traceParent: string | null | undefined): Link[] {
  const match = traceParent ? TRACEPARENT.exec(traceParent) : null;
  if (!match) return [];
  const traceFlags = parseInt(match[3], 16) & TraceFlags.SAMPLED;
  return [{ context: { traceId: match[1], spanId: match[2], traceFlags, isRemote: true }, attributes: { "playout.link": "enqueued_by" } }];
}

export function jobObserver(metrics: ServiceMetrics | null, tracing: Tracing | null): JobObserver {
  return {
    claimed(job, tookOver, failed) {
      if (!metrics) return;
      metrics.claims.inc({ result: failed ? "error" : job ? "job" : "none" });
      if (!job) return;
      metrics.attempts.inc({ type: job.type });
      if (tookOver) metrics.leaseExpiries.inc({ type: job.type });
    },
    run(job, work) {
      if (!tracing) return work();
      const span = tracing.tracer.startSpan(
        `job ${job.type}`,
        { kind: SpanKind.CONSUMER, links: linksOf(job.traceParent), attributes: { "playout.job.id": job.id, "playout.job.type": job.type, "playout.job.attempt": job.attempts } },
        ROOT_CONTEXT,
      );
      return context.with(trace.setSpan(ROOT_CONTEXT, span), work).finally(() => span.end());
    },
    ended(job, outcome, seconds) {
      metrics?.jobRuns.inc({ type: job.type, outcome });
      metrics?.jobSeconds.observe({ type: job.type, outcome }, seconds);
      const span = tracing ? trace.getActiveSpan() : undefined;
      if (span) {
        span.setAttribute("playout.job.outcome", outcome);
        if (outcome === "failed") span.setStatus({ code: SpanStatusCode.ERROR });
      }
    },
  };
}
