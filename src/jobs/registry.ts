// The handlers of job types. A worker claims only the types its registry knows, so that a process
// never takes a job it cannot run (tests add their own types; older servers skip newer types).
import type { Database, Transaction } from "../db/client.js";
import type { JobMessage } from "./states.js";
import type { JobRow } from "./tables.js";

/** What a handler receives: its job, and the only ways it may write while the job runs. */
export interface JobContext<P = Record<string, unknown>> {
  readonly job: Readonly<JobRow> & { payload: P };
  /** For reads outside a transaction. Writes go through `transaction` or `finish`. */
  readonly db: Database;
  /** Aborted when the job was canceled, taken over by another worker, or the worker stops. */
  readonly signal: AbortSignal;
  /** Throws JobStopped when the handler must stop here (call it between steps). */
  checkpoint(): Promise<void>;
  /** Records progress (0–100) and, optionally, a message; also a checkpoint. */
  progress(percent: number, message?: JobMessage): Promise<void>;
  message(type: JobMessage["type"], text: string): Promise<void>;
  /**
   * Runs `fn` in a transaction that first locks the job row and checks that this worker still owns
   * the running job; throws JobStopped (and writes nothing) otherwise. cancelJob takes the same
   * lock, so a step and a cancel never interleave.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * As `transaction`, and marks the job SUCCEEDED (progress 100, with the result and messages fn
   * answers) in the same commit. Inside fn use only tx: no other call of this context.
   */
  finish(fn?: (tx: Transaction) => Promise<JobOutcome | void>): Promise<void>;
  /** Keeps an output file for the job (served at /files/<id> once it SUCCEEDED). */
  writeFile(fileName: string, content: string | Uint8Array | AsyncIterable<string | Uint8Array>): Promise<void>;
}

/** What a handler reports when it succeeds. */
export interface JobOutcome {
  result?: Record<string, unknown>;
  messages?: JobMessage[];
}

export interface JobHandler<P = Record<string, unknown>> {
  /** Does the work. Must be safe to run again from the start: a job whose worker died runs again. */
  run(ctx: JobContext<P>): Promise<void>;
  /**
   * Undoes what enqueuing prepared (say, ARCHIVING back to NOT_ARCHIVED). Runs inside the
   * transaction that makes the job CANCELED or FAILED; `by` names who ends it and how.
   */
  abandon?(tx: Transaction, job: JobRow, by: JobEnding): Promise<void>;
}

/** Who ends a job early and by which operation (cancelJob by its caller; `job:<TYPE>` by the requester when the worker fails it): what the undo's writes are recorded under. */
export interface JobEnding {
  actor: string | null;
  operation: string;
}

/** Thrown inside a handler when its job must stop: canceled, taken over, or the worker stopping. */
export class JobStopped extends Error {
  constructor(readonly reason: "canceled" | "lost" | "shutdown") {
    super(`job stopped: ${reason}`);
    this.name = "JobStopped";
  }
}

export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler<any>>();

  register<P>(type: string, handler: JobHandler<P>): this {
    if (this.handlers.has(type)) throw new Error(`A handler for job type ${type} is already registered`);
    this.handlers.set(type, handler);
    return this;
  }

  get(type: string): JobHandler<any> | undefined {
    return this.handlers.get(type);
  }

  types(): string[] {
    return [...this.handlers.keys()];
  }
}
