// The shape of the service's settings: each field with its meaning. config.ts reads them from the
// environment and validates them; this file holds only the types (and the list a type is made of), so that the readers of groups of
// settings and the rest of the code can name them without importing the reader.
import type { Role } from "./common/auth.js";

/** The highest MAX_OPEN_CHANGE_SETS accepts: the unpaged change-set list reads up to it. */
export const OPEN_CHANGE_SETS_CEILING = 1000;

/** The samplers OTEL_TRACES_SAMPLER may name (OpenTelemetry's own). */
export const TRACES_SAMPLERS = ["parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio", "always_on", "always_off", "traceidratio"] as const;

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Config {
  port: number;
  host: string;
  /** postgres.js connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** PGlite's directory, or `memory://` for a throw-away database. */
  dataDir: string;
  /** Folder of the migrated template an in-memory embedded database (memory://) starts from; unset: none. */
  pgliteTemplateDir: string | undefined;
  /** HS256 secret; undefined means "embedded default: generate one and keep it in DATA_DIR". */
  authSecret: string | undefined;
  logLevel: LogLevel;
  /** Largest accepted upload, bytes. */
  maxUploadBytes: number;
  /** Largest page size a paged field accepts. */
  maxPageSize: number;
  /** Most open change sets a schedule holds at once (each is a whole draft of its events). */
  maxOpenChangeSets: number;
  /** Deepest query accepted. */
  maxQueryDepth: number;
  /** Seed demo data when the database is empty (embedded default only, unless forced). */
  seedDemo: boolean;
  /** Run the job worker inside the server process. */
  runWorker: boolean;
  /** How queries execute: graphql-js, or documents compiled once by graphql-jit. */
  executor: "graphql" | "jit";
  /** Job worker (docs/JOBS.md): wait between claims when the queue is empty, ms. */
  jobPollMs: number;
  /** How long a worker's claim on a job lasts without renewal, ms (renewed every third of it). */
  jobLeaseMs: number;
  /** Claims of one job before it fails for good (retries and take-overs count). */
  jobMaxAttempts: number;
  /** First delay before retrying a job after a transient database error, ms (then doubles). */
  jobRetryBaseMs: number;
  /** On shutdown, how long a running job may take before it is asked to stop, ms. */
  jobShutdownGraceMs: number;
  /** Longest life of a bearer token, seconds: exp − iat and exp − now may not exceed it. */
  tokenMaxLifeSeconds: number;
  /** How far ahead of ours a token issuer's clock may run (iat, nbf), seconds. */
  tokenClockSkewSeconds: number;
  /** Prefill GraphiQL with the demo token even when listening beyond loopback (embedded default only). */
  graphiqlDemoToken: boolean;

  /** How long a job's output file is kept after it was written, hours (then 410 FILE_EXPIRED). */
  jobFileRetentionHours: number;
  /** How long schedule history entries are kept, days (older versions can no longer be read or reverted to). */
  historyRetentionDays: number;
  /** The service's public base URL (scheme, host, optional path); job links are built on it. */
  publicUrl: string | undefined;
  /** Take job links' protocol and host from X-Forwarded-Proto/Host (set behind a proxy you run). */
  trustProxy: boolean;

  /** postgres.js pool size (connections per process; the health probe has one more of its own). */
  dbPoolSize: number;
  /** Longest a statement of a request may run before PostgreSQL cancels it (answer TIMEOUT), ms. */
  dbStatementTimeoutMs: number;
  /** Longest a statement may wait for a lock (answer TIMEOUT), ms. */
  dbLockTimeoutMs: number;
  /** Longest wait for a new database connection before answering SERVICE_UNAVAILABLE, ms. */
  dbConnectTimeoutMs: number;
  /** Statement time limit inside job transactions (SET LOCAL), larger than a request's, ms. */
  jobStatementTimeoutMs: number;
  /** Telemetry samples older than this are dropped a whole month at a time, days (0: kept). */
  telemetryRetentionDays: number;
  /** On SIGTERM, how long /readyz answers 503 (draining) before the server stops accepting, ms. */
  shutdownDrainMs: number;
  /** "transaction" when DATABASE_URL names a pooler in transaction mode (PgBouncer): limits per transaction. */
  dbPoolMode: "session" | "transaction";
  /** Named prepared statements for reads; off by default behind a transaction-mode pooler. */
  dbPreparedStatements: boolean;
  /** Direct URL of the primary for migrations when DATABASE_URL goes through a pooler (else DATABASE_URL). */
  databaseMigrationUrl: string | undefined;
  /** Read replicas (postgres:// URLs) that take reporting reads, or every query with readReplicaQueries "all". */
  databaseReadUrls: string[];
  /** Which reads go to a replica: "reports" (reporting queries) or "all" (every query operation). */
  readReplicaQueries: "reports" | "all";
  /** A replica further behind than this (replay lag, ms) is skipped: its reads go to the primary. */
  maxReplicaLagMs: number;

  /** Query limits (answered QUERY_TOO_COMPLEX before anything runs): aliases per operation. */
  maxAliases: number;
  /** Directives per operation. */
  maxDirectives: number;
  /** Lexical tokens per document. */
  maxTokens: number;
  /** Estimated cost per operation (docs/SECURITY.md "How the query limits run"). */
  maxQueryCost: number;
  /** Longest accepted text value in an argument or variable, UTF-8 bytes. */
  maxStringLength: number;
  /** Most items of a list argument (literal or variable, at any depth); a few, telemetry batches and bulk event edits, take more (src/server/limits/list-limits.ts). */
  maxListLength: number;
  /** Answer introspection without a token (public schemas); by default it needs one like every call. */
  publicIntrospection: boolean;
  /** Trusted documents: a manifest file, or a folder whose every *.json is one (graphql-codegen's persisted-documents.json, Apollo's persisted query manifest); unset: any document is accepted (docs/SECURITY.md "Trusted documents"). */
  trustedDocuments: string | undefined;
  /** With trustedDocuments: `enforce` answers only documents by hash (free text from admin tokens only); `log` accepts any and logs each unknown document once. */
  trustedDocumentsMode: "enforce" | "log";

  /** The identity provider's key set (JWKS); unset: HS256 tokens signed with AUTH_SECRET only. */
  authJwksUrl: string | undefined;
  /** The `iss` every provider token must carry (required with authJwksUrl). */
  authIssuer: string | undefined;
  /** The value a provider token's `aud` must contain (required with authJwksUrl). */
  authAudience: string | undefined;
  /** Signature algorithms accepted on provider tokens (never none or HS*). */
  authAlgorithms: string[];
  /** Where a provider token keeps its organizations: a dotted path into its claims. */
  authOrgsClaim: string;
  /** Where a provider token keeps its role or roles: a dotted path into its claims. */
  authRoleClaim: string;
  /** Provider roles or groups → our roles; empty: the claim holds our role names themselves. */
  authRoleMap: Record<string, Role>;
  /** Least time between two fetches of the key set caused by unknown key ids, ms. */
  authJwksCooldownMs: number;
  /** How long one fetch of the identity provider's key set may take before it counts as failed, ms. */
  authJwksTimeoutMs: number;
  /** Whether every /graphql answer names the path that answered it (`x-answer-path`); off in production. */
  answerPathHeader: boolean;
  /** Origins (scheme://host[:port]) whose pages may call /graphql and /files; "*" any; empty none (docs/CLIENTS.md). */
  corsOrigins: string[] | "*";
  /** How long a job's signed download URL (Job.downloadUrl) stays usable, seconds. */
  fileLinkTtlSeconds: number;
  /** The key of signed download links; unset: derived from authSecret (or, without one, a key of this process only). */
  fileLinkSecret: string | undefined;
  /** Most operations in one batched request (a JSON array body); the query limits apply to the batch as a whole. */
  maxBatchSize: number;
  /** Compress /graphql and /files answers above 1 KB with gzip or brotli, as the client accepts. */
  compressResponses: boolean;
  /** Longest query text accepted, bytes (comments and whitespace count); refused before parsing. */
  maxQueryBytes: number;
  /** Deepest nesting of lists and objects in variables and argument values. */
  maxInputDepth: number;
  /** Largest JSON body of /graphql once inflated, bytes, for a caller with a valid token (uploads have MAX_UPLOAD_BYTES). */
  maxJsonBodyBytes: number;
  /** Most JSON values (each string, number, literal, object and array) a body may hold; counted while it is read. */
  maxInputValues: number;
  /** Largest JSON body, once inflated, of a request without a valid token, bytes. */
  anonymousMaxBodyBytes: number;
  /** Most JSON values in the body of a request without a valid token. */
  anonymousMaxInputValues: number;
  /** Longest a request without a valid token may run, ms (at most REQUEST_TIMEOUT_MS). */
  anonymousRequestTimeoutMs: number;
  /** Most bytes a compressed body may inflate to per byte sent, once past 64 KiB; refused before inflating further. */
  maxCompressionRatio: number;
  /** Longest a query may run, parsing to answer, ms (then TIMEOUT and its work stops); mutations excepted. */
  requestTimeoutMs: number;
  /** Events the heavy fields of one request may touch together (diff, validation, history, ...). */
  maxHeavyEvents: number;
  /** Heavy operations on large schedules running at once in the process (one per caller). */
  maxHeavyConcurrency: number;
  /** Longest wait of a heavy operation for its turn before SERVICE_UNAVAILABLE, ms. */
  heavyWaitMs: number;
  /** Items a long loop of a request (validation, rewinding history) handles between two turns given to other requests. */
  heavyYieldEvery: number;
  /** Longest time for a request body (not an upload) to arrive, ms. */
  bodyTimeoutMs: number;
  /** Longest time for an upload to arrive, ms. */
  uploadTimeoutMs: number;
  /** Slowest accepted upload after its first 10 seconds, bytes per second. */
  uploadMinBytesPerSecond: number;
  /** Open client connections at most; past it new ones are closed at once. */
  maxConnections: number;
  /** The heap ceiling `npm start` and `npm run worker` give node (--max-old-space-size), MB. */
  maxHeapMb: number;

  /** Port of the Prometheus listener (GET /metrics), never the public one; undefined: no metrics (0: a free port). */
  metricsPort: number | undefined;
  /** Interface of the metrics listener (loopback unless a scraper on another host needs it). */
  metricsHost: string;
  /** Operation names the metrics show by name, besides the trusted documents'; every other operation is `other`. */
  metricsOperations: string[];
  /** OTLP/HTTP (JSON) URL spans are sent to; undefined: no tracing. */
  tracesEndpoint: string | undefined;
  /** service.name of every span (OTEL_SERVICE_NAME). */
  serviceName: string;
  /** Which traces are kept: an OTEL_TRACES_SAMPLER name, with its ratio for the ratio samplers. */
  tracesSampler: { name: (typeof TRACES_SAMPLERS)[number]; ratio: number };
  /** Rate limits (docs/SECURITY.md "Rate limits"): the window every budget below is spent in, seconds. */
  rateLimitWindowSeconds: number;
  /** Query cost a token subject (a machine: its client id) may spend per window; 0: no limit. */
  rateLimitSubjectPoints: number;
  /** Query cost all callers of one organization may spend together per window; 0: no limit. */
  rateLimitOrganizationPoints: number;
  /** Query cost the requests without a valid token from one IP address may spend per window; 0: no limit. */
  rateLimitIpPoints: number;
  /** Admin tokens spend no budget (default: on the embedded default only, one person's own machine). */
  rateLimitAdminsUnlimited: boolean;
  /** A second may spend this many times a budget's even rate (budget ÷ window seconds); 0: only the window counts. */
  rateLimitBurst: number;
}
