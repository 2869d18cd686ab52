// Reads of a request whose client has gone away (or that ran out of time) are cancelled on the
// server (postgres.js sends a CancelRequest for a pending query), so that an abandoned report does
// not run to its statement timeout. Each such read holds its connection alone (readAlone), so that
// the cancel can never reach a statement of another request or of a job. Only reads outside transactions are tracked: a transaction runs to its end or rolls
// back on its own, and PGlite cannot be interrupted mid-statement.
import { requestScoped } from "../common/request-scoped.js";

/** What postgres.js hands back for a query: a promise that can be cancelled while it runs. */
export interface CancellableQuery {
  cancel(): unknown;
  then(onFulfilled: (value: unknown) => unknown, onRejected: (reason: unknown) => unknown): unknown;
}

/** The statements one request has under way. */
export class RequestWork {
  private readonly pending = new Set<CancellableQuery>();

  track(query: CancellableQuery): void {
    this.pending.add(query);
    const settled = () => this.pending.delete(query);
    query.then(settled, settled);
  }

  /**
   * The client went away: cancel the reads running now. What the request starts afterwards runs
   * (an import removing what it wrote must be able to read what to remove).
   */
  abandon(): number {
    const count = this.pending.size;
    for (const query of this.pending) query.cancel();
    this.pending.clear();
    return count;
  }
}

const scope = requestScoped<RequestWork>("work");

export function withRequestWork<T>(work: RequestWork, fn: () => T): T {
  return scope.run(work, fn);
}

/** Registers a read with the request it runs for, if any. */
export function trackRead(query: CancellableQuery): void {
  scope.get()?.track(query);
}

/** Whether the code running now serves a request whose reads can be cancelled. */
export function inRequestWork(): boolean {
  return scope.get() !== undefined;
}

/** The few postgres.js calls a read on a connection of its own needs. */
interface ReservingClient {
  begin<T>(work: (tx: ReservedClient) => Promise<T>): Promise<T>;
  reserve(): Promise<ReservedClient & { release(): void }>;
}
interface ReservedClient {
  unsafe(query: string, parameters?: any[], options?: object): PendingRead;
}
interface PendingRead extends PromiseLike<unknown> {
  values(): PendingRead;
  /** postgres.js's own canceller (Query#cancel drops its promise): resolves once PostgreSQL has taken the CancelRequest. */
  canceller?: ((query: PendingRead) => Promise<void>) | null;
}

/**
 * How a read holds its connection alone: `reserve` (postgres.js's reserved connection: the read
 * is the only statement sent, one round trip), or `transaction` (`begin … commit` around it: two
 * more) where a reservation cannot be used: behind a transaction-mode pooler (its limits are set
 * per transaction, pooled.ts) or with a postgres.js that lacks the mend of postgres-mend.ts.
 */
export type HoldBy = "reserve" | "transaction";

/** `work` on a reserved connection, handed back to the pool once it is over (a closed one is not: postgres-mend.ts). */
async function onReservedConnection<T>(client: ReservingClient, work: (reserved: ReservedClient) => Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  try {
    return await work(reserved);
  } finally {
    reserved.release();
  }
}

const CANCELED = "57014";

/** What drizzle gets for a read: awaited (starting it), after `.values()` for rows as arrays. */
interface LazyRead {
  values(): LazyRead;
  then(ok?: ((value: unknown) => unknown) | null, fail?: ((reason: unknown) => unknown) | null): Promise<unknown>;
}

/**
 * A read of a request, on a connection it holds alone until the read is over. postgres.js cancels
 * by connection (the backend's pid): cancelling a read on a shared connection could reach the
 * statement that connection ran next (a job's, another request's), since a CancelRequest arrives
 * whenever PostgreSQL takes it. So the read holds its connection alone, and once cancelled, hands it
 * back only after PostgreSQL has taken the CancelRequest and a statement of its own has run on it
 * (one a late cancel would hit instead, and which is then run again).
 */
export function readAlone(client: ReservingClient, holdBy: HoldBy, query: string, parameters: any[] | undefined, options: object): LazyRead {
  let rows = false;
  let started: Promise<unknown> | undefined;
  const work = scope.get();
  // The read is tracked from the start: one cancelled before its statement is sent never sends it.
  let cancelled = false;
  let answered = false;
  let cancel: (() => void) | undefined;
  let cancelTaken: Promise<void> | undefined;
  // The read is answered as soon as it is over (a read has nothing to commit: in a transaction it
  // does not wait for the COMMIT); the connection goes back to the pool only after any cancel has
  // settled. A failed read is answered once its connection is handed back.
  const run = () =>
    new Promise<unknown>((answer, fail) => {
      const readOn = async (reserved: ReservedClient) => {
        if (cancelled) throw Object.assign(new Error("canceling statement due to user request"), { code: CANCELED });
        try {
          const pending = reserved.unsafe(query, parameters, options);
          if (rows) pending.values();
          cancel = () => {
            const canceller = pending.canceller;
            pending.canceller = null;
            cancelTaken = canceller ? Promise.resolve(canceller(pending)).catch(() => {}) : Promise.resolve();
          };
          if (cancelled) cancel();
          const result = await pending;
          if (!cancelTaken) {
            answered = true;
            answer(result);
          }
          return result;
        } finally {
          if (cancelTaken) await settleCancel(reserved, cancelTaken);
        }
      };
      // postgres.js's `begin` also survives a connection that breaks under it (the read fails like
      // any other); a reservation does with the mend (postgres-mend.ts).
      // Once answered, a COMMIT that fails (the connection broke) changes nothing for the read.
      (holdBy === "reserve" ? onReservedConnection(client, readOn) : client.begin(readOn)).then(answer, fail);
    });
  const start = () => {
    if (started) return started;
    started = run();
    work?.track({
      cancel: () => {
        // Once answered, the read is over: a CancelRequest now could reach its COMMIT or, once the
        // connection is back in the pool, another statement.
        if (answered) return;
        cancelled = true;
        cancel?.();
      },
      then: (ok, fail) => started!.then(ok, fail),
    });
    return started;
  };
  const read = {
    values() {
      rows = true;
      return read;
    },
    then(ok?: ((value: unknown) => unknown) | null, fail?: ((reason: unknown) => unknown) | null) {
      return start().then(ok, fail);
    },
  };
  return read;
}

/** After a cancel: wait until PostgreSQL took it, then run statements until one is not the one it cancels. */
async function settleCancel(reserved: ReservedClient, cancelTaken: Promise<void>): Promise<void> {
  await cancelTaken;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await reserved.unsafe("select 1");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== CANCELED) return;
    }
  }
}
