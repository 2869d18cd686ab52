// Reads of a request whose client has gone away are cancelled on the server (postgres.js sends a
// CancelRequest for a pending query), so that an abandoned report does not run to its statement
// timeout. Only reads outside transactions are tracked: a transaction runs to its end or rolls
// back on its own, and PGlite cannot be interrupted mid-statement.
import { AsyncLocalStorage } from "node:async_hooks";

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

const scope = new AsyncLocalStorage<RequestWork>();

export function withRequestWork<T>(work: RequestWork, fn: () => T): T {
  return scope.run(work, fn);
}

/** Registers a read with the request it runs for, if any. */
export function trackRead(query: CancellableQuery): void {
  scope.getStore()?.track(query);
}
