// This service as its own process for the peer benchmark: GRAPHQL_EXECUTOR picks jit or graphql.
import "reflect-metadata";
import { loadConfig } from "../../src/config.js";
import { statementCounter } from "../../src/db/client.js";
import { startService } from "../../src/main.js";
import { announceReady, serveStats } from "./stats.js";

statementCounter.enabled = true;
const service = await startService(
  { ...loadConfig(process.env), port: Number(process.env.PORT ?? 0), host: "127.0.0.1", dataDir: "memory://", logLevel: "silent", seedDemo: false, runWorker: false },
  { quiet: true },
);
serveStats(() => statementCounter.count);
announceReady(service.port);
