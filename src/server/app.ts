// The HTTP surface: express 5, uploads and JSON on /graphql, Apollo Server, health probes.
import http from "node:http";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
  ApolloServerPluginLandingPageDisabled,
  ApolloServerPluginUsageReportingDisabled,
} from "@apollo/server/plugin/disabled";
import express, { type Express, type Request } from "express";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { uploadBody as multipartBody, uploadsNeedCaller } from "./http/upload-body.js";
import type { Viewer } from "../common/auth.js";
import { AppError } from "../common/errors.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { FileLinks } from "../jobs/index.js";
import { createContext, requestBaseUrl, type Context } from "./graphql/request-context.js";
import { formatError } from "./graphql/format-error.js";
import { jitGateway } from "./graphql/executor.js";
import { mountHealthRoutes } from "./http/health.js";
import { batchLimit } from "./limits/batch-limit.js";
import { acceptEncodingVaries, COMPRESSED_PATHS, compressionMiddleware } from "./http/compression.js";
import { CORS_PATHS, corsMiddleware } from "./http/cors.js";
import { getQueryCachingPlugin, PREFLIGHTED_REQUEST_HEADERS } from "./graphql/get-queries.js";
import { assignRequestId, browserToGraphiQL, currentRequestId, httpErrorHandler, notFoundHandler, requestIdOf, scopeRequestId, sendJsonError } from "./http/error-responses.js";
import { depthLimit } from "./limits/depth-limit.js";
import { aliasAndDirectiveRules, QUERY_TOO_COMPLEX, queryLimitErrorOf } from "./limits/query-limits.js";
import { requestChecks, type RequestChecks } from "./limits/request-checks.js";
import type { Logger } from "../common/log.js";
import { buildGraphQLSchema } from "./graphql/schema.js";
import { createServices, type Services } from "./services.js";
import { cachedTokenVerifier } from "./identity/token-cache.js";
import { identityProviderOf, tokenVerifier, type IdentityProvider } from "./identity/token-verifier.js";
import { RequestWork, withRequestWork } from "../db/cancel.js";
import { directRoute, type PlainHandler, type PlainRequest, type PlainResponse } from "./http/direct-route.js";
import type { ReplicaSet } from "../db/replicas.js";
import { replicaReadsForQueries } from "./http/read-routing.js";
import { configureHeavyWork } from "../common/heavy-work.js";
import { allowCaching, cacheScope, documentStore, persistedQueryCache } from "./limits/bounded-caches.js";
import { requestTimeBudget } from "./limits/deadline.js";
import { requestGuardPlugin, requestLogPlugin } from "./graphql/request-plugins.js";
import { attachLogLine, logLineOf } from "./http/log-line.js";
import { knownOperations } from "./graphql/known-operations.js";
import { checkQueryBytes, checkVariables } from "./limits/request-shape.js";
import { bodyDeadline, limitConnections } from "./http/connections.js";
import { graphqlAnswer, isMultipart } from "./graphql/answer.js";
import { jsonBody } from "./http/json-body.js";
import { bodyBudget } from "./http/body-budget.js";
import { callerFor, identifyCaller, isKnownCaller } from "./identity/caller.js";

export interface AppOptions {
  config: Config;
  db: Database;
  log: Logger;
  /** The HS256 secret; undefined: HS256 tokens are refused (an identity provider signs every token). */
  authSecret: string | undefined;
  /** True once shutdown began (/readyz answers 503 draining). */
  draining?: () => boolean;
  /** Read replicas (DATABASE_READ_URL), if any: reads of query operations go to them. */
  replicas?: ReplicaSet;
  /** The readiness probe (DatabaseHandle.ping); default: `select 1` through db. */
  ping?: (timeoutMs: number) => Promise<void>;
  /** Extra routes mounted before GraphQL (GraphiQL, file downloads). */
  routes?: (app: Express, deps: { authenticate: (req: Pick<Request, "headers">) => Promise<Viewer | null>; fileLinks: FileLinks }) => void;
}

