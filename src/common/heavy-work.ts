// Expensive operations (a field that reads or rebuilds a whole schedule: scheduleDiff, validation,
// atVersion, history, programmeSummary, ripplePreview) on a large schedule run at most
// MAX_HEAVY_CONCURRENCY at once in the process and one at a time per caller. The rest wait their
// turn for a short while (HEAVY_WAIT_MS, never past their request's deadline), then answer
// SERVICE_UNAVAILABLE with `retryAfter` (seconds). Each is also charged to its request's event
// budget (request-budget.ts). Work outside a request (jobs) is not gated: the worker runs one job
// at a time already.
import { AppError } from "./errors.js";
import { chargeHeavyEvents, currentBudget } from "./request-budget.js";

export interface HeavyWorkSettings {
  /** Heavy operations running at once in the process. */
  maxConcurrency: number;
  /** Heavy operations running at once for one caller. */
  perCaller: number;
  /** Longest wait for a turn, ms. */
  waitMs: number;
  /** Schedules with fewer events than this are not heavy: their work is small whatever is asked. */
  minEvents: number;
}

export const DEFAULT_HEAVY_WORK: HeavyWorkSettings = { maxConcurrency: 2, perCaller: 1, waitMs: 2000, minEvents: 2000 };

/** Waiters at most; past it the answer is SERVICE_UNAVAILABLE at once. */
const MAX_WAITERS = 100;

interface Waiter {
  caller: string;
  start: () => void;
}

/** The slots of one process. Exported for its tests; the service uses `heavyWork`. */
export class HeavyGate {
  private running = 0;
  private readonly perCaller = new Map<string, number>();
  private readonly waiting: Waiter[] = [];

  constructor(public settings: HeavyWorkSettings) {}

  get active(): number {
    return this.running;
  }

  private canStart(caller: string): boolean {
    return this.running < this.settings.maxConcurrency && (this.perCaller.get(caller) ?? 0) < this.settings.perCaller;
  }

  private take(caller: string): void {
    this.running++;
    this.perCaller.set(caller, (this.perCaller.get(caller) ?? 0) + 1);
  }

  private release(caller: string): void {
    this.running--;
    const left = (this.perCaller.get(caller) ?? 1) - 1;
    if (left > 0) this.perCaller.set(caller, left);
    else this.perCaller.delete(caller);
    for (let i = 0; i < this.waiting.length; i++) {
      const waiter = this.waiting[i];
      if (this.canStart(waiter.caller)) {
        this.waiting.splice(i, 1);
        waiter.start();
        return;
      }
    }
  }

  /** Runs `work` once a slot is free; SERVICE_UNAVAILABLE when none frees within `waitMs`. */
  async run<T>(caller: string, work: () => Promise<T>, waitMs = this.settings.waitMs): Promise<T> {
    if (!this.canStart(caller)) await this.waitForTurn(caller, waitMs);
    else this.take(caller);
    try {
      return await work();
    } finally {
      this.release(caller);
    }
  }

  private waitForTurn(caller: string, waitMs: number): Promise<void> {
    if (waitMs <= 0 || this.waiting.length >= MAX_WAITERS) return Promise.reject(busy(this.settings));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        caller,
        start: () => {
          clearTimeout(timer);
          this.take(caller);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(busy(this.settings));
      }, waitMs);
      this.waiting.push(waiter);
    });
  }
}

function busy(settings: HeavyWorkSettings): AppError {
  const retryAfter = Math.max(1, Math.ceil(settings.waitMs / 1000));
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `Too many expensive operations are running (MAX_HEAVY_CONCURRENCY=${settings.maxConcurrency} in the service, ${settings.perCaller} per caller); try again in ${retryAfter} s`,
    { retryAfter, limit: "MAX_HEAVY_CONCURRENCY" },
  );
}

const gate = new HeavyGate({ ...DEFAULT_HEAVY_WORK });

/** Set once at start-up from the settings (src/server/app.ts). */
export function configureHeavyWork(settings: Partial<HeavyWorkSettings>): void {
  gate.settings = { ...gate.settings, ...settings };
}

/**
 * Runs a heavy field's work: charged to the request's event budget and, on a large schedule,
 * within the process's and the caller's slots. `events`: the events it touches (a diff of two
 * versions touches the schedule twice).
 */
export async function heavyWork<T>(field: string, caller: string, events: number, work: () => Promise<T>): Promise<T> {
  const budget = currentBudget();
  if (!budget) return work();
  chargeHeavyEvents(field, events);
  if (events < gate.settings.minEvents) return work();
  return gate.run(caller, work, Math.min(gate.settings.waitMs, budget.remainingMs()));
}
