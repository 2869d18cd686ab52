// Observability: Prometheus metrics on a listener of their own (METRICS_PORT) and OpenTelemetry
// traces (OTEL_EXPORTER_OTLP_ENDPOINT), each off unless configured; off, nothing here is on the
// path of a request, a statement or a job (no handler mounted, no driver wrapped, no observer).
// The room between http/ and identity/ (docs/ARCHITECTURE.md "The serving layer").
import type { Logger } from "../../common/log.js";
import type { Config } from "../../config.js";
import type { DatabaseHandle } from "../../db/client.js";
import type { DatabaseObserver, PoolUse } from "../../db/observed.js";
import { queueStats, type JobObserver, type WorkerObservability } from "../../jobs/index.js";
import { databaseObserver } from "./database-observer.js";
import { jobObserver } from "./job-observer.js";
import { ServiceMetrics } from "./metrics.js";
import { listenForMetrics, type MetricsListener } from "./metrics-listener.js";
import { operationLabels } from "./operation-names.js";
import { requestObserver, type RequestObserver } from "./request-observer.js";
import { startTracing, type Tracing } from "./tracing.js";

export { OTHER_OPERATION } from "./operation-names.js";
export type { RequestObserver } from "./request-observer.js";

export interface Observability extends WorkerObservability {
  readonly metrics: ServiceMetrics | null;
  readonly tracing: Tracing | null;
  readonly database: DatabaseObserver | undefined;
  readonly jobs: JobObserver | undefined;
  /** The handlers of requests, labelling operations named at start-up (and the trusted documents'); undefined when both are off. */
  requests(trustedOperations?: Iterable<string>): RequestObserver | undefined;
  /** Reads the pools and the job queue when scraped (its gauges 0 for `jobTypes` while none waits), and starts the metrics listener. */
  watch(database: DatabaseHandle, more?: { replicas?: { pools: PoolUse[] }; jobTypes?: () => string[] }): Promise<void>;
  /** The metrics listener's port once watching (METRICS_PORT, or the one chosen for 0). */
  readonly metricsPort: number | undefined;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
}

export function startObservability(config: Pick<Config, "metricsPort" | "metricsHost" | "metricsOperations" | "tracesEndpoint" | "serviceName" | "tracesSampler">, log: Logger): Observability {
  let sources: { pools: () => PoolUse[]; queue?: () => ReturnType<typeof queueStats>; jobTypes?: () => string[] } = { pools: () => [] };
  const metrics = config.metricsPort !== undefined ? new ServiceMetrics(() => ({ ...sources, onQueueError: (error) => log.warn("metrics: the job queue could not be read", { error: String(error) }) })) : null;
  const tracing = startTracing(config);
  if (tracing) log.info("tracing", { endpoint: config.tracesEndpoint, serviceName: config.serviceName, sampler: config.tracesSampler.name });
  const on = Boolean(metrics || tracing);
  let listener: MetricsListener | undefined;
  return {
    metrics,
    tracing,
    database: on ? databaseObserver(metrics, tracing) : undefined,
    jobs: on ? jobObserver(metrics, tracing) : undefined,
    requests: (trustedOperations = []) => (on ? requestObserver(metrics, tracing, operationLabels([...config.metricsOperations, ...trustedOperations])) : undefined),
    async watch(database, more = {}) {
      sources = { pools: () => [...database.pools, ...(more.replicas?.pools ?? [])], queue: () => queueStats(database.db), jobTypes: more.jobTypes };
      if (metrics && !listener) listener = await listenForMetrics(metrics, config.metricsPort!, config.metricsHost, log);
    },
    get metricsPort() {
      return listener?.port;
    },
    flush: async () => tracing?.flush(),
    async stop() {
      await listener?.close();
      await tracing?.stop();
    },
  };
}
