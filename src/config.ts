// Every setting of the service, read from the environment once and validated, so that a bad value
// stops start-up with a message naming the variable instead of failing later in a request.

import { ROLES, type Role } from "./common/auth.js";

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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join("\n  - ")}`);
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS: LogLevel[] = ["debug", "info", "warn", "error", "silent"];

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name}=${raw} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name]?.toLowerCase();
    if (raw === undefined || raw === "") return fallback;
    if (["1", "true", "yes", "on"].includes(raw)) return true;
    if (["0", "false", "no", "off"].includes(raw)) return false;
    problems.push(`${name}=${env[name]} must be true or false`);
    return fallback;
  };

  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with postgres:// or postgresql:// (got ${databaseUrl.split(":")[0]}:…)`);
  }
  const authSecret = env.AUTH_SECRET || undefined;
  if (authSecret !== undefined && authSecret.length < 32) {
    problems.push("AUTH_SECRET must be at least 32 characters (HS256 wants 256 bits)");
  }
  const identity = identitySettings(env, problems);
  if (authSecret === undefined && databaseUrl && !identity.authJwksUrl) {
    problems.push("AUTH_SECRET is required when DATABASE_URL is set (only the embedded default generates one), unless AUTH_JWKS_URL names an identity provider");
  }
  const logLevel = (env.LOG_LEVEL || "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const dataDir = env.DATA_DIR || "./data";
  const executor = (env.GRAPHQL_EXECUTOR || "jit").toLowerCase();
  if (executor !== "jit" && executor !== "graphql") problems.push("GRAPHQL_EXECUTOR must be jit or graphql");

  const dbPoolMode = (env.DB_POOL_MODE || "session").toLowerCase() as Config["dbPoolMode"];
  if (dbPoolMode !== "session" && dbPoolMode !== "transaction") problems.push("DB_POOL_MODE must be session or transaction");
  const databaseReadUrls = (env.DATABASE_READ_URL || "").split(",").map((u) => u.trim()).filter(Boolean);
  for (const url of [...databaseReadUrls, ...(env.DATABASE_MIGRATION_URL ? [env.DATABASE_MIGRATION_URL] : [])]) {
    if (!/^postgres(ql)?:\/\//.test(url)) problems.push(`DATABASE_READ_URL and DATABASE_MIGRATION_URL take postgres:// URLs (got ${url.split(":")[0]}:…)`);
  }
  if (databaseReadUrls.length > 0 && !databaseUrl) problems.push("DATABASE_READ_URL needs DATABASE_URL (replicas of a PostgreSQL primary)");
  const trustedDocuments = env.TRUSTED_DOCUMENTS || undefined;
  const trustedDocumentsMode = (env.TRUSTED_DOCUMENTS_MODE || "enforce").toLowerCase() as Config["trustedDocumentsMode"];
  if (trustedDocumentsMode !== "enforce" && trustedDocumentsMode !== "log") problems.push("TRUSTED_DOCUMENTS_MODE must be enforce or log");
  else if (env.TRUSTED_DOCUMENTS_MODE && !trustedDocuments) problems.push("TRUSTED_DOCUMENTS_MODE needs TRUSTED_DOCUMENTS: the manifest file or folder of the documents to trust");
  const readReplicaQueries = (env.READ_REPLICA_QUERIES || "reports").toLowerCase() as Config["readReplicaQueries"];
  if (readReplicaQueries !== "reports" && readReplicaQueries !== "all") problems.push("READ_REPLICA_QUERIES must be reports or all");

  const config: Config = {
    port: int("PORT", 4000, 0, 65535),
    // The embedded default is a demo that hands out an admin token: it listens on loopback only.
    host: env.HOST || (databaseUrl ? "0.0.0.0" : "127.0.0.1"),
    databaseUrl,
    dataDir,
    pgliteTemplateDir: env.PGLITE_TEMPLATE_DIR || undefined,
    authSecret,
    logLevel,
    maxUploadBytes: int("MAX_UPLOAD_BYTES", 50 * 1024 * 1024, 1024, 2 ** 31),
    maxPageSize: int("MAX_PAGE_SIZE", 1000, 1, 100_000),
    maxOpenChangeSets: int("MAX_OPEN_CHANGE_SETS", 20, 1, 1000),
    maxQueryDepth: int("MAX_QUERY_DEPTH", 12, 2, 100),
    seedDemo: bool("SEED_DEMO", !databaseUrl),
    runWorker: bool("RUN_WORKER", true),
    executor: executor as Config["executor"],
    jobPollMs: int("JOB_POLL_MS", 1000, 10, 60_000),
    jobLeaseMs: int("JOB_LEASE_MS", 30_000, 300, 3_600_000),
    jobMaxAttempts: int("JOB_MAX_ATTEMPTS", 3, 1, 100),
    jobRetryBaseMs: int("JOB_RETRY_BASE_MS", 1000, 10, 600_000),
    jobShutdownGraceMs: int("JOB_SHUTDOWN_GRACE_MS", 10_000, 0, 600_000),
    tokenMaxLifeSeconds: int("TOKEN_MAX_LIFE_SECONDS", 30 * 86_400, 60, 366 * 86_400),
    tokenClockSkewSeconds: int("TOKEN_CLOCK_SKEW_SECONDS", 60, 0, 600),
    graphiqlDemoToken: bool("GRAPHIQL_DEMO_TOKEN", false),

    jobFileRetentionHours: int("JOB_FILE_RETENTION_HOURS", 168, 1, 87_600),
    historyRetentionDays: int("HISTORY_RETENTION_DAYS", 90, 1, 36_500),
    publicUrl: publicUrlOf(env.PUBLIC_URL, problems),
    trustProxy: bool("TRUST_PROXY", false),

    dbPoolSize: int("DB_POOL_SIZE", 10, 1, 1000),
    dbStatementTimeoutMs: int("DB_STATEMENT_TIMEOUT_MS", 30_000, 0, 86_400_000),
    dbLockTimeoutMs: int("DB_LOCK_TIMEOUT_MS", 5_000, 0, 86_400_000),
    dbConnectTimeoutMs: int("DB_CONNECT_TIMEOUT_MS", 5_000, 100, 600_000),
    jobStatementTimeoutMs: int("JOB_STATEMENT_TIMEOUT_MS", 600_000, 0, 86_400_000),
    dbPoolMode,
    telemetryRetentionDays: int("TELEMETRY_RETENTION_DAYS", 0, 0, 36_500),
    shutdownDrainMs: int("SHUTDOWN_DRAIN_MS", 0, 0, 600_000),
    dbPreparedStatements: bool("DB_PREPARED_STATEMENTS", dbPoolMode !== "transaction"),
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || undefined,
    databaseReadUrls,
    readReplicaQueries,
    maxReplicaLagMs: int("MAX_REPLICA_LAG_MS", 5_000, 0, 86_400_000),

    maxAliases: int("MAX_ALIASES", 30, 1, 10_000),
    maxDirectives: int("MAX_DIRECTIVES", 50, 1, 10_000),
    maxTokens: int("MAX_TOKENS", 5000, 100, 1_000_000),
    maxQueryCost: int("MAX_QUERY_COST", 100_000, 100, 100_000_000),
    maxStringLength: int("MAX_STRING_LENGTH", 2000, 16, 10_000_000),
    maxListLength: int("MAX_LIST_LENGTH", 1000, 10, 1_000_000),
    publicIntrospection: bool("PUBLIC_INTROSPECTION", false),
    trustedDocuments,
    trustedDocumentsMode,

    ...identity,
    authJwksCooldownMs: int("AUTH_JWKS_COOLDOWN_MS", 30_000, 0, 3_600_000),
    authJwksTimeoutMs: int("AUTH_JWKS_TIMEOUT_MS", 5_000, 100, 600_000),
    answerPathHeader: bool("ANSWER_PATH_HEADER", env.NODE_ENV !== "production"),
    corsOrigins: corsOriginsOf(env.CORS_ORIGINS, problems),
    fileLinkTtlSeconds: int("FILE_LINK_TTL_SECONDS", 300, 10, 86_400),
    fileLinkSecret: secretOf("FILE_LINK_SECRET", env.FILE_LINK_SECRET, problems),
    maxBatchSize: int("MAX_BATCH_SIZE", 10, 1, 100),
    compressResponses: bool("COMPRESS_RESPONSES", true),
    maxQueryBytes: int("MAX_QUERY_BYTES", 100 * 1024, 1024, 100 * 1024 * 1024),
    maxInputDepth: int("MAX_INPUT_DEPTH", 32, 2, 1000),
    maxJsonBodyBytes: int("MAX_JSON_BODY_BYTES", 10 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    maxInputValues: int("MAX_INPUT_VALUES", 1_000_000, 100, 100_000_000),
    anonymousMaxBodyBytes: int("ANONYMOUS_MAX_BODY_BYTES", 64 * 1024, 1024, 1024 * 1024 * 1024),
    anonymousMaxInputValues: int("ANONYMOUS_MAX_INPUT_VALUES", 1000, 10, 100_000_000),
    anonymousRequestTimeoutMs: int("ANONYMOUS_REQUEST_TIMEOUT_MS", 2000, 100, 86_400_000),
    maxCompressionRatio: int("MAX_COMPRESSION_RATIO", 100, 2, 100_000),
    requestTimeoutMs: int("REQUEST_TIMEOUT_MS", 30_000, 100, 86_400_000),
    maxHeavyEvents: int("MAX_HEAVY_EVENTS", 400_000, 1, 1_000_000_000),
    maxHeavyConcurrency: int("MAX_HEAVY_CONCURRENCY", 2, 1, 1000),
    heavyWaitMs: int("HEAVY_WAIT_MS", 2000, 0, 600_000),
    heavyYieldEvery: int("HEAVY_YIELD_EVERY", 2000, 1, 1_000_000),
    bodyTimeoutMs: int("BODY_TIMEOUT_MS", 30_000, 100, 3_600_000),
    uploadTimeoutMs: int("UPLOAD_TIMEOUT_MS", 600_000, 1000, 86_400_000),
    uploadMinBytesPerSecond: int("UPLOAD_MIN_BYTES_PER_SECOND", 1024, 0, 1_000_000_000),
    maxConnections: int("MAX_CONNECTIONS", 1000, 1, 1_000_000),
    maxHeapMb: int("MAX_HEAP_MB", 512, 64, 1_048_576),
    metricsPort: env.METRICS_PORT ? int("METRICS_PORT", 0, 0, 65535) : undefined,
    metricsHost: env.METRICS_HOST || "127.0.0.1",
    metricsOperations: operationNamesOf(env.METRICS_OPERATIONS, problems),
    ...tracingSettings(env, problems, bool("OTEL_SDK_DISABLED", false)),
    rateLimitWindowSeconds: int("RATE_LIMIT_WINDOW_SECONDS", 60, 1, 86_400),
    rateLimitSubjectPoints: int("RATE_LIMIT_SUBJECT_POINTS", 600_000, 0, 1_000_000_000_000),
    rateLimitOrganizationPoints: int("RATE_LIMIT_ORGANIZATION_POINTS", 3_000_000, 0, 1_000_000_000_000),
    rateLimitIpPoints: int("RATE_LIMIT_IP_POINTS", 6_000, 0, 1_000_000_000_000),
    rateLimitAdminsUnlimited: bool("RATE_LIMIT_ADMINS_UNLIMITED", !databaseUrl && !authSecret),
    rateLimitBurst: int("RATE_LIMIT_BURST", 4, 0, 86_400),
  };
  if (config.metricsPort && config.metricsPort === config.port) problems.push("METRICS_PORT must differ from PORT: metrics are never served on the public port");
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** METRICS_OPERATIONS: GraphQL operation names, comma-separated, at most 500 (each a series of its own). */
function operationNamesOf(raw: string | undefined, problems: string[]): string[] {
  const names = [...new Set((raw ?? "").split(",").map((name) => name.trim()).filter(Boolean))];
  const bad = names.filter((name) => !/^[_A-Za-z][_0-9A-Za-z]{0,99}$/.test(name));
  if (bad.length) problems.push(`METRICS_OPERATIONS: ${bad.slice(0, 3).join(", ")} ${bad.length > 1 ? "are not GraphQL operation names" : "is not a GraphQL operation name"}`);
  if (names.length > 500) problems.push("METRICS_OPERATIONS names at most 500 operations");
  return names;
}

/** The samplers OTEL_TRACES_SAMPLER may name (OpenTelemetry's own). */
export const TRACES_SAMPLERS = ["parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio", "always_on", "always_off", "traceidratio"] as const;

/**
 * Tracing from the standard OTEL_* variables: on once an OTLP endpoint is named (the traces one
 * as given, the general one with /v1/traces), off with OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none.
 */
function tracingSettings(env: Env, problems: string[], disabled: boolean): Pick<Config, "tracesEndpoint" | "serviceName" | "tracesSampler"> {
  const httpUrl = (name: string, raw: string | undefined): string | undefined => {
    if (!raw) return undefined;
    if (/^https?:\/\/[^/]/.test(raw) && URL.canParse(raw)) return raw.replace(/\/+$/, "");
    problems.push(`${name}=${raw} must be an http:// or https:// URL (a collector's OTLP/HTTP receiver, e.g. http://collector:4318)`);
    return undefined;
  };
  const exporter = (env.OTEL_TRACES_EXPORTER || "otlp").toLowerCase();
  if (exporter !== "otlp" && exporter !== "none") problems.push("OTEL_TRACES_EXPORTER must be otlp or none");
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol && protocol !== "http/json") problems.push(`OTEL_EXPORTER_OTLP_PROTOCOL=${protocol}: spans are sent as OTLP/HTTP JSON (http/json), which every OpenTelemetry Collector receives on 4318`);
  const traces = httpUrl("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
  const general = httpUrl("OTEL_EXPORTER_OTLP_ENDPOINT", env.OTEL_EXPORTER_OTLP_ENDPOINT);
  const name = (env.OTEL_TRACES_SAMPLER || "parentbased_always_on").toLowerCase() as Config["tracesSampler"]["name"];
  if (!TRACES_SAMPLERS.includes(name)) problems.push(`OTEL_TRACES_SAMPLER must be one of ${TRACES_SAMPLERS.join(", ")}`);
  const ratio = env.OTEL_TRACES_SAMPLER_ARG ? Number(env.OTEL_TRACES_SAMPLER_ARG) : 1;
  if (!(ratio >= 0 && ratio <= 1)) problems.push(`OTEL_TRACES_SAMPLER_ARG=${env.OTEL_TRACES_SAMPLER_ARG} must be a ratio from 0 to 1`);
  const on = !disabled && exporter === "otlp";
  return {
    tracesEndpoint: on ? (traces ?? (general ? `${general}/v1/traces` : undefined)) : undefined,
    serviceName: env.OTEL_SERVICE_NAME || "playout-gateway",
    tracesSampler: { name, ratio },
  };
}

/** PUBLIC_URL without its trailing slash; only http(s), with no query or fragment. */
function publicUrlOf(raw: string | undefined, problems: string[]): string | undefined {
  if (!raw) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || raw.includes("?") || raw.includes("#")) {
    problems.push(`PUBLIC_URL=${raw} must be an http:// or https:// URL without query or fragment (e.g. https://tv.example.com)`);
    return undefined;
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, "");
}

/** Signature algorithms a provider's published keys may use; none and HS* are never among them. */
export const PROVIDER_ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

type IdentitySettings = Pick<Config, "authJwksUrl" | "authIssuer" | "authAudience" | "authAlgorithms" | "authOrgsClaim" | "authRoleClaim" | "authRoleMap">;

/** AUTH_JWKS_URL and what goes with it: the identity provider whose keys sign tokens (docs/SECURITY.md). */
function identitySettings(env: Env, problems: string[]): IdentitySettings {
  const authJwksUrl = env.AUTH_JWKS_URL || undefined;
  if (authJwksUrl) {
    let url: URL | null = null;
    try {
      url = new URL(authJwksUrl);
    } catch {
      url = null;
    }
    if (!url || !(url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK_HOST.test(url.hostname)))) {
      problems.push(`AUTH_JWKS_URL=${authJwksUrl} must be an https:// URL (http:// only on loopback: 127.0.0.1, ::1, localhost)`);
    }
    if (!env.AUTH_ISSUER) problems.push("AUTH_ISSUER is required with AUTH_JWKS_URL: the issuer (iss) of the provider's tokens");
    if (!env.AUTH_AUDIENCE) problems.push("AUTH_AUDIENCE is required with AUTH_JWKS_URL: the audience (aud) the provider's tokens name for this service");
  }
  const authAlgorithms = (env.AUTH_ALGORITHMS || "RS256,ES256,EdDSA").split(",").map((a) => a.trim()).filter(Boolean);
  for (const alg of authAlgorithms) {
    if (!PROVIDER_ALGORITHMS.includes(alg)) problems.push(`AUTH_ALGORITHMS: ${alg} is not accepted (one or more of ${PROVIDER_ALGORITHMS.join(", ")}; never none or HS*)`);
  }
  if (authAlgorithms.length === 0) problems.push("AUTH_ALGORITHMS must name at least one algorithm");
  const claimPath = (name: string, fallback: string) => {
    const path = (env[name] || fallback).trim();
    if (path.length > 200 || path.split(".").some((part) => part === "")) problems.push(`${name}=${path} must be a claim name or a path of names joined by dots (e.g. realm_access.roles)`);
    return path;
  };
  return {
    authJwksUrl,
    authIssuer: env.AUTH_ISSUER || undefined,
    authAudience: env.AUTH_AUDIENCE || undefined,
    authAlgorithms,
    authOrgsClaim: claimPath("AUTH_ORGS_CLAIM", "orgs"),
    authRoleClaim: claimPath("AUTH_ROLE_CLAIM", "role"),
    authRoleMap: roleMapOf(env.AUTH_ROLE_MAP, problems),
  };
}

/** AUTH_ROLE_MAP=pg-admin:admin,pg-editor:editor: the provider's name, a colon, our role; the last colon splits. */
function roleMapOf(raw: string | undefined, problems: string[]): Record<string, Role> {
  const map: Record<string, Role> = {};
  if (!raw) return map;
  for (const entry of raw.split(",").map((e) => e.trim()).filter(Boolean)) {
    const at = entry.lastIndexOf(":");
    const from = entry.slice(0, at).trim();
    const to = entry.slice(at + 1).trim() as Role;
    if (at <= 0 || !ROLES.includes(to)) {
      problems.push(`AUTH_ROLE_MAP: "${entry}" must be providerName:role with role one of ${ROLES.join(", ")}`);
      continue;
    }
    map[from] = to;
  }
  return map;
}

/** A signing secret of at least 32 characters, or unset. */
function secretOf(name: string, raw: string | undefined, problems: string[]): string | undefined {
  if (!raw) return undefined;
  if (raw.length < 32) problems.push(`${name} must be at least 32 characters (e.g. openssl rand -hex 32)`);
  return raw;
}

/**
 * CORS_ORIGINS: comma-separated exact origins (`https://portal.example.com,http://localhost:5173`),
 * or `*` alone for any origin; unset or empty, no page of another origin may call the service.
 */
function corsOriginsOf(raw: string | undefined, problems: string[]): string[] | "*" {
  const items = (raw ?? "").split(",").map((item) => item.trim()).filter(Boolean);
  if (items.length === 1 && items[0] === "*") return "*";
  const origins: string[] = [];
  for (const item of items) {
    let origin: string | null = null;
    try {
      origin = new URL(item).origin;
    } catch {
      origin = null;
    }
    if (item === "*") problems.push("CORS_ORIGINS: `*` must stand alone (any origin), not in a list");
    else if (origin !== item || !/^https?:\/\//.test(item)) problems.push(`CORS_ORIGINS: ${item} is not an origin (scheme://host[:port], no path, no trailing slash; e.g. https://portal.example.com)`);
    else origins.push(origin);
  }
  return origins;
}
