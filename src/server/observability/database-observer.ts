// What the metrics and traces see of the database (src/db/observed.ts calls it): each statement's
// duration by the function that sent it, as a histogram and, inside a traced request or job, as a
// span named after that function. Neither the statement's text nor its values are kept.
import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { DatabaseObserver } from "../../db/observed.js";
import type { ServiceMetrics } from "./metrics.js";
import type { Tracing } from "./tracing.js";

export function databaseObserver(metrics: ServiceMetrics | null, tracing: Tracing | null): DatabaseObserver {
  // prom-client hashes a label set on every observation; a statement's series is looked up once.
  const durations = new Map<string, { observe(seconds: number): void }>();
  const durationOf = (name: string) => {
    let series = durations.get(name);
    if (!series) durations.set(name, (series = metrics!.statementSeconds.labels({ statement: name })));
    return series;
  };
  return {
    statement(name, pool) {
      const started = performance.now();
      // Only inside a traced request or job: a statement of a background sweep or of the idle
      // worker's poll would otherwise start a trace of its own every second.
      const parent = tracing ? context.active() : undefined;
      const span =
        parent && trace.getSpan(parent)?.isRecording()
          ? tracing!.tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes: { "db.system.name": "postgresql", "code.function.name": name, "playout.db.pool": pool } }, parent)
          : undefined;
      return (failed) => {
        if (metrics) {
          durationOf(name).observe((performance.now() - started) / 1000);
          if (failed) metrics.statementErrors.inc({ statement: name });
        }
        if (span) {
          if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        }
      };
    },
    waited(pool, seconds) {
      metrics?.poolWait.observe({ pool }, seconds);
    },
  };
}
