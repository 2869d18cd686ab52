// Where the rate limits keep their counters: rate-limiter-flexible's stores. In PostgreSQL when
// DATABASE_URL is set, so that every server behind the balancer spends from the same counters
// (RateLimiterDrizzle: one `insert … on conflict do update … returning` per lease a server takes,
// rate-limit-leases.ts, on the UNLOGGED table of src/db/rate-limit-counters.ts); in memory on the
// embedded database, which one process serves. docs/DECISIONS.md says why this store and not another.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { RateLimiterDrizzle, RateLimiterMemory, type RateLimiterRes } from "rate-limiter-flexible";
import type { Logger } from "../../common/log.js";
import type { Config } from "../../config.js";
import type { Database } from "../../db/client.js";
import { rateLimitCounters } from "../../db/rate-limit-counters.js";
import { leasedCounter } from "./rate-limit-leases.js";

/**
 * The longest a counter's statement may run on a connection of its own (session mode). No timer
 * of our own around a check: under a burst the checks queue on the client, and a check decided in
 * memory because its turn came late lets each server admit a whole budget (measured: three
 * servers, 600 checks at once, 357 admitted for a budget of 119 with a 5 s timer, 119 without).
 * A database that is down fails at once, a connection that cannot be made within
 * DB_CONNECT_TIMEOUT_MS fails then: both are decided in memory.
 */
export const STORE_STATEMENT_TIMEOUT_MS = 5000;
/** Connections of the counters' own client: their statements never wait behind a request's reads in the pool. */
const STORE_CONNECTIONS = 2;

/** One budget's counters: spends `points` from `key`, answering what is left or refusing (rejects with a RateLimiterRes). */
export interface Counter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
  /** How long `key` is still known to be over its budget in this process (no statement needed), ms; 0: not known. */
  blockedFor(key: string): number;
  /** Points `key` may spend now in memory, at once (leased counters; 0: ask consume). */
  leased(key: string): number;
  /** Spends what leased(key) said it may, in the same turn. */
  spendLeased(key: string, points: number): void;
}

export interface CounterStore {
  kind: "postgres" | "memory";
  counter(prefix: string, points: number, windowSeconds: number): Counter;
  close(): Promise<void>;
}

/** Counters in this process only: the embedded database's, and a store's insurance. */
export function memoryCounters(): CounterStore {
  return {
    kind: "memory",
    counter(prefix, points, windowSeconds) {
      const limiter = new RateLimiterMemory({ keyPrefix: prefix, points, duration: windowSeconds });
      return {
        consume: (key, spent) => limiter.consume(key, spent),
        blockedFor: () => 0,
        leased: () => 0,
        spendLeased: () => {
          throw new Error("a memory counter holds no lease");
        },
      };
    },
    close: async () => {},
  };
}

/** The memory counter that decides when the database did not: noted, so that the log says when the servers count alone. */
class InsuranceCounter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly note: () => void,
  ) {
    super(options);
  }
  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.note();
    return super.consume(key, points, options);
  }
}

/**
 * Counters in a database every server shares (`db`: a drizzle database of the schema's table).
 * Each counter spends through leases (rate-limit-leases.ts): a statement per lease, not per
 * request; a key over its budget is then refused from memory until its window ends, so a caller
 * that floods costs the database one statement per server and window; a statement that fails is
 * decided by a counter in memory (`insuranceLimiter`), so an unreachable database never refuses
 * every request.
 */
export function databaseCounters(
  db: Pick<Database, "insert" | "select" | "delete">,
  { onClose = async () => {}, noteInsurance = () => {} }: { onClose?: () => Promise<void>; noteInsurance?: () => void } = {},
): CounterStore {
  const limiters: RateLimiterDrizzle[] = [];
  return {
    kind: "postgres",
    counter(prefix, points, windowSeconds) {
      const insuranceLimiter = new InsuranceCounter({ keyPrefix: prefix, points, duration: windowSeconds }, noteInsurance);
      const limiter = new RateLimiterDrizzle({ storeClient: db, schema: rateLimitCounters, keyPrefix: prefix, points, duration: windowSeconds, insuranceLimiter });
      limiters.push(limiter);
      return leasedCounter(limiter, points);
    },
    close: async () => {
      // The store deletes stale rows on a timer of its own (every 5 minutes); a closed client must not meet it.
      for (const limiter of limiters) clearTimeout((limiter as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })._clearExpiredTimeoutId);
      await onClose();
    },
  };
}

/**
 * The counters of DATABASE_URL, on a small client of their own: its statements are not counted
 * with the request's, and never queue behind a long read holding the pool. Behind a
 * transaction-mode pooler each is one autocommitted statement, which any server connection runs.
 */
export function postgresCounters(config: Pick<Config, "databaseUrl" | "dbPoolMode" | "dbPreparedStatements" | "dbConnectTimeoutMs">, noteInsurance?: () => void): CounterStore {
  const pooled = config.dbPoolMode === "transaction";
  const client = postgres(config.databaseUrl!, {
    max: STORE_CONNECTIONS,
    prepare: config.dbPreparedStatements,
    connect_timeout: Math.min(config.dbConnectTimeoutMs / 1000, 5),
    idle_timeout: 60,
    onnotice: () => {},
    connection: pooled ? { application_name: "playout-gateway rate limits" } : { application_name: "playout-gateway rate limits", statement_timeout: STORE_STATEMENT_TIMEOUT_MS },
  });
  return databaseCounters(drizzle(client) as unknown as Database, { onClose: () => client.end({ timeout: 1 }), noteInsurance });
}

/** The store of a deployment: PostgreSQL with DATABASE_URL, else memory. */
export function counterStoreOf(config: Pick<Config, "databaseUrl" | "dbPoolMode" | "dbPreparedStatements" | "dbConnectTimeoutMs">, log: Logger): CounterStore {
  if (!config.databaseUrl) return memoryCounters();
  // At most one line a minute: how many checks this server decided alone since the last one.
  let alone = 0;
  let lastLine = 0;
  return postgresCounters(config, () => {
    alone++;
    if (Date.now() - lastLine < 60_000) return;
    log.warn("rate limits decided in this server's memory: the database failed the check", { checks: alone });
    lastLine = Date.now();
    alone = 0;
  });
}
