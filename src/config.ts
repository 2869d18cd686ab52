// Every setting of the service, read from the environment once and validated, so that a bad value
// stops start-up with a message naming the variable instead of failing later in a request.

import { ROLES, type Role } from "./common/auth.js";
import { OPEN_CHANGE_SETS_CEILING, TRACES_SAMPLERS, type Config, type LogLevel } from "./config-types.js";

export { TRACES_SAMPLERS, type Config, type LogLevel };

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
    maxOpenChangeSets: int("MAX_OPEN_CHANGE_SETS", 20, 1, OPEN_CHANGE_SETS_CEILING),
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
