// Behind a pooler in transaction mode (PgBouncer `pool_mode = transaction`) a server connection
// belongs to this process only for one transaction: startup parameters are refused and a session
// SET would stay behind on a connection the next client gets. So the time limits are set per
// transaction with SET LOCAL (set_config(..., true)), which ends with the transaction, and a
// statement outside a transaction runs in a short transaction of its own that sets them first.
// (Not on a reserved connection: a statement there runs outside any transaction, so it would have
// no limits; a request's reads held alone keep their transaction here, cancel.ts.)
import type postgres from "postgres";

export interface SessionLimits {
  statementTimeoutMs?: number;
  lockTimeoutMs?: number;
}

/** The statement that opens every pooled transaction: this process's limits, local to it. */
export function limitsPrelude(limits: SessionLimits): string {
  const settings: [string, string][] = [["jit", "off"]];
  settings.push(["statement_timeout", String(Math.trunc(limits.statementTimeoutMs ?? 0))]);
  settings.push(["lock_timeout", String(Math.trunc(limits.lockTimeoutMs ?? 0))]);
  return `select ${settings.map(([name, value]) => `set_config('${name}', '${value}', true)`).join(", ")}`;
}

/** Swallows a rejection that another promise of the same pipeline reports. */
function quiet(promise: Promise<unknown>): void {
  promise.catch(() => {});
}

/**
 * A statement outside a transaction, run as `begin; <limits>; statement; commit`: BEGIN, the limits
 * and the statement are pipelined (one write), COMMIT follows (a round trip more than the bare
 * statement). postgres.js's own `begin` holds the connection, so a connection that breaks (a
 * database restart) fails the statement like any other. It answers the statement's own pending
 * query shape (thenable, `.values()`, `.cancel()`).
 */
function limitedStatement(client: postgres.Sql, prelude: string, query: string, parameters: any[] | undefined, options: postgres.UnsafeQueryOptions | undefined): any {
  let asArrays = false;
  let running: Promise<unknown> | undefined;
  let statement: postgres.PendingQuery<any> | undefined;
  let cancelled = false;
  const run = () =>
    client.begin(async (tx) => {
      const opening = tx.unsafe(prelude);
      quiet(opening);
      const pending = tx.unsafe(query, parameters, options);
      statement = pending;
      if (cancelled) pending.cancel();
      const rows = asArrays ? pending.values() : pending;
      quiet(rows);
      await opening;
      return await rows;
    });
  const start = () => (running ??= run());
  const shape = {
    values() {
      asArrays = true;
      return shape;
    },
    cancel() {
      cancelled = true;
      statement?.cancel();
    },
    then(resolve?: (value: any) => unknown, reject?: (reason: unknown) => unknown) {
      return start().then(resolve, reject);
    },
    catch(reject: (reason: unknown) => unknown) {
      return start().catch(reject);
    },
    finally(fn: () => void) {
      return start().finally(fn);
    },
  };
  return shape;
}

/**
 * The client drizzle is given behind a transaction-mode pooler: transactions (`begin`) start with
 * the limits, statements outside one run in a limited transaction of their own.
 */
export function limitingEveryTransaction(client: postgres.Sql, limits: SessionLimits): postgres.Sql {
  const prelude = limitsPrelude(limits);
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "unsafe") {
        return (query: string, parameters?: any[], options?: postgres.UnsafeQueryOptions) => limitedStatement(target, prelude, query, parameters, options);
      }
      if (property === "begin") {
        return (...args: any[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.begin as any)(...args, async (tx: postgres.TransactionSql) => {
            await tx.unsafe(prelude);
            return fn(tx);
          });
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
