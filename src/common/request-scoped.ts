// Values that follow the request being served through its promises and callbacks (its id, its
// budget, its cancellable reads, whether it may use a replica or fill the caches). They share one
// AsyncLocalStorage: on Node 20 every store is copied onto every promise the process creates, so
// five stores cost every promise five copies where one costs it one (a job poll creates a few
// hundred promises). Each value is set for a callback and what it starts, never mutated in place
// by `run`: a value set inside a scope is gone once the callback returns.
import { AsyncLocalStorage } from "node:async_hooks";

type Values = Readonly<Record<symbol, unknown>>;

const storage = new AsyncLocalStorage<Values>();

export interface RequestScoped<T> {
  /** Runs fn, and all it starts, with this value set. */
  run<R>(value: T, fn: () => R): R;
  /** The value set for the code running now, if any. */
  get(): T | undefined;
}

/** A value that follows the request; `name` is for debugging (each declaration is a key of its own). */
export function requestScoped<T>(name: string): RequestScoped<T> {
  const key = Symbol(name);
  return {
    run: (value, fn) => storage.run({ ...storage.getStore(), [key]: value }, fn),
    get: () => storage.getStore()?.[key] as T | undefined,
  };
}
