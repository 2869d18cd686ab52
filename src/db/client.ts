// One schema, two drivers: postgres.js against a server when DATABASE_URL is set, embedded PGlite
// otherwise. Everything above this file sees the same `Database` type.
import { mkdirSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { type Logger, type SQL } from "drizzle-orm";
import { type PgDatabase, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { lockDataDir } from "./data-dir-lock.js";
import { recordTimeLimits } from "./driver-errors.js";
import type * as schema from "./schema.js";
import { inRequestWork, readAlone, type HoldBy } from "./cancel.js";
import { queuesMended, reservationsMended } from "./postgres-mend.js";
import { isShortRead } from "./short-reads.js";
import { isReadStatement, looksLikeRead } from "./read-statements.js";
import { limitingEveryTransaction } from "./pooled.js";
import { namingBound, type NamingBound } from "./named-statements.js";
import { openPglite } from "./pglite-template.js";
import { observedPglite, observedPostgres, PoolUse, type DatabaseObserver } from "./observed.js";
import { namingStatements } from "./statement-names.js";

export type Schema = typeof schema;
// Without drizzle's relational query API (`db.query`): nothing uses it, and a drizzle given the
// schema builds a query builder per table for every transaction it opens (30 of them for a
// one-event update).
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<PgQueryResultHKT, Record<string, never>, any>;
/** Anything a query can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Counts the SQL statements drizzle sends (every query, raw ones included), when enabled. Tests
 * use it to prove that a request's statement count does not grow with its result. A transaction's
 * COMMIT is not one of them (commit-behind.ts sends it through drizzle; BEGIN never is).
 */
export const statementCounter = {
  enabled: false,
  count: 0,
  /** The texts counted, the first 100 (for tests that check what a statement reads). */
  texts: [] as string[],
  logQuery(text: string): void {
    if (!statementCounter.enabled || text === "commit") return;
    statementCounter.count++;
    if (statementCounter.texts.length < 100) statementCounter.texts.push(text);
  },
};

/** The statement counter, and the caller's own logger when given. */
function queryLogger(own: Logger | undefined): Logger {
  return {
    logQuery(query, params) {
      statementCounter.logQuery(query);
      own?.logQuery(query, params);
    },
  };
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /**
   * Readiness: resolves when the database answers `select 1` within timeoutMs, rejects otherwise.
   * On PostgreSQL it has a connection of its own, so a busy pool never delays it.
   */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** The pools' use as counted for the observer (observed.ts); empty without one. */
  pools: PoolUse[];
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** Sees every statement drizzle sends (tests count statements with it). */
  logger?: Logger;
  /** PostgreSQL statement_timeout of every connection, ms (0: none). */
  statementTimeoutMs?: number;
  /** PostgreSQL lock_timeout of every connection, ms (0: none). */
  lockTimeoutMs?: number;
  /** How long to wait for a new connection, ms. */
  connectTimeoutMs?: number;
  /** Named in TIMEOUT messages of jobs (jobs set it themselves with SET LOCAL). */
  jobStatementTimeoutMs?: number;
  /**
   * "transaction": the database URL names a pooler in transaction mode (PgBouncer): no startup
   * parameters, the time limits set in every transaction (pooled.ts). "session" (default): a
   * connection is ours for its life, the limits are startup parameters.
   */
  poolMode?: "session" | "transaction";
  /** Named prepared statements for reads (default: on in session mode, off in transaction mode). */
  preparedStatements?: boolean;
  /** How many distinct texts may be named on each connection (named-statements.ts; default NAMED_STATEMENTS). */
  namedStatements?: { entries: number; bytes: number };
  /** Told what the database layer does less well than it could (the service logs it at startup). */
  warn?: (message: string) => void;
  /** Where a new embedded database (in memory, or a data directory holding none yet) finds (or leaves) its migrated template (PGLITE_TEMPLATE_DIR; pglite-template.ts). */
  templateDir?: string;
  /** Sees every statement and every wait for a connection (metrics, traces); unset: nothing is wrapped. */
  observer?: DatabaseObserver;
}

const DEFAULT_PING_MS = 800;

/** Rejects when `promise` has not settled within ms. */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} did not answer within ${ms} ms`), { code: "CONNECT_TIMEOUT" })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Connections set aside for short reads, out of the pool's (openDatabase). */
const SHORT_READ_CONNECTIONS = 2;
/** A pool smaller than this keeps every connection for every statement. */
const SHORT_POOL_FROM = 4;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  // A handle opened without limits (a CLI command, a test's second connection) leaves the service's.
  if (options.statementTimeoutMs !== undefined || options.lockTimeoutMs !== undefined) {
    recordTimeLimits({ statementTimeoutMs: options.statementTimeoutMs, lockTimeoutMs: options.lockTimeoutMs, jobStatementTimeoutMs: options.jobStatementTimeoutMs });
  }
  if (options.databaseUrl) {
    const connectTimeoutSeconds = (options.connectTimeoutMs ?? 5000) / 1000;
    const pooled = options.poolMode === "transaction";
    const prepare = options.preparedStatements ?? !pooled;
    const limits = { statementTimeoutMs: options.statementTimeoutMs, lockTimeoutMs: options.lockTimeoutMs };
    const settings = {
      connect_timeout: connectTimeoutSeconds,
      onnotice: () => {},
      // Named prepared statements live on one server connection: a pooler hands the next
      // transaction another one, where the name is unknown ("prepared statement does not exist").
      prepare,
      // int8 and numeric as JS numbers, as PGlite answers them: every int64 of this domain (ms,
      // bytes, ids) is below 2^53.
      types: {
        int8: { to: 20, from: [20, 1700], parse: (v: string) => Number(v), serialize: (v: unknown) => String(v) },
      },
      // JIT compilation costs 20–150 ms per statement the planner thinks expensive (correlated
      // index lookups over 100,000 events, say) and saves nothing on this OLTP workload.
      // Time limits of every statement (0 = none): a long statement or a wait on a lock ends in
      // TIMEOUT instead of holding a pool connection (src/db/driver-errors.ts). Job transactions raise
      // statement_timeout for themselves with SET LOCAL (src/jobs/lease.ts). Behind a pooler in
      // transaction mode these are refused as startup parameters: pooled.ts sets them per
      // transaction instead (application_name is one a pooler passes on).
      connection: pooled
        ? { application_name: "playout-gateway" }
        : {
            application_name: "playout-gateway",
            jit: "off",
            ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
            ...(options.lockTimeoutMs ? { lock_timeout: options.lockTimeoutMs } : {}),
          },
    } satisfies postgres.Options<Record<string, postgres.PostgresType>>;
    // Short reads (short-reads.ts: the job poll and the jobs panel, the service's most frequent
    // requests) get connections of their own, out of the pool's: they never wait behind a long
    // statement holding every other connection, and under load several share one write and one
    // wake-up of the backend. postgres.js sends a query on an idle connection while it has one and
    // pipelines on a busy one only after: on the whole pool each read woke a backend of its own
    // (docs/DECISIONS.md 85).
    const max = options.maxConnections ?? 10;
    const shortConnections = max >= SHORT_POOL_FROM ? SHORT_READ_CONNECTIONS : 0;
    const client = postgres(options.databaseUrl, { ...settings, max: max - shortConnections });
    const shortClient = shortConnections > 0 ? postgres(options.databaseUrl, { ...settings, max: shortConnections }) : null;
    // The reserve of the health probe: one connection of its own with short limits, so /readyz
    // answers while the pool is busy or the server restarts.
    const probe = postgres(options.databaseUrl, {
      max: 1,
      connect_timeout: Math.min(connectTimeoutSeconds, 1),
      idle_timeout: 60,
      prepare,
      onnotice: () => {},
      connection: pooled ? { application_name: "playout-gateway probe" } : { application_name: "playout-gateway probe", statement_timeout: 1000 },
    });
    // A read of a request holds its connection alone (cancel.ts): reserved where it may be, else in a transaction.
    const holdBy: HoldBy = !pooled && reservationsMended() ? "reserve" : "transaction";
    if (!pooled && holdBy === "transaction") options.warn?.("postgres.js lacks its mends (patches/postgres+3.4.9.patch not applied: run `npx patch-package`): each read of a request takes a transaction");
    if (!queuesMended()) options.warn?.("postgres.js lacks its queue mend (patches/postgres+3.4.9.patch not applied: run `npx patch-package`): under sustained load each query costs more the longer the load lasts");
    const limited = (sql: postgres.Sql) => (pooled ? limitingEveryTransaction(sql, limits) : sql);
    const mayName = namingBound(options.namedStatements);
    let driverClient = preparingReads(limited(client), prepare, holdBy, shortClient && limited(shortClient), mayName);
    const { observer } = options;
    const pools = observer ? [new PoolUse("primary", max - shortConnections, observer), ...(shortConnections ? [new PoolUse("short_reads", shortConnections, observer)] : [])] : [];
    if (observer) driverClient = observedPostgres(driverClient, observer, pools[0], pools[1]);
    const drizzled = drizzlePostgres(driverClient, { logger: queryLogger(options.logger) }) as unknown as Database;
    const db = observer ? namingStatements(drizzled) : drizzled;
    return {
      db,
      driver: "postgres",
      pools,
      ping: async (timeoutMs = DEFAULT_PING_MS) => {
        await within(probe`select 1`.execute(), timeoutMs, "the database");
      },
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), shortClient?.end({ timeout: 5 }), probe.end({ timeout: 1 })]);
      },
    };
  }
  const inMemory = options.dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const release = inMemory ? () => {} : lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    client = await openPglite(inMemory ? undefined : `${options.dataDir.replace(/\/$/, "")}/pglite`, options.templateDir);
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const pool = options.observer ? new PoolUse("primary", 1, options.observer) : undefined;
  const drizzled = drizzlePglite(pool ? observedPglite(client, options.observer!, pool) : client, { logger: queryLogger(options.logger) }) as unknown as Database;
  const db = pool ? namingStatements(drizzled) : drizzled;
  return {
    db,
    driver: "pglite",
    pools: pool ? [pool] : [],
    // PGlite has one connection and runs each statement to its end on the main thread: the probe
    // waits its turn (a statement that runs long delays it; see docs/SECURITY.md "How timeouts
    // and faults are handled").
    ping: async (timeoutMs = DEFAULT_PING_MS) => {
      await within(client.query("select 1"), timeoutMs, "the embedded database");
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}


/**
 * The client drizzle is given: reads outside transactions run as prepared statements on each
 * connection (drizzle's postgres-js driver prepares only queries built with `.prepare(name)`).
 * Unprepared, a statement with parameters costs a describe round trip and a fresh parse and
 * plan every time; prepared, one round trip. postgres.js keys them by text and parameter types
 * and re-prepares when the server drops one. Statements in a transaction (`begin`, savepoints)
 * are prepared too (preparingTransaction). Each read is tracked with its request (cancel.ts), so that a client that
 * goes away cancels it. Short reads (short-reads.ts) run on `shortClient`'s connections when there is one.
 */
function preparingReads(client: postgres.Sql, prepare: boolean, holdBy: HoldBy, shortClient: postgres.Sql | null, mayName: NamingBound): postgres.Sql {
  const unsafe = client.unsafe.bind(client);
  const shortUnsafe = shortClient ? shortClient.unsafe.bind(shortClient) : unsafe;
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "begin" && prepare) {
        return (...args: any[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.begin as any)(...args, (tx: postgres.TransactionSql) => fn(preparingTransaction(tx, mayName)));
        };
      }
      if (property === "unsafe") {
        return (query: string, parameters?: any[], queryOptions?: postgres.UnsafeQueryOptions) => {
          if (!looksLikeRead(query)) return unsafe(query, parameters, queryOptions?.prepare ? { ...queryOptions, prepare: mayName(query) } : queryOptions);
          const named = prepare && mayName(query);
          // Reads (not a `with` that writes: read-statements.ts) can be cancelled for a client that
          // left; those of a request run on a connection of their own, so that a cancel reaches
          // them alone (cancel.ts readAlone), except a short read (short-reads.ts: one row by its
          // key; a near page in an index's order), shared on the short reads' connections.
          // drizzle's `.values()` right after this call sets the row mode.
          if (isShortRead(query, parameters)) return shortUnsafe(query, parameters, { ...queryOptions, prepare: named });
          if (inRequestWork() && isReadStatement(query)) return readAlone(target as unknown as Parameters<typeof readAlone>[0], holdBy, query, parameters, { ...queryOptions, prepare: named });
          return unsafe(query, parameters, { ...queryOptions, prepare: named });
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * Parameters above which a statement in a transaction stays unnamed: a multi-row insert's text
 * grows with its rows, and each length prepared would stay in the backend for the connection's life.
 */
const MOST_PREPARED_PARAMETERS = 64;

/**
 * A transaction's client whose statements with parameters (the writes too: every statement of a
 * mutation) are named prepared statements of the connection: one round trip each instead of two
 * (describe, then execute), and neither parsed nor planned from scratch when sent again. Only
 * where named statements are on (never behind a transaction-mode pooler: client.ts `prepare`).
 */
function preparingTransaction(tx: postgres.TransactionSql, mayName: NamingBound): postgres.TransactionSql {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: any[], options?: postgres.UnsafeQueryOptions) => {
          const count = parameters?.length ?? 0;
          const named = count > 0 && count <= MOST_PREPARED_PARAMETERS && mayName(query);
          return target.unsafe(query, parameters, named ? { ...options, prepare: true } : options);
        };
      }
      if (property === "savepoint") {
        return (...args: any[]) => {
          const fn = args.pop() as (sp: postgres.TransactionSql) => unknown;
          return (target.savepoint as any)(...args, (sp: postgres.TransactionSql) => fn(preparingTransaction(sp, mayName)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * `query` sent to the driver now. A drizzle query is lazy: `await` sends it a microtask later,
 * after whatever else that turn sends. Sent at once, statements go to the connection in the order
 * they were made, and those made in one turn of a transaction leave in one write (postgres.js
 * pipelines them: one round trip for all). A later statement sent before an earlier one's answer
 * runs after it in the same transaction; if the earlier one fails, the later ones fail with it.
 */
export function sent<T>(query: PromiseLike<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => query.then(resolve, reject));
}

/** Rows of a raw `execute`, whichever driver ran it (postgres.js answers an array, PGlite `{ rows }`); sent when called. */
export async function queryRows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  const result: any = await sent(executor.execute(query));
  return (Array.isArray(result) ? result : result.rows) as T[];
}

/** Affected row count of a raw `execute`, whichever driver ran it; sent when called. */
export async function execute(executor: Executor, query: SQL): Promise<number> {
  const result: any = await sent(executor.execute(query));
  return Number(result.count ?? result.affectedRows ?? result.rowCount ?? 0);
}
