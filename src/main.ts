// Start-up: configuration, database, migrations, demo data, the HTTP server, graceful shutdown.
import type { Config } from "./config.js";
import { openDatabase, type DatabaseHandle } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { seedDemoIfEmpty, DEMO_ORGANIZATION } from "./seed/demo.js";
import { createApp, type RunningApp } from "./server/app.js";
import { mountGraphiQL } from "./server/graphiql/route.js";
import { createLogger, type Logger } from "./server/log.js";
import { buildGraphQLSchema } from "./server/schema.js";
import { embeddedSecret, signToken } from "./server/tokens.js";
import { FileStore } from "./jobs/files.js";
import type { JobRegistry } from "./jobs/registry.js";
import { mountJobRoutes } from "./jobs/routes.js";
import { JobWorker, workerSettings } from "./jobs/worker.js";

export interface Service {
  app: RunningApp;
  database: DatabaseHandle;
  port: number;
  authSecret: string;
  log: Logger;
  /** The job handlers, the in-process worker (when runWorker) and the store of job files. */
  jobs: { registry: JobRegistry; worker: JobWorker | null; files: FileStore };
  stop(): Promise<void>;
}

export async function startService(config: Config, options: { quiet?: boolean } = {}): Promise<Service> {
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  const authSecret = config.authSecret ?? embeddedSecret(config.dataDir);
  if (config.seedDemo) {
    const seeded = await seedDemoIfEmpty(database.db);
    if (seeded) log.info("demo data seeded", seeded);
  }
  // Only the embedded default (no AUTH_SECRET) has a demo token: printed below, prefilled in GraphiQL.
  const demoToken = config.authSecret ? undefined : await signToken(authSecret, { sub: "demo-admin", orgs: [DEMO_ORGANIZATION], role: "admin" });
  const schema = await buildGraphQLSchema();
  const files = new FileStore(config.filesDir);
  const app = await createApp({
    config,
    db: database.db,
    log,
    authSecret,
    routes: (express, deps) => {
      mountGraphiQL(express, { schema, demoToken, log });
      mountJobRoutes(express, { ...deps, db: database.db, files, log });
    },
  });
  let port: number;
  try {
    port = await app.listen(config.port, config.host);
  } catch (error) {
    await app.stop();
    await database.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      throw new Error(`Port ${config.port} is in use: stop the other process or set PORT to a free port`);
    }
    throw error;
  }
  log.info("listening", { port, driver: database.driver });
  const worker = config.runWorker ? new JobWorker(database.db, app.services.jobRegistry, { ...workerSettings(config), log, files, soleWorker: database.driver === "pglite" }) : null;
  worker?.start();
  if (worker) app.services.jobSignal.subscribe(() => worker.wake());
  if (!options.quiet) {
    const lines = [`playout-gateway is running on ${database.driver === "pglite" ? `embedded PGlite (${config.dataDir})` : "PostgreSQL"}`, `  GraphQL:  http://localhost:${port}/graphql`, `  GraphiQL: http://localhost:${port}/graphiql`];
    if (demoToken) {
      lines.push(`  Demo token (admin of organization "${DEMO_ORGANIZATION}", valid 30 days; prefilled in GraphiQL):`, `  Authorization: Bearer ${demoToken}`);
    }
    process.stderr.write("\n" + lines.join("\n") + "\n\n");
  }
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log.info("shutting down");
      await Promise.all([app.stop(), worker?.stop()]);
      await database.close();
      log.info("stopped");
    })());
  return { app, database, port, authSecret, log, jobs: { registry: app.services.jobRegistry, worker, files }, stop };
}

/** Stops accepting, lets in-flight requests finish, closes the database, then exits. */
export function stopOnSignals(service: Service): void {
  const handler = (signal: string) => {
    service.log.info("signal received", { signal });
    service
      .stop()
      .then(() => process.exit(0))
      .catch((error) => {
        service.log.error("shutdown failed", { error: String(error) });
        process.exit(1);
      });
  };
  process.once("SIGTERM", handler);
  process.once("SIGINT", handler);
}
