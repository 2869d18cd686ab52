// Start-up: configuration, database, migrations, demo data, the HTTP server, graceful shutdown.
import { buildGraphQLSchema, createApp, embeddedSecret, isLoopbackHost, mountGraphiQL, requestBaseUrl, signToken, startObservability, type Observability, type RunningApp } from "./server/index.js";
import type { Config } from "./config.js";
import { openDatabase, type DatabaseHandle } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { ReplicaSet } from "./db/replicas.js";
import { maintainSamplePartitionsEvery } from "./telemetry/partitions.js";
import { seedDemoIfEmpty, DEMO_ORGANIZATION } from "./seed/demo.js";
import { nextStepLines } from "./seed/next-steps.js";
import { createLogger, type Logger } from "./common/log.js";
import { FileStore } from "./jobs/files.js";
import type { JobRegistry } from "./jobs/registry.js";
import { mountJobRoutes } from "./jobs/routes.js";
import { JobWorker, workerSettings } from "./jobs/worker.js";
import { heapCeilingMb } from "./common/heavy-work.js";
import { pruneHistoryEvery } from "./history/retention.js";

/** How often a server deletes expired job files (JOB_FILE_RETENTION_HOURS). */
const FILE_SWEEP_MS = 15 * 60_000;

export interface Service {
  app: RunningApp;
  database: DatabaseHandle;
  port: number;
  /** The HS256 secret: AUTH_SECRET, or the embedded default's; none on PostgreSQL with only an identity provider. */
  authSecret: string | undefined;
  log: Logger;
  /** The job handlers, the in-process worker (when runWorker) and the store of job files. */
  jobs: { registry: JobRegistry; worker: JobWorker | null; files: FileStore };
  /** Metrics (METRICS_PORT) and traces (OTEL_EXPORTER_OTLP_ENDPOINT); both off unless configured. */
  observability: Observability;
  stop(): Promise<void>;
}

