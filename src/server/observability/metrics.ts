// The service's Prometheus metrics (prom-client), in a registry of their own, served by
// metrics-listener.ts on METRICS_PORT only. Every label comes from a bounded set the service
// defines (operation names through operation-names.ts, answer paths, codes, limits, pools, the
// functions that send statements, job types), so no caller can grow the number of series.
// docs/DEPLOY.md "What to monitor" says what each one is for; deploy/grafana/playout-gateway.json
// draws them.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { PoolUse } from "../../db/observed.js";
import type { QueueStats } from "../../jobs/index.js";

/** Seconds: a job poll takes ~0.2 ms of CPU, Q1 ~6 ms, a report up to seconds. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const STATEMENT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30];
const WAIT_BUCKETS = [0, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5];
const JOB_BUCKETS = [0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

/** What the metrics read from the database when scraped, not on each request. */
export interface ScrapeSources {
  pools: () => PoolUse[];
  /** Job types this process knows: their queue gauges read 0 rather than nothing while none waits. */
  jobTypes?: () => string[];
  /** One statement over the unfinished jobs (src/jobs queueStats). */
  queue?: () => Promise<QueueStats[]>;
  /** A scrape whose queue statement failed is told here (the gauges keep their last values). */
  onQueueError?: (error: unknown) => void;
}

export class ServiceMetrics {
  readonly registry = new Registry();

  readonly requests = new Counter({
    name: "playout_graphql_requests_total",
    help: "Requests on /graphql by operation name (bounded: other for unknown or anonymous), operation type, answer path and first error code (OK without errors)",
    labelNames: ["operation", "operation_type", "path", "code"] as const,
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: "playout_graphql_request_duration_seconds",
    help: "Time from a /graphql request's arrival to its answer's end, by the labels of playout_graphql_requests_total",
    labelNames: ["operation", "operation_type", "path", "code"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [this.registry],
  });
  readonly errors = new Counter({
    name: "playout_graphql_errors_total",
    help: "Errors in /graphql answers by extensions.code (an answer may hold several)",
    labelNames: ["code"] as const,
    registers: [this.registry],
  });
  readonly refusals = new Counter({
    name: "playout_limit_refusals_total",
    help: "Requests refused by a limit, by the limit's name (extensions.limit: bytes, tokens, cost, MAX_LIST_LENGTH, REQUEST_TIMEOUT_MS, ...)",
    labelNames: ["limit"] as const,
    registers: [this.registry],
  });

  readonly statementSeconds = new Histogram({
    name: "playout_db_statement_duration_seconds",
    help: "SQL statements by the function of src/ that sent them (never their text or values), from sending to the last row",
    labelNames: ["statement"] as const,
    buckets: STATEMENT_BUCKETS,
    registers: [this.registry],
  });
  readonly statementErrors = new Counter({
    name: "playout_db_statement_errors_total",
    help: "SQL statements that failed, by the function that sent them",
    labelNames: ["statement"] as const,
    registers: [this.registry],
  });
  readonly poolWait = new Histogram({
    name: "playout_db_pool_wait_seconds",
    help: "How long a statement, transaction or reservation waited for a connection of the pool (0: one was free)",
    labelNames: ["pool"] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });

  readonly claims = new Counter({
    name: "playout_worker_claims_total",
    help: "Claims of this process's job worker: result job (one claimed), none (queue empty) or error",
    labelNames: ["result"] as const,
    registers: [this.registry],
  });
  readonly attempts = new Counter({
    name: "playout_job_attempts_total",
    help: "Job runs started (first runs, retries and take-overs) by job type",
    labelNames: ["type"] as const,
    registers: [this.registry],
  });
  readonly leaseExpiries = new Counter({
    name: "playout_job_lease_expiries_total",
    help: "Jobs this worker took over because the lease of the worker running them had run out",
    labelNames: ["type"] as const,
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: "playout_job_runs_total",
    help: "Job runs of this process by type and outcome: succeeded, failed, retried, handed_back, canceled, lost",
    labelNames: ["type", "outcome"] as const,
    registers: [this.registry],
  });
  readonly jobSeconds = new Histogram({
    name: "playout_job_run_duration_seconds",
    help: "Duration of job runs by type and outcome",
    labelNames: ["type", "outcome"] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  constructor(sources: () => ScrapeSources) {
    // Process, heap, GC and event-loop lag (nodejs_eventloop_lag_seconds and its percentiles).
    collectDefaultMetrics({ register: this.registry });
    // prom-client names three gauges with a counter's _total, which promtool check metrics refuses;
    // their per-type gauges (nodejs_active_handles{type}, ...) stay, and sum to the same.
    for (const name of ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"]) this.registry.removeSingleMetric(name);
    const poolGauge = (name: string, help: string, read: (pool: PoolUse) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ["pool"] as const,
        registers: [this.registry],
        collect() {
          this.reset();
          for (const pool of sources().pools()) this.inc({ pool: pool.pool }, read(pool));
        },
      });
    poolGauge("playout_db_pool_connections", "Connections of the pool (primary, short_reads, replicas)", (pool) => pool.size);
    poolGauge("playout_db_pool_in_use", "Connections of the pool held by a statement, transaction or reservation", (pool) => pool.inUse);
    poolGauge("playout_db_pool_waiting", "Statements, transactions and reservations waiting for a connection of the pool", (pool) => pool.waiting);
    this.queueGauges(sources);
  }

  /** Gauges of the unfinished jobs, all set by one statement when scraped. */
  private queueGauges(sources: () => ScrapeSources): void {
    let reading: Promise<void> | undefined;
    // prom-client collects every metric at once: the first gauge starts the statement, the others wait for the same one.
    const read = () => (reading ??= readQueue().finally(() => (reading = undefined)));
    const gauge = (name: string, help: string, labelNames: ("type" | "state")[] = []) =>
      new Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        async collect() {
          await read();
        },
      });
    const jobs = gauge("playout_jobs", "Unfinished jobs by type and state (PENDING, PROCESSING), from the database", ["type", "state"]);
    const depth = gauge("playout_job_queue_depth", "PENDING jobs that may run now (their run_after passed), by type", ["type"]);
    const oldest = gauge("playout_job_queue_oldest_age_seconds", "How long the oldest job that may run now has waited for a worker, by type (0: none waits)", ["type"]);
    const expired = gauge("playout_job_lease_expired", "PROCESSING jobs whose lease ran out (their worker stopped answering), waiting to be taken over, by type", ["type"]);
    const ok = gauge("playout_job_queue_scrape_ok", "1 when the last scrape read the job queue from the database, 0 when its statement failed");
    const readQueue = async () => {
      const { queue, onQueueError } = sources();
      if (!queue) return;
      try {
        const stats = await queue();
        for (const g of [jobs, depth, oldest, expired]) g.reset();
        for (const type of sources().jobTypes?.() ?? []) {
          for (const state of ["PENDING", "PROCESSING"]) jobs.set({ type, state }, 0);
          for (const g of [depth, oldest, expired]) g.set({ type }, 0);
        }
        for (const row of stats) {
          jobs.set({ type: row.type, state: row.status }, row.count);
          if (row.status === "PENDING") {
            depth.set({ type: row.type }, row.runnable);
            oldest.set({ type: row.type }, row.oldestSeconds);
            expired.set({ type: row.type }, 0);
          } else expired.set({ type: row.type }, row.leaseExpired);
        }
        ok.set(1);
      } catch (error) {
        onQueueError?.(error);
        ok.set(0);
      }
    };
  }

  /** The exposition text and its content type. */
  async exposition(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }
}
