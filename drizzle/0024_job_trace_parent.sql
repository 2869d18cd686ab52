-- The W3C traceparent of the request that enqueued a job, when the service traces
-- (OTEL_EXPORTER_OTLP_ENDPOINT): the job's run is linked to that request's trace. Null otherwise.
ALTER TABLE "jobs" ADD COLUMN "trace_parent" text;
