// `playout-gateway worker`: a job worker without the HTTP server, for running more workers than
// servers. It needs PostgreSQL: the embedded PGlite database belongs to one process (the server,
// which runs its own worker).
import type { Config } from "../config.js";
import { openDatabase } from "../db/client.js";
import { createLogger } from "../common/log.js";
import { FileStore } from "./files.js";
import type { JobRegistry } from "./registry.js";
import { JobWorker, workerSettings } from "./worker.js";

/** Starts the worker; answers -1 (keep running) or an exit code. */
export async function runWorkerCommand(config: Config, registry: JobRegistry): Promise<number> {
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
  });
  const worker = new JobWorker(database.db, registry, { ...workerSettings(config), log, files: new FileStore(database.db, config.jobFileRetentionHours) });
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
