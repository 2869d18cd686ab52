// Checks of the texts and enum values of an input, shared by the slices whose services are called
// without GraphQL's own checks (asset collections, schedule templates). Pure.
import { badInput } from "./errors.js";

/** A media id (house number) or asset id is at most this long, as the catalog's keys (src/assets/rules.ts). */
export const MAX_MEDIA_ID_LENGTH = 200;

// eslint-disable-next-line no-control-regex -- control characters are exactly what it refuses
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * A one-line text as stored: trimmed, without control characters, line breaks or lone surrogates,
 * at most `max` characters; null when absent or empty and not required. BAD_USER_INPUT naming
 * `argument` otherwise.
 */
export function lineText(value: unknown, argument: string, max: number, required: boolean): string | null {
  if (value === undefined || value === null) {
    if (required) throw badInput(`${argument} is required`, { argument });
    return null;
  }
  if (typeof value !== "string") throw badInput(`${argument} must be a text`, { argument });
  const text = value.length > max * 4 ? value : value.trim();
  if (!text) {
    if (required) throw badInput(`${argument} must not be empty`, { argument });
    return null;
  }
  if (text.length > max) throw badInput(`${argument} must be at most ${max} characters`, { argument });
  if (CONTROL.test(text)) throw badInput(`${argument} must be one line without control characters`, { argument });
  if (LONE_SURROGATE.test(text)) throw badInput(`${argument} holds a lone surrogate (not a character)`, { argument });
  return text;
}

/** One of an enum's values (BAD_USER_INPUT naming `argument` otherwise). */
export function oneOf<T extends string>(value: unknown, values: readonly T[], argument: string): T {
  if (typeof value !== "string" || !(values as readonly string[]).includes(value)) throw badInput(`${argument} must be one of ${values.join(", ")}`, { argument });
  return value as T;
}
