// The HTTP surface: express 5, uploads and JSON on /graphql, Apollo Server, health probes.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import express, { type Express, type Request, type Response } from "express";
import { sql } from "drizzle-orm";
import graphqlUploadExpress from "graphql-upload/graphqlUploadExpress.mjs";
import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { createContext, type Context } from "./context.js";
import { formatError, isMasked } from "./errors.js";
import { jitGateway } from "./executor.js";
import { depthLimit } from "./limits.js";
import type { Logger } from "./log.js";
import { buildGraphQLSchema } from "./schema.js";
import { createServices, type Services } from "./services.js";
import { verifyToken } from "./tokens.js";

export interface AppOptions {
  config: Config;
  db: Database;
  log: Logger;
  authSecret: string;
  /** Extra routes mounted before GraphQL (GraphiQL, file downloads). */
  routes?: (app: Express, deps: { authenticate: (req: Request) => Promise<Viewer | null> }) => void;
}

export interface RunningApp {
  app: Express;
  httpServer: http.Server;
  services: Services;
  /** Resolves once listening; the port actually bound. */
  listen(port: number, host?: string): Promise<number>;
  stop(): Promise<void>;
}

function requestLogPlugin(): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ contextValue }) {
      const started = performance.now();
      return {
        async didEncounterErrors({ errors, contextValue: ctx }) {
          for (const error of errors) {
            if (isMasked(error)) {
              ctx.log.error("unexpected error", { requestId: ctx.requestId, error: String(error.originalError?.stack ?? error.stack ?? error) });
            }
          }
        },
        async willSendResponse({ response, operationName, contextValue: ctx }) {
          const errors = response.body.kind === "single" ? response.body.singleResult.errors : undefined;
          for (const error of errors ?? []) {
            (error as { extensions?: Record<string, unknown> }).extensions = { ...error.extensions, requestId: ctx.requestId };
          }
          contextValue.log.info("graphql", {
            requestId: ctx.requestId,
            operation: operationName ?? null,
            userId: ctx.viewer?.userId ?? null,
            durationMs: Math.round((performance.now() - started) * 10) / 10,
            errorCodes: errors?.map((e) => e.extensions?.code) ?? [],
          });
        },
      };
    },
  };
}

export async function createApp(options: AppOptions): Promise<RunningApp> {
  const { config, db, log, authSecret } = options;
  const app = express();
  app.disable("x-powered-by");
  const httpServer = http.createServer(app);
  const services = createServices(db, config);

  const authenticate = async (req: Request): Promise<Viewer | null> => {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new AppError("UNAUTHENTICATED", "Authorization header must be `Bearer <token>`");
    return verifyToken(authSecret, match[1].trim());
  };

  const schema = await buildGraphQLSchema();
  const apollo = new ApolloServer<Context>({
    ...(config.executor === "jit" ? { gateway: jitGateway(schema) } : { schema }),
    csrfPrevention: true,
    introspection: true,
    includeStacktraceInErrorResponses: false,
    formatError,
    validationRules: [depthLimit(config.maxQueryDepth)],
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      requestLogPlugin(),
    ],
  });
  await apollo.start();

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await db.execute(sql`select 1`);
      res.json({ status: "ready" });
    } catch (error) {
      log.warn("readiness check failed", { error: String(error) });
      res.status(503).json({ status: "unavailable", reason: "database does not answer" });
    }
  });

  options.routes?.(app, { authenticate });

  app.use(
    "/graphql",
    graphqlUploadExpress({ maxFileSize: config.maxUploadBytes, maxFiles: 1 }),
    express.json({ limit: "10mb" }),
    expressMiddleware(apollo, {
      context: async ({ req, res }: { req: Request; res: Response }) => {
        const requestId = (typeof req.headers["x-request-id"] === "string" && req.headers["x-request-id"].slice(0, 100)) || randomUUID();
        res.setHeader("x-request-id", requestId);
        let viewer: Viewer | null = null;
        let authError: Error | null = null;
        try {
          viewer = await authenticate(req);
        } catch (error) {
          authError = error as Error;
        }
        return createContext({ requestId, viewer, authError, services, log }, db);
      },
    }),
  );

  return {
    app,
    httpServer,
    services,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(port, host, () => {
          httpServer.off("error", reject);
          const address = httpServer.address();
          resolve(typeof address === "object" && address ? address.port : port);
        });
      }),
    stop: async () => {
      await apollo.stop();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    },
  };
}
