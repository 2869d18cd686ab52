import { badInput } from "./errors.js";

/** Parses an `ID` argument (decimal string of an int64) into a number. */
export function parseId(value: string | number, what = "id"): number {
  const text = String(value).trim();
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text))) {
    throw badInput(`${what} must be a positive decimal integer (got "${String(value).slice(0, 40)}")`, { argument: what });
  }
  return Number(text);
}

export function parseIds(values: readonly (string | number)[], what = "ids"): number[] {
  return values.map((v) => parseId(v, what));
}
