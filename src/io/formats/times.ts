// Time notations of the import and export formats: ISO 8601 instants (CSV, JSON) and XMLTV times
// (DTD rules); timecodes are src/timecode's. Pure; each parser answers null for what it cannot read,
// the caller names the place.
//
// One rule for every format: a time without a zone is read in the schedule's time zone (UTC unless
// the import's timeZone argument or the file names one: a JSON file names its zone in its
// `schedule`); XMLTV's DTD says zone-less listings are UTC, whatever the new schedule's zone. A zone-less time the zone skips (the spring-forward hour) is refused by name; a
// repeated one is its first occurrence. Every export writes its offsets, and the server's own TZ
// never takes part: a file means the same instants on every server.
import { instantsOfLocal, offsetAt } from "../../localtime/index.js";

/** ms since the epoch of a UTC date and time; years 0–99 stay years 0–99 (Date.UTC would make them 19xx). */
function utcMs(year: number, month: number, day: number, hour: number, minute: number, second: number, ms = 0): number | null {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, ms));
  date.setUTCFullYear(year, month - 1, day);
  // Date rolls 31 February over into March: refuse days the month does not have.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return null;
  return date.getTime();
}

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;

export interface IsoInstant {
  ms: number;
  /** The text named its zone (`Z` or an offset). */
  zoned: boolean;
}

/**
 * An ISO 8601 date and time (`2026-03-01T06:00:00Z`, `…+01:00`, `…T06:00`, `2026-03-01`) as ms since
 * the epoch; no zone means UTC (see above). Sub-millisecond digits are dropped.
 */
export function parseIsoInstant(text: string): IsoInstant | null {
  const m = ISO_INSTANT.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? "0", m[5] ?? "0", m[6] ?? "0"].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  const utc = utcMs(year, month, day, hour, minute, second, ms);
  if (utc === null) return null;
  if (!m[9]) return { ms: utc, zoned: m[8] !== undefined };
  const hours = Number(m[10]);
  const minutes = Number(m[11] ?? "0");
  if (hours > 14 || minutes > 59) return null;
  return { ms: utc - (m[9] === "-" ? -1 : 1) * (hours * 60 + minutes) * 60_000, zoned: true };
}

/** Named zones the XMLTV DTD lets listings use, as minutes east of UTC. */
const NAMED_ZONES: Record<string, number> = {
  UTC: 0, UT: 0, GMT: 0, Z: 0, WET: 0, BST: 60, IST: 60, WEST: 60, CET: 60, MET: 60, CEST: 120, MEST: 120, EET: 120, EEST: 180,
  MSK: 180, EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420, AKST: -540, AKDT: -480, HST: -600,
};

const XMLTV_TIME = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([+-])(\d{2})(\d{2})|([A-Za-z]{1,5}))?$/;

/**
 * An XMLTV time (`YYYYMMDDhhmmss` or an initial part of it, then an optional `±hhmm` or named
 * zone; no zone means UTC) as ms since the epoch. Missing month and day are 1, other parts 0.
 */
export function parseXmltvTime(text: string): number | null {
  const m = XMLTV_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2] ?? "01", m[3] ?? "01", m[4] ?? "00", m[5] ?? "00", m[6] ?? "00"].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  let offsetMinutes = 0;
  if (m[7]) {
    const hours = Number(m[8]);
    const minutes = Number(m[9]);
    if (hours > 14 || minutes > 59) return null;
    offsetMinutes = (m[7] === "-" ? -1 : 1) * (hours * 60 + minutes);
  } else if (m[10]) {
    const named = NAMED_ZONES[m[10].toUpperCase()];
    if (named === undefined) return null;
    offsetMinutes = named;
  }
  const utc = utcMs(year, month, day, hour, minute, second === 60 ? 59 : second);
  if (utc === null) return null;
  return utc + (second === 60 ? 1000 : 0) - offsetMinutes * 60_000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * `YYYYMMDDhhmmss ±hhmm` in a zone with the offset in force then (XMLTV's own convention:
 * `20260329013000 +0100`); UTC by default. Sub-second parts are dropped. An offset with seconds
 * (local mean time, before 1972 in some zones) has no XMLTV form: such a time is written in UTC.
 */
export function formatXmltvTime(ms: number, zone = "UTC"): string {
  let offset = offsetAt(zone, ms);
  if (offset % 60_000 !== 0) offset = 0;
  const d = new Date(ms + offset);
  const minutes = Math.abs(offset) / 60_000;
  const sign = offset < 0 ? "-" : "+";
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())} ${sign}${pad(Math.floor(minutes / 60))}${pad(minutes % 60)}`;
}

/**
 * The instant of a parsed ISO time: as given when it names its zone, else read in `zone` (the
 * schedule's); null when the zone skips that local time (the caller names it).
 */
export function instantInZone(parsed: IsoInstant, zone: string): number | null {
  if (parsed.zoned || zone === "UTC") return parsed.ms;
  const found = instantsOfLocal(zone, parsed.ms);
  return found.length ? found[0] : null;
}

/** The units of XMLTV `<length units="…">` in ms. */
export const LENGTH_UNITS: Record<string, number> = { seconds: 1000, minutes: 60_000, hours: 3_600_000 };
