// One schema, two drivers: postgres.js against a server when DATABASE_URL is set, embedded PGlite
// otherwise. Everything above this file sees the same `Database` type.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { type Logger, type SQL } from "drizzle-orm";
import { type PgDatabase, type PgQueryResultHKT, type PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, any>;
/** Anything a query can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Counts the SQL statements drizzle sends (every query, raw ones included), when enabled. Tests
 * use it to prove that a request's statement count does not grow with its result.
 */
export const statementCounter = {
  enabled: false,
  count: 0,
  logQuery(): void {
    if (statementCounter.enabled) statementCounter.count++;
  },
};

/** The statement counter, and the caller's own logger when given. */
function queryLogger(own: Logger | undefined): Logger {
  return {
    logQuery(query, params) {
      statementCounter.logQuery();
      own?.logQuery(query, params);
    },
  };
}

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Pool size for postgres.js. */
  maxConnections?: number;
  /** Sees every statement drizzle sends (tests count statements with it). */
  logger?: Logger;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const client = postgres(options.databaseUrl, {
      max: options.maxConnections ?? 10,
      onnotice: () => {},
      // int8 and numeric as JS numbers, as PGlite answers them: every int64 of this domain (ms,
      // bytes, ids) is below 2^53.
      types: {
        int8: { to: 20, from: [20, 1700], parse: (v: string) => Number(v), serialize: (v: unknown) => String(v) },
      },
      // JIT compilation costs 20–150 ms per statement the planner thinks expensive (correlated
      // index lookups over 100,000 events, say) and saves nothing on this OLTP workload.
      connection: { application_name: "playout-gateway", jit: "off" },
    });
    const db = drizzlePostgres(client, { schema, logger: queryLogger(options.logger) }) as unknown as Database;
    return { db, driver: "postgres", close: () => client.end({ timeout: 5 }) };
  }
  const inMemory = options.dataDir.startsWith("memory://");
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite(inMemory ? undefined : `${options.dataDir.replace(/\/$/, "")}/pglite`);
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger: queryLogger(options.logger) }) as unknown as Database;
  return { db, driver: "pglite", close: () => client.close() };
}

/** Rows of a raw `execute`, whichever driver ran it (postgres.js answers an array, PGlite `{ rows }`). */
export async function queryRows<T = Record<string, unknown>>(executor: Executor, query: SQL): Promise<T[]> {
  const result: any = await executor.execute(query);
  return (Array.isArray(result) ? result : result.rows) as T[];
}

/** Affected row count of a raw `execute`, whichever driver ran it. */
export async function execute(executor: Executor, query: SQL): Promise<number> {
  const result: any = await executor.execute(query);
  return Number(result.count ?? result.affectedRows ?? result.rowCount ?? 0);
}
