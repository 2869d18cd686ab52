// Read replicas (DATABASE_READ_URL): streaming standbys of the primary that take reads of query
// operations. Each is checked every second for its replay lag; one that is down or further behind
// than MAX_REPLICA_LAG_MS is skipped and its reads go to the primary. What goes where is decided
// per request (readScope): only inside a read scope, and only for plain reads; transactions,
// inserts, updates and deletes always go to the primary.
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Database } from "./client.js";
import * as schema from "./schema.js";
import { requestScoped } from "../common/request-scoped.js";
import { observedPostgres, PoolUse, type DatabaseObserver } from "./observed.js";
import { namingStatements } from "./statement-names.js";

export interface ReplicaStatus {
  /** host:port/database of the replica (never its credentials). */
  name: string;
  status: "ok" | "lagging" | "down";
  /** Replay lag at the last check, ms (null when down). */
  lagMs: number | null;
}

interface Replica {
  name: string;
  client: postgres.Sql;
  db: Database;
  status: ReplicaStatus["status"];
  lagMs: number | null;
}

/**
 * How far behind the primary the replica is, ms: 0 when it has replayed everything it received
 * while streaming; else the age of the last transaction it replayed (which grows while it waits).
 */
const LAG_QUERY = `select
  pg_is_in_recovery() as standby,
  case
    when pg_last_wal_receive_lsn() is not null and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn()
      and exists (select 1 from pg_stat_wal_receiver where status = 'streaming') then 0
    else coalesce(extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000, 0)
  end::float8 as lag_ms`;

const readScope = requestScoped<boolean>("replicaReads");

/** Runs fn with its reads allowed on a replica (a query operation that did not ask for the primary). */
export function withReplicaReads<T>(fn: () => T): T {
  return readScope.run(true, fn);
}

/** The key of a routing database's answer to "where does a read go now?" (readTarget). */
const READS_GO_TO = Symbol("reads go to");

/** The database a read sent now through `db` runs on: a replica or the primary for a routing one (ReplicaSet.routing), else `db` itself. */
export function readTarget<D extends object>(db: D): D {
  const route = (db as Record<symbol, unknown>)[READS_GO_TO] as (() => D) | undefined;
  return route ? route() : db;
}

/** The methods of a drizzle database that only read (a `with` or `execute` of a query operation reads). */
const READ_METHODS = new Set(["select", "selectDistinct", "selectDistinctOn", "execute", "query", "with", "$with", "$count"]);

function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}

export class ReplicaSet {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  /** The replicas' connections as one pool, counted for the observer (observed.ts); none without one. */
  readonly pools: PoolUse[];

  constructor(
    urls: string[],
    private readonly maxLagMs: number,
    options: { statementTimeoutMs?: number; poolSize?: number; preparedStatements?: boolean; observer?: DatabaseObserver } = {},
  ) {
    const { observer } = options;
    const use = observer ? new PoolUse("replicas", urls.length * (options.poolSize ?? 5), observer) : undefined;
    this.pools = use ? [use] : [];
    this.replicas = urls.map((url) => {
      const client = postgres(url, {
        max: options.poolSize ?? 5,
        connect_timeout: 1,
        prepare: options.preparedStatements ?? true,
        onnotice: () => {},
        types: { int8: { to: 20, from: [20, 1700], parse: (v: string) => Number(v), serialize: (v: unknown) => String(v) } },
        connection: { application_name: "playout-gateway replica reads", ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}) },
      });
      const db = drizzlePostgres(use ? observedPostgres(client, observer!, use) : client, { schema }) as unknown as Database;
      return { name: nameOf(url), client, db: use ? namingStatements(db) : db, status: "down" as const, lagMs: null };
    });
  }

  /** Checks every replica now, then every intervalMs. */
  async start(intervalMs = 1000): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check(), intervalMs);
    this.timer.unref();
  }

  async check(): Promise<void> {
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const [row] = await Promise.race([
            replica.client.unsafe(LAG_QUERY),
            new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error("replica check timed out")), 1000).unref()),
          ]);
          const lag = Math.round(Number(row.lag_ms));
          replica.lagMs = lag;
          replica.status = row.standby && lag <= this.maxLagMs ? "ok" : "lagging";
        } catch {
          replica.status = "down";
          replica.lagMs = null;
        }
      }),
    );
  }

  statuses(): ReplicaStatus[] {
    return this.replicas.map(({ name, status, lagMs }) => ({ name, status, lagMs }));
  }

  /** A replica fit to read from (round robin), or null. */
  pick(): Database | null {
    const fit = this.replicas.filter((replica) => replica.status === "ok");
    if (fit.length === 0) return null;
    this.next = (this.next + 1) % fit.length;
    return fit[this.next].db;
  }

  /**
   * A database that reads from a replica inside a read scope when one is fit, and from the
   * primary otherwise; everything else (transactions, writes) goes to the primary.
   */
  routing(primary: Database): Database {
    return new Proxy(primary, {
      get: (target, property, receiver) => {
        // Which database a read of the code running now goes to: statements built once and kept
        // (planned-select.ts) are kept per database, so that one built for a replica is never
        // run for a read that must go to the primary.
        if (property === READS_GO_TO) return () => (readScope.get() ? (this.pick() ?? target) : target);
        if (typeof property === "string" && READ_METHODS.has(property) && readScope.get()) {
          const replica = this.pick();
          if (replica) {
            const value = Reflect.get(replica, property, replica);
            return typeof value === "function" ? value.bind(replica) : value;
          }
        }
        return Reflect.get(target, property, receiver);
      },
    });
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all(this.replicas.map((replica) => replica.client.end({ timeout: 1 })));
  }
}
