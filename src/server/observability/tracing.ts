// OpenTelemetry tracing: @opentelemetry/sdk-node with the OTLP/HTTP (JSON) exporter, started only
// when an endpoint is configured (config.ts tracingSettings reads the standard OTEL_* variables;
// the exporter itself reads OTEL_EXPORTER_OTLP_HEADERS and the batch processor OTEL_BSP_*).
//
// Spans are made by hand (request-observer.ts, database-observer.ts, job-observer.ts) rather than
// by auto-instrumentation, which would wrap node's http, every promise of pg and express's layers
// for spans this service already knows how to name. The active span lives in the service's one
// AsyncLocalStorage (src/common/request-scoped.ts) through the context manager below: a second
// store would cost every promise of the process one more copy (request-scoped.ts says why).
import { context, propagation, ROOT_CONTEXT, trace, type Context, type ContextManager, type Tracer } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { NodeSDK } from "@opentelemetry/sdk-node";
import { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler, type Sampler } from "@opentelemetry/sdk-trace-base";
import { requestScoped } from "../../common/request-scoped.js";
import { traceIdsOn } from "../../common/trace-context.js";
import type { Config } from "../../config.js";

/** OpenTelemetry's context, kept with the other values that follow a request. */
class RequestScopedContextManager implements ContextManager {
  private readonly scope = requestScoped<Context>("opentelemetry");

  active(): Context {
    return this.scope.get() ?? ROOT_CONTEXT;
  }

  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.scope.run(context, () => fn.apply(thisArg, args));
  }

  bind<T>(context: Context, target: T): T {
    if (typeof target !== "function") return target;
    const run = (thisArg: unknown, args: unknown[]) => this.with(context, () => (target as (...a: unknown[]) => unknown).apply(thisArg, args));
    return function (this: unknown, ...args: unknown[]) {
      return run(this, args);
    } as T;
  }

  enable(): this {
    return this;
  }

  disable(): this {
    return this;
  }
}

function samplerOf({ name, ratio }: Config["tracesSampler"]): Sampler {
  const root = name.endsWith("always_off") ? new AlwaysOffSampler() : name.endsWith("traceidratio") ? new TraceIdRatioBasedSampler(ratio) : new AlwaysOnSampler();
  return name.startsWith("parentbased_") ? new ParentBasedSampler({ root }) : root;
}

export interface Tracing {
  readonly tracer: Tracer;
  /** Sends the spans ended so far (tests, shutdown). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the SDK when config names an endpoint; null otherwise (nothing is loaded or wrapped). */
export function startTracing(config: Pick<Config, "tracesEndpoint" | "serviceName" | "tracesSampler">): Tracing | null {
  if (!config.tracesEndpoint) return null;
  const exporter = new OTLPTraceExporter({ url: config.tracesEndpoint });
  const sdk = new NodeSDK({
    serviceName: config.serviceName,
    traceExporter: exporter,
    sampler: samplerOf(config.tracesSampler),
    contextManager: new RequestScopedContextManager(),
    // Traces only: the metrics are Prometheus's (metrics.ts), the logs stay on stdout.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  traceIdsOn(true);
  const provider = trace.getTracerProvider() as { forceFlush?: () => Promise<void> };
  return {
    tracer: trace.getTracer("playout-gateway"),
    flush: async () => {
      // The global provider is a proxy; its delegate is the SDK's provider.
      const delegate = (provider as { getDelegate?: () => { forceFlush?: () => Promise<void> } }).getDelegate?.() ?? provider;
      await delegate.forceFlush?.();
    },
    stop: async () => {
      traceIdsOn(false);
      await sdk.shutdown();
      // The API's globals go too, so that a service started later in this process registers its own.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
