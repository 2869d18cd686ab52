// Every setting of the service, read from the environment once and validated, so that a bad value
// stops start-up with a message naming the variable instead of failing later in a request.

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";

export interface Config {
  port: number;
  host: string;
  /** postgres.js connection string; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** PGlite's directory, or `memory://` for a throw-away database. */
  dataDir: string;
  /** HS256 secret; undefined means "embedded default: generate one and keep it in DATA_DIR". */
  authSecret: string | undefined;
  logLevel: LogLevel;
  /** Largest accepted upload, bytes. */
  maxUploadBytes: number;
  /** Largest page size a paged field accepts. */
  maxPageSize: number;
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
  /** Answer introspection without a token (public schemas); by default it needs one like every call. */
  publicIntrospection: boolean;

  /** Longest query text accepted, bytes (comments and whitespace count); refused before parsing. */
  maxQueryBytes: number;
  /** Deepest nesting of lists and objects in variables and argument values. */
  maxInputDepth: number;
  /** Longest a query may run, parsing to answer, ms (then TIMEOUT and its work stops); mutations excepted. */
  requestTimeoutMs: number;
  /** Events the heavy fields of one request may touch together (diff, validation, history, ...). */
  maxHeavyEvents: number;
  /** Heavy operations on large schedules running at once in the process (one per caller). */
  maxHeavyConcurrency: number;
  /** Longest wait of a heavy operation for its turn before SERVICE_UNAVAILABLE, ms. */
  heavyWaitMs: number;
  /** Longest time for a request body (not an upload) to arrive, ms. */
  bodyTimeoutMs: number;
  /** Longest time for an upload to arrive, ms. */
  uploadTimeoutMs: number;
  /** Slowest accepted upload after its first 10 seconds, bytes per second. */
  uploadMinBytesPerSecond: number;
  /** Open client connections at most; past it new ones are closed at once. */
  maxConnections: number;
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
  if (authSecret === undefined && databaseUrl) {
    problems.push("AUTH_SECRET is required when DATABASE_URL is set (only the embedded default generates one)");
  }
  const logLevel = (env.LOG_LEVEL || "info").toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  const dataDir = env.DATA_DIR || "./data";
  const executor = (env.GRAPHQL_EXECUTOR || "jit").toLowerCase();
  if (executor !== "jit" && executor !== "graphql") problems.push("GRAPHQL_EXECUTOR must be jit or graphql");

  const config: Config = {
    port: int("PORT", 4000, 0, 65535),
    // The embedded default is a demo that hands out an admin token: it listens on loopback only.
    host: env.HOST || (databaseUrl ? "0.0.0.0" : "127.0.0.1"),
    databaseUrl,
    dataDir,
    authSecret,
    logLevel,
    maxUploadBytes: int("MAX_UPLOAD_BYTES", 50 * 1024 * 1024, 1024, 2 ** 31),
    maxPageSize: int("MAX_PAGE_SIZE", 1000, 1, 100_000),
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

    maxAliases: int("MAX_ALIASES", 30, 1, 10_000),
    maxDirectives: int("MAX_DIRECTIVES", 50, 1, 10_000),
    maxTokens: int("MAX_TOKENS", 5000, 100, 1_000_000),
    maxQueryCost: int("MAX_QUERY_COST", 100_000, 100, 100_000_000),
    maxStringLength: int("MAX_STRING_LENGTH", 2000, 16, 10_000_000),
    publicIntrospection: bool("PUBLIC_INTROSPECTION", false),

    maxQueryBytes: int("MAX_QUERY_BYTES", 100 * 1024, 1024, 100 * 1024 * 1024),
    maxInputDepth: int("MAX_INPUT_DEPTH", 32, 2, 1000),
    requestTimeoutMs: int("REQUEST_TIMEOUT_MS", 30_000, 100, 86_400_000),
    maxHeavyEvents: int("MAX_HEAVY_EVENTS", 400_000, 1, 1_000_000_000),
    maxHeavyConcurrency: int("MAX_HEAVY_CONCURRENCY", 2, 1, 1000),
    heavyWaitMs: int("HEAVY_WAIT_MS", 2000, 0, 600_000),
    bodyTimeoutMs: int("BODY_TIMEOUT_MS", 30_000, 100, 3_600_000),
    uploadTimeoutMs: int("UPLOAD_TIMEOUT_MS", 600_000, 1000, 86_400_000),
    uploadMinBytesPerSecond: int("UPLOAD_MIN_BYTES_PER_SECOND", 1024, 0, 1_000_000_000),
    maxConnections: int("MAX_CONNECTIONS", 1000, 1, 1_000_000),
  };
  if (problems.length) throw new ConfigError(problems);
  return config;
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
