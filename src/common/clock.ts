// The service's "now" for the rules that depend on it (the lock horizon: src/schedules/edit-events.ts),
// in one place so that tests can set it instead of racing the wall clock. Not for durations and
// time-outs, which keep Date.now() and performance.now().
let source: () => number = () => Date.now();

/** ms since the epoch, by the service's clock. */
export const now = (): number => source();

/** Sets the clock (tests); null goes back to the wall clock. */
export function setClock(clock: (() => number) | null): void {
  source = clock ?? (() => Date.now());
}