export interface RunningApp {
  app: Express;
  httpServer: http.Server;
  services: Services;
  /** The identity provider whose keys verify tokens (AUTH_JWKS_URL), if any. */
  identityProvider: IdentityProvider | null;
  /** Resolves once listening; the port actually bound. */
  listen(port: number, host?: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * MAX_TOKENS, checked before Apollo parses (it has no parse hook); also gives Apollo a body to
 * read, and logs the requests Apollo refuses before any plugin runs (CSRF, bad `variables`).
 */
function tokenLimit(checks: RequestChecks, log: Logger, shape: { maxQueryBytes: number; maxInputDepth: number }): PlainHandler {
  return (req: PlainRequest & { query?: Record<string, unknown> }, res, next) => {
    // express 5 leaves req.body unset without a JSON body; Apollo then answers a bare 500.
    req.body ??= {};
    // A batch (a JSON array body) is checked operation by operation; limits/batch-limit.ts sums it as a whole.
    // A GET arrives through express, whose req.query holds the parsed query string.
    const operations: { query?: unknown; variables?: unknown }[] =
      req.method === "GET" ? [{ query: req.query?.query }] : Array.isArray(req.body) ? req.body : [req.body as { query?: unknown; variables?: unknown }];
    try {
      for (const { query } of operations.map((operation) => operation ?? {})) {
        // The size first: nothing reads a text over MAX_QUERY_BYTES (request-shape.ts).
        if (typeof query === "string") checkQueryBytes(query, shape.maxQueryBytes);
        // A request without a token leaves nothing behind (bounded-caches.ts); a bad token is bounded by the LRU.
        if (typeof query === "string") checks.tokens(query, isKnownCaller(res));
      }
    } catch (error) {
      log.info("graphql", { requestId: requestIdOf(res), operation: null, errorCodes: [QUERY_TOO_COMPLEX] });
      const limit = error instanceof GraphQLError ? error.extensions.limit : "tokens";
      return sendJsonError(res, 400, QUERY_TOO_COMPLEX, (error as Error).message, { limit });
    }
    try {
      for (const operation of req.method === "GET" ? [] : operations) {
        if (operation?.variables !== undefined && operation?.variables !== null) checkVariables(operation.variables, shape.maxInputDepth);
      }
    } catch (error) {
      const refusal = error as GraphQLError;
      log.info("graphql", { requestId: requestIdOf(res), operation: null, errorCodes: ["BAD_USER_INPUT"] });
      return sendJsonError(res, 400, "BAD_USER_INPUT", refusal.message, { argument: refusal.extensions?.argument });
    }
    const line = logLineOf(res);
    res.once("finish", () => {
      // A request Apollo refused before its plugins ran (CSRF, a body without a query, a context
      // that failed) has no log line of the request log: it gets this one.
      if (!line.written) {
        log.info("graphql", { requestId: requestIdOf(res), operation: null, status: res.statusCode, errorCodes: [res.statusCode >= 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST"] });
      }
    });
    next();
  };
}

/** formatError of graphql/format-error.ts, with QUERY_TOO_COMPLEX for the query limits and the request id on every error. */
function formatAnswerError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const limit = queryLimitErrorOf(error);
  const answer = limit
    ? { message: limit.message, extensions: { code: QUERY_TOO_COMPLEX, limit: limit.extensions.limit } }
    : formatError(formatted, error);
  const requestId = currentRequestId();
  return requestId ? { ...answer, extensions: { ...answer.extensions, requestId } } : answer;
}

/**
 * A client that closes its connection before the answer is sent has its running reads cancelled
 * on PostgreSQL (src/db/cancel.ts); without it an abandoned report ran to its statement timeout.
 */
function cancelReadsWhenClientLeaves(log: Logger): PlainHandler {
  return (_req, res, next) => {
    const work = new RequestWork();
    // The request's time budget (limits/deadline.ts) cancels the same reads at its deadline.
    res.locals.requestWork = work;
    res.on("close", () => {
      if (res.writableFinished) return;
      const cancelled = work.abandon();
      if (cancelled) log.info("client went away: reads cancelled", { requestId: requestIdOf(res), cancelled });
    });
    withRequestWork(work, next);
  };
}

export async function createApp(options: AppOptions): Promise<RunningApp> {
  const { config, db, log, authSecret } = options;
  const app = express();
  app.disable("x-powered-by");
  const front = [assignRequestId, bodyDeadline(config, log)];
  app.use(...front);
  // A POST /graphql that is not an upload takes the handlers below without express once they exist
  // (direct-route.ts); an upload's parser (graphql-upload) needs express's request and response.
  let postGraphql: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | null = null;
  const httpServer = http.createServer((req, res) =>
    postGraphql && req.method === "POST" && req.url === "/graphql" && !isMultipart(req) ? postGraphql(req, res) : app(req, res),
  );
  // Reads of query operations may go to a replica: reporting always, every slice but jobs with READ_REPLICA_QUERIES=all.
  const routed = options.replicas ? options.replicas.routing(db) : db;
  const readDb = config.readReplicaQueries === "all" ? routed : db;
  const services = createServices(db, config, authSecret, { reports: routed, reads: readDb });
  limitConnections(httpServer, config);
  configureHeavyWork({ maxConcurrency: config.maxHeavyConcurrency, waitMs: config.heavyWaitMs });

  const identityProvider = identityProviderOf(config, log);
  // Fetched at start so that the first caller does not wait, and an unreachable provider is logged
  // at once; the service starts either way (its tokens are refused until the keys arrive).
  void identityProvider?.keys.prefetch();
  const verifyToken = cachedTokenVerifier(tokenVerifier(authSecret, identityProvider, { maxLifeSeconds: config.tokenMaxLifeSeconds, clockSkewSeconds: config.tokenClockSkewSeconds }));
  const authenticate = async (req: Pick<PlainRequest, "headers">): Promise<Viewer | null> => {
    const header = req.headers.authorization;
    if (!header) return null;
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw new AppError("UNAUTHENTICATED", "Authorization header must be `Bearer <token>`");
    return verifyToken(match[1].trim());
  };

  const schema = await buildGraphQLSchema();
  const checks = requestChecks(schema, config);
  const jit = config.executor === "jit" ? jitGateway(schema) : null;
  const apollo = new ApolloServer<Context>({
    ...(jit ? { gateway: jit.gateway } : { schema }),
    // A bearer token counts as a preflighted header, so GET queries with a token work (docs/CLIENTS.md).
    csrfPrevention: { requestHeaders: PREFLIGHTED_REQUEST_HEADERS },
    allowBatchedHttpRequests: true,
    // Bounded by entries and bytes, and nothing kept for a request without a token (bounded-caches.ts).
    documentStore: documentStore(),
    persistedQueries: { cache: persistedQueryCache() },
    // Our own shutdown (main.ts stopOnSignals) stops Apollo; Apollo's handler would re-send the
    // signal and end the process (code 143) before in-flight work and jobs are handed back.
    stopOnTerminationSignals: false,
    introspection: true,
    // Compact JSON: Apollo's default indents every answer (a third more bytes on a page of events,
    // and the time to write them); clients parse it, and GraphiQL formats what it shows.
    stringifyResult: (result) => JSON.stringify(result),
    includeStacktraceInErrorResponses: false,
    formatError: formatAnswerError,
    validationRules: [depthLimit(config.maxQueryDepth), ...aliasAndDirectiveRules(config)],
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginUsageReportingDisabled(),
      requestLogPlugin(),
      requestGuardPlugin(config, checks),
      getQueryCachingPlugin(),
    ],
  });
  await apollo.start();

  mountHealthRoutes(app, { db, ping: options.ping, log, replicas: options.replicas ? () => options.replicas!.statuses() : undefined, draining: options.draining });

  // Before every route of these paths: preflights end here, and file downloads are compressed too.
  const corsHandlers = corsMiddleware(config);
  const compressionHandlers = compressionMiddleware(config);
  for (const [paths, handlers] of [[CORS_PATHS, corsHandlers], [COMPRESSED_PATHS, compressionHandlers]] as const) {
    if (handlers.length) app.use(paths, ...handlers);
  }
  app.use(browserToGraphiQL);
  options.routes?.(app, { authenticate, fileLinks: services.fileLinks });

  // Only a multipart request meets the upload parser; the JSON requests skip it. Uploads always come
  // through express (see httpServer above). A malformed multipart body is the caller's (upload-body.ts).
  const uploadBody = multipartBody({ maxFileSize: config.maxUploadBytes, maxFiles: 1, log });
  const requestContext = async ({ req, res }: { req: PlainRequest; res: PlainResponse }): Promise<Context> => {
    const requestId = requestIdOf(res);
    // Found before the body was read (identity/caller.ts); a route that did not run identifyCaller finds it now.
    const { viewer, authError } = await callerFor(req, res, authenticate);
    if (viewer) allowCaching();
    const ctx = createContext({ requestId, viewer, authError, services, log, baseUrl: requestBaseUrl(req, config) }, readDb);
    attachLogLine(ctx, logLineOf(res));
    return ctx;
  };
  // Who asks is known before a byte of the body is read: the body is read within that caller's budget.
  const identify = identifyCaller(authenticate);
  const graphqlHandlers: PlainHandler[] = [
    jsonBody({ known: bodyBudget(config, true), anonymous: bodyBudget(config, false) }, isKnownCaller),
    tokenLimit(checks, log, config),
    batchLimit(schema, config, log),
    cacheScope,
    scopeRequestId,
    cancelReadsWhenClientLeaves(log),
    replicaReadsForQueries(!!options.replicas),
    requestTimeBudget(config, log),
    graphqlAnswer(apollo, requestContext, {
      compress: config.compressResponses,
      known: jit ? knownOperations({ apollo, plans: jit.plans, checks, config, context: requestContext }) : undefined,
    }),
  ];
  // Exactly /graphql: a path below it is a 404 like any unknown path.
  app.all("/graphql", identify, uploadsNeedCaller(log), uploadBody, ...graphqlHandlers);
  const notFound = notFoundHandler(log);
  const answerError = httpErrorHandler(log);
  app.use(notFound);
  app.use(answerError);
  // What express runs for a POST /graphql that is not an upload, in its order (browserToGraphiQL
  // and the GET routes never answer a POST; the upload parser passes such a request on).
  // Its answers are compressed by their writer (answer-compression.ts), not by the middleware.
  postGraphql = directRoute(app, [...front, ...corsHandlers, ...acceptEncodingVaries(config), identify, ...graphqlHandlers], answerError, notFound);

  return {
    app,
    httpServer,
    services,
    identityProvider,
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
