// A time zone of the platform's zone database (Node's Intl, ICU's copy of the IANA tz database):
// the offset in force at an instant, and the instants a local date-time names. Pure: no
// database or GraphQL. Rules in docs/EVENTS.md "Local time"; the choice of Intl in
// docs/DECISIONS.md.
//
// "local ms" below is a local date-time counted as if it were UTC: Date.UTC(y, m, d, h, mi, s, ms).
// local = instant + offset(instant).

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A zone name that is not in the zone database, or a local time that cannot be read. */
export class LocalTimeError extends Error {}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone: hour number → the offset in force the whole hour (null: it changes within it). */
const hourOffsets = new Map<string, Map<number, number | null>>();
/** Bound on the cached hours of one zone (an hour costs one map entry): a long report cannot grow it without end. */
const MAX_CACHED_HOURS = 200_000;

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      era: "short",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * The canonical IANA name of a zone (`europe/london` → `Europe/London`, `UTC` stays `UTC`), or
 * LocalTimeError naming it when the zone database does not know it. Fixed offsets such as
 * `+01:00` are refused: a channel's zone has daylight saving rules, an offset has none.
 */
export function canonicalZone(name: string): string {
  const given = name.trim();
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(given) || given.length > 64) throw new LocalTimeError(`unknown time zone "${name}" (an IANA name such as Europe/London)`);
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: given }).resolvedOptions().timeZone;
  } catch {
    throw new LocalTimeError(`unknown time zone "${name}" (an IANA name such as Europe/London)`);
  }
  // ICU names UTC's aliases (Etc/UTC, Etc/GMT, Zulu…) "UTC"; keep the one spelling.
  return resolved === "Etc/UTC" || resolved === "Etc/GMT" ? "UTC" : resolved;
}

/** Offset (local − UTC, ms) straight from the zone database: whole seconds (LMT offsets have them). */
function offsetFromIntl(zone: string, ms: number): number {
  const seconds = Math.floor(ms / 1000) * 1000;
  let year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, bc = false;
  for (const part of formatterOf(zone).formatToParts(seconds)) {
    switch (part.type) {
      case "year": year = Number(part.value); break;
      case "month": month = Number(part.value); break;
      case "day": day = Number(part.value); break;
      case "hour": hour = Number(part.value); break;
      case "minute": minute = Number(part.value); break;
      case "second": second = Number(part.value); break;
      case "era": bc = part.value === "BC" || part.value === "B"; break;
    }
  }
  const local = new Date(0);
  local.setUTCFullYear(bc ? 1 - year : year, month - 1, day);
  local.setUTCHours(hour, minute, second, 0);
  return local.getTime() - seconds;
}

/** The offset in force at an instant in a zone, ms (local − UTC). */
export function offsetAt(zone: string, ms: number): number {
  if (zone === "UTC") return 0;
  const hour = Math.floor(ms / HOUR_MS);
  let hours = hourOffsets.get(zone);
  if (!hours) hourOffsets.set(zone, (hours = new Map()));
  let known = hours.get(hour);
  if (known === undefined) {
    // An hour whose two ends share an offset has it throughout: no zone changes its offset twice within an hour.
    const first = offsetFromIntl(zone, hour * HOUR_MS);
    const last = offsetFromIntl(zone, hour * HOUR_MS + HOUR_MS - 1000);
    known = first === last ? first : null;
    if (hours.size >= MAX_CACHED_HOURS) hours.clear();
    hours.set(hour, known);
  }
  return known ?? offsetFromIntl(zone, ms);
}

/** The local date-time (as local ms) of an instant. */
export const localOf = (zone: string, ms: number): number => ms + offsetAt(zone, ms);

/** The instants at which a local date-time occurs: none (skipped hour), one, or two (repeated hour), earliest first. */
export function instantsOfLocal(zone: string, local: number): number[] {
  if (zone === "UTC") return [local];
  // At most one change of offset within a day on either side: the offsets a day before and after are the candidates.
  const before = offsetAt(zone, local - DAY_MS);
  const after = offsetAt(zone, local + DAY_MS);
  const found: number[] = [];
  for (const offset of before === after ? [before] : [before, after]) {
    const instant = local - offset;
    if (offsetAt(zone, instant) === offset) found.push(instant);
  }
  return found.sort((a, b) => a - b);
}

