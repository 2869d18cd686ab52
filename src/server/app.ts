// The HTTP surface, composed: express 5 for every route, the direct route for a JSON POST /graphql,
// Apollo Server, health probes. Which code answers a request on /graphql is decided in one place,
// graphql/dispatch.ts; the rooms it draws from are http/, identity/, limits/ and graphql/
// (docs/ARCHITECTURE.md "The serving layer").
import http from "node:http";
import express, { type Express, type Request } from "express";
import type { Viewer } from "../common/auth.js";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { ReplicaSet } from "../db/replicas.js";
import type { FileLinks } from "../jobs/index.js";
import type { Logger } from "../common/log.js";
import { configureHeavyWork } from "../common/heavy-work.js";
import {
  acceptEncodingVaries,
  assignRequestId,
  attachLogLine,
  bodyBudget,
  bodyDeadline,
  browserToGraphiQL,
  cancelReadsWhenClientLeaves,
  COMPRESSED_PATHS,
  compressionMiddleware,
  CORS_PATHS,
  corsMiddleware,
  directRoute,
  httpErrorHandler,
  jsonBody,
  limitConnections,
  logLineOf,
  mountHealthRoutes,
  notFoundHandler,
  replicaReadsForQueries,
  requestIdOf,
  scopeRequestId,
  showAnswerPath,
  uploadBody as multipartBody,
  uploadsNeedCaller,
  type PlainHandler,
  type PlainRequest,
  type PlainResponse,
} from "./http/index.js";
import { bearerAuthenticator, cachedTokenVerifier, callerFor, callerOf, identifyCaller, identityProviderOf, isKnownCaller, tokenVerifier, type IdentityProvider } from "./identity/index.js";
import { allowCaching, batchLimit, cacheScope, counterStoreOf, documentLimits, RATE_LIMIT_NAMES, rateLimits, requestChecks, requestTimeBudget } from "./limits/index.js";
import { answerGraphQL, buildGraphQLSchema, createContext, entryOf, jitGateway, loadTrustedDocuments, requestBaseUrl, startApollo, trustedRequests, type Context } from "./graphql/index.js";
import { createServices, type Services } from "./services.js";
import type { Observability } from "./observability/index.js";

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
  /** Metrics and traces (METRICS_PORT, OTEL_*), when either is on; without it no handler of theirs is mounted. */
  observability?: Observability;
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

export async function createApp(options: AppOptions): Promise<RunningApp> {
  const { config, db, log, authSecret } = options;
  const app = express();
  app.disable("x-powered-by");
  // Trusted documents are read before anything listens, and their operations are named in the metrics.
  const schema = await buildGraphQLSchema();
  const checks = requestChecks(schema, config);
  // Checked before anything listens: a manifest that cannot be trusted stops start-up (TrustedDocumentsError).
  const trusted = config.trustedDocuments ? await loadTrustedDocuments(config.trustedDocuments, { schema, checks, config }) : undefined;
  if (trusted) log.info("trusted documents", { mode: config.trustedDocumentsMode, documents: trusted.size, manifests: trusted.files.length, characters: trusted.bytes });
  const observed = options.observability?.requests(trusted?.operationNames());
  const front: PlainHandler[] = observed ? [assignRequestId, observed.entry, bodyDeadline(config, log)] : [assignRequestId, bodyDeadline(config, log)];
  app.use(...front);
  // Where a request enters is decided by graphql/dispatch.ts (entryOf): the direct route, once its
  // handlers exist, or express; an upload's parser (graphql-upload) needs express's request and response.
  let postGraphql: ((req: http.IncomingMessage, res: http.ServerResponse) => void) | null = null;
  const httpServer = http.createServer((req, res) => (postGraphql && entryOf(req) === "direct" ? postGraphql(req, res) : app(req, res)));
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
  const authenticate = bearerAuthenticator(verifyToken);

  const jit = config.executor === "jit" ? jitGateway(schema) : null;
  const apollo = await startApollo({ schema, jit, config, checks, httpServer, trusted });
  // Budgets of query cost per subject, organization and address; in PostgreSQL, every server's counters.
  const rates = rateLimits(config, counterStoreOf(config, log), log);
  // Their refusals counted from 0, so that Prometheus's increase() over a flood counts its first ones too.
  for (const limit of RATE_LIMIT_NAMES) options.observability?.metrics?.refusals.inc({ limit }, 0);

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
  // through express (see httpServer above). A malformed multipart body is the caller's (http/upload-body.ts).
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
  const identifyAndShow = identifyCaller(authenticate);
  const identify: PlainHandler = config.answerPathHeader ? (req, res, next) => (showAnswerPath(res), identifyAndShow(req, res, next)) : identifyAndShow;
  const graphqlHandlers: PlainHandler[] = [
    jsonBody({ known: bodyBudget(config, true), anonymous: bodyBudget(config, false) }, isKnownCaller),
    ...(observed?.resume ? [observed.resume] : []),
    documentLimits(checks, log, config),
    batchLimit(schema, config, log),
    rates.payer,
    cacheScope,
    scopeRequestId,
    cancelReadsWhenClientLeaves(log),
    replicaReadsForQueries(!!options.replicas),
    requestTimeBudget(config, log),
    answerGraphQL({ apollo, plans: jit?.plans, checks, config, context: requestContext, trusted: trusted && trustedRequests(trusted, config, log), operationSpan: observed?.operationSpan }),
  ];
  // Exactly /graphql: a path below it is a 404 like any unknown path.
  app.all("/graphql", identify, uploadsNeedCaller(log, callerOf), uploadBody, ...graphqlHandlers);
  const notFound = notFoundHandler(log);
  const answerError = httpErrorHandler(log);
  app.use(notFound);
  app.use(answerError);
  // What express runs for a POST /graphql that is not an upload, in its order (browserToGraphiQL
  // and the GET routes never answer a POST; the upload parser passes such a request on).
  // Its answers are compressed by their writer (http/answer-compression.ts), not by the middleware.
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
      await rates.close();
    },
  };
}
