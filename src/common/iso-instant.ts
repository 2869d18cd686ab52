// An instant (ms since the epoch) as the text Date#toISOString writes, made without a Date: a page
// of events answers a thousand instants, and toISOString (with the Date it needs) cost ~0.75 µs
// each against ~0.12 µs here (bench/instants.ts). The day's text is kept from the last call: a
// page is ordered by time, so most instants fall on the day before them; another day's text is
// worked out from the day number (a page of jobs answers instants of many days). Pure.
import { DATE_LIMIT_MS } from "./instants.js";

const MS_PER_DAY = 86_400_000;
const TWO_DIGITS = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, "0"));
const THREE_DIGITS = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, "0"));

let lastDay = NaN;
let lastDayText = "";

/** `new Date(ms).toISOString()`: written here for an integer `ms` a Date can hold, by toISOString itself otherwise (its RangeError included). */
export function isoInstant(ms: number): string {
  if (!Number.isInteger(ms) || Math.abs(ms) > DATE_LIMIT_MS) return new Date(ms).toISOString();
  const day = Math.floor(ms / MS_PER_DAY);
  if (day !== lastDay) {
    lastDayText = dayText(day);
    lastDay = day;
  }
  let rest = ms - day * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return lastDayText + TWO_DIGITS[hours] + ":" + TWO_DIGITS[minutes] + ":" + TWO_DIGITS[seconds] + "." + THREE_DIGITS[rest - seconds * 1000] + "Z";
}

/** Days from 0000-03-01 to 1970-01-01 (the count below starts its years in March). */
const EPOCH_FROM_MARCH_0000 = 719_468;
const DAYS_PER_400_YEARS = 146_097;
/** The first and last day (since the epoch) of years 0000–9999, which toISOString writes with four digits. */
const FIRST_FOUR_DIGIT_DAY = -719_528;
const LAST_FOUR_DIGIT_DAY = 2_932_896;

/**
 * "YYYY-MM-DDT" of a day since the epoch, as toISOString writes it: the civil date from the day
 * number (H. Hinnant's days-to-civil, proleptic Gregorian); outside 0000–9999 (a six-digit signed
 * year) toISOString writes it.
 */
function dayText(day: number): string {
  if (day < FIRST_FOUR_DIGIT_DAY || day > LAST_FOUR_DIGIT_DAY) return new Date(day * MS_PER_DAY).toISOString().slice(0, -13);
  const z = day + EPOCH_FROM_MARCH_0000;
  const era = Math.floor(z / DAYS_PER_400_YEARS);
  const dayOfEra = z - era * DAYS_PER_400_YEARS;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return (year >= 1000 ? String(year) : String(year).padStart(4, "0")) + "-" + TWO_DIGITS[month] + "-" + TWO_DIGITS[dayOfMonth] + "T";
}
