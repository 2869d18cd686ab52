// The as-run statuses of BXF (AsRunDetail/Status) as ours: the ten of the standard's enumeration
// (AsRunStatusType) first, then a table of the words automation systems write, an error code as
// FAILED (docs/ASRUN.md "BXF AsRun in"). And back: the standard status our export writes. Pure.
import type { AsRunStatusValue } from "./reconcile.js";

/**
 * SMPTE ST 2021's AsRunStatusType, every value, with our status and the reason it implies (kept as
 * the entry's reason where our status alone would lose what the word says).
 */
export const STANDARD_STATUSES: readonly { word: string; status: AsRunStatusValue; reason: string | null }[] = [
  { word: "Aired Without Discrepancy", status: "AIRED", reason: null },
  { word: "Aired with Duration Discrepancy", status: "PARTIAL", reason: null },
  { word: "Aired with Content Discrepancy", status: "AIRED", reason: "Aired with Content Discrepancy" },
  { word: "Joined in Progress", status: "PARTIAL", reason: "Joined in Progress" },
  { word: "Did not air", status: "SKIPPED", reason: null },
  { word: "Preempted", status: "SKIPPED", reason: "Preempted" },
  { word: "Technical Difficulty", status: "FAILED", reason: "Technical Difficulty" },
  { word: "Missing Content", status: "FAILED", reason: "Missing Content" },
  { word: "Unknown", status: "FAILED", reason: "Unknown" },
  { word: "Inserted by Operator", status: "UNPLANNED", reason: null },
];
const squeeze = (text: string) => text.toLowerCase().replace(/[\s_-]/g, "");
const STANDARD = new Map(STANDARD_STATUSES.map((s) => [squeeze(s.word), s]));

/** The standard status our BXF export writes for an entry: the one its reason names when that maps to its status, else the first of its status. */
export function standardStatusOf(status: AsRunStatusValue, reason: string | null): string {
  const named = reason === null ? undefined : STANDARD.get(squeeze(reason));
  if (named && named.status === status) return named.word;
  return STANDARD_STATUSES.find((s) => s.status === status)!.word;
}

/** Status words, lower-cased with spaces, `_` and `-` removed, and what they map to. */
const WORDS: Record<string, AsRunStatusValue> = {};
const add = (status: AsRunStatusValue, words: string) => {
  for (const word of words.split(" ")) WORDS[word] = status;
};
add("AIRED", "aired played asrun complete completed ok success normal ontime");
add("PARTIAL", "partial partiallyaired partiallyplayed truncated cut cutshort shortened joinedlate airedshort");
add("SKIPPED", "skipped notplayed notaired dropped bypassed omitted cancelled canceled deleted");
add("FAILED", "failed failure error fault missing mediamissing notready offair");
add("UNPLANNED", "unplanned unscheduled inserted manual adhoc added");

/** An error code: `E123`, `ERR-42`, `Error 17`, `error:3` (any case). */
const ERROR_CODE = /^(?:e|err|error)[\s:_-]*\d+$/i;

/**
 * Our status of a BXF as-run status, and the reason it implies (an error code is kept as the
 * reason); null for a word not in the table. A missing status is AIRED: an as-run record without
 * one reports what went to air.
 */
export function asRunStatusOf(text: string | undefined): { status: AsRunStatusValue; reason: string | null } | null {
  if (text === undefined || text.trim() === "") return { status: "AIRED", reason: null };
  const standard = STANDARD.get(squeeze(text));
  if (standard) return { status: standard.status, reason: standard.reason };
  const word = WORDS[squeeze(text)];
  if (word) return { status: word, reason: null };
  if (ERROR_CODE.test(text.trim())) return { status: "FAILED", reason: `error code ${text.trim()}` };
  return null;
}

/** Every status word of the table, for messages. */
export const KNOWN_STATUS_WORDS: readonly string[] = Object.keys(WORDS);