/**
 * The instant of a local date-time, as schedulers mean it: the first occurrence in a repeated
 * hour; in a skipped hour, the same distance after the change as the time is after its start
 * (01:30 on a spring-forward night in London is 02:30 BST), the way wall clocks move on.
 */
export function instantOfLocal(zone: string, local: number): number {
  const found = instantsOfLocal(zone, local);
  if (found.length) return found[0];
  return local - offsetAt(zone, local - DAY_MS);
}

/** Whether a local date-time is skipped by a change of offset (it names no instant). */
export const isSkipped = (zone: string, local: number): boolean => instantsOfLocal(zone, local).length === 0;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "+01:00", "-03:30", "+00:00"; with seconds where the offset has them (local mean time before 1972 in some zones). */
export function offsetText(offsetMs: number): string {
  const sign = offsetMs < 0 ? "-" : "+";
  const total = Math.abs(Math.round(offsetMs / 1000));
  const h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
  return `${sign}${pad(h)}:${pad(m)}${s ? `:${pad(s)}` : ""}`;
}

/** "YYYY-MM-DDTHH:MM:SS[.sss]" of local ms (the milliseconds only when there are any). */
export function localText(local: number): string {
  const d = new Date(local);
  const ms = d.getUTCMilliseconds();
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}${ms ? `.${pad(ms, 3)}` : ""}`;
}

/** ISO 8601 with the offset in force: `2026-03-29T01:30:00+01:00`. */
export function formatLocal(zone: string, ms: number): string {
  const offset = offsetAt(zone, ms);
  return `${localText(ms + offset)}${offsetText(offset)}`;
}

/** "YYYY-MM-DD" of local ms. */
export const dateText = (local: number): string => localText(local).slice(0, 10);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local ms of midnight of a "YYYY-MM-DD" date, or LocalTimeError naming the text. */
export function parseDate(text: string, what = "date"): number {
  const m = DATE.exec(text.trim());
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (!m || dateText(ms) !== text.trim()) throw new LocalTimeError(`${what} "${text}" is not a calendar date YYYY-MM-DD`);
  return ms;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A local date-time text: its local ms and the offset it names, if any. */
export interface LocalDateTime {
  local: number;
  offset: number | null;
}

/** Reads "2026-03-29T01:30[:00[.000]][+01:00|Z]"; LocalTimeError naming the text when it is not one. */
export function parseLocalDateTime(text: string, what = "local time"): LocalDateTime {
  const m = LOCAL.exec(text.trim());
  if (!m) throw new LocalTimeError(`${what} "${text}" is not a local date-time YYYY-MM-DDTHH:MM[:SS[.sss]][±HH:MM]`);
  const [y, mo, d, h, mi, s = "0", frac = "0"] = m.slice(1, 8);
  const local = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), Number(frac.padEnd(3, "0")));
  if (dateText(local) !== `${y}-${mo}-${d}` || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) {
    throw new LocalTimeError(`${what} "${text}" is not a valid date and time`);
  }
  const zoneText = m[8];
  let offset: number | null = null;
  if (zoneText) {
    if (zoneText === "Z") offset = 0;
    else {
      const digits = zoneText.slice(1).replace(":", "");
      offset = (zoneText[0] === "-" ? -1 : 1) * (Number(digits.slice(0, 2)) * HOUR_MS + Number(digits.slice(2)) * MINUTE_MS);
    }
  }
  return { local, offset };
}

/**
 * The instant a local date-time text names in a zone. A skipped time is an error naming it; a
 * repeated one is its first occurrence unless the text names the offset of the other.
 */
export function resolveLocalText(zone: string, text: string, what = "local time"): number {
  const { local, offset } = parseLocalDateTime(text, what);
  const found = instantsOfLocal(zone, local);
  if (offset !== null) {
    const instant = local - offset;
    if (offsetAt(zone, instant) !== offset) {
      throw new LocalTimeError(`${what} "${text}": ${zone} is not at ${offsetText(offset)} then${found.length ? ` (it is at ${offsetText(offsetAt(zone, found[0]))})` : ""}`);
    }
    return instant;
  }
  if (!found.length) throw new LocalTimeError(`${what} "${text}" does not exist in ${zone}: the clocks skip it`);
  return found[0];
}
