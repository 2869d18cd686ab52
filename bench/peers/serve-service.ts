// This service as its own process for the peer benchmark: GRAPHQL_EXECUTOR picks jit or graphql;
// PEERS_JSON_READS=off turns the JSON read of event pages off. The rate limits stay on (each
// request's check is measured) with budgets no bench meets, unless the environment sets them.
// It runs the JavaScript build in dist/, what `npm start` runs (built first when missing or older
// than src/); PEERS_SOURCES=1 runs the TypeScript sources through tsx instead, whose names kept on
// every closure (esbuild's keepNames, `__name`) cost a few per cent that the build does not pay.
import "reflect-metadata";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { staleBuildReason } from "../../bin/build-freshness.mjs";
import type * as ConfigModule from "../../src/config.js";
import type * as ClientModule from "../../src/db/client.js";
import type * as JsonPlanModule from "../../src/events/json-plan.js";
import type * as MainModule from "../../src/main.js";
import { announceReady, serveStats } from "./stats.js";

const fromSources = process.env.PEERS_SOURCES === "1";
if (!fromSources && staleBuildReason() !== null) {
  const built = spawnSync(process.execPath, [fileURLToPath(new URL("../../tools/build.mjs", import.meta.url))], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) throw new Error("bench: the service's build failed (npm run build)");
}
const root = new URL(fromSources ? "../../src/" : "../../dist/", import.meta.url);
const load = <T>(module: string): Promise<T> => import(new URL(fromSources ? module.replace(/\.js$/, ".ts") : module, root).href) as Promise<T>;
const { loadConfig } = await load<typeof ConfigModule>("config.js");
const { statementCounter } = await load<typeof ClientModule>("db/client.js");
const { jsonReads } = await load<typeof JsonPlanModule>("events/json-plan.js");
const { startService } = await load<typeof MainModule>("main.js");

statementCounter.enabled = true;
// The "rows" peer: the same service with Schedule.events read through pages.ts (A/B of the JSON read).
jsonReads.enabled = process.env.PEERS_JSON_READS !== "off";
const service = await startService(
  { ...loadConfig({ RATE_LIMIT_SUBJECT_POINTS: "1000000000000", RATE_LIMIT_ORGANIZATION_POINTS: "1000000000000", RATE_LIMIT_IP_POINTS: "1000000000000", ...process.env }), port: Number(process.env.PORT ?? 0), host: "127.0.0.1", dataDir: "memory://", logLevel: "silent", seedDemo: false, runWorker: false },
  { quiet: true },
);
serveStats(() => statementCounter.count);
announceReady(service.port);
