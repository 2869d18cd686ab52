// The budget of one GraphQL request: a deadline for the whole execution (REQUEST_TIMEOUT_MS) and
// the events its heavy fields may touch together (MAX_HEAVY_EVENTS). The server opens one per
// request (src/server/limits/deadline.ts); resolvers check it before they run, and long loops of the
// services call `checkpoint()`, which yields to the event loop (so /healthz and other requests are
// answered meanwhile) and stops the work once the request is past its deadline. Outside a request
// (jobs, the CLI) there is no budget and every check passes.
import { channel } from "node:diagnostics_channel";
import { AppError } from "./errors.js";
import { requestScoped } from "./request-scoped.js";

export class RequestBudget {
  readonly deadline: number;
  private stopped = false;
  /** Events charged by heavy fields so far (chargeHeavyEvents). */
  eventsCharged = 0;
  /** Whether the operation writes: a mutation is never cut short (its transaction decides). */
  writes = false;
  /** Whether the answer is being written (compressed, say): the deadline no longer replaces it. */
  answering = false;

  constructor(
    readonly timeoutMs: number,
    readonly maxHeavyEvents: number,
    now = Date.now(),
    /** Items a loop of this request handles between two yields to the event loop (HEAVY_YIELD_EVERY). */
    readonly yieldEvery = CHECKPOINT_EVERY,
  ) {
    this.deadline = timeoutMs > 0 ? now + timeoutMs : Infinity;
  }

  /** The request has been answered TIMEOUT (or its client left): whatever still runs for it stops. */
  stop(): void {
    this.stopped = true;
  }

  get expired(): boolean {
    // A mutation runs to its end also when its client left: the checkpoints of its loops (a revert
    // rewinds history) only give other requests a turn.
    return !this.writes && (this.stopped || Date.now() > this.deadline);
  }

  /** Milliseconds left before the deadline (Infinity without one). */
  remainingMs(now = Date.now()): number {
    return Math.max(0, this.deadline - now);
  }

  /** TIMEOUT once the request is past its deadline. */
  check(): void {
    if (this.expired) throw timeoutError(this.timeoutMs);
  }
}

export function timeoutError(timeoutMs: number): AppError {
  return new AppError("TIMEOUT", `The request took longer than its time limit (REQUEST_TIMEOUT_MS=${timeoutMs}) and was stopped; ask for less at once (a smaller page or selection), or try again later`, {
    limit: "REQUEST_TIMEOUT_MS",
  });
}

const scope = requestScoped<RequestBudget>("budget");

export function withRequestBudget<T>(budget: RequestBudget, fn: () => T): T {
  return scope.run(budget, fn);
}

/** The budget of the request being served, if any. */
export function currentBudget(): RequestBudget | undefined {
  return scope.get();
}

/** Throws TIMEOUT when the current request is past its deadline; nothing outside a request. */
export function checkBudget(): void {
  scope.get()?.check();
}

/** Items a loop handles between two yields to the event loop. */
export const CHECKPOINT_EVERY = 2000;

/** Published at each yield of a checkpoint, with `{ index }`: lets a probe see long work give way. */
export const checkpointChannel = channel("playout-gateway:checkpoint");

/**
 * For loops over many events: every `every`-th call (by `index`; the request's HEAVY_YIELD_EVERY,
 * else CHECKPOINT_EVERY) gives the event loop a turn and checks the budget. Cheap on the other
 * calls (a modulo).
 */
export async function checkpoint(index: number, every = scope.get()?.yieldEvery ?? CHECKPOINT_EVERY): Promise<void> {
  if (index % every !== 0 || index === 0) return;
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (checkpointChannel.hasSubscribers) checkpointChannel.publish({ index });
  checkBudget();
}

/**
 * For work counted in uneven steps (a pure module's generator that reports items handled, some
 * steps worth a whole pass over the events): a pause that gives the event loop a turn and checks
 * the budget once `every` more items are handled since the last turn.
 */
export function checkpointEvery(every = scope.get()?.yieldEvery ?? CHECKPOINT_EVERY): (handled: number) => Promise<void> {
  let nextTurn = every;
  return async (handled) => {
    if (handled < nextTurn) return;
    nextTurn = handled + every;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (checkpointChannel.hasSubscribers) checkpointChannel.publish({ index: handled });
    checkBudget();
  };
}

/**
 * A heavy field (it reads or rebuilds a whole schedule) touches `events` events: charged to the
 * request, which may touch at most MAX_HEAVY_EVENTS in all; past it QUERY_TOO_COMPLEX before the
 * work starts. 19 aliased validations of a 100,000-event schedule are refused at the fifth.
 */
export function chargeHeavyEvents(field: string, events: number): void {
  const budget = scope.get();
  if (!budget) return;
  budget.check();
  budget.eventsCharged += events;
  if (budget.eventsCharged > budget.maxHeavyEvents) {
    throw new AppError(
      "QUERY_TOO_COMPLEX",
      `The request's heavy fields would touch ${budget.eventsCharged} events (${field} adds ${events}), more than the limit of ${budget.maxHeavyEvents} (MAX_HEAVY_EVENTS); ask for them in separate requests`,
      { limit: "events" },
    );
  }
}