export async function startService(config: Config, options: { quiet?: boolean } = {}): Promise<Service> {
  const log = createLogger(config.logLevel);
  const observability = startObservability(config, log);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    maxConnections: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    lockTimeoutMs: config.dbLockTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    jobStatementTimeoutMs: config.jobStatementTimeoutMs,
    poolMode: config.dbPoolMode,
    preparedStatements: config.dbPreparedStatements,
    templateDir: config.pgliteTemplateDir,
    warn: (message) => log.warn(message),
    observer: observability.database,
  });
  try {
    // Behind a pooler, DATABASE_MIGRATION_URL may name the primary directly (docs/DEPLOY.md).
    if (config.databaseMigrationUrl) {
      const direct = await openDatabase({ databaseUrl: config.databaseMigrationUrl, dataDir: config.dataDir, maxConnections: 1, connectTimeoutMs: config.dbConnectTimeoutMs });
      try {
        await runMigrations(direct);
      } finally {
        await direct.close();
      }
    } else await runMigrations(database);
  } catch (error) {
    await database.close();
    await observability.stop();
    throw error;
  }
  // The secret kept in DATA_DIR, unless a deployment on PostgreSQL takes only its identity provider's tokens.
  const authSecret = config.authSecret ?? (config.databaseUrl && config.authJwksUrl ? undefined : embeddedSecret(config.dataDir));
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) log.info("demo data seeded", seeded);
  }
  // Only the embedded default (no AUTH_SECRET) has a demo token: printed below, and prefilled in
  // GraphiQL only where no one else can open the page (loopback), unless GRAPHIQL_DEMO_TOKEN says so.
  const demoLife = Math.min(30 * 86_400, config.tokenMaxLifeSeconds);
  const demoToken = config.authSecret || !authSecret ? undefined : await signToken(authSecret, { sub: "demo-admin", orgs: [DEMO_ORGANIZATION], role: "admin" }, `${demoLife}s`);
  const pageToken = demoToken && (isLoopbackHost(config.host) || config.graphiqlDemoToken) ? demoToken : undefined;
  const schema = await buildGraphQLSchema();
  const files = new FileStore(database.db, config.jobFileRetentionHours);
  const replicas = config.databaseReadUrls.length > 0 ? new ReplicaSet(config.databaseReadUrls, config.maxReplicaLagMs, { statementTimeoutMs: config.dbStatementTimeoutMs, poolSize: config.dbPoolSize, preparedStatements: config.dbPreparedStatements, observer: observability.database }) : undefined;
  await replicas?.start();
  let draining = false;
  const app = await createApp({
    config,
    replicas,
    draining: () => draining,
    db: database.db,
    ping: database.ping,
    log,
    authSecret,
    observability,
    routes: (express, deps) => {
      mountGraphiQL(express, { schema, demoToken: pageToken, demoOrganization: demoToken ? DEMO_ORGANIZATION : undefined, log });
      mountJobRoutes(express, { ...deps, db: database.db, files, log, baseUrl: (req) => requestBaseUrl(req, config) });
    },
  });
  let port: number;
  try {
    port = await app.listen(config.port, config.host);
  } catch (error) {
    await app.stop();
    await replicas?.close();
    await database.close();
    await observability.stop();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(`Port ${config.port} is in use: stop the other process or set PORT to a free port`);
    }
    throw error;
  }
  await observability.watch(database, { replicas, jobTypes: () => app.services.jobRegistry.types() });
  const heapMb = heapCeilingMb();
  log.info("listening", { port, driver: database.driver, heapCeilingMb: heapMb });
  // The ceiling is a flag of node itself; young generation included, it sits a little above it.
  if (heapMb > config.maxHeapMb * 1.25) log.warn("no heap ceiling near MAX_HEAP_MB: a burst of requests can grow the process's memory to the heap's default", { heapCeilingMb: heapMb, maxHeapMb: config.maxHeapMb, hint: "npm start and npm run worker set it; otherwise run node --max-old-space-size=<MAX_HEAP_MB>" });
  const worker = config.runWorker ? new JobWorker(database.db, app.services.jobRegistry, { ...workerSettings(config), log, files, soleWorker: database.driver === "pglite", observer: observability.jobs }) : null;
  worker?.start();
  files.sweepEvery(FILE_SWEEP_MS, log);
  const stopHistoryPrune = pruneHistoryEvery(database.db, config.historyRetentionDays, FILE_SWEEP_MS, log);
  const stopPartitions = maintainSamplePartitionsEvery(database.db, config.telemetryRetentionDays, FILE_SWEEP_MS, log);
  if (worker) app.services.jobSignal.subscribe(() => worker.wake());
  if (!options.quiet) {
    const lines = [`playout-gateway is running on ${database.driver === "pglite" ? `embedded PGlite (${config.dataDir})` : "PostgreSQL"}`, `  GraphQL:  http://localhost:${port}/graphql`, `  GraphiQL: http://localhost:${port}/graphiql`];
    if (demoToken) {
      lines.push(`  Demo token (admin of organization "${DEMO_ORGANIZATION}", valid ${demoLife % 86_400 ? `${Math.round(demoLife / 3600)} hours` : `${demoLife / 86_400} days`}${pageToken ? "; prefilled in GraphiQL" : ""}):`, `  Authorization: Bearer ${demoToken}`);
    } else lines.push(...(await nextStepLines(database.db)));
    process.stderr.write("\n" + lines.join("\n") + "\n\n");
  }
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log.info("shutting down");
      // A balancer that checks /readyz takes the server out of rotation before it stops accepting.
      draining = true;
      if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await Promise.all([app.stop(), worker?.stop()]);
      await files.stop();
      await stopHistoryPrune();
      await stopPartitions();
      await replicas?.close();
      await database.close();
      await observability.stop();
      log.info("stopped");
    })());
  return { app, database, port, authSecret, log, jobs: { registry: app.services.jobRegistry, worker, files }, observability, stop };
}

/**
 * Stops accepting, lets in-flight requests finish, hands a running job back to the queue, closes
 * the database, then exits 0. Further signals during shutdown are ignored (it is bounded).
 * Accepts the service while it is still starting: a signal that arrives before it is ready (the
 * server may already listen and its worker run) waits for the start, then stops it. Without a
 * listener, SIGTERM would end the process at once with 143 and no shutdown.
 */
export function stopOnSignals(starting: Service | Promise<Service>): void {
  let received = false;
  const handler = (signal: string) => {
    void Promise.resolve(starting).then(
      (service) => {
        // Ctrl-C under npm reaches node twice (from the terminal and forwarded by npm): one shutdown.
        if (received) return service.log.info("shutdown already under way", { signal });
        received = true;
        service.log.info("signal received", { signal });
        service
          .stop()
          .then(() => process.exit(0))
          .catch((error) => {
            service.log.error("shutdown failed", { error: String(error) });
            process.exit(1);
          });
      },
      () => {}, // the start failed: the command reports it and exits with its own code
    );
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}
