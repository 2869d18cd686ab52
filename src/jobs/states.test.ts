import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clampProgress, failureReason, isCancelable, isFinal, isTransientError, retryDelayMs } from "./states.js";

const pgError = (code: string, message = "boom") => Object.assign(new Error(message), { code });

describe("job states", () => {
  it.each([
    ["PENDING", false, true],
    ["PROCESSING", false, true],
    ["SUCCEEDED", true, false],
    ["FAILED", true, false],
    ["CANCELED", true, false],
  ])("%s: final %s, cancelable %s", (status, final, cancelable) => {
    expect(isFinal(status)).toBe(final);
    expect(isCancelable(status)).toBe(cancelable);
  });
});

describe("transient errors", () => {
  it.each([
    ["40001", true],
    ["40P01", true],
    ["08006", true],
    ["57P01", true],
    ["53300", true],
    ["ECONNRESET", true],
    ["CONNECTION_CLOSED", true],
    ["23505", false],
    ["22P02", false],
    ["42P01", false],
  ])("code %s → %s", (code, transient) => {
    expect(isTransientError(pgError(code))).toBe(transient);
  });

  it("looks through drizzle's wrapper to the driver error and reports its message, not the SQL", () => {
    const wrapped = Object.assign(new Error("Failed query: update jobs set …\\nparams: 1"), { cause: pgError("40001", "could not serialize access") });
    expect(isTransientError(wrapped)).toBe(true);
    expect(failureReason(wrapped)).toBe("could not serialize access");
    expect(isTransientError(new Error("plain"))).toBe(false);
    expect(isTransientError(null)).toBe(false);
    expect(failureReason("text thrown")).toBe("text thrown");
  });

  it("survives a cause cycle", () => {
    const a: any = new Error("a");
    a.cause = a;
    expect(isTransientError(a)).toBe(false);
    expect(failureReason(a)).toBe("a");
  });
});

describe("retry delay", () => {
  it("doubles from the base, with ±20 % jitter, capped at five minutes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 10, max: 600_000 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, base, r) => {
        const delay = retryDelayMs(attempt, base, () => r);
        const exact = Math.min(base * 2 ** (attempt - 1), 300_000);
        expect(delay).toBeGreaterThanOrEqual(Math.floor(exact * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(exact * 1.2));
      }),
    );
    expect(retryDelayMs(1, 1000, () => 0.5)).toBe(1000);
    expect(retryDelayMs(3, 1000, () => 0.5)).toBe(4000);
  });
});

describe("progress", () => {
  it.each([
    [-5, 0],
    [0, 0],
    [33.4, 33],
    [99.6, 100],
    [250, 100],
    [Number.NaN, 0],
  ])("%s → %s", (given, expected) => {
    expect(clampProgress(given)).toBe(expected);
  });
});
