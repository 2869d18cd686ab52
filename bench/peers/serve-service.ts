// This service as its own process for the peer benchmark: GRAPHQL_EXECUTOR picks jit or graphql;
// PEERS_JSON_READS=off turns the JSON read of event pages off. The rate limits stay on (each
// request's check is measured) with budgets no bench meets, unless the environment sets them.
import "reflect-metadata";
import { loadConfig } from "../../src/config.js";
import { statementCounter } from "../../src/db/client.js";
import { jsonReads } from "../../src/events/json-plan.js";
import { startService } from "../../src/main.js";
import { announceReady, serveStats } from "./stats.js";

statementCounter.enabled = true;
// The "rows" peer: the same service with Schedule.events read through pages.ts (A/B of the JSON read).
jsonReads.enabled = process.env.PEERS_JSON_READS !== "off";
const service = await startService(
  { ...loadConfig({ RATE_LIMIT_SUBJECT_POINTS: "1000000000000", RATE_LIMIT_ORGANIZATION_POINTS: "1000000000000", RATE_LIMIT_IP_POINTS: "1000000000000", ...process.env }), port: Number(process.env.PORT ?? 0), host: "127.0.0.1", dataDir: "memory://", logLevel: "silent", seedDemo: false, runWorker: false },
  { quiet: true },
);
serveStats(() => statementCounter.count);
announceReady(service.port);
