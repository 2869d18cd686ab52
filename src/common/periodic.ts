// Housekeeping that runs now and every so often, one run at a time, in the background of the
// process (the timer never keeps it alive). Pure of the domain: the caller says what a run does.
import type { Logger } from "./log.js";

/**
 * Runs `task` now and every `everyMs`, skipping a tick while a run is under way; a failed run is
 * logged as a warning under `what`. Answers the stop, which waits for a run under way.
 */
export function repeatEvery(what: string, everyMs: number, log: Logger, task: () => Promise<unknown>): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= task()
      .catch((error) => log.warn(`${what} failed`, { error: String((error as Error)?.message ?? error) }))
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
