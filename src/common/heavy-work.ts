// Expensive operations (a field that reads or rebuilds a whole schedule: scheduleDiff, validation,
// atVersion, history, programmeSummary, ripplePreview) on a large schedule run at most
// MAX_HEAVY_CONCURRENCY at once in the process and one at a time per caller. The rest wait their
// turn for a short while (HEAVY_WAIT_MS, never past their request's deadline), then answer
// SERVICE_UNAVAILABLE with `retryAfter` (seconds). Each is also charged to its request's event
// budget (request-budget.ts). Work outside a request (jobs) is not gated: the worker runs one job
// at a time already. Nor does one start while the heap is nearly full (70% of the
// process's ceiling, which `npm start` sets from MAX_HEAP_MB): past it the process is one large
// answer away from dying of memory, and a caller who retries a second later loses nothing.
import { getHeapStatistics } from "node:v8";
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
  /** No heavy operation starts while the heap holds more than this share of its ceiling. */
  heapFraction: number;
}

export const DEFAULT_HEAVY_WORK: HeavyWorkSettings = { maxConcurrency: 2, perCaller: 1, waitMs: 2000, minEvents: 2000, heapFraction: 0.7 };

/** The heap's ceiling, MB: V8's default (a share of the machine's memory) unless --max-old-space-size set it. */
export function heapCeilingMb(): number {
  return Math.round(getHeapStatistics().heap_size_limit / 1048576);
}

/** The share of the heap's ceiling in use, 0–1. */
export function heapInUse(): number {
  const { used_heap_size, heap_size_limit } = getHeapStatistics();
  return used_heap_size / heap_size_limit;
}

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

  constructor(
    public settings: HeavyWorkSettings,
    private readonly heapShare: () => number = heapInUse,
  ) {}

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
    const share = this.heapShare();
    if (share > this.settings.heapFraction) throw memoryFull(share, this.settings);
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

function memoryFull(share: number, settings: HeavyWorkSettings): AppError {
  return new AppError(
    "SERVICE_UNAVAILABLE",
    `The service's memory is ${Math.round(share * 100)}% full (an expensive operation waits below ${Math.round(settings.heapFraction * 100)}% of the heap's ceiling, MAX_HEAP_MB); try again in 1 s`,
    { retryAfter: 1, limit: "MAX_HEAP_MB" },
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

/** The event count from which a schedule's heavy fields take a slot (below it they run at once): a read that folds such a field into another statement folds it only below this. */
export function heavyFromEvents(): number {
  return gate.settings.minEvents;
}
