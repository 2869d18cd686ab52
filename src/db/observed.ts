// Statements and pools, seen from outside the drivers, for the service's metrics and traces
// (src/server/observability gives the observer). Without an observer openDatabase wraps nothing:
// not a single check is added to a statement's path.
//
// Neither postgres.js nor PGlite shows how busy its connections are, so a pool's use is counted
// here: everything that asks for a connection (a statement outside a transaction, a transaction,
// a reservation) is in use from the moment it asks until it ends; past the pool's size it counts
// as waiting, first come first served, and its wait ends when an earlier one ends. That is exactly
// PGlite's one connection; postgres.js may pipeline a statement onto a busy connection instead of
// queueing it, where it waits just the same.
import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import type postgres from "postgres";
import { isShortRead } from "./short-reads.js";
import { statementNameOf } from "./statement-names.js";

/** The pools of a process: the primary's, the connections kept for short reads, the replicas'. */
export type PoolName = "primary" | "short_reads" | "replicas";

export interface DatabaseObserver {
  /** A statement named `name` (statement-names.ts) is sent on `pool`; answers what to call once it settled. */
  statement(name: string, pool: PoolName): (failed: boolean) => void;
  /** Something that asked `pool` for a connection got one after `seconds` (0: at once). */
  waited(pool: PoolName, seconds: number): void;
}

/** One pool's use, counted as the header says; read when metrics are scraped. */
export class PoolUse {
  private active = 0;
  /** When each waiting request for a connection began, oldest first. */
  private readonly queue: number[] = [];

  constructor(
    readonly pool: PoolName,
    readonly size: number,
    private readonly observer: DatabaseObserver,
  ) {}

  get inUse(): number {
    return Math.min(this.active, this.size);
  }

  get waiting(): number {
    return Math.max(0, this.active - this.size);
  }

  enter(): void {
    this.active++;
    if (this.active <= this.size) this.observer.waited(this.pool, 0);
    else this.queue.push(performance.now());
  }

  leave(): void {
    this.active--;
    const since = this.queue.shift();
    if (since !== undefined) this.observer.waited(this.pool, (performance.now() - since) / 1000);
  }
}

type Settled = (failed: boolean) => void;

/** `pending` (a driver's lazy query: then, values, cancel…) reporting once it settled. */
function reporting<T extends object>(pending: T, settled: Settled): T {
  let reported = false;
  const report = (failed: boolean) => {
    if (reported) return;
    reported = true;
    settled(failed);
  };
  const wrapper: T = new Proxy(pending, {
    get(target, property) {
      if (property === "then") {
        return (ok?: (value: unknown) => unknown, fail?: (reason: unknown) => unknown) =>
          (target as unknown as PromiseLike<unknown>).then(
            (value) => (report(false), ok ? ok(value) : value),
            (reason) => {
              report(true);
              if (fail) return fail(reason);
              throw reason;
            },
          );
      }
      if (property === "values") {
        return () => {
          (target as { values(): unknown }).values();
          return wrapper;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return wrapper;
}

/** A statement of a transaction: timed, its connection already held. */
function timedTransaction(tx: postgres.TransactionSql, pool: PoolName, observer: DatabaseObserver): postgres.TransactionSql {
  return new Proxy(tx, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: any[], options?: postgres.UnsafeQueryOptions) => reporting(target.unsafe(query, parameters, options), observer.statement(statementNameOf(query), pool));
      }
      if (property === "savepoint") {
        return (...args: any[]) => {
          const fn = args.pop() as (sp: postgres.TransactionSql) => unknown;
          return (target.savepoint as any)(...args, (sp: postgres.TransactionSql) => fn(timedTransaction(sp, pool, observer)));
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

/**
 * The postgres.js client drizzle is given, observed: each statement outside a transaction and each
 * transaction takes a connection of `primary` (or of `shortReads`, for a short read when the pool
 * keeps connections for them: client.ts).
 */
export function observedPostgres(client: postgres.Sql, observer: DatabaseObserver, primary: PoolUse, shortReads?: PoolUse): postgres.Sql {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: any[], options?: postgres.UnsafeQueryOptions) => {
          const use = shortReads && isShortRead(query, parameters) ? shortReads : primary;
          const done = observer.statement(statementNameOf(query), use.pool);
          use.enter();
          return reporting(target.unsafe(query, parameters, options), (failed) => {
            use.leave();
            done(failed);
          });
        };
      }
      if (property === "begin") {
        return (...args: any[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          primary.enter();
          const running = (target.begin as any)(...args, (tx: postgres.TransactionSql) => fn(timedTransaction(tx, primary.pool, observer))) as Promise<unknown>;
          const leave = () => primary.leave();
          running.then(leave, leave);
          return running;
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}

type Queries = Pick<PGlite | PgliteTransaction, "query">;

function timedQueries<T extends Queries>(client: T, observer: DatabaseObserver, use: PoolUse | null): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === "query") {
        return (text: string, ...rest: unknown[]) => {
          const done = observer.statement(statementNameOf(text), "primary");
          use?.enter();
          const running = (value as (...args: unknown[]) => Promise<unknown>).call(target, text, ...rest);
          running.then(
            () => (use?.leave(), done(false)),
            () => (use?.leave(), done(true)),
          );
          return running;
        };
      }
      if (property === "transaction" && use) {
        return (fn: (tx: PgliteTransaction) => unknown) => {
          use.enter();
          const running = (value as (fn: (tx: PgliteTransaction) => unknown) => Promise<unknown>).call(target, (tx) => fn(timedQueries(tx, observer, null)));
          const leave = () => use.leave();
          running.then(leave, leave);
          return running;
        };
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The PGlite client drizzle is given, observed: its one connection is the `primary` pool of size 1. */
export function observedPglite(client: PGlite, observer: DatabaseObserver, use: PoolUse): PGlite {
  return timedQueries(client, observer, use);
}
