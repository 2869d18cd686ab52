// The trace the code running now belongs to, when the service traces (src/server/observability
// turns it on): its id for log lines and error answers, its W3C traceparent for a job enqueued now
// (the job's run links back to it). Off, each answer is a check of one flag.
import { context, isSpanContextValid, trace, type SpanContext } from "@opentelemetry/api";

let tracing = false;

/** Called once tracing has started (or stopped). */
export function traceIdsOn(on: boolean): void {
  tracing = on;
}

function activeSpanContext(): SpanContext | undefined {
  if (!tracing) return undefined;
  const span = trace.getSpanContext(context.active());
  return span && isSpanContextValid(span) ? span : undefined;
}

/** The id of the trace being recorded now, if any. */
export function currentTraceId(): string | undefined {
  return activeSpanContext()?.traceId;
}

/** The traceparent header of the span running now (version 00), if any. */
export function currentTraceparent(): string | null {
  const span = activeSpanContext();
  return span ? `00-${span.traceId}-${span.spanId}-${(span.traceFlags & 1 ? "01" : "00")}` : null;
}
