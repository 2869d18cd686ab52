// One server of the HTTP-layer benchmark (run.ts), by HTTP_LAYER_KIND: the whole service, or the
// service's GraphQL schema in Apollo behind express (as the service mounts it) or behind Apollo's
// own node:http server, or node:http alone answering the same JSON.
import "reflect-metadata";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloServer } from "@apollo/server";
import { startStandaloneServer } from "@apollo/server/standalone";
import { expressMiddleware } from "@as-integrations/express5";
import express from "express";
import { loadConfig } from "../../src/config.js";
import { startService } from "../../src/main.js";
import { buildGraphQLSchema } from "../../src/server/graphql/schema.js";
import { announceReady } from "../peers/stats.js";

export const ANSWER = `{"data":{"__typename":"Query"}}`;
const kind = process.env.HTTP_LAYER_KIND;

const apollo = async () => {
  const server = new ApolloServer({ schema: await buildGraphQLSchema(), stringifyResult: (result) => JSON.stringify(result) });
  return server;
};

if (kind === "service") {
  // The rate limits stay on (their check is part of a request) with budgets no bench meets, unless the environment sets them.
  const service = await startService(
    { ...loadConfig({ RATE_LIMIT_SUBJECT_POINTS: "1000000000000", RATE_LIMIT_ORGANIZATION_POINTS: "1000000000000", RATE_LIMIT_IP_POINTS: "1000000000000", ...process.env }), port: 0, host: "127.0.0.1", dataDir: "memory://", logLevel: "silent", seedDemo: false, runWorker: false },
    { quiet: true },
  );
  announceReady(service.port);
} else if (kind === "apollo-express") {
  const server = await apollo();
  await server.start();
  const app = express();
  app.post("/graphql", express.json({ limit: "10mb" }), expressMiddleware(server));
  const listener = app.listen(0, "127.0.0.1", () => announceReady((listener.address() as AddressInfo).port));
} else if (kind === "apollo-standalone") {
  const { url } = await startStandaloneServer(await apollo(), { listen: { port: 0, host: "127.0.0.1" } });
  announceReady(Number(new URL(url).port));
} else if (kind === "node-http") {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      JSON.parse(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(ANSWER) });
      res.end(ANSWER);
    });
  });
  server.listen(0, "127.0.0.1", () => announceReady((server.address() as AddressInfo).port));
} else {
  throw new Error(`HTTP_LAYER_KIND must be service, apollo-express, apollo-standalone or node-http, not ${kind}`);
}
