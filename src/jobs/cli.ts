// `playout-gateway worker`: a job worker without the HTTP server, for running more workers than
// servers. It needs PostgreSQL: the embedded PGlite database belongs to one process (the server,
// which runs its own worker).
import type { Config } from "../config.js";
import { openDatabase, type DatabaseHandle } from "../db/client.js";
import type { DatabaseObserver } from "../db/observed.js";
import { createLogger } from "../common/log.js";
import { FileStore } from "./files.js";
import type { JobRegistry } from "./registry.js";
import type { JobObserver } from "./observer.js";
import { JobWorker, workerSettings } from "./worker.js";

/** The metrics and traces of a worker process (src/server/observability; the command line hands them in). */
export interface WorkerObservability {
  database?: DatabaseObserver;
  jobs?: JobObserver;
  /** Starts what reads the database at scrape time (pools, the queue) and the metrics listener. */
  watch(database: DatabaseHandle, more?: { jobTypes?: () => string[] }): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the worker; answers -1 (keep running) or an exit code. */
export async function runWorkerCommand(config: Config, registry: JobRegistry, observability?: WorkerObservability): Promise<number> {
  if (!config.databaseUrl) {
    process.stderr.write("worker: set DATABASE_URL. The embedded database can only be opened by one process; the server runs its own worker (RUN_WORKER).\n");
    return 2;
  }
  const log = createLogger(config.logLevel);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: Math.min(config.dbPoolSize, 3),
    statementTimeoutMs: config.dbStatementTimeoutMs,
    lockTimeoutMs: config.dbLockTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    jobStatementTimeoutMs: config.jobStatementTimeoutMs,
    poolMode: config.dbPoolMode,
    preparedStatements: config.dbPreparedStatements,
    observer: observability?.database,
  });
  await observability?.watch(database, { jobTypes: () => registry.types() });
  const worker = new JobWorker(database.db, registry, { ...workerSettings(config), log, files: new FileStore(database.db, config.jobFileRetentionHours), observer: observability?.jobs });
  worker.start();
  let received = false;
  // Hands a running job back to the queue (attempt not counted), closes the pool, exits 0.
  const stop = (signal: string) => {
    // Ctrl-C under npm reaches node twice (from the terminal and forwarded by npm): one shutdown.
    if (received) return log.info("shutdown already under way", { signal });
    received = true;
    log.info("signal received", { signal });
    worker
      .stop()
      .then(() => database.close())
      .then(() => observability?.stop())
      .then(() => process.exit(0))
      .catch((error) => {
        log.error("shutdown failed", { error: String(error) });
        process.exit(1);
      });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return -1;
}
